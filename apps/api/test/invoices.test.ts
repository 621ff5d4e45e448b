/**
 * Invoices and credit notes (issue 34) over HTTP on real Postgres: one invoice per payment, numbered
 * gapless per London year under 20 parallel payments and across the year end; a refund's credit note
 * cites the invoice it corrects; an office booking by invoice is invoiced at booking; VAT switched on
 * from a date leaves earlier invoices as they were; issued documents refuse changes; PDFs pass the
 * archival checks; the exports parse with Xero's, QuickBooks Online's and the plain column sets; the
 * reports add up; an erasure leaves the buyer's name on the invoice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { courseAddOns, courseDates, creditNotes, invoices } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { upsertUser } from "../src/modules/auth/service";
import { addDays, ukDate } from "../src/lib/dates";
import {
  PLAIN_PAYMENT_COLUMNS,
  PLAIN_SALES_COLUMNS,
  QUICKBOOKS_PAYMENT_COLUMNS,
  QUICKBOOKS_SALES_COLUMNS,
  XERO_PAYMENT_COLUMNS,
  XERO_SALES_COLUMNS,
} from "../src/modules/invoices/exports";
import {
  allowConsoleError,
  login,
  loginAdmin,
  MANY_CUSTOMERS_ENV,
  setupApp,
  TestClock,
  type Session,
  type TestContext,
} from "./helpers";
import { expectArchivalTaggedPdf } from "./pdf-check";
import { parseCsv } from "./csv-parse";

let ctx: TestContext;
let office: Session;
let owner: Session;
let course: { id: number; dates: number[]; addOnId: number };
// Late November 2026, London time (GMT).
const clock = new TestClock(new Date("2026-11-20T10:00:00Z"));

beforeAll(async () => {
  ctx = await setupApp({ clock, env: { ...MANY_CUSTOMERS_ENV, PUBLIC_API_URL: "https://api.example.com" } });
  await upsertUser(ctx.db, {
    email: "olivia@example.com",
    name: "Olivia Office",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "office",
  });
  office = await login(ctx.app, "olivia@example.com", "Str0ng!Passw0rd-test");
  owner = await loginAdmin(ctx);
  const today = ukDate(clock.now());
  const id = await createCourse(
    ctx.db,
    {
      title: "Door Supervisor Invoiced",
      feePence: 25000,
      capacity: 100,
      dates: [
        { startDate: addDays(today, 80), endDate: addDays(today, 84) },
        { startDate: addDays(today, 120), endDate: addDays(today, 124) },
      ],
      addOns: [{ name: "First aid top-up", pricePence: 6000, description: "" }],
    },
    clock.now(),
  );
  const dates = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id)).orderBy(courseDates.startDate);
  const [addOn] = await ctx.db.select().from(courseAddOns).where(eq(courseAddOns.courseId, id));
  course = { id, dates: dates.map((d) => d.id), addOnId: addOn!.id };
});
afterAll(async () => ctx.close());

/** The clock moved on: sessions of the old time have expired. */
async function setClock(at: Date | number) {
  if (typeof at === "number") clock.advance(at);
  else clock.set(at);
  office = await login(ctx.app, "olivia@example.com", "Str0ng!Passw0rd-test");
  owner = await loginAdmin(ctx);
}

const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object, session: Session | null = office) =>
  ctx.app.inject({ method, url, ...(payload ? { payload } : {}), headers: session ? session.headers : {} });
let keyN = 0;
const key = () => `inv-key-${++keyN}`;

/** An office booking: cash received in full (one payment) unless told otherwise. */
const booking = (over: Record<string, unknown> = {}) => ({
  course_id: course.id,
  course_date_id: course.dates[0],
  add_on_ids: [course.addOnId],
  attendees: [{ first_name: "Ann", last_name: "Employee" }],
  first_name: "Mia",
  last_name: "Manager",
  email: "mia.manager@example.com",
  phone: "0151 496 0000",
  company_name: "Example Security Ltd",
  purchase_order: "PO-7781",
  payment_method: "cash",
  amount_received: 310,
  idempotency_key: key(),
  ...over,
});

async function book(over: Record<string, unknown> = {}): Promise<number> {
  const res = await api("POST", "/api/bookings", booking(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const docsOf = async (id: number) => (await api("GET", `/api/bookings/${id}/documents`)).json();
const pdfText = async (bytes: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

describe("invoices", () => {
  it("issues one invoice per payment with a snapshot of the buyer, the lines and the amounts", async () => {
    const id = await book();
    const docs = await docsOf(id);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ type: "invoice", kind: "payment", amount: 310, vat: 0 });
    expect(docs[0].number).toMatch(/^INV-2026-\d{5}$/);
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.number, docs[0].number));
    expect(row!.snapshot).toMatchObject({
      buyer: { name: "Mia Manager", company: "Example Security Ltd", purchaseOrder: "PO-7781" },
      amountPence: 31_000,
      paidToDatePence: 31_000,
      duePence: 0,
      vat: null,
    });
    expect(row!.snapshot.lines[0]!.description).toContain("Door Supervisor Invoiced");
    expect(row!.snapshot.lines[0]!.detail).toContain("Add-on: First aid top-up £60.00");

    const pdf = await api("GET", docs[0].pdf_path);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expectArchivalTaggedPdf(pdf.rawPayload, "invoice");
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Invoice ${docs[0].number}`);
    expect(text).toContain("Example Security Ltd");
    expect(text).toContain("Purchase order: PO-7781");
    // The customer's link needs no session; a made-up one is 404.
    const link = new URL(docs[0].public_url);
    const open = await api("GET", link.pathname, undefined, null);
    expect(open.statusCode).toBe(200);
    expect((await api("GET", "/api/documents/by-link/not-a-real-token-at-all", undefined, null)).statusCode).toBe(404);
    expect((await api("GET", docs[0].pdf_path, undefined, null)).statusCode).toBe(401);
    expect((await api("GET", "/api/documents/INV-2026-99999/pdf")).statusCode).toBe(404);
    expect((await api("GET", "/api/documents/nonsense/pdf")).statusCode).toBe(404);
  });

  it("an issued invoice cannot be changed or deleted in the database", async () => {
    allowConsoleError();
    const [row] = await ctx.db.select().from(invoices).limit(1);
    await expect(ctx.pool.query("update invoices set snapshot = '{}'::jsonb where id = $1", [row!.id])).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(ctx.pool.query("update invoices set amount_pence = 1 where id = $1", [row!.id])).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(ctx.pool.query("delete from invoices where id = $1", [row!.id])).rejects.toThrow(/kept for 6 years/);
  });

  it("numbers stay gapless under 20 parallel payments", async () => {
    // 20 bookings with part paid in cash, then the rest of each paid at the same moment.
    const ids: number[] = [];
    for (let n = 0; n < 20; n++)
      ids.push(await book({ email: `parallel${n}@example.com`, amount_received: 100, add_on_ids: [] }));
    const results = await Promise.all(
      ids.map((id) =>
        api("POST", `/api/bookings/${id}/payments`, { amount: 150, payment_method: "card_phone", idempotency_key: key() }),
      ),
    );
    expect(results.map((r) => `${r.statusCode} ${r.statusCode === 200 ? "" : r.body}`)).toEqual(Array(20).fill("200 "));
    for (const id of ids) expect((await docsOf(id)).map((d: { amount: number }) => d.amount)).toEqual([100, 150]);
    const seqs = (
      await ctx.db.select({ seq: invoices.seq }).from(invoices).where(eq(invoices.year, 2026)).orderBy(asc(invoices.seq))
    ).map((r) => r.seq);
    expect(seqs.length).toBeGreaterThan(40);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  });

  it("starts again at 00001 in the new London year", async () => {
    await setClock(new Date("2026-12-31T23:59:00Z")); // still 31 December in London (GMT)
    const last2026 = await book({ email: "nye@example.com" });
    await setClock(new Date("2027-01-01T00:00:30Z"));
    const first2027 = await book({ email: "nyd@example.com" });
    const a = (await docsOf(last2026))[0].number as string;
    const b = (await docsOf(first2027))[0].number as string;
    expect(a).toMatch(/^INV-2026-000\d\d$/);
    expect(b).toBe("INV-2027-00001");
    const all2026 = await ctx.db.select({ seq: invoices.seq }).from(invoices).where(eq(invoices.year, 2026));
    expect(Math.max(...all2026.map((r) => r.seq))).toBe(all2026.length);
  });
});

describe("credit notes", () => {
  it("a refund issues a credit note citing the invoice of the payment", async () => {
    const id = await book({ email: "refund@example.com" });
    const invoice = (await docsOf(id))[0];
    const res = await api("POST", `/api/bookings/${id}/refund`, {
      amount: 60,
      reason: "Add-on not needed",
      idempotency_key: key(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const docs = await docsOf(id);
    const credit = docs.find((d: { type: string }) => d.type === "credit_note");
    expect(credit).toMatchObject({ kind: "refund", amount: 60, corrects: invoice.number });
    expect(credit.number).toMatch(/^CN-2027-\d{5}$/);
    const text = await pdfText((await api("GET", credit.pdf_path)).rawPayload);
    expect(text).toContain(`Credit note ${credit.number}`);
    expect(text).toContain(`Corrects invoice ${invoice.number}`);
    expect(text).toContain("Reason: Add-on not needed");
    expectArchivalTaggedPdf((await api("GET", credit.pdf_path)).rawPayload, "credit note");
  });

  it("an office booking by invoice is invoiced at booking; later payments and a refund refer to that invoice", async () => {
    const id = await book({ email: "byinvoice@example.com", payment_method: "invoice", amount_received: null });
    let docs = await docsOf(id);
    expect(docs).toEqual([expect.objectContaining({ type: "invoice", kind: "booking", amount: 310 })]);
    const [inv] = await ctx.db.select().from(invoices).where(eq(invoices.number, docs[0].number));
    expect(inv!.snapshot).toMatchObject({ duePence: 31_000, paidToDatePence: 0, dueOn: addDays(ukDate(clock.now()), 30) });
    await api("POST", `/api/bookings/${id}/payments`, { amount: 310, payment_method: "bank_transfer", idempotency_key: key() });
    docs = await docsOf(id);
    expect(docs).toHaveLength(1);
    await api("POST", `/api/bookings/${id}/refund`, { amount: 10, idempotency_key: key() });
    docs = await docsOf(id);
    expect(docs.at(-1)).toMatchObject({ type: "credit_note", corrects: docs[0].number, amount: 10 });
    const seqs = (
      await ctx.db
        .select({ seq: creditNotes.seq })
        .from(creditNotes)
        .where(eq(creditNotes.year, 2027))
        .orderBy(asc(creditNotes.seq))
    ).map((r) => r.seq);
    expect(seqs).toEqual([1, 2]);
  });
});

describe("VAT from a date", () => {
  it("switching VAT on from tomorrow leaves earlier invoices unchanged; later ones are VAT invoices", async () => {
    const before = await book({ email: "prevat@example.com" });
    const beforeRow = (await ctx.db.select().from(invoices).where(eq(invoices.orderId, before)))[0]!;
    const tomorrow = addDays(ukDate(clock.now()), 1);
    // Owner only; not on or before a day already invoiced.
    expect(
      (await api("PUT", "/api/vat-periods", { starts_on: tomorrow, vat_number: "GB123456789", rate_percent: 20 })).statusCode,
    ).toBe(403);
    const past = await api(
      "PUT",
      "/api/vat-periods",
      { starts_on: ukDate(clock.now()), vat_number: "GB123456789", rate_percent: 20 },
      owner,
    );
    expect(past.statusCode).toBe(409);
    expect(past.json().message).toMatch(/already issued/);
    expect(
      (await api("PUT", "/api/vat-periods", { starts_on: "2027-02-30", vat_number: "GB1", rate_percent: 20 }, owner)).statusCode,
    ).toBe(400);
    const set = await api("PUT", "/api/vat-periods", { starts_on: tomorrow, vat_number: "GB123456789", rate_percent: 20 }, owner);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual([{ starts_on: tomorrow, vat_number: "GB123456789", rate_percent: 20 }]);

    await setClock(36 * 3_600_000);
    const after = await book({ email: "vat@example.com" });
    const afterDoc = (await docsOf(after))[0];
    expect(afterDoc).toMatchObject({ amount: 310, vat: 51.67 });
    const text = await pdfText((await api("GET", afterDoc.pdf_path)).rawPayload);
    expect(text).toContain(`VAT invoice ${afterDoc.number}`);
    expect(text).toContain("VAT number: GB123456789");
    expect(text).toContain("of which VAT at 20%");

    const again = (await ctx.db.select().from(invoices).where(eq(invoices.id, beforeRow.id)))[0]!;
    expect(again).toEqual(beforeRow);
    expect(again.snapshot.vat).toBeNull();
    const oldText = await pdfText((await api("GET", `/api/documents/${beforeRow.number}/pdf`)).rawPayload);
    expect(oldText).not.toContain("VAT");
    // A refund on the pre-VAT invoice carries no VAT either.
    await api("POST", `/api/bookings/${before}/refund`, { amount: 10, idempotency_key: key() });
    const credit = (await docsOf(before)).find((d: { type: string }) => d.type === "credit_note");
    expect(credit).toMatchObject({ vat: 0, corrects: beforeRow.number });
  });
});

describe("exports", () => {
  const exportOf = async (format: string, kind: string, from = "2026-01-01", to = "2027-12-31") => {
    const res = await api("GET", `/api/finance/export.csv?format=${format}&kind=${kind}&from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    return parseCsv(res.body);
  };
  const money = /^-?\d+\.\d{2}$/;
  const ukDay = /^\d{2}\/\d{2}\/\d{4}$/;

  it("sales invoices and credit notes in Xero's, QuickBooks Online's and the plain column sets", async () => {
    const xero = await exportOf("xero", "invoices");
    expect(xero[0]).toEqual([...XERO_SALES_COLUMNS]);
    const col = (name: string) => xero[0]!.indexOf(name);
    const rows = xero.slice(1);
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) {
      expect(r).toHaveLength(XERO_SALES_COLUMNS.length);
      expect(r[col("*InvoiceNumber")]).toMatch(/^INV-\d{4}-\d{5}$/);
      expect(r[col("*InvoiceDate")]).toMatch(ukDay);
      expect(r[col("*DueDate")]).toMatch(ukDay);
      expect(r[col("*UnitAmount")]).toMatch(money);
      expect(r[col("*Quantity")]).toBe("1");
      expect(["No VAT", "20% (VAT on Income)"]).toContain(r[col("*TaxType")]);
    }
    expect(rows.find((r) => r[col("*TaxType")] === "20% (VAT on Income)")![col("*UnitAmount")]).toBe("310.00");
    expect(rows.some((r) => r[col("*InvoiceDate")] === "31/12/2026")).toBe(true);
    expect(rows.some((r) => r[col("*InvoiceDate")] === "01/01/2027")).toBe(true);

    const xeroCredits = await exportOf("xero", "credit_notes");
    expect(xeroCredits[0]).toEqual([...XERO_SALES_COLUMNS]);
    expect(xeroCredits.slice(1).map((r) => r[col("*UnitAmount")])).toContain("-60.00");

    const qbo = await exportOf("quickbooks", "invoices");
    expect(qbo[0]).toEqual([...QUICKBOOKS_SALES_COLUMNS]);
    for (const r of qbo.slice(1)) {
      expect(r[qbo[0]!.indexOf("InvoiceDate")]).toMatch(ukDay);
      expect(r[qbo[0]!.indexOf("ItemAmount")]).toMatch(money);
    }
    const plain = await exportOf("plain", "credit_notes");
    expect(plain[0]).toEqual([...PLAIN_SALES_COLUMNS]);
    const refund = plain.slice(1).find((r) => r[plain[0]!.indexOf("Gross")] === "-60.00")!;
    expect(refund[plain[0]!.indexOf("Corrects")]).toMatch(/^INV-2027-\d{5}$/);
    expect(refund[plain[0]!.indexOf("Purchase order")]).toBe("PO-7781");
  });

  it("payments in each format; only the chosen period; a bad period is a 400", async () => {
    expect((await exportOf("xero", "payments"))[0]).toEqual([...XERO_PAYMENT_COLUMNS]);
    expect((await exportOf("quickbooks", "payments"))[0]).toEqual([...QUICKBOOKS_PAYMENT_COLUMNS]);
    const plain = await exportOf("plain", "payments");
    expect(plain[0]).toEqual([...PLAIN_PAYMENT_COLUMNS]);
    const amount = plain[0]!.indexOf("Amount");
    for (const r of plain.slice(1)) expect(r[amount]).toMatch(money);
    // Only 2027's first days: the payments after new year.
    const early = await exportOf("plain", "payments", "2027-01-01", "2027-01-01");
    expect(early.slice(1).every((r) => r[0] === "01/01/2027")).toBe(true);
    expect(early.length).toBeGreaterThan(1);
    const bad = await api("GET", "/api/finance/export.csv?format=xero&kind=invoices&from=2027-02-01&to=2027-01-01");
    expect(bad.statusCode).toBe(400);
    expect((await api("GET", "/api/finance/export.csv?format=sage&kind=invoices&from=2027-01-01&to=2027-01-02")).statusCode).toBe(
      400,
    );
    expect(
      (await api("GET", "/api/finance/export.csv?format=xero&kind=invoices&from=2027-01-01&to=2027-01-02", undefined, null))
        .statusCode,
    ).toBe(401);
  });
});

describe("reports", () => {
  it("money per month is received minus refunded; fill rates; outstanding; CSV", async () => {
    const res = await api("GET", "/api/reports?from=2026-11-01&to=2027-06-30");
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.money.map((m: { month: string }) => m.month)).toEqual([
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
      "2027-03",
      "2027-04",
      "2027-05",
      "2027-06",
    ]);
    const jan = r.money.find((m: { month: string }) => m.month === "2027-01");
    expect(jan.refunded).toBe(80);
    expect(jan.net).toBeCloseTo(jan.received - 80, 2);
    const fill = r.courses.find((c: { course: string }) => c.course === "Door Supervisor Invoiced");
    expect(fill.booked).toBeGreaterThan(20);
    expect(fill.places).toBe(200);
    const csv = parseCsv((await api("GET", "/api/reports/money/csv?from=2026-11-01&to=2027-06-30")).body);
    expect(csv[0]).toEqual(["Month", "Received", "Refunded", "Net"]);
    expect(csv).toHaveLength(9);
    expect((await api("GET", "/api/reports/nothing/csv?from=2026-11-01&to=2027-06-30")).statusCode).toBe(404);
  });
});

describe("records kept 6 years", () => {
  it("an erasure leaves the buyer's name on the invoice and its PDF", async () => {
    const id = await book({ email: "erase.me@example.com", first_name: "Erin", last_name: "Erasable" });
    const number = (await docsOf(id))[0].number;
    const erased = await api("POST", "/api/privacy/erasure", { email: "erase.me@example.com", confirm: true }, owner);
    expect(erased.statusCode, erased.body).toBe(200);
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.number, number));
    expect(row!.snapshot.buyer.name).toBe("Erin Erasable");
    expect(await pdfText((await api("GET", `/api/documents/${number}/pdf`)).rawPayload)).toContain("Erin Erasable");
  });
});
