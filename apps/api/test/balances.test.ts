/**
 * Deposits and balances, the office's side, over HTTP on real Postgres: a deposit taken by phone
 * and the balance recorded by bank transfer, the money state on the booking page, list filter,
 * CSV, receipt and dashboard (one set of figures), refunds and transfers of a part-paid booking,
 * and the overdue job (alert once; keep; release with the customer's mail and a waiting-list offer).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { courseDates, mailOutbox, waitlistEntries } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { addDays, ukDate } from "../src/lib/dates";
import { loginAdmin, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";

let ctx: TestContext;
let office: Session;
let start: number;
let keyN = 0;
const key = () => `balances-test-${++keyN}`;
const today = () => ukDate(ctx.clock.now());
/** Sets the app's clock `days` after the start of the run, signed in afresh at that time. */
async function at(days: number) {
  ctx.clock.set(new Date(start + days * 86_400_000));
  office = await loginAdmin(ctx);
}

beforeAll(async () => {
  ctx = await setupApp({ env: { ...MANY_CUSTOMERS_ENV, PUBLIC_API_URL: "https://api.example.com" } });
  office = await loginAdmin(ctx);
  start = ctx.clock.now().getTime();
});
afterAll(() => ctx.close());

const api = (method: "GET" | "POST", url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: office.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const OPTIONS = {
  deposit_enabled: true,
  deposit_kind: "fixed",
  deposit_value: 5000,
  balance_due_days: 28,
  instalments_enabled: false,
  klarna_enabled: false,
  overdue_action: "keep",
  overdue_release_days: 7,
  hold_results_until_paid: false,
};

let courseN = 0;
/** A £250 course with two dates 40 and 60 days out and its own payment options. */
async function course(options: Partial<typeof OPTIONS> = {}, capacity = 10) {
  courseN++;
  const id = await createCourse(
    ctx.db,
    {
      title: `Close Protection Balance ${courseN}`,
      feePence: 25000,
      capacity,
      dates: [
        { startDate: addDays(today(), 40), endDate: addDays(today(), 41) },
        { startDate: addDays(today(), 60), endDate: addDays(today(), 61) },
      ],
    },
    ctx.clock.now(),
  );
  await ctx.pool.query(`update courses set payment_options = $1 where id = $2`, [JSON.stringify({ ...OPTIONS, ...options }), id]);
  const dates = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id)).orderBy(courseDates.startDate);
  return { id, dates: dates.map((d) => d.id) };
}

/** The office takes a £50 deposit by card over the phone. */
async function phoneDeposit(c: { id: number; dates: number[] }, over: Record<string, unknown> = {}) {
  const res = await api("POST", "/api/bookings", {
    course_id: c.id,
    course_date_id: c.dates[0],
    attendees: [{ first_name: "Dee", last_name: "Posit" }],
    first_name: "Dee",
    last_name: "Posit",
    email: `dee.posit.${courseN}@example.com`,
    phone: "0151 496 0001",
    payment_method: "card_phone",
    amount_received: 50,
    part_payment: true,
    idempotency_key: key(),
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const mailsOf = async (kind: string) =>
  (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind))).map((m) => ({
    to: m.to,
    subject: m.subject,
    text: m.text,
  }));

describe("a deposit by phone, the balance by bank transfer", () => {
  it("books with plan 'deposit', the balance due 28 days before the course, then records the balance once", async () => {
    const c = await course();
    const d = await phoneDeposit(c);
    expect(d.money).toMatchObject({
      plan: "deposit",
      state: "deposit paid",
      paid: 50,
      outstanding: 200,
      deposit: 50,
      due_on: addDays(today(), 12),
      days_overdue: 0,
      instalments: [],
    });
    expect(d.money.charges).toEqual([
      expect.objectContaining({ kind: "deposit", amount: 50, method: "card_phone", provider: "manual", provider_ref: null }),
    ]);
    expect(d).toMatchObject({ money_state: "deposit paid", balance_due: 200, balance_due_on: addDays(today(), 12) });
    expect(d.money.saved_card).toBeNull();
    // The confirmation carries the balance link, as an online deposit's does.
    const [confirmation] = (await mailsOf("booking_confirmation")).filter((m) => m.to === `dee.posit.${courseN}@example.com`);
    expect(confirmation!.text).toContain("Still to pay: £200.00, due by");
    expect(confirmation!.text).toMatch(/Pay the balance securely here: \S+\/pay\/[\w-]{32}/);

    // More than is owed is refused; the balance by bank transfer is recorded once per key.
    const over = await api("POST", `/api/bookings/${d.id}/payments`, { amount: 200.01, idempotency_key: key() });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe("At most 200.00 is due on this booking");
    const k = key();
    const paid = await api("POST", `/api/bookings/${d.id}/payments`, {
      amount: 200,
      payment_method: "bank_transfer",
      idempotency_key: k,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await api("POST", `/api/bookings/${d.id}/payments`, { amount: 200, idempotency_key: k })).statusCode).toBe(200);
    const after = paid.json();
    expect(after.money).toMatchObject({ state: "paid in full", paid: 250, outstanding: 0 });
    expect(
      after.money.charges.map((x: { kind: string; amount: number; method: string }) => [x.kind, x.amount, x.method]),
    ).toEqual([
      ["deposit", 50, "card_phone"],
      ["balance", 200, "bank_transfer"],
    ]);
    expect(after.history.map((h: { action: string }) => h.action)).toContain("Balance payment recorded");
  });

  it("refuses a deposit inside the balance window, a deposit of the whole total, and a part payment without an amount", async () => {
    const c = await course({ balance_due_days: 45 });
    const inside = await api("POST", "/api/bookings", {
      course_id: c.id,
      course_date_id: c.dates[0],
      attendees: [{ first_name: "Late", last_name: "Booker" }],
      first_name: "Late",
      last_name: "Booker",
      email: "late.booker@example.com",
      phone: "0151 496 0002",
      payment_method: "card_phone",
      amount_received: 50,
      part_payment: true,
      idempotency_key: key(),
    });
    expect(inside.statusCode).toBe(400);
    expect(inside.json().issues[0]).toEqual({
      path: "amount_received",
      message: "The course starts within 45 days: take the full amount",
    });
    const c2 = await course();
    const whole = await api("POST", "/api/bookings", {
      course_id: c2.id,
      course_date_id: c2.dates[0],
      attendees: [{ first_name: "All", last_name: "Atonce" }],
      first_name: "All",
      last_name: "Atonce",
      email: "all.atonce@example.com",
      phone: "0151 496 0003",
      payment_method: "cash",
      amount_received: 250,
      part_payment: true,
      idempotency_key: key(),
    });
    expect(whole.statusCode).toBe(400);
    const none = await api("POST", "/api/bookings", {
      course_id: c2.id,
      course_date_id: c2.dates[0],
      attendees: [{ first_name: "No", last_name: "Money" }],
      first_name: "No",
      last_name: "Money",
      email: "no.money@example.com",
      phone: "0151 496 0004",
      payment_method: "invoice",
      amount_received: null,
      part_payment: true,
      idempotency_key: key(),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().issues.map((i: { message: string }) => i.message)).toContain("Enter the deposit received");
  });
});

describe("a part-paid booking", () => {
  it("refunds never more than was paid, and moves to another date with its money as it was", async () => {
    const c = await course();
    const d = await phoneDeposit(c);
    const tooMuch = await api("POST", `/api/bookings/${d.id}/refund`, { amount: 50.01, idempotency_key: key() });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe("You can refund at most 50.00 (what is left of the payment)");
    const moved = await api("POST", `/api/bookings/${d.id}/transfer`, {
      item_id: d.items[0].id,
      course_date_id: c.dates[1],
      idempotency_key: key(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().items[0].course_date_id).toBe(c.dates[1]);
    expect(moved.json().money).toMatchObject({ state: "deposit paid", paid: 50, outstanding: 200 });
    const part = await api("POST", `/api/bookings/${d.id}/refund`, { amount: 20, idempotency_key: key() });
    expect(part.statusCode).toBe(200);
    expect(part.json().money).toMatchObject({ paid: 50, net_paid: 30, outstanding: 200 });
    expect((await api("POST", `/api/bookings/${d.id}/refund`, { amount: 30.01, idempotency_key: key() })).statusCode).toBe(409);
  });

  it("shows the same figures on the booking page, the receipt, the CSV and the dashboard", async () => {
    const before = (await api("GET", "/api/dashboard")).json() as { title: string; value: number }[];
    const outstanding = (cards: typeof before) => cards.find((x) => x.title === "Outstanding balances")!.value;
    const c = await course();
    const d = await phoneDeposit(c, {
      attendees: [
        { first_name: "Fig", last_name: "Ures" },
        { first_name: "Two", last_name: "Places" },
      ],
      amount_received: 120,
    });
    const page = (await api("GET", `/api/bookings/${d.id}`)).json();
    expect(page.money).toMatchObject({ paid: 120, outstanding: 380, due_on: addDays(today(), 12), state: "deposit paid" });

    const pdf = await api("GET", `/api/bookings/${d.id}/receipt.pdf`);
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain("Deposit paid");
    expect(text).toContain("£120.00");
    expect(text).toMatch(/Balance due by \d{1,2} \w+ \d{4}/);
    expect(text).toContain("£380.00");

    const csv = (await api("GET", `/api/bookings/export.csv?status=all&q=${encodeURIComponent(d.booking_reference)}`)).body;
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const cols = header!.split(",").map((h) => h.replace(/"/g, ""));
    const row = rows[0]!.split(",").map((v) => v.replace(/"/g, ""));
    const cell = (name: string) => row[cols.indexOf(name)];
    expect(rows).toHaveLength(2);
    expect([cell("Amount paid (GBP)"), cell("Amount due (GBP)"), cell("Balance due on"), cell("Money state")]).toEqual([
      "120.00",
      "380.00",
      addDays(today(), 12),
      "deposit paid",
    ]);

    const after = (await api("GET", "/api/dashboard")).json() as typeof before;
    expect(Math.round((outstanding(after) - outstanding(before)) * 100)).toBe(38000);
  });
});

describe("overdue balances", () => {
  it("keep: the office is alerted once (mail and bell), the booking stays, the filter finds it", async () => {
    await at(0);
    const c = await course({ overdue_action: "keep" });
    const d = await phoneDeposit(c);
    // The due day itself is not overdue yet.
    await at(12);
    expect((await ctx.app.workers.runOverdue()).alerted).not.toContain(d.id);
    await at(13);
    const first = await ctx.app.workers.runOverdue();
    expect(first.alerted).toContain(d.id);
    expect(first.released).not.toContain(d.id);
    const again = await ctx.app.workers.runOverdue();
    expect(again.alerted).not.toContain(d.id);
    await at(30);
    expect((await ctx.app.workers.runOverdue()).released).not.toContain(d.id);

    const ref = d.booking_reference as string;
    const alerts = (await mailsOf("balance_overdue")).filter((m) => m.subject === `Balance overdue: ${ref}`);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain("The places are kept: chase the balance by hand.");
    const page = (await api("GET", `/api/bookings/${d.id}`)).json();
    expect(page).toMatchObject({ status: "confirmed", money: { state: "overdue", days_overdue: 18, outstanding: 200 } });
    expect(page.money.overdue_alerted_at).not.toBeNull();

    const overdue = (await api("GET", "/api/bookings?money=overdue&limit=100")).json() as { id: number; money_state: string }[];
    expect(overdue.map((r) => r.id)).toContain(d.id);
    expect(new Set(overdue.map((r) => r.money_state))).toEqual(new Set(["overdue"]));
    const due = (await api("GET", "/api/bookings?money=balance_due&limit=100")).json() as { id: number }[];
    expect(due.map((r) => r.id)).not.toContain(d.id);
    expect((await api("GET", "/api/bookings?money=late")).statusCode).toBe(400);

    const bell = (await api("GET", "/api/notifications")).json();
    expect(bell.items.filter((n: { id: string }) => n.id === `balance-overdue-${d.id}`)).toHaveLength(1);
    await at(0);
  });

  it("release: after N days the booking is cancelled, the customer mailed, nothing refunded, the waiting list offered the place", async () => {
    await at(0);
    const c = await course({ overdue_action: "release", overdue_release_days: 3 }, 1);
    const d = await phoneDeposit(c, { email: "rel.eased@example.com" });
    await ctx.db.insert(waitlistEntries).values({
      courseDateId: c.dates[0]!,
      name: "Wendy Waiting",
      email: "wendy.waiting@example.com",
      phone: "07700 900456",
      places: 1,
    });
    await at(13);
    const alerted = await ctx.app.workers.runOverdue();
    expect(alerted.alerted).toContain(d.id);
    expect(alerted.released).not.toContain(d.id);
    // Released on the 3rd day past the due day, not before.
    await at(14);
    expect((await ctx.app.workers.runOverdue()).released).not.toContain(d.id);
    await at(15);
    const run = await ctx.app.workers.runOverdue();
    expect(run.released).toEqual([d.id]);
    expect((await ctx.app.workers.runOverdue()).released).toEqual([]);

    const page = (await api("GET", `/api/bookings/${d.id}`)).json();
    expect(page.status).toBe("cancelled");
    expect(page.money).toMatchObject({ state: null, paid: 50, outstanding: 0 });
    expect(page.money.released_unpaid_at).not.toBeNull();
    expect(page.payment.refunds).toEqual([]);
    const mails = (await mailsOf("booking_released")).filter((m) => m.to === "rel.eased@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("was not paid by its due date");
    const [entry] = await ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.courseDateId, c.dates[0]!));
    expect(entry!.status).toBe("offered");
    const { rows } = await ctx.pool.query(
      `select count(*)::int as n from activity_log where action = 'Booking released, balance not paid' and details like $1`,
      [`%${d.booking_reference}%`],
    );
    expect(rows[0].n).toBe(1);
    await at(0);
  });
});
