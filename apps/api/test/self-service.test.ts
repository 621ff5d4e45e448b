/**
 * Customers manage their own bookings (decisions 440-446) over HTTP on real Postgres: the sign-in
 * link and session, the booking's page by its secret link, and the rules' edges: day 14 and 15 of
 * the cancellation period, the express request, consumer and business, the change cut-off day,
 * the change limit and fee, the last place raced by the customer and the office, names, retries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, like } from "drizzle-orm";
import { activityLog, courseDates, mailOutbox, refunds } from "../src/db/schema";
import { loginAdmin, MANY_CUSTOMERS_ENV, setupApp, TestClock, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";
import { selfServiceKit } from "./self-service-kit";
import { readCalendar } from "./ics/check";

// Noon in London, in winter (no clock change inside the tests' spans).
const START = new Date("2027-01-05T12:00:00Z");
let ctx: TestContext;
let office: Session;
beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV, clock: new TestClock(START) });
  office = await loginAdmin(ctx);
});
afterAll(() => ctx.close());

const at = (n: number) => new Date(START.getTime() + n * 86_400_000);
let keyN = 0;
const key = () => `self-key-${++keyN}-${Date.now()}`;

const { day, course, booked } = selfServiceKit(() => ctx, START);

/** Whether the office's bell has a customer's notice containing `words` (the office signs in at the test clock's time). */
async function bellSays(words: string): Promise<boolean> {
  const now = await loginAdmin(ctx);
  const bell = (await ctx.app.inject({ method: "GET", url: "/api/notifications", headers: now.headers })).json();
  return bell.items.some(
    (n: { title: string; message: string }) => n.title.startsWith("Customer change:") && n.message.includes(words),
  );
}

const get = (url: string) => ctx.app.inject({ method: "GET", url });
const post = (url: string, payload: object) => ctx.app.inject({ method: "POST", url, payload });
const page = (token: string) => `/api/my-bookings/booking/${token}`;

describe("sign-in by link", () => {
  it("mails a one-use link to an address with bookings, answers the same for one without, and lists newest first", async () => {
    ctx.clock.set(START);
    const c = await course([
      [40, 40],
      [60, 60],
    ]);
    const first = await booked(c.id, c.dates[0]!);
    ctx.clock.set(new Date(START.getTime() + 60_000));
    const secondRes = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: c.id, selectedDate: c.dates[1]! }], { guest_email: first.email.toUpperCase() }),
    });
    expect(secondRes.statusCode).toBe(201);

    const known = await post("/api/my-bookings/sign-in", { email: first.email });
    const unknown = await post("/api/my-bookings/sign-in", { email: "nobody.here@example.com" });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, "nobody.here@example.com"))).toHaveLength(0);
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, first.email), eq(mailOutbox.kind, "customer_sign_in")));
    const token = /\/my-bookings\/sign-in\/([\w-]+)/.exec(mail!.text)![1]!;

    expect((await get("/api/my-bookings")).statusCode).toBe(401);
    const signed = await post("/api/my-bookings/session", { token });
    expect(signed.statusCode).toBe(200);
    const cookie = signed.cookies.find((k) => k.name === "my_bookings")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.maxAge).toBe(1800);
    // One use only.
    expect((await post("/api/my-bookings/session", { token })).statusCode).toBe(401);

    const list = await ctx.app.inject({
      method: "GET",
      url: "/api/my-bookings",
      headers: { cookie: `my_bookings=${cookie.value}` },
    });
    expect(list.statusCode).toBe(200);
    const items = list.json().items;
    expect(items).toHaveLength(2);
    expect(items[0].status).toBe("pending"); // the newer, unpaid one first
    expect(items[1].booking_reference).toBe(first.order.bookingRef.slice(0, 4) + "-" + first.order.bookingRef.slice(4));
    expect(items[1].token).toBe(first.token);

    // The session lasts 30 minutes.
    ctx.clock.set(new Date(START.getTime() + 31 * 60_000));
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/my-bookings", headers: { cookie: `my_bookings=${cookie.value}` } }))
        .statusCode,
    ).toBe(401);
  });

  it("refuses a sign-in link after 30 minutes, and limits requests per address", async () => {
    ctx.clock.set(at(1));
    const c = await course([[40, 40]]);
    const b = await booked(c.id, c.dates[0]!);
    expect((await post("/api/my-bookings/sign-in", { email: b.email })).statusCode).toBe(202);
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, b.email), eq(mailOutbox.kind, "customer_sign_in")));
    const token = /\/my-bookings\/sign-in\/([\w-]+)/.exec(mail!.text)![1]!;
    ctx.clock.set(new Date(at(1).getTime() + 31 * 60_000));
    expect((await post("/api/my-bookings/session", { token })).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await post("/api/my-bookings/sign-in", { email: b.email })).statusCode).toBe(202);
    expect((await post("/api/my-bookings/sign-in", { email: b.email })).statusCode).toBe(429);
    expect((await post("/api/my-bookings/sign-in", { email: "not-an-address" })).statusCode).toBe(400);
  });
});

describe("a booking's page", () => {
  it("opens by its secret link with courses, money, attendees and the policy version; an unknown link is a 404", async () => {
    ctx.clock.set(START);
    const c = await course([[40, 41]]);
    const b = await booked(c.id, c.dates[0]!);
    expect(b.confirmation.text).toContain("Your right to cancel");
    expect(b.confirmation.text).toContain("I hereby give notice that I cancel my contract");
    const res = await get(page(b.token));
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({
      status: "confirmed",
      business: false,
      policy_version: 1,
      terms_version: expect.any(String),
      money: { total: 200, paid: 200, refunded: 0, due: 0, pay_url: null },
    });
    expect(v.courses[0].start_date).toBe(day(40));
    expect(v.courses[0].attendees[0]).toMatchObject({ name: "Casey Jones", named: true });
    expect(v.receipt_url).toContain(`/api/orders/${b.order.reference}/receipt.pdf`);
    expect((await get(page("x".repeat(40)))).statusCode).toBe(404);
  });

  it("keeps the policy version a booking was made under when the office changes the policy", async () => {
    ctx.clock.set(START);
    const c = await course([[40, 40]]);
    const before = await booked(c.id, c.dates[0]!);
    const policy = (await get("/api/booking-policy")).json();
    expect(policy.version).toBe(1);
    const denied = await ctx.app.inject({ method: "PUT", url: "/api/admin/booking-policy", payload: policy.policy });
    expect(denied.statusCode).toBe(401);
    const bad = await ctx.app.inject({
      method: "PUT",
      url: "/api/admin/booking-policy",
      payload: { ...policy.policy, max_changes: -1 },
      headers: office.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("Changes cannot be negative");
    // Words typed where a number belongs: the office reads what to type, not the validator's jargon.
    const words = await ctx.app.inject({
      method: "PUT",
      url: "/api/admin/booking-policy",
      payload: { ...policy.policy, max_changes: "eleven" },
      headers: office.headers,
    });
    expect(words.statusCode).toBe(400);
    expect(JSON.stringify(words.json())).toContain("Enter the number of changes as a whole number");
    expect(JSON.stringify(words.json())).not.toContain("Expected number");
    const saved = await ctx.app.inject({
      method: "PUT",
      url: "/api/admin/booking-policy",
      payload: { ...policy.policy, max_changes: 1 },
      headers: office.headers,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().version).toBe(2);
    const after = await booked(c.id, c.dates[0]!);
    expect((await get(page(before.token))).json().policy_version).toBe(1);
    expect((await get(page(after.token))).json().policy_version).toBe(2);
    // Back to the first policy's rules for the other tests.
    await ctx.app.inject({ method: "PUT", url: "/api/admin/booking-policy", payload: policy.policy, headers: office.headers });
  });
});

describe("cancel", () => {
  it("refunds everything on day 14 after booking, and only the ladder's rest on day 15", async () => {
    ctx.clock.set(START);
    const c = await course([[40, 40]]);
    const a = await booked(c.id, c.dates[0]!);
    const b = await booked(c.id, c.dates[0]!);
    ctx.clock.set(at(14));
    const q14 = (await get(`${page(a.token)}/cancel`)).json();
    expect(q14).toMatchObject({ allowed: true, basis: "cancellation_period", refund: 200, kept: 0, refund_by: day(28) });
    expect(q14.summary).toContain("£200.00 will be refunded to your card by");
    ctx.clock.set(at(15));
    // 25 days before the start: the ladder keeps 25 %.
    const q15 = (await get(`${page(b.token)}/cancel`)).json();
    expect(q15).toMatchObject({ allowed: true, basis: "policy", refund: 150, kept: 50 });

    const k = key();
    const done = await post(`${page(b.token)}/cancel`, { idempotency_key: k });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: "cancelled", money: { refunded: 150 } });
    // A retry changes nothing.
    expect((await post(`${page(b.token)}/cancel`, { idempotency_key: k })).statusCode).toBe(200);
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.orderId, b.order.id));
    expect(rows.map((r) => r.amountPence)).toEqual([15000]);
    expect(rows[0]!.providerRefundId).toMatch(/^local_re_/);
    const [entry] = await ctx.db
      .select()
      .from(activityLog)
      .where(like(activityLog.details, `%${b.order.bookingRef.slice(4)}%cancelled by Casey Jones (customer)%`));
    expect(entry?.userName).toBe("Casey Jones (customer)");
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, b.email), eq(mailOutbox.kind, "booking_cancelled")));
    expect(mails).toHaveLength(1);
    // The office's bell shows it.
    const now = await loginAdmin(ctx);
    const bellRes = await ctx.app.inject({ method: "GET", url: "/api/notifications", headers: now.headers });
    expect(bellRes.statusCode, bellRes.body).toBe(200);
    const bell = bellRes.json();
    expect(
      bell.items.some(
        (n: { title: string; message: string }) =>
          n.title === "Customer change: Casey Jones" && n.message.includes("cancelled the booking online"),
      ),
    ).toBe(true);
    ctx.clock.set(START);
  });

  it("keeps the part delivered when the customer asked to start inside the period, and refunds all when not", async () => {
    ctx.clock.set(START);
    const c = await course([[3, 7]]); // five days, starting inside the cancellation period
    const yes = await booked(c.id, c.dates[0]!, { early_start_requested: true });
    const no = await booked(c.id, c.dates[0]!, { early_start_requested: false });
    ctx.clock.set(at(2));
    expect((await get(`${page(yes.token)}/cancel`)).json()).toMatchObject({ refund: 200, kept: 0 });
    ctx.clock.set(at(4)); // the second of five days
    expect((await get(`${page(yes.token)}/cancel`)).json()).toMatchObject({
      basis: "cancellation_period",
      kept: 80,
      refund: 120,
    });
    expect((await get(`${page(no.token)}/cancel`)).json()).toMatchObject({ basis: "cancellation_period", kept: 0, refund: 200 });
    ctx.clock.set(START);
  });

  it("applies the business terms to an employer's booking: no cancellation period, the rest as credit", async () => {
    ctx.clock.set(START);
    const c = await course([[20, 20]]);
    const biz = await booked(c.id, c.dates[0]!, { company_name: "Example Security Ltd" });
    const q = (await get(`${page(biz.token)}/cancel`)).json();
    // 20 days out on the business ladder: 50 % kept, the rest held as credit.
    expect(q).toMatchObject({ allowed: true, basis: "business", kept: 100, refund: 0, credit: 100, refund_by: null });
    const done = await post(`${page(biz.token)}/cancel`, { idempotency_key: key() });
    expect(done.json()).toMatchObject({ status: "cancelled", business: true, money: { credit: 100, refunded: 0 } });
  });
});

describe("change date", () => {
  it("moves free more than 28 days out, mails the same calendar UID with a higher SEQUENCE, and stops at the limit", async () => {
    ctx.clock.set(START);
    const c = await course([
      [40, 40],
      [50, 50],
      [60, 60],
      [70, 70],
    ]);
    const b = await booked(c.id, c.dates[0]!);
    const [confirmation] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, b.email), eq(mailOutbox.kind, "booking_confirmation")));
    const before = readCalendar(confirmation!.attachments.find((x) => x.contentType.startsWith("text/calendar"))!.content);
    const options = (await get(`${page(b.token)}/change`)).json().items;
    expect(options.map((o: { fee: number; allowed: boolean }) => [o.fee, o.allowed])).toEqual([
      [0, true],
      [0, true],
      [0, true],
    ]);
    const item = (await get(page(b.token))).json().courses[0].item_id;
    const moved = await post(`${page(b.token)}/change`, { item_id: item, course_date_id: c.dates[1], idempotency_key: key() });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ date_changes: 1, courses: [{ start_date: day(50) }] });
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, b.email), eq(mailOutbox.kind, "booking_transferred")));
    const after = readCalendar(mail!.attachments.find((x) => x.contentType.startsWith("text/calendar"))!.content);
    expect(after.method).toBe("REQUEST");
    expect(after.events[0]!.uid).toBe(before.events[0]!.uid);
    expect(after.events[0]!.sequence).toBeGreaterThan(before.events[0]!.sequence);
    expect(after.events[0]!.start.slice(0, 10)).toBe(day(50));
    // The office's transfer entry with the customer as the actor, and the office's bell.
    const [moveEntry] = await ctx.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "Booking transferred"))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(moveEntry!.userName).toBe(`${b.order.firstName} ${b.order.lastName} (customer)`);
    expect(await bellSays("moved ")).toBe(true);

    expect(
      (await post(`${page(b.token)}/change`, { item_id: item, course_date_id: c.dates[2], idempotency_key: key() })).statusCode,
    ).toBe(200);
    const third = await post(`${page(b.token)}/change`, { item_id: item, course_date_id: c.dates[3], idempotency_key: key() });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toContain("the most allowed online");
  }, 120_000);

  it("refuses on the cut-off day (7 days before) and allows the day before it; a fee within 28 days is asked to be paid", async () => {
    ctx.clock.set(START);
    const c = await course([
      [30, 30],
      [60, 60],
    ]);
    const b = await booked(c.id, c.dates[0]!);
    const item = (await get(page(b.token))).json().courses[0].item_id;
    ctx.clock.set(at(23)); // 7 days before the start
    const cut = await post(`${page(b.token)}/change`, { item_id: item, course_date_id: c.dates[1], idempotency_key: key() });
    expect(cut.statusCode).toBe(409);
    expect(cut.json().message).toBe("Dates cannot be changed within 7 days of the start");
    ctx.clock.set(at(22)); // 8 days before: allowed, with the 50 % fee
    const options = (await get(`${page(b.token)}/change`)).json().items;
    expect(options[0]).toMatchObject({ allowed: true, fee: 100 });
    const fee = await post(`${page(b.token)}/change`, { item_id: item, course_date_id: c.dates[1], idempotency_key: key() });
    expect(fee.statusCode).toBe(202);
    expect(fee.json()).toMatchObject({ fee: 100 });
    expect(fee.json().message).toContain("£100.00");
    ctx.clock.set(START);
  });

  it("lets exactly one of the customer's change and the office's transfer take the last place", async () => {
    ctx.clock.set(START);
    const c = await course(
      [
        [40, 40],
        [60, 60],
      ],
      1,
    );
    // Two bookings on the first date, one place left on the second.
    await ctx.db.update(courseDates).set({ capacity: 2 }).where(eq(courseDates.id, c.dates[0]!));
    const mine = await booked(c.id, c.dates[0]!);
    const theirs = await booked(c.id, c.dates[0]!);
    const item = (await get(page(mine.token))).json().courses[0].item_id;
    const theirItem = (await get(page(theirs.token))).json().courses[0].item_id;
    const [a, o] = await Promise.all([
      post(`${page(mine.token)}/change`, { item_id: item, course_date_id: c.dates[1], idempotency_key: key() }),
      ctx.app.inject({
        method: "POST",
        url: `/api/bookings/${theirs.order.id}/transfer`,
        payload: { item_id: theirItem, course_date_id: c.dates[1] },
        headers: office.headers,
      }),
    ]);
    expect([a.statusCode, o.statusCode].sort()).toEqual([200, 409]);
    const [target] = await ctx.db.select().from(courseDates).where(eq(courseDates.id, c.dates[1]!));
    expect(target!.seatsHeld).toBe(1);
  });
});

describe("names", () => {
  it("corrects a name until 2 days before the start, with the customer as the actor", async () => {
    ctx.clock.set(START);
    const c = await course([[10, 10]]);
    const b = await booked(c.id, c.dates[0]!);
    const attendee = (await get(page(b.token))).json().courses[0].attendees[0].id;
    const ok = await post(`${page(b.token)}/attendees/${attendee}`, {
      first_name: "Cassie",
      last_name: "Jones",
      idempotency_key: key(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().courses[0].attendees[0].name).toBe("Cassie Jones");
    const [entry] = await ctx.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "Attendee renamed"))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(entry!.userName).toBe("Casey Jones (customer)");
    // The customer is mailed the change (with the booking's page link), and the office's bell says so.
    const [renamedMail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, b.email), eq(mailOutbox.kind, "booking_changed")));
    expect(renamedMail!.text).toContain("Cassie Jones");
    expect(renamedMail!.text).toContain(`/my-bookings/${b.token}`);
    expect(await bellSays("renamed ")).toBe(true);
    ctx.clock.set(at(9));
    const late = await post(`${page(b.token)}/attendees/${attendee}`, {
      first_name: "C",
      last_name: "Jones",
      idempotency_key: key(),
    });
    expect(late.statusCode).toBe(409);
    expect(
      (await post(`${page(b.token)}/attendees/${attendee}`, { first_name: "", last_name: "Jones", idempotency_key: key() }))
        .statusCode,
    ).toBe(400);
    ctx.clock.set(START);
  });
});
