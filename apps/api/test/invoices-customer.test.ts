/**
 * The customer's invoices and credit notes (issue 34, decision 490) over HTTP on real Postgres: the
 * confirmation mail links the invoice of the payment (online and office bookings), a refund's mail
 * links its credit note, the booking's page by its secret link lists both, and each link serves
 * the PDF without a session. The dashboard's revenue, the money report and the payments export
 * agree on the money received less refunds (decision 491), also when a
 * booking paid last month is refunded this month.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { courseDates, mailOutbox, orderLinks, orders } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { addDays, ukDate } from "../src/lib/dates";
import { loginAdmin, MANY_CUSTOMERS_ENV, setupApp, TestClock, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";
import { parseCsv } from "./csv-parse";

// Mid-month in London (winter), so the month's figures hold every payment of the file.
const START = new Date("2027-02-10T12:00:00Z");
// A booking paid last month: refunded this month, its refund counts in this month (money given back).
const LAST_MONTH = new Date("2027-01-20T12:00:00Z");
const API = "https://api.example.com";
const clock = new TestClock(LAST_MONTH);
let ctx: TestContext;
let office: Session;
let course: { id: number; dates: number[] };
let paidLastMonth: number;

beforeAll(async () => {
  ctx = await setupApp({ env: { ...MANY_CUSTOMERS_ENV, PUBLIC_API_URL: API }, clock });
  const today = ukDate(START);
  const id = await createCourse(
    ctx.db,
    { feePence: 20000, capacity: 50, dates: [{ startDate: addDays(today, 60), endDate: addDays(today, 62) }] },
    START,
  );
  const rows = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  course = { id, dates: rows.map((d) => d.id) };
  paidLastMonth = (await paidOnline("doc.january@example.com")).order.id;
  clock.set(START);
  office = await loginAdmin(ctx);
});
afterAll(() => ctx.close());

let n = 0;
const key = () => `cust-doc-${++n}`;
const asOffice = (method: "GET" | "POST", url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: office.headers, ...(payload ? { payload } : {}) });

async function mailOf(to: string, kind: string) {
  const [mail] = await ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  expect(mail, `${kind} mail to ${to}`).toBeDefined();
  return mail!;
}

/** A public order paid in full on the local payment page. */
async function paidOnline(email: string) {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/enroll",
    payload: orderPayload([{ id: course.id, selectedDate: course.dates[0]! }], { guest_email: email, accept_terms: true }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const { reference } = res.json();
  const pay = await ctx.app.inject({
    method: "POST",
    url: `/api/payments/local/${reference}/pay`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "",
  });
  expect(pay.statusCode).toBe(303);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.reference, reference));
  const confirmation = await mailOf(email, "booking_confirmation");
  const token = /\/my-bookings\/([\w-]{20,})/.exec(confirmation.text)![1]!;
  return { order: order!, token, confirmation };
}

/** The path of a secret document link (the app is reached without its public host). */
const pathOf = (url: string) => {
  expect(url.startsWith(`${API}/api/documents/by-link/`), url).toBe(true);
  return url.slice(API.length);
};

async function pdfTextAt(url: string): Promise<string> {
  const res = await ctx.app.inject({ method: "GET", url: pathOf(url) });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toContain("application/pdf");
  return (await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true })).text;
}

describe("the customer's documents", () => {
  it("the confirmation links the payment's invoice; the booking's page lists it; the link serves its PDF without a session", async () => {
    const { order, token, confirmation } = await paidOnline("doc.online@example.com");
    const line = /Invoice (INV-2027-\d{5}) \(PDF\): (\S+)/.exec(confirmation.text);
    expect(line, confirmation.text).not.toBeNull();
    const [, number, url] = line!;
    expect(confirmation.html).toContain(`Invoice ${number}: <a href="${url}">download the PDF</a>`);

    const view = await ctx.app.inject({ method: "GET", url: `/api/my-bookings/booking/${token}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().documents).toEqual([
      { type: "invoice", number, issued_at: expect.any(String), amount: order.totalPence / 100, corrects: null, url },
    ]);
    const text = await pdfTextAt(url!);
    expect(text).toContain(number);
    expect(text).toContain("Invoice");
  });

  it("a refund's mail links the credit note citing the invoice; the booking's page lists both, oldest first", async () => {
    const email = "doc.refund@example.com";
    const { order, token } = await paidOnline(email);
    const refund = await asOffice("POST", `/api/bookings/${order.id}/refund`, { amount: 25, idempotency_key: key() });
    expect(refund.statusCode, refund.body).toBe(200);
    const mail = await mailOf(email, "booking_refunded");
    const line = /Credit note (CN-2027-\d{5}) \(PDF\): (\S+)/.exec(mail.text);
    expect(line, mail.text).not.toBeNull();
    const [, number, url] = line!;
    expect(mail.html).toContain(`<a href="${url}">download the PDF</a>`);

    const docs = (await ctx.app.inject({ method: "GET", url: `/api/my-bookings/booking/${token}` })).json().documents;
    expect(docs.map((d: { type: string }) => d.type)).toEqual(["invoice", "credit_note"]);
    expect(docs[1]).toMatchObject({ number, amount: 25, corrects: docs[0].number, url });
    const text = await pdfTextAt(url!);
    expect(text).toContain("Credit note");
    expect(text).toContain(docs[0].number);
  });

  it("a cancellation with a refund links only the credit note it issued", async () => {
    const email = "doc.cancel@example.com";
    const { order } = await paidOnline(email);
    const cancel = await asOffice("POST", `/api/bookings/${order.id}/cancel`, { refund: "full", idempotency_key: key() });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const mail = await mailOf(email, "booking_cancelled");
    expect(mail.text.match(/Credit note CN-2027-\d{5} \(PDF\)/g)).toHaveLength(1);
    expect(mail.text).not.toMatch(/Invoice INV-/);
  });

  it("an office booking's confirmation links its invoice, and a resent confirmation links it again", async () => {
    const email = "doc.office@example.com";
    const res = await asOffice("POST", "/api/bookings", {
      course_id: course.id,
      course_date_id: course.dates[0],
      attendees: [{ first_name: "Ola", last_name: "Office" }],
      first_name: "Ola",
      last_name: "Office",
      email,
      phone: "0151 496 0001",
      payment_method: "cash",
      amount_received: 200,
      idempotency_key: key(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    const [invoice] = (await asOffice("GET", `/api/bookings/${id}/documents`)).json();
    const first = await mailOf(email, "booking_confirmation");
    expect(first.text).toContain(`Invoice ${invoice.number} (PDF): ${invoice.public_url}`);
    const resend = await asOffice("POST", `/api/bookings/${id}/resend-confirmation`, { idempotency_key: key() });
    expect(resend.statusCode, resend.body).toBeLessThan(300);
    const again = await mailOf(email, "booking_confirmation");
    expect(again.id).not.toBe(first.id);
    expect(again.text).toContain(`Invoice ${invoice.number} (PDF): ${invoice.public_url}`);
  });

  it("a wrong document link is a 404, not a PDF", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/documents/by-link/not-a-real-token-at-all" });
    expect(res.statusCode).toBe(404);
  });
});

describe("the figures agree", () => {
  it("the dashboard's revenue is this month's money report net, and the payments export adds up to what was received", async () => {
    const late = await asOffice("POST", `/api/bookings/${paidLastMonth}/refund`, { amount: 50, idempotency_key: key() });
    expect(late.statusCode, late.body).toBe(200);
    const month = ukDate(START).slice(0, 7);
    const from = `${month}-01`;
    const to = ukDate(START);
    const cards = (await asOffice("GET", "/api/dashboard")).json();
    const revenue = (cards.cards ?? cards).find((c: { title: string }) => c.title === "Revenue");
    const reports = (await asOffice("GET", `/api/reports?from=${from}&to=${to}`)).json();
    const thisMonth = reports.money.find((m: { month: string }) => m.month === month);
    // Three bookings paid £200 each online, one £200 in cash; £25, £200 and last month's booking's £50 refunded.
    expect(thisMonth).toEqual({ month, received: 800, refunded: 275, net: 525 });
    expect(revenue.value).toBe(thisMonth.net);

    const csv = await asOffice("GET", `/api/finance/export.csv?format=plain&kind=payments&from=${from}&to=${to}`);
    expect(csv.statusCode).toBe(200);
    const [head, ...rows] = parseCsv(csv.body);
    const amount = head!.indexOf("Amount");
    expect(rows.reduce((sum, r) => sum + Number(r[amount]), 0)).toBe(thisMonth.received);
    const credits = await asOffice("GET", `/api/finance/export.csv?format=plain&kind=credit_notes&from=${from}&to=${to}`);
    const [cHead, ...cRows] = parseCsv(credits.body);
    const gross = cHead!.indexOf("Gross");
    expect(cRows.reduce((sum, r) => sum - Number(r[gross]), 0)).toBe(thisMonth.refunded);
  });
});

// After the figures: this booking's money would count in them.
describe("a balance paid later", () => {
  it("mails that the money arrived, with the invoice of that payment only", async () => {
    const options = await asOffice("GET", "/api/payment-options");
    const saved = await ctx.app.inject({
      method: "PUT",
      url: "/api/payment-options",
      headers: office.headers,
      payload: {
        ...(options.json() as object),
        deposit_enabled: true,
        deposit_kind: "fixed",
        deposit_value: 50,
        balance_due_days: 28,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const email = "doc.balance@example.com";
    const placed = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: course.id, selectedDate: course.dates[0]! }], {
        guest_email: email,
        accept_terms: true,
        payment_plan: "deposit",
      }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { reference } = placed.json();
    const pay = await ctx.app.inject({ method: "POST", url: `/api/payments/local/${reference}/pay` });
    expect(pay.statusCode).toBe(303);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.reference, reference));
    const [link] = await ctx.db.select().from(orderLinks).where(eq(orderLinks.orderId, order!.id));
    // The balance comes later than the deposit (the mail links what this payment issued, by its time).
    clock.advance(60_000);
    const paid = await ctx.app.inject({ method: "POST", url: `/api/balance/${link!.token}/local/pay` });
    expect(paid.statusCode, paid.body).toBe(303);

    const docs = (await asOffice("GET", `/api/bookings/${order!.id}/documents`)).json();
    expect(docs.map((d: { amount: number }) => d.amount)).toEqual([50, 150]);
    const mail = await mailOf(email, "balance_paid");
    expect(mail.subject).toMatch(/^Payment received: /);
    expect(mail.text).toContain("We have received £150.00 for your booking");
    expect(mail.text).toContain("Your booking is now paid in full.");
    expect(mail.text).toContain(`Invoice ${docs[1].number} (PDF): ${docs[1].public_url}`);
    expect(mail.text).not.toContain(docs[0].number);
  });
});
