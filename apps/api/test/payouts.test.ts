/**
 * Payouts (issue 34) against the Stripe stand-in (test/stripe-fake.ts): the office's sync fetches the
 * payouts and their balance transactions, matches charges and refunds to bookings by the provider's
 * ids, records the fees, and shows what did not match; a site without Stripe gets a clear 409.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { courseDates, orders, payoutLines, refunds } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { upsertUser } from "../src/modules/auth/service";
import { login, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";
import { fakeStripe, signedEvent, stripeStandInEnv } from "./stripe-fake";

let ctx: TestContext;
let stripe: ReturnType<typeof fakeStripe>;
let office: Session;
let trainer: Session;
let course: { id: number; dateId: number };

beforeAll(async () => {
  stripe = fakeStripe();
  const port = await stripe.listen();
  ctx = await setupApp({
    env: {
      ...MANY_CUSTOMERS_ENV,
      ...stripeStandInEnv(port),
    },
  });
  for (const [email, name, role] of [
    ["sam@example.com", "Sam Office", "office"],
    ["tia@example.com", "Tia Trainer", "trainer"],
  ] as const)
    await upsertUser(ctx.db, { email, name, password: "Str0ng!Passw0rd-test", isAdmin: true, role });
  office = await login(ctx.app, "sam@example.com", "Str0ng!Passw0rd-test");
  trainer = await login(ctx.app, "tia@example.com", "Str0ng!Passw0rd-test");
  const id = await createCourse(ctx.db, { title: "CCTV Paid Out", feePence: 25000, capacity: 10 }, ctx.clock.now());
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  course = { id, dateId: date!.id };
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

/** A Stripe order paid through Checkout (the completed webhook, confirmed against the fake). */
async function paidStripeOrder() {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/enroll",
    payload: orderPayload([{ id: course.id, selectedDate: course.dateId }]),
  });
  expect(res.statusCode).toBe(201);
  const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, res.json().reference));
  const sessionId = row!.providerSessionId!;
  const pi = stripe.markPaid(sessionId);
  const { payload, signature } = signedEvent("checkout.session.completed", {
    id: sessionId,
    object: "checkout.session",
    client_reference_id: row!.reference,
    metadata: { order_reference: row!.reference },
    amount_total: 25000,
    currency: "gbp",
    payment_status: "paid",
    status: "complete",
  });
  const done = await ctx.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });
  expect(done.statusCode).toBe(200);
  return { orderId: row!.id, pi };
}

describe("payouts", () => {
  it("matches charges and refunds to bookings, records the fees and shows an unmatched line", async () => {
    const kept = await paidStripeOrder();
    const refunded = await paidStripeOrder();
    const cancel = await ctx.app.inject({
      method: "POST",
      url: `/api/bookings/${refunded.orderId}/cancel`,
      headers: office.headers,
      payload: { refund: "full", idempotency_key: "payout-test-cancel-1" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [refund] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, refunded.orderId));
    const amount = stripe.addPayout("po_test_1", [
      {
        id: "txn_1",
        type: "charge",
        amount: 25000,
        fee: 395,
        description: "Booking",
        source: { id: `ch_${kept.pi}`, object: "charge", payment_intent: kept.pi },
      },
      {
        id: "txn_2",
        type: "charge",
        amount: 25000,
        fee: 395,
        description: "Booking",
        source: { id: `ch_${refunded.pi}`, object: "charge", payment_intent: refunded.pi },
      },
      {
        id: "txn_3",
        type: "refund",
        amount: -25000,
        fee: 0,
        description: "REFUND FOR CHARGE",
        source: { id: refund!.providerRefundId!, object: "refund", payment_intent: refunded.pi },
      },
      {
        id: "txn_4",
        type: "charge",
        amount: 9900,
        fee: 170,
        description: "Payment link sale",
        source: { id: "ch_unknown", object: "charge", payment_intent: "pi_unknown" },
      },
      { id: "txn_5", type: "stripe_fee", amount: -500, fee: 0, description: "Radar fees", source: null },
    ]);
    expect(amount).toBe(25000 - 395 + 25000 - 395 - 25000 + 9900 - 170 - 500);

    // The office only; a trainer may not.
    expect((await ctx.app.inject({ method: "POST", url: "/api/payouts/sync", headers: trainer.headers })).statusCode).toBe(403);
    const res = await ctx.app.inject({ method: "POST", url: "/api/payouts/sync", headers: office.headers });
    expect(res.statusCode, res.body).toBe(200);
    const [payout] = res.json();
    expect(payout).toMatchObject({ id: "po_test_1", amount: amount / 100, fees: (395 + 395 + 170) / 100, unmatched: 1 });
    const line = (id: string) => payout.lines.find((l: { id: string }) => l.id === id);
    expect(line("txn_1")).toMatchObject({ booking_id: kept.orderId, matched: true, fee: 3.95, net: 246.05 });
    expect(line("txn_2")).toMatchObject({ booking_id: refunded.orderId, matched: true });
    expect(line("txn_3")).toMatchObject({ booking_id: refunded.orderId, matched: true, amount: -250 });
    expect(line("txn_4")).toMatchObject({ booking_id: null, matched: false, source: "ch_unknown" });
    expect(line("txn_5")).toMatchObject({ booking_id: null, matched: true, amount: -5 });
    const [refundLine] = await ctx.db.select().from(payoutLines).where(eq(payoutLines.id, "txn_3"));
    expect(refundLine!.refundId).toBe(refund!.id);

    // Syncing again changes nothing; the list answers the same.
    const again = await ctx.app.inject({ method: "POST", url: "/api/payouts/sync", headers: office.headers });
    expect(again.json()).toEqual(res.json());
    expect((await ctx.app.inject({ method: "GET", url: "/api/payouts", headers: office.headers })).json()).toEqual(res.json());
    expect((await ctx.db.select().from(payoutLines)).length).toBe(5);
  });
});
