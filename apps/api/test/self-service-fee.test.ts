/**
 * A date change with a fee paid on the spot (issue 30, decision 480), over HTTP on real Postgres:
 * the change answers the payment page for exactly the fee, the payment's confirmation moves the
 * seats once (same calendar UID, higher SEQUENCE, mails, activity with the customer as the actor,
 * the office's bell), and a paid change whose place went meanwhile refunds the fee in full.
 * Stripe: the real SDK against ./stripe-fake.ts; the local provider: its development page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { activityLog, courseDates, dateChangePayments, mailOutbox, orders } from "../src/db/schema";
import { loginAdmin, MANY_CUSTOMERS_ENV, setupApp, TestClock, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";
import { readCalendar } from "./ics/check";
import { selfServiceKit } from "./self-service-kit";
import { fakeStripe, signedEvent, stripeStandInEnv } from "./stripe-fake";

const START = new Date("2027-01-05T12:00:00Z");
const at = (n: number) => new Date(START.getTime() + n * 86_400_000);
let keyN = 0;
const key = () => `fee-key-${++keyN}-${Date.now()}`;

const page = (token: string) => `/api/my-bookings/booking/${token}`;
const mailsOf = (c: TestContext, to: string, kind: string) =>
  c.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)))
    .orderBy(mailOutbox.id);

describe("a date change's fee on the local payment page", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp({ env: MANY_CUSTOMERS_ENV, clock: new TestClock(START) });
  });
  afterAll(() => ctx.close());
  const { course, booked, day } = selfServiceKit(() => ctx, START, "fee");
  const change = (token: string, body: object) => ctx.app.inject({ method: "POST", url: `${page(token)}/change`, payload: body });
  const payLocally = (url: string) =>
    ctx.app.inject({
      method: "POST",
      url: `${new URL(url).pathname}/pay`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });

  it("asks for exactly the fee, moves the seats once it is paid, and mails the same calendar UID with a higher SEQUENCE", async () => {
    ctx.clock.set(START);
    const c = await course([
      [30, 30],
      [60, 60],
    ]);
    const b = await booked(c.id, c.dates[0]!);
    const before = readCalendar(b.confirmation.attachments![0]!.content);
    const item = (await ctx.app.inject({ method: "GET", url: page(b.token) })).json().courses[0].item_id;
    ctx.clock.set(at(10)); // 20 days before the start: 25 % of £200
    const body = { item_id: item, course_date_id: c.dates[1], idempotency_key: key() };
    const asked = await change(b.token, body);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ fee: 50 });
    const title = (await ctx.app.inject({ method: "GET", url: page(b.token) })).json().courses[0].title;
    expect(asked.json().message).toBe(
      `Pay the £50.00 fee to change the date of ${title}. The new date is yours once the payment is through.`,
    );
    // A retry answers the same page; nothing moved yet, and the page says a change waits for its fee.
    const retry = await change(b.token, body);
    expect(retry.json().checkout_url).toBe(asked.json().checkout_url);
    const waiting = (await ctx.app.inject({ method: "GET", url: page(b.token) })).json();
    expect(waiting.courses[0].start_date).toBe(day(30));
    expect(waiting.change_awaiting_payment).toMatchObject({ fee: 50, pay_url: asked.json().checkout_url });

    const local = await ctx.app.inject({ method: "GET", url: new URL(asked.json().checkout_url).pathname });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain("Pay £50.00");
    const paid = await payLocally(asked.json().checkout_url);
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toMatch(new RegExp(`/my-bookings/${b.token}\\?change=\\d+$`));
    // Pressing Pay again settles nothing twice.
    expect((await payLocally(asked.json().checkout_url)).statusCode).toBe(303);

    const moved = (await ctx.app.inject({ method: "GET", url: page(b.token) })).json();
    expect(moved).toMatchObject({ date_changes: 1, change_awaiting_payment: null, courses: [{ start_date: day(60) }] });
    const [mail, ...more] = await mailsOf(ctx, b.email, "booking_transferred");
    expect(more).toHaveLength(0);
    // Every customer mail leads back to the booking's own page.
    expect(mail!.text).toContain(`/my-bookings/${b.token}`);
    const after = readCalendar(mail!.attachments![0]!.content);
    expect(after.events[0]!.uid).toBe(before.events[0]!.uid);
    expect(after.events[0]!.sequence).toBeGreaterThan(before.events[0]!.sequence);
    const paidEntry = await ctx.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "Date change fee paid"))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(paidEntry[0]).toMatchObject({ amountPence: 5000, userName: `${b.order.firstName} ${b.order.lastName} (customer)` });
    // The office signs in again: the test clock moved past its session.
    const now = await loginAdmin(ctx);
    const bell = (await ctx.app.inject({ method: "GET", url: "/api/notifications", headers: now.headers })).json();
    expect(bell.items.some((n: { message: string }) => n.message.includes("paid £50.00 and moved to"))).toBe(true);
    ctx.clock.set(START);
  });

  it("refunds the fee in full when the new date's last place went before the payment came", async () => {
    ctx.clock.set(START);
    const c = await course(
      [
        [30, 30],
        [60, 60],
      ],
      1,
    );
    await ctx.db.update(courseDates).set({ capacity: 2 }).where(eq(courseDates.id, c.dates[0]!));
    const mine = await booked(c.id, c.dates[0]!);
    const theirs = await booked(c.id, c.dates[0]!);
    const item = (await ctx.app.inject({ method: "GET", url: page(mine.token) })).json().courses[0].item_id;
    const theirItem = (await ctx.app.inject({ method: "GET", url: page(theirs.token) })).json().courses[0].item_id;
    ctx.clock.set(at(10));
    const asked = await change(mine.token, { item_id: item, course_date_id: c.dates[1], idempotency_key: key() });
    expect(asked.statusCode).toBe(202);
    const office_ = await ctx.app.inject({
      method: "POST",
      url: `/api/bookings/${theirs.order.id}/transfer`,
      payload: { item_id: theirItem, course_date_id: c.dates[1] },
      headers: (await loginAdmin(ctx)).headers,
    });
    expect(office_.statusCode, office_.body).toBe(200);
    expect((await payLocally(asked.json().checkout_url)).statusCode).toBe(303);

    const view = (await ctx.app.inject({ method: "GET", url: page(mine.token) })).json();
    expect(view).toMatchObject({ date_changes: 0, change_awaiting_payment: null, courses: [{ start_date: day(30) }] });
    const [row] = await ctx.db.select().from(dateChangePayments).where(eq(dateChangePayments.orderId, mine.order.id));
    expect(row!.status).toBe("refunded");
    const [refundMail] = await mailsOf(ctx, mine.email, "date_change_refunded");
    expect(refundMail!.text).toContain("the new date has no place left");
    expect(refundMail!.text).toContain("We have refunded the £50.00 in full");
    expect(refundMail!.text).toContain(`/my-bookings/${mine.token}`);
    const [target] = await ctx.db.select().from(courseDates).where(eq(courseDates.id, c.dates[1]!));
    expect(target!.seatsHeld).toBe(1);
    ctx.clock.set(START);
  });
});

describe("a date change's fee through Stripe Checkout", () => {
  let ctx: TestContext;
  let stripe: ReturnType<typeof fakeStripe>;
  beforeAll(async () => {
    stripe = fakeStripe();
    const port = await stripe.listen();
    ctx = await setupApp({
      env: {
        ...MANY_CUSTOMERS_ENV,
        ...stripeStandInEnv(port),
      },
      clock: new TestClock(START),
    });
  });
  afterAll(async () => {
    await ctx.close();
    await stripe.close();
  });
  const kit = selfServiceKit(() => ctx, START, "fee-stripe");

  const webhook = (sessionId: string, amount: number) => {
    const { payload, signature } = signedEvent("checkout.session.completed", {
      id: sessionId,
      object: "checkout.session",
      metadata: { payment_purpose: "change_fee" },
      amount_total: amount,
      currency: "gbp",
      payment_status: "paid",
      status: "complete",
    });
    return ctx.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload,
    });
  };

  /** A public order paid through Stripe's confirmed webhook; answers the order and its booking page's token. */
  async function bookedThroughStripe(courseId: number, dateId: number) {
    const email = `fee.stripe.${++keyN}@example.com`;
    const placed = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: courseId, selectedDate: dateId }], { guest_email: email, accept_terms: true }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.reference, placed.json().reference));
    stripe.markPaid(order!.providerSessionId!);
    const { payload, signature } = signedEvent("checkout.session.completed", {
      id: order!.providerSessionId,
      object: "checkout.session",
      client_reference_id: order!.reference,
      metadata: { order_reference: order!.reference },
      amount_total: order!.totalPence,
      currency: "gbp",
      payment_status: "paid",
      status: "complete",
    });
    const paid = await ctx.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload,
    });
    expect(paid.statusCode).toBe(200);
    const [mail] = await mailsOf(ctx, email, "booking_confirmation");
    return { order: order!, email, token: /\/my-bookings\/([\w-]{20,})/.exec(mail!.text)![1]! };
  }

  it("opens a session for exactly the fee that comes back to the booking's page, and moves once on the confirmed webhook", async () => {
    ctx.clock.set(START);
    const c = await kit.course([
      [30, 30],
      [60, 60],
    ]);
    // Placed through Stripe: paid by its confirmed webhook, as a real customer's booking is.
    const b = await bookedThroughStripe(c.id, c.dates[0]!);
    const item = (await ctx.app.inject({ method: "GET", url: page(b.token) })).json().courses[0].item_id;
    ctx.clock.set(at(20)); // 10 days before: 50 % of £200
    const asked = await ctx.app.inject({
      method: "POST",
      url: `${page(b.token)}/change`,
      payload: { item_id: item, course_date_id: c.dates[1], idempotency_key: key() },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().fee).toBe(100);
    const created = stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").at(-1)!;
    expect(created.form.get("line_items[0][price_data][unit_amount]")).toBe("10000");
    expect(created.form.get("line_items[1][quantity]")).toBeNull();
    expect(created.form.get("metadata[payment_purpose]")).toBe("change_fee");
    expect(created.form.get("success_url")).toMatch(new RegExp(`/my-bookings/${b.token}\\?change=\\d+$`));
    const [row] = await ctx.db.select().from(dateChangePayments).where(eq(dateChangePayments.orderId, b.order.id));
    const sessionId = row!.sessionId!;

    // An unpaid session's event moves nothing.
    expect((await webhook(sessionId, 10000)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "GET", url: page(b.token) })).json().courses[0].start_date).toBe(kit.day(30));

    stripe.markPaid(sessionId);
    const done = await webhook(sessionId, 10000);
    expect(done.statusCode, done.body).toBe(200);
    const again = await webhook(sessionId, 10000);
    expect(again.statusCode).toBe(200);
    const view = (await ctx.app.inject({ method: "GET", url: page(b.token) })).json();
    expect(view).toMatchObject({ date_changes: 1, courses: [{ start_date: kit.day(60) }], change_awaiting_payment: null });
    expect(await mailsOf(ctx, b.email, "booking_transferred")).toHaveLength(1);
    ctx.clock.set(START);
  });

  it("refunds the fee through Stripe when the new date filled up before the payment was confirmed", async () => {
    ctx.clock.set(START);
    const c = await kit.course(
      [
        [30, 30],
        [60, 60],
      ],
      1,
    );
    await ctx.db.update(courseDates).set({ capacity: 2 }).where(eq(courseDates.id, c.dates[0]!));
    const b = await bookedThroughStripe(c.id, c.dates[0]!);
    const item = (await ctx.app.inject({ method: "GET", url: page(b.token) })).json().courses[0].item_id;
    ctx.clock.set(at(20));
    const asked = await ctx.app.inject({
      method: "POST",
      url: `${page(b.token)}/change`,
      payload: { item_id: item, course_date_id: c.dates[1], idempotency_key: key() },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    // The new date fills up (the office takes its places down) while the customer is on the payment page.
    await ctx.db.update(courseDates).set({ capacity: 0 }).where(eq(courseDates.id, c.dates[1]!));
    const [row] = await ctx.db.select().from(dateChangePayments).where(eq(dateChangePayments.orderId, b.order.id));
    const intent = stripe.markPaid(row!.sessionId!);
    expect((await webhook(row!.sessionId!, 10000)).statusCode).toBe(200);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toEqual([
      expect.objectContaining({ amount: 10000, status: "succeeded" }),
    ]);
    const view = (await ctx.app.inject({ method: "GET", url: page(b.token) })).json();
    expect(view).toMatchObject({ date_changes: 0, courses: [{ start_date: kit.day(30) }], change_awaiting_payment: null });
    expect(await mailsOf(ctx, b.email, "date_change_refunded")).toHaveLength(1);
    // The provider's redelivery refunds nothing twice.
    expect((await webhook(row!.sessionId!, 10000)).statusCode).toBe(200);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    ctx.clock.set(START);
  });
});
