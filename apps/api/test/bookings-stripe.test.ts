/**
 * Refunds through Stripe (issue 13) against the local fake of test/stripe-fake.ts: refunds.create
 * with the payment's PaymentIntent and an idempotency key, the refund id stored, a lost answer
 * retried as the same refund, and `charge.refunded` reconciled once (a dashboard refund recorded,
 * the echo of our own refund not counted twice).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { courseDates, orders, refunds } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { upsertUser } from "../src/modules/auth/service";
import { allowConsoleError, login, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";
import { fakeStripe, signedEvent, stripeStandInEnv } from "./stripe-fake";

let ctx: TestContext;
let stripe: ReturnType<typeof fakeStripe>;
let office: Session;
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
  await upsertUser(ctx.db, {
    email: "sam@example.com",
    name: "Sam Office",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "office",
  });
  office = await login(ctx.app, "sam@example.com", "Str0ng!Passw0rd-test");
  const id = await createCourse(ctx.db, { title: "CCTV Refundable", feePence: 25000, capacity: 10 }, ctx.clock.now());
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  course = { id, dateId: date!.id };
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

const webhook = ({ payload, signature }: { payload: string; signature: string }) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
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
  const done = await webhook(
    signedEvent("checkout.session.completed", {
      id: sessionId,
      object: "checkout.session",
      client_reference_id: row!.reference,
      metadata: { order_reference: row!.reference },
      amount_total: 25000,
      currency: "gbp",
      payment_status: "paid",
      status: "complete",
    }),
  );
  expect(done.statusCode).toBe(200);
  const [paid] = await ctx.db.select().from(orders).where(eq(orders.id, row!.id));
  expect(paid!.status).toBe("paid");
  return { order: paid!, pi };
}

const chargeRefunded = (pi: string, reference: string | null, amountRefunded: number, id?: string) =>
  signedEvent(
    "charge.refunded",
    {
      id: `ch_${pi}`,
      object: "charge",
      payment_intent: pi,
      amount: 25000,
      amount_refunded: amountRefunded,
      refunded: amountRefunded >= 25000,
      metadata: reference ? { order_reference: reference } : {},
    },
    id,
  );

describe("refunds through Stripe", () => {
  it("cancel and refund calls refunds.create with the PaymentIntent, the amount and an idempotency key, and stores the refund id", async () => {
    const { order, pi } = await paidStripeOrder();
    const before = stripe.requests.length;
    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/bookings/${order.id}/cancel`,
      headers: office.headers,
      payload: { refund: "full", idempotency_key: "click-0001-full" },
    });
    expect(res.statusCode).toBe(200);
    const call = stripe.requests.slice(before).find((r) => r.path === "/v1/refunds")!;
    expect(call.method).toBe("POST");
    expect(call.form.get("payment_intent")).toBe(pi);
    expect(call.form.get("amount")).toBe("25000");
    expect(call.headers["idempotency-key"]).toBe(`refund-${pi}-${order.id}-click-0001-full`);
    const d = res.json();
    expect(d).toMatchObject({
      status: "refunded",
      refunded: 250,
      payment: { provider: "stripe", provider_payment_id: pi, provider_session_id: order.providerSessionId },
    });
    expect(d.payment.refunds[0].provider_refund_id).toMatch(/^re_test_/);

    // Stripe then sends charge.refunded for our own refund: recorded once, nothing new.
    expect((await webhook(chargeRefunded(pi, order.reference, 25000))).statusCode).toBe(200);
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
  });

  it("a retried refund after a lost answer is the same refund at Stripe and one row here", async () => {
    const { order } = await paidStripeOrder();
    const body = { amount: 40, idempotency_key: "click-0002-partial" };
    const first = await ctx.app.inject({
      method: "POST",
      url: `/api/bookings/${order.id}/refund`,
      headers: office.headers,
      payload: body,
    });
    expect(first.statusCode).toBe(200);
    // Pretend our answer was lost and the row never written: the same key at Stripe is the same refund.
    await ctx.db.delete(refunds).where(eq(refunds.orderId, order.id));
    const again = await ctx.app.inject({
      method: "POST",
      url: `/api/bookings/${order.id}/refund`,
      headers: office.headers,
      payload: body,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().payment.refunds.map((r: { provider_refund_id: string }) => r.provider_refund_id)).toEqual(
      first.json().payment.refunds.map((r: { provider_refund_id: string }) => r.provider_refund_id),
    );
    expect(stripe.refunds.filter((r) => r.payment_intent === again.json().payment.provider_payment_id)).toHaveLength(1);
  });

  it("a refund made in Stripe's dashboard is recorded once from charge.refunded (even delivered twice); a full one cancels the booking", async () => {
    const { order, pi } = await paidStripeOrder();
    stripe.dashboardRefund(pi, 5000);
    const event = chargeRefunded(pi, order.reference, 5000, "evt_dash_partial");
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).statusCode).toBe(200);
    // Another event about the same refund (a different event id) adds nothing either.
    expect((await webhook(chargeRefunded(pi, order.reference, 5000))).statusCode).toBe(200);
    let d = (await ctx.app.inject({ method: "GET", url: `/api/bookings/${order.id}`, headers: office.headers })).json();
    expect(d).toMatchObject({ status: "confirmed", refund_state: "partly_refunded", refunded: 50 });
    expect(d.payment.refunds[0]).toMatchObject({ amount: 50, admin_name: "Payment provider" });
    expect(d.history.at(-1).action).toBe("Refund recorded from the payment provider");

    // The rest refunded in the dashboard; the event names no reference: found through Stripe.
    stripe.dashboardRefund(pi, 20000);
    expect((await webhook(chargeRefunded(pi, null, 25000))).statusCode).toBe(200);
    d = (await ctx.app.inject({ method: "GET", url: `/api/bookings/${order.id}`, headers: office.headers })).json();
    expect(d).toMatchObject({ status: "refunded", refund_state: "refunded", refunded: 250 });
    expect(d.mails.map((m: { kind: string }) => m.kind)).toEqual(
      expect.arrayContaining(["booking_refunded", "booking_cancelled"]),
    );
  });

  it("Stripe refusing a refund answers 502 and records nothing", async () => {
    allowConsoleError();
    const { order } = await paidStripeOrder();
    stripe.setFailRefunds(true);
    try {
      const res = await ctx.app.inject({
        method: "POST",
        url: `/api/bookings/${order.id}/refund`,
        headers: office.headers,
        payload: { amount: 10, idempotency_key: "click-0003-fails" },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toContain("payment provider");
    } finally {
      stripe.setFailRefunds(false);
    }
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0);
  });
});
