/**
 * Deposits through Stripe Checkout (the real SDK against ./stripe-fake.ts): the session asks for
 * exactly the deposit, keeps the card with the customer's consent, and the confirmed webhook records
 * the deposit; the balance link opens a session for exactly what is due.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orderCharges, orderLinks, orders } from "../src/db/schema";
import { inDays, orderPayload, trainingPayload } from "./fixtures";
import { loginAdmin, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { fakeStripe, signedEvent, stripeStandInEnv } from "./stripe-fake";

let ctx: TestContext;
let stripe: ReturnType<typeof fakeStripe>;
let admin: Session;
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
  admin = await loginAdmin(ctx);
  const created = await ctx.app.inject({
    method: "POST",
    url: "/api/courses",
    headers: admin.headers,
    payload: trainingPayload({
      title: "Stripe Deposit Course",
      price: 250,
      addOns: [],
      courseDates: [{ startDate: inDays(60), endDate: inDays(60) }],
    }),
  });
  course = { id: created.json().id, dateId: created.json().courseDates[0].id };
  const saved = await ctx.app.inject({
    method: "PUT",
    url: "/api/payment-options",
    headers: admin.headers,
    payload: {
      deposit_enabled: true,
      deposit_kind: "fixed",
      deposit_value: 30,
      balance_due_days: 28,
      instalments_enabled: false,
      klarna_enabled: false,
      overdue_action: "keep",
      overdue_release_days: 7,
      hold_results_until_paid: false,
    },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

const paidWebhook = (sessionId: string, reference: string, amount: number) => {
  const { payload, signature } = signedEvent("checkout.session.completed", {
    id: sessionId,
    object: "checkout.session",
    client_reference_id: reference,
    metadata: { order_reference: reference, payment_purpose: "balance" },
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

describe("a deposit through Stripe Checkout", () => {
  it("asks for exactly the deposit, keeps the card with consent, records the deposit, then opens the balance", async () => {
    const placed = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: course.id, selectedDate: course.dateId, quantity: 2 }], {
        payment_plan: "deposit",
        save_card: true,
      }),
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().pay_today).toBe(60);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, placed.json().reference));
    const sessionId = row!.providerSessionId!;
    const created = stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").at(-1)!;
    expect(created.form.get("line_items[0][price_data][unit_amount]")).toBe("6000");
    expect(created.form.get("line_items[1][quantity]")).toBeNull();
    expect(created.form.get("payment_intent_data[setup_future_usage]")).toBe("off_session");
    expect(created.form.get("customer_creation")).toBe("always");
    expect(created.form.get("metadata[payment_purpose]")).toBe("deposit");

    stripe.markPaid(sessionId);
    const done = await ctx.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      ...(({ payload, signature }) => ({
        payload,
        headers: { "content-type": "application/json", "stripe-signature": signature },
      }))(
        signedEvent("checkout.session.completed", {
          id: sessionId,
          object: "checkout.session",
          client_reference_id: row!.reference,
          metadata: { order_reference: row!.reference },
          amount_total: 6000,
          currency: "gbp",
          payment_status: "paid",
          status: "complete",
        }),
      ),
    });
    expect(done.statusCode).toBe(200);
    const [paid] = await ctx.db.select().from(orders).where(eq(orders.id, row!.id));
    expect(paid).toMatchObject({ status: "paid", amountPaidPence: 6000 });
    const charges = await ctx.db.select().from(orderCharges).where(eq(orderCharges.orderId, row!.id));
    expect(charges.map((c) => [c.kind, c.amountPence, c.providerRef])).toEqual([["deposit", 6000, sessionId]]);

    const [link] = await ctx.db.select().from(orderLinks).where(eq(orderLinks.orderId, row!.id));
    const balance = await ctx.app.inject({ method: "POST", url: `/api/balance/${link!.token}/checkout` });
    expect(balance.statusCode).toBe(201);
    expect(balance.json()).toMatchObject({ amount: 440, payment_link: expect.stringContaining("checkout.stripe.test") });
    const opened = stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").at(-1)!;
    expect(opened.form.get("line_items[0][price_data][unit_amount]")).toBe("44000");
    expect(opened.form.get("metadata[payment_purpose]")).toBe("balance");

    // Two balance pages were opened; both are paid: the first is recorded, the second is given back at once.
    const again = await ctx.app.inject({ method: "POST", url: `/api/balance/${link!.token}/checkout` });
    expect(again.statusCode).toBe(201);
    const first = balance.json().payment_link.split("/").pop();
    const second = again.json().payment_link.split("/").pop();
    for (const id of [first, second]) {
      stripe.markPaid(id);
      const res = await paidWebhook(id, row!.reference, 44000);
      expect(res.statusCode).toBe(200);
    }
    const [full] = await ctx.db.select().from(orders).where(eq(orders.id, row!.id));
    expect(full!.amountPaidPence).toBe(50000);
    const after = await ctx.db.select().from(orderCharges).where(eq(orderCharges.orderId, row!.id));
    expect(after.map((c) => [c.kind, c.amountPence, c.providerRef])).toEqual([
      ["deposit", 6000, sessionId],
      ["balance", 44000, first],
    ]);
    expect(stripe.refunds.map((r) => [r.payment_intent, r.amount])).toEqual([
      [`pi_test_${second.replace("cs_test_", "")}`, 44000],
    ]);
    const view = await ctx.app.inject({ method: "GET", url: `/api/balance/${link!.token}` });
    expect(view.json()).toMatchObject({ amount_due: 0, paid_in_full: true });
    // A redelivered event changes nothing.
    expect((await paidWebhook(first, row!.reference, 44000)).statusCode).toBe(200);
    expect(await ctx.db.select().from(orderCharges).where(eq(orderCharges.orderId, row!.id))).toHaveLength(2);
  });
});
