/**
 * The saved card on the balance's due day, through the real Stripe SDK against ./stripe-fake.ts:
 * the card kept at checkout (with consent) is stored from the confirmed webhook; the daily job
 * charges the balance off-session on its due day, once (idempotency key per order and due day);
 * when the bank asks for authentication (SCA) or the card is declined the customer is mailed the
 * balance link and the card is not tried again; our own instalment plan charges each instalment on
 * its day the same way; and a balance paid by the link while the job's charge is in flight is
 * paid once (the job's charge is refunded).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { activityLog, mailOutbox, orderCharges, orderInstalments, orderLinks, orders, refunds } from "../src/db/schema";
import { inDays, orderPayload, trainingPayload } from "./fixtures";
import { loginAdmin, MANY_CUSTOMERS_ENV, setupApp, type TestContext } from "./helpers";
import { fakeStripe, signedEvent, stripeStandInEnv } from "./stripe-fake";

let ctx: TestContext;
let stripe: ReturnType<typeof fakeStripe>;
let course: { id: number; dateId: number };
let start: Date;
let n = 0;

beforeAll(async () => {
  stripe = fakeStripe();
  const port = await stripe.listen();
  ctx = await setupApp({
    env: {
      ...MANY_CUSTOMERS_ENV,
      ...stripeStandInEnv(port),
    },
  });
  start = ctx.clock.now();
  const admin = await loginAdmin(ctx);
  const created = await ctx.app.inject({
    method: "POST",
    url: "/api/courses",
    headers: admin.headers,
    payload: trainingPayload({
      title: "Saved Card Course",
      price: 250,
      addOns: [],
      capacity: 40,
      courseDates: [{ startDate: inDays(90), endDate: inDays(90) }],
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
      instalments_enabled: true,
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

/** The London calendar day's noon (the job runs in the morning; noon keeps clear of midnight in either zone). */
const noonOn = (day: string) => new Date(`${day}T12:00:00Z`);
const webhook = (type: string, object: Record<string, unknown>) => {
  const { payload, signature } = signedEvent(type, object);
  return ctx.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });
};
const paidEvent = (sessionId: string, reference: string, amount: number, purpose?: string) =>
  webhook("checkout.session.completed", {
    id: sessionId,
    object: "checkout.session",
    client_reference_id: reference,
    metadata: { order_reference: reference, ...(purpose ? { payment_purpose: purpose } : {}) },
    amount_total: amount,
    currency: "gbp",
    payment_status: "paid",
    status: "complete",
  });
const orderRow = async (id: number) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const chargesOf = (id: number) =>
  ctx.db.select().from(orderCharges).where(eq(orderCharges.orderId, id)).orderBy(asc(orderCharges.id));
const mailsTo = (to: string, kind?: string) =>
  ctx.db
    .select()
    .from(mailOutbox)
    .where(kind ? and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)) : eq(mailOutbox.to, to));
const offSessionRequests = () => stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");

/** A booking of one place under `plan`, paid today with a kept card `paymentMethod` (the clock back at the start). */
async function bookWithCard(plan: "deposit" | "instalments", paymentMethod: string, saveCard = true) {
  ctx.clock.set(start);
  const email = `saved.card.${++n}@example.com`;
  const placed = await ctx.app.inject({
    method: "POST",
    url: "/api/enroll",
    payload: orderPayload([{ id: course.id, selectedDate: course.dateId, quantity: 1 }], {
      guest_email: email,
      payment_plan: plan,
      save_card: saveCard,
    }),
  });
  expect(placed.statusCode).toBe(201);
  const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, placed.json().reference));
  stripe.markPaid(row!.providerSessionId!, { customer: `cus_${n}`, paymentMethod });
  expect((await paidEvent(row!.providerSessionId!, row!.reference, row!.depositPence!)).statusCode).toBe(200);
  return { ...(await orderRow(row!.id)), email };
}

describe("the balance charged to the saved card on its due day", () => {
  it("stores the card from the confirmed webhook, sends no reminder, charges exactly the balance once off-session", async () => {
    const order = await bookWithCard("deposit", "pm_card_ok");
    expect(order).toMatchObject({ status: "paid", amountPaidPence: 3000, providerCustomerId: `cus_${n}` });
    expect(order.providerPaymentMethodId).toBe("pm_card_ok");
    const dueOn = order.balanceDueOn!;
    expect(dueOn).toBe(inDays(62, start));

    // A week before: the card will pay, so no reminder and no charge yet.
    await ctx.app.workers.runBalanceDue(noonOn(inDays(-7, noonOn(dueOn))));
    expect(await mailsTo(order.email, "balance_reminder")).toHaveLength(0);
    expect(offSessionRequests()).toHaveLength(0);

    const run = await ctx.app.workers.runBalanceDue(noonOn(dueOn));
    expect(run.charges.charged).toEqual([order.id]);
    const [request] = offSessionRequests();
    expect(Object.fromEntries(request!.form)).toMatchObject({
      amount: "22000",
      currency: "gbp",
      customer: `cus_${n}`,
      payment_method: "pm_card_ok",
      off_session: "true",
      confirm: "true",
      "metadata[order_reference]": order.reference,
      "metadata[payment_purpose]": "balance",
    });
    expect(request!.headers["idempotency-key"]).toBe(`balance-${order.reference}-${dueOn}`);
    expect(await orderRow(order.id)).toMatchObject({ amountPaidPence: 25000 });
    expect((await chargesOf(order.id)).map((c) => [c.kind, c.amountPence, c.method, c.providerRef])).toEqual([
      ["deposit", 3000, "card_online", order.providerSessionId],
      ["balance", 22000, "card_saved", "pi_off_1"],
    ]);
    // Paid: a second run (or the next day's) charges nothing and sends nothing.
    await ctx.app.workers.runBalanceDue(noonOn(dueOn));
    await ctx.app.workers.runBalanceDue(noonOn(inDays(1, noonOn(dueOn))));
    expect(offSessionRequests()).toHaveLength(1);
    expect(await mailsTo(order.email, "balance_reminder")).toHaveLength(0);
    expect(await mailsTo(order.email, "balance_card_failed")).toHaveLength(0);
  });

  it("leaves the charge for a later run when Stripe cannot be asked, and that run charges it once under the same key", async () => {
    const order = await bookWithCard("deposit", "pm_card_outage");
    const ours = () => offSessionRequests().filter((r) => r.form.get("metadata[order_reference]") === order.reference);
    stripe.setIntentOutage(true);
    const down = await ctx.app.workers.runBalanceDue(noonOn(order.balanceDueOn!));
    stripe.setIntentOutage(false);
    expect(down.charges.unreachable).toEqual([order.id]);
    expect(await orderRow(order.id)).toMatchObject({ amountPaidPence: 3000, balanceChargeFailedAt: null });
    expect(await mailsTo(order.email, "balance_card_failed")).toHaveLength(0);
    const up = await ctx.app.workers.runBalanceDue(noonOn(order.balanceDueOn!));
    expect(up.charges.charged).toEqual([order.id]);
    expect(new Set(ours().map((r) => r.headers["idempotency-key"]))).toEqual(
      new Set([`balance-${order.reference}-${order.balanceDueOn}`]),
    );
    expect(await orderRow(order.id)).toMatchObject({ amountPaidPence: 25000 });
    expect((await chargesOf(order.id)).filter((c) => c.kind === "balance")).toHaveLength(1);
  });

  it("keeps no card without consent: the balance is left to the link and the reminders", async () => {
    const order = await bookWithCard("deposit", "pm_not_kept", false);
    expect(order.providerPaymentMethodId).toBeNull();
    const before = offSessionRequests().length;
    await ctx.app.workers.runBalanceDue(noonOn(order.balanceDueOn!));
    expect(offSessionRequests()).toHaveLength(before);
    expect(await mailsTo(order.email, "balance_reminder")).toHaveLength(1);
  });

  it("falls back to the balance link when the bank asks for authentication (SCA), and never tries the card again", async () => {
    stripe.setCardOutcome("pm_card_sca", "authentication_required");
    const order = await bookWithCard("deposit", "pm_card_sca");
    const before = offSessionRequests().length;
    const run = await ctx.app.workers.runBalanceDue(noonOn(order.balanceDueOn!));
    expect(run.charges.fellBack).toEqual([order.id]);
    expect(offSessionRequests()).toHaveLength(before + 1);
    const row = await orderRow(order.id);
    expect(row.amountPaidPence).toBe(3000);
    expect(row.balanceChargeError).toContain("authentication required");
    const [link] = await ctx.db.select().from(orderLinks).where(eq(orderLinks.orderId, order.id));
    const mails = await mailsTo(order.email);
    const failed = mails.filter((m) => m.kind === "balance_card_failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]!.subject).toContain("We could not take your payment");
    expect(failed[0]!.text).toContain("your bank asked you to confirm the payment yourself");
    expect(failed[0]!.text).toContain(`/pay/${link!.token}`);
    expect(failed[0]!.text).toContain("£220.00");
    // That mail is the day's reminder: no second mail, and the card is not tried again.
    expect(mails.filter((m) => m.kind === "balance_reminder")).toHaveLength(0);
    await ctx.app.workers.runBalanceDue(noonOn(order.balanceDueOn!));
    expect(offSessionRequests()).toHaveLength(before + 1);
    expect(await mailsTo(order.email)).toHaveLength(mails.length);
    const [entry] = await ctx.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "Saved card not charged: balance link sent"))
      .orderBy(asc(activityLog.id));
    expect(entry).toBeDefined();
    // The booking page says so.
    const admin = await loginAdmin(ctx);
    const page = (await ctx.app.inject({ method: "GET", url: `/api/bookings/${order.id}`, headers: admin.headers })).json();
    expect(page.money.saved_card).toMatchObject({ charge_failed_at: expect.any(String) });
    expect(page.money.saved_card.charge_error).toContain("authentication required");

    // The customer pays by the link: exactly the amount due, recorded once.
    const open = await ctx.app.inject({ method: "POST", url: `/api/balance/${link!.token}/checkout` });
    expect(open.json()).toMatchObject({ amount: 220 });
    const sessionId = open.json().payment_link.split("/").pop();
    stripe.markPaid(sessionId);
    expect((await paidEvent(sessionId, order.reference, 22000, "balance")).statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ amountPaidPence: 25000 });
  });

  it("falls back to the link when the card is declined", async () => {
    stripe.setCardOutcome("pm_card_declined", "declined");
    const order = await bookWithCard("deposit", "pm_card_declined");
    const run = await ctx.app.workers.runBalanceDue(noonOn(order.balanceDueOn!));
    expect(run.charges.fellBack).toEqual([order.id]);
    const [mail] = await mailsTo(order.email, "balance_card_failed");
    expect(mail!.text).toContain("the payment did not go through");
    expect((await orderRow(order.id)).balanceChargeError).toContain("insufficient funds");
  });
});

describe("our own instalment plan on the saved card", () => {
  it("charges each instalment on its day as an order charge, the last before the due day, then nothing is left", async () => {
    const order = await bookWithCard("instalments", "pm_card_plan");
    const plan = await ctx.db
      .select()
      .from(orderInstalments)
      .where(eq(orderInstalments.orderId, order.id))
      .orderBy(asc(orderInstalments.seq));
    expect(plan).toHaveLength(3);
    expect(plan.at(-1)!.dueOn < order.balanceDueOn!).toBe(true);
    expect(order.amountPaidPence! + plan.reduce((s, i) => s + i.amountPence, 0)).toBe(25000);
    const before = offSessionRequests().length;
    for (const [i, instalment] of plan.entries()) {
      // The day before: nothing yet.
      await ctx.app.workers.runBalanceDue(noonOn(inDays(-1, noonOn(instalment.dueOn))));
      expect(offSessionRequests()).toHaveLength(before + i);
      await ctx.app.workers.runBalanceDue(noonOn(instalment.dueOn));
      expect(offSessionRequests()).toHaveLength(before + i + 1);
      const request = offSessionRequests().at(-1)!;
      expect(request.form.get("amount")).toBe(String(instalment.amountPence));
      expect(request.form.get("metadata[payment_purpose]")).toBe("instalment");
      expect(request.headers["idempotency-key"]).toBe(`instalment-${order.reference}-${instalment.seq}`);
    }
    const charges = await chargesOf(order.id);
    expect(charges.map((c) => [c.kind, c.amountPence, c.method])).toEqual([
      ["deposit", order.depositPence, "card_online"],
      ...plan.map((i) => ["instalment", i.amountPence, "card_saved"]),
    ]);
    const after = await ctx.db
      .select()
      .from(orderInstalments)
      .where(eq(orderInstalments.orderId, order.id))
      .orderBy(asc(orderInstalments.seq));
    expect(after.map((i) => [i.status, i.chargeId])).toEqual(charges.slice(1).map((c) => ["paid", c.id]));
    // The booking page: the schedule paid, each charge with its PaymentIntent id.
    const admin = await loginAdmin(ctx);
    const page = (await ctx.app.inject({ method: "GET", url: `/api/bookings/${order.id}`, headers: admin.headers })).json();
    expect(page.money).toMatchObject({
      plan: "instalments",
      state: "paid in full",
      outstanding: 0,
      saved_card: { charge_failed_at: null },
    });
    expect(page.money.instalments.map((i: { status: string }) => i.status)).toEqual(["paid", "paid", "paid"]);
    expect(page.money.charges.slice(1).map((c: { provider_ref: string }) => c.provider_ref)).toEqual(
      charges.slice(1).map((c) => c.providerRef),
    );
    expect(charges.slice(1).every((c) => c.providerRef!.startsWith("pi_off_"))).toBe(true);
    expect(await orderRow(order.id)).toMatchObject({ amountPaidPence: 25000 });
    await ctx.app.workers.runBalanceDue(noonOn(order.balanceDueOn!));
    expect(offSessionRequests()).toHaveLength(before + 3);
    expect(await mailsTo(order.email, "balance_reminder")).toHaveLength(0);
  });

  it("a failed instalment sends the link, is not retried, and the reminders then go", async () => {
    stripe.setCardOutcome("pm_card_plan_fails", "declined");
    const order = await bookWithCard("instalments", "pm_card_plan_fails");
    const [first] = await ctx.db
      .select()
      .from(orderInstalments)
      .where(eq(orderInstalments.orderId, order.id))
      .orderBy(asc(orderInstalments.seq));
    const run = await ctx.app.workers.runBalanceDue(noonOn(first!.dueOn));
    expect(run.charges.fellBack).toEqual([order.id]);
    const [failed] = await ctx.db.select().from(orderInstalments).where(eq(orderInstalments.id, first!.id));
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    const [mail] = await mailsTo(order.email, "balance_card_failed");
    expect(mail!.text).toContain(`£${(first!.amountPence / 100).toFixed(2)}`);
    const before = offSessionRequests().length;
    await ctx.app.workers.runBalanceDue(noonOn(first!.dueOn));
    expect(offSessionRequests()).toHaveLength(before);
    // The card cannot be counted on any more: the week-before reminder goes.
    await ctx.app.workers.runBalanceDue(noonOn(inDays(-7, noonOn(order.balanceDueOn!))));
    expect(await mailsTo(order.email, "balance_reminder")).toHaveLength(1);
  });
});

describe("a balance paid by the link while the job charges the card", () => {
  it("is paid once: the job's charge finds nothing due and is refunded", async () => {
    const order = await bookWithCard("deposit", "pm_card_race");
    const [link] = await ctx.db.select().from(orderLinks).where(eq(orderLinks.orderId, order.id));
    const open = await ctx.app.inject({ method: "POST", url: `/api/balance/${link!.token}/checkout` });
    const sessionId = open.json().payment_link.split("/").pop();

    const release = stripe.holdCharges("pm_card_race");
    const ours = () => offSessionRequests().filter((r) => r.form.get("metadata[order_reference]") === order.reference);
    ctx.clock.set(noonOn(order.balanceDueOn!));
    const job = ctx.app.workers.runBalanceDue(noonOn(order.balanceDueOn!));
    await expect.poll(() => ours().length).toBe(1);
    // The customer's payment by the link lands while the card's charge is with the bank.
    stripe.markPaid(sessionId);
    expect((await paidEvent(sessionId, order.reference, 22000, "balance")).statusCode).toBe(200);
    release();
    const run = await job;
    expect(run.charges.refunded).toEqual([order.id]);

    expect(await orderRow(order.id)).toMatchObject({ amountPaidPence: 25000 });
    expect((await chargesOf(order.id)).map((c) => [c.kind, c.amountPence, c.providerRef])).toEqual([
      ["deposit", 3000, order.providerSessionId],
      ["balance", 22000, sessionId],
    ]);
    const refunded = stripe.refunds.filter((r) => r.payment_intent.startsWith("pi_off_"));
    expect(refunded.map((r) => r.amount)).toEqual([22000]);
    const refundCall = stripe.requests.find((r) => r.method === "POST" && r.path === "/v1/refunds")!;
    expect(refundCall.form.get("payment_intent")).toBe(refunded[0]!.payment_intent);
    // Stripe's echo of that refund is not a refund of the booking's money.
    await refundEcho(refunded[0]!.payment_intent, order.reference, refunded);
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0);
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", amountPaidPence: 25000 });
  });

  it("is paid once the other way round: a link page paid after the card paid is given back", async () => {
    const order = await bookWithCard("deposit", "pm_card_race_2");
    const [link] = await ctx.db.select().from(orderLinks).where(eq(orderLinks.orderId, order.id));
    const open = await ctx.app.inject({ method: "POST", url: `/api/balance/${link!.token}/checkout` });
    const sessionId = open.json().payment_link.split("/").pop();
    const run = await ctx.app.workers.runBalanceDue(noonOn(order.balanceDueOn!));
    expect(run.charges.charged).toContain(order.id);
    const intent = stripe.markPaid(sessionId);
    expect((await paidEvent(sessionId, order.reference, 22000, "balance")).statusCode).toBe(200);
    const given = stripe.refunds.filter((r) => r.payment_intent === intent);
    expect(given.map((r) => r.amount)).toEqual([22000]);
    await refundEcho(intent, order.reference, given);
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0);
    expect((await chargesOf(order.id)).map((c) => [c.kind, c.method])).toEqual([
      ["deposit", "card_online"],
      ["balance", "card_saved"],
    ]);
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", amountPaidPence: 25000 });
  });
});

/** Stripe's charge.refunded for these refunds of a payment. */
const refundEcho = (paymentIntent: string, reference: string, given: { id: string; amount: number }[]) =>
  webhook("charge.refunded", {
    id: `ch_${paymentIntent}`,
    object: "charge",
    payment_intent: paymentIntent,
    metadata: { order_reference: reference },
    amount_refunded: given.reduce((sum, r) => sum + r.amount, 0),
    refunds: { object: "list", data: given.map((r) => ({ id: r.id, amount: r.amount, status: "succeeded" })) },
  });
