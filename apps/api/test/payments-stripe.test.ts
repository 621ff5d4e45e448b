import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { formatBookingRef } from "@app/contract";
import { activityLog, courseAddOns, courseDates, mailOutbox, orders, paymentEvents } from "../src/db/schema";
import { createCourse, createDiscount } from "../src/db/seed/factories";
import { allowConsoleError, MANY_CUSTOMERS_ENV, setupApp, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";
import { enroll, placesLeft } from "./ordering";

const WEBHOOK_SECRET = "whsec_test_secret_for_tests_only";
const stripeForSigning = new Stripe("sk_test_signing_only");

type Recorded = { method: string; path: string; form: URLSearchParams; headers: http.IncomingHttpHeaders };

/** A local stand-in for api.stripe.com: records every request, answers like Stripe does. */
function fakeStripe() {
  const requests: Recorded[] = [];
  let failing = false;
  let sessions = 0;
  // Sessions the customer finished paying (Stripe then refuses to expire them), and expired ones.
  const completed = new Set<string>();
  const expired = new Set<string>();
  let expireDelayMs = 0;
  // What Stripe knows of each session (retrieved by the webhook's confirmation): our reference, the amount, paid or not.
  const sessionState = new Map<
    string,
    { reference: string | null; amount_total: number; currency: string; payment_status: string }
  >();
  const coupons = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      // The path without its query (the webhook's retrieve asks Stripe to expand the PaymentIntent).
      const path = new URL(req.url ?? "", "http://x").pathname;
      requests.push({ method: req.method ?? "", path, form: new URLSearchParams(body), headers: req.headers });
      const send = (status: number, json: object) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${requests.length}` });
        res.end(JSON.stringify(json));
      };
      if (failing) return send(400, { error: { type: "invalid_request_error", message: "Simulated failure" } });
      if (req.method === "POST" && path === "/v1/coupons") {
        coupons.set(`co_test_${requests.length}`, Number(new URLSearchParams(body).get("amount_off")));
        return send(200, {
          id: `co_test_${requests.length}`,
          object: "coupon",
          amount_off: Number(new URLSearchParams(body).get("amount_off")),
        });
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const id = `cs_test_${++sessions}`;
        const form = new URLSearchParams(body);
        let amount = 0;
        for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
          amount +=
            Number(form.get(`line_items[${i}][quantity]`)) * Number(form.get(`line_items[${i}][price_data][unit_amount]`));
        }
        amount -= coupons.get(form.get("discounts[0][coupon]") ?? "") ?? 0;
        sessionState.set(id, {
          reference: form.get("client_reference_id"),
          amount_total: amount,
          currency: form.get("currency") ?? "",
          payment_status: "unpaid",
        });
        return send(200, { id, object: "checkout.session", url: `https://checkout.stripe.test/c/pay/${id}`, status: "open" });
      }
      const expire = path.match(/^\/v1\/checkout\/sessions\/([\w]+)\/expire$/);
      if (req.method === "POST" && expire) {
        const id = expire[1]!;
        setTimeout(() => {
          if (completed.has(id)) {
            // Stripe's answer for a session that is no longer open.
            return send(400, {
              error: {
                type: "invalid_request_error",
                message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "complete".`,
              },
            });
          }
          expired.add(id);
          send(200, { id, object: "checkout.session", status: "expired" });
        }, expireDelayMs);
        return;
      }
      const retrieve = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/);
      if (req.method === "GET" && retrieve) {
        const id = retrieve[1]!;
        const state = sessionState.get(id);
        if (!state)
          return send(404, {
            error: { type: "invalid_request_error", code: "resource_missing", message: `No such checkout.session: '${id}'` },
          });
        return send(200, {
          id,
          object: "checkout.session",
          status: completed.has(id) ? "complete" : expired.has(id) ? "expired" : "open",
          client_reference_id: state.reference,
          metadata: state.reference ? { order_reference: state.reference } : {},
          amount_total: state.amount_total,
          currency: state.currency,
          payment_status: state.payment_status,
        });
      }
      send(404, { error: { type: "invalid_request_error", message: `No route ${path}` } });
    });
  });
  return {
    requests,
    setFailing: (v: boolean) => (failing = v),
    complete: (id: string) => completed.add(id),
    /** The customer paid: Stripe's own record of the session says so (what the webhook's confirmation retrieves). */
    markPaid: (id: string) => {
      const state = sessionState.get(id);
      if (state) state.payment_status = "paid";
    },
    /** Stripe's record of a session differs from ours (an attacker's 1p session, another currency, another order). */
    tamper: (
      id: string,
      over: Partial<{ reference: string | null; amount_total: number; currency: string; payment_status: string }>,
    ) => {
      const state = sessionState.get(id);
      if (state) Object.assign(state, over);
    },
    setExpireDelay: (ms: number) => (expireDelayMs = ms),
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let ctx: TestContext;
let stripe: ReturnType<typeof fakeStripe>;
let course: { id: number; dateId: number; addOnId: number };

beforeAll(async () => {
  stripe = fakeStripe();
  const port = await stripe.listen();
  ctx = await setupApp({
    env: {
      ...MANY_CUSTOMERS_ENV,
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_fake_key",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
      PUBLIC_SITE_URL: "https://site.example.com",
    },
  });
  const id = await createCourse(
    ctx.db,
    { title: "CCTV Operator", feePence: 25000, capacity: 10, addOns: [{ name: "First aid", pricePence: 6000, description: "" }] },
    ctx.clock.now(),
  );
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  const [addOn] = await ctx.db.select().from(courseAddOns).where(eq(courseAddOns.courseId, id));
  course = { id, dateId: date!.id, addOnId: addOn!.id };
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

const status = async (reference: string) =>
  (await ctx.app.inject({ method: "GET", url: `/api/orders/${reference}/status` })).json();

let eventCounter = 0;
function sessionEvent(
  type: string,
  reference: string,
  sessionId: string,
  over: Record<string, unknown> = {},
  id = `evt_test_${++eventCounter}`,
) {
  // Stripe sends a paid event once its session is paid: keep the fake's record in step.
  const paidEvent =
    type === "checkout.session.async_payment_succeeded" ||
    (type === "checkout.session.completed" && (over.payment_status ?? "paid") === "paid");
  if (paidEvent) stripe.markPaid(sessionId);
  return JSON.stringify({
    id,
    object: "event",
    api_version: "2025-01-27.acacia",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        client_reference_id: reference,
        metadata: { order_reference: reference },
        amount_total: 31000,
        currency: "gbp",
        payment_status: "paid",
        status: "complete",
        ...over,
      },
    },
  });
}

function webhook(
  payload: string,
  signature = stripeForSigning.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
    payload,
  });
}

const placeOneOn = (courses: { id: number; selectedDate: number; selectedAddons: number[] }[]) => placeOne({}, courses);
async function placeOne(
  over: Record<string, unknown> = {},
  courses: Parameters<typeof orderPayload>[0] = [
    { id: course.id, selectedDate: course.dateId, selectedAddons: [course.addOnId] },
  ],
) {
  const res = await enroll(ctx.app, orderPayload(courses, over));
  expect(res.statusCode).toBe(201);
  const body = res.json();
  const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, body.reference));
  return { ...body, sessionId: row!.providerSessionId as string };
}

const countRows = async (table: typeof activityLog | typeof mailOutbox | typeof paymentEvents) =>
  (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe("stripe checkout", () => {
  it("opens a GBP Checkout Session: a line per course and add-on, the discount, e-mail, return addresses, 30-minute expiry, idempotency key", async () => {
    await createDiscount(ctx.db, { code: "STRIPE10", percentOff: 10, maxUses: 5 }, ctx.clock.now());
    const before = stripe.requests.length;
    const order = await placeOne({ discount_code: "STRIPE10", guest_email: "casey.jones@example.com" });
    expect(order.payment_link).toBe(`https://checkout.stripe.test/c/pay/${order.sessionId}`);
    expect(order.total).toBe(279);

    const [coupon, session] = stripe.requests.slice(before);
    expect(coupon!.path).toBe("/v1/coupons");
    expect(coupon!.form.get("amount_off")).toBe("3100");
    expect(coupon!.form.get("currency")).toBe("gbp");
    expect(coupon!.headers["idempotency-key"]).toBe(`coupon-${order.reference}`);

    expect(session!.path).toBe("/v1/checkout/sessions");
    const f = session!.form;
    expect(session!.headers["idempotency-key"]).toBe(`checkout-${order.reference}`);
    expect(session!.headers.authorization).toBe("Bearer sk_test_fake_key");
    expect(f.get("mode")).toBe("payment");
    expect(f.get("currency")).toBe("gbp");
    expect(f.get("line_items[0][price_data][currency]")).toBe("gbp");
    expect(f.get("line_items[0][price_data][unit_amount]")).toBe("25000");
    expect(f.get("line_items[0][price_data][product_data][name]")).toMatch(/^CCTV Operator \(.+\d{4}\)$/);
    expect(f.get("line_items[1][price_data][unit_amount]")).toBe("6000");
    expect(f.get("line_items[1][price_data][product_data][name]")).toBe("First aid (add-on to CCTV Operator)");
    expect(f.get("discounts[0][coupon]")).toBe(coupon ? `co_test_${before + 1}` : null);
    expect(f.get("customer_email")).toBe("casey.jones@example.com");
    expect(f.get("client_reference_id")).toBe(order.reference);
    expect(f.get("success_url")).toBe(
      `https://site.example.com/payment/success?order=${order.reference}&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(f.get("cancel_url")).toBe(`https://site.example.com/cart?cancelled=${order.reference}`);
    const expiresIn = Number(f.get("expires_at")) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThanOrEqual(30 * 60);
    expect(expiresIn).toBeLessThan(33 * 60);
  });

  it("a group booking's session charges every place: quantity = places for the course and each add-on, the total ours to the penny", async () => {
    const before = stripe.requests.length;
    const order = await placeOne({}, [
      { id: course.id, selectedDate: course.dateId, selectedAddons: [course.addOnId], quantity: 3 },
    ]);
    // (£250 + £60) × 3.
    expect(order.total).toBe(930);
    const session = stripe.requests.slice(before).find((r) => r.path === "/v1/checkout/sessions")!;
    const f = session.form;
    expect([f.get("line_items[0][quantity]"), f.get("line_items[0][price_data][unit_amount]")]).toEqual(["3", "25000"]);
    expect([f.get("line_items[1][quantity]"), f.get("line_items[1][price_data][unit_amount]")]).toEqual(["3", "6000"]);
    // The way back cancels it: its three places go back at once.
    expect((await ctx.app.inject({ method: "POST", url: `/api/orders/${order.reference}/cancel` })).statusCode).toBe(200);
  });

  it("a completed session marks the order paid once: activity, mails; the same event twice changes nothing", async () => {
    const order = await placeOne({ first_name: "Stripey" });
    const payload = sessionEvent("checkout.session.completed", order.reference, order.sessionId);
    const res = await webhook(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await status(order.reference)).toMatchObject({ status: "paid", amount_paid: 310 });
    const payments = await ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.type, "payment"), eq(activityLog.userName, "Stripey Jones")));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amountPence: 31000, items: 1 });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, order.reference));
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.text} like ${`%${formatBookingRef(row!.bookingRef)}%`}`);
    expect(mails.map((m) => m.kind).sort()).toEqual(["booking_confirmation", "new_booking"]);

    const counts = [await countRows(activityLog), await countRows(mailOutbox), await countRows(paymentEvents)];
    // Stripe redelivers the same event (same id, fresh signature).
    expect((await webhook(payload)).statusCode).toBe(200);
    // A different event for the same payment (async success after completion) changes nothing either.
    expect(
      (await webhook(sessionEvent("checkout.session.async_payment_succeeded", order.reference, order.sessionId))).statusCode,
    ).toBe(200);
    expect([await countRows(activityLog), await countRows(mailOutbox), await countRows(paymentEvents)]).toEqual([
      counts[0],
      counts[1],
      counts[2]! + 1,
    ]);
  });

  it("refuses a bad signature, a tampered body and a missing signature with 400", async () => {
    const order = await placeOne();
    const payload = sessionEvent("checkout.session.completed", order.reference, order.sessionId);
    const wrongSecret = stripeForSigning.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    expect((await webhook(payload, wrongSecret)).statusCode).toBe(400);
    const signed = stripeForSigning.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = payload.replace('"amount_total":31000', '"amount_total":1');
    const res = await webhook(tampered, signed);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Invalid signature" });
    expect((await webhook(payload, "")).statusCode).toBe(400);
    expect((await status(order.reference)).status).toBe("pending");
  });

  it("events out of order: `expired` after `completed` changes nothing; `completed` after `expired` takes the seat again if it is free", async () => {
    const a = await placeOne();
    expect((await webhook(sessionEvent("checkout.session.completed", a.reference, a.sessionId))).statusCode).toBe(200);
    expect(
      (
        await webhook(
          sessionEvent("checkout.session.expired", a.reference, a.sessionId, { payment_status: "unpaid", status: "expired" }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await status(a.reference)).status).toBe("paid");

    const b = await placeOne({ first_name: "Late" });
    expect(
      (
        await webhook(
          sessionEvent("checkout.session.expired", b.reference, b.sessionId, { payment_status: "unpaid", status: "expired" }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await status(b.reference)).status).toBe("expired");
    expect((await webhook(sessionEvent("checkout.session.completed", b.reference, b.sessionId))).statusCode).toBe(200);
    expect(await status(b.reference)).toMatchObject({ status: "paid", amount_paid: 310 });
  });

  it("money for a released order whose seat is gone: the order stays expired and the provider is asked to refund", async () => {
    const small = await createCourse(ctx.db, { title: "Tiny Class", feePence: 5000, capacity: 1 }, ctx.clock.now());
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, small));
    const one = [{ id: small, selectedDate: date!.id, selectedAddons: [] }];
    const a = await placeOne({ first_name: "Slow" }, one);
    await webhook(
      sessionEvent("checkout.session.expired", a.reference, a.sessionId, { payment_status: "unpaid", status: "expired" }),
    );
    await placeOne({ first_name: "Quick" }, one);
    expect((await enroll(ctx.app, orderPayload(one))).statusCode).toBe(409);

    expect(
      (await webhook(sessionEvent("checkout.session.completed", a.reference, a.sessionId, { amount_total: 5000 }))).statusCode,
    ).toBe(200);
    expect((await status(a.reference)).status).toBe("expired");
    const refund = await ctx.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "Payment for a released order: refund needed"));
    expect(refund).toHaveLength(1);
    expect(refund[0]).toMatchObject({ amountPence: 5000, items: 1 });
    const [notice] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "late_payment"));
    expect(notice).toMatchObject({ to: "office@example.com" });
    expect(notice!.text).toContain("£50.00");
  });

  it("a failed async payment cancels the order and frees its seat; an async success pays it", async () => {
    const a = await placeOne();
    await webhook(sessionEvent("checkout.session.completed", a.reference, a.sessionId, { payment_status: "unpaid" }));
    expect((await status(a.reference)).status).toBe("pending");
    await webhook(sessionEvent("checkout.session.async_payment_failed", a.reference, a.sessionId, { payment_status: "unpaid" }));
    expect((await status(a.reference)).status).toBe("cancelled");

    const b = await placeOne();
    await webhook(sessionEvent("checkout.session.async_payment_succeeded", b.reference, b.sessionId));
    expect((await status(b.reference)).status).toBe("paid");
  });

  it("finds the order by session id when the event carries no reference, and acknowledges unknown orders", async () => {
    const a = await placeOne();
    await webhook(sessionEvent("checkout.session.completed", "", a.sessionId, { client_reference_id: null, metadata: {} }));
    expect((await status(a.reference)).status).toBe("paid");
    expect((await webhook(sessionEvent("checkout.session.completed", "no-such-order", "cs_unknown"))).statusCode).toBe(200);
  });

  it("admin cancel expires the Checkout Session so it cannot be paid", async () => {
    const a = await placeOne();
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "admin@example.com", password: "Admin!Passw0rd" },
    });
    const cookie = `session=${login.cookies.find((c) => c.name === "session")!.value}`;
    const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, a.reference));
    const res = await ctx.app.inject({ method: "POST", url: `/api/enrollments/${row!.id}/cancel`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(stripe.requests.at(-1)!.path).toBe(`/v1/checkout/sessions/${a.sessionId}/expire`);
  });

  it("when Stripe cannot open a session: 503, and the seats are given back at once", async () => {
    allowConsoleError();
    const tiny = await createCourse(ctx.db, { feePence: 1000, capacity: 1 }, ctx.clock.now());
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, tiny));
    stripe.setFailing(true);
    try {
      const res = await enroll(ctx.app, orderPayload([{ id: tiny, selectedDate: date!.id }]));
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe("We could not open the payment page. Please try again in a few minutes.");
    } finally {
      stripe.setFailing(false);
    }
    expect((await enroll(ctx.app, orderPayload([{ id: tiny, selectedDate: date!.id }]))).statusCode).toBe(201);
  });

  it("the local payment page does not exist with the stripe provider", async () => {
    const a = await placeOne();
    expect((await ctx.app.inject({ method: "GET", url: `/api/payments/local/${a.reference}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${a.reference}/pay` })).statusCode).toBe(404);
    expect((await status(a.reference)).status).toBe("pending");
  });
});

describe("customer cancel with Stripe (POST /api/orders/:reference/cancel)", () => {
  async function smallCourse(title: string) {
    const id = await createCourse(ctx.db, { title, feePence: 5000, capacity: 1 }, ctx.clock.now());
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
    const courses = [{ id, selectedDate: date!.id, selectedAddons: [] }];
    return { courses, courseId: id };
  }
  const cancel = (reference: string) => ctx.app.inject({ method: "POST", url: `/api/orders/${reference}/cancel` });
  const logsOf = async (reference: string) =>
    (
      await ctx.db
        .select()
        .from(activityLog)
        .where(
          sql`${activityLog.details} like ${`%${formatBookingRef((await ctx.db.select().from(orders).where(eq(orders.reference, reference)))[0]!.bookingRef)}%`}`,
        )
    )
      .filter((l) => l.action !== "New enrollment" && l.action !== "Payment received")
      .map((l) => l.action);

  it("expires the Checkout Session through the SDK and frees the seat at once; Stripe's later `expired` event changes nothing", async () => {
    const { courses, courseId } = await smallCourse("Cancel Me Course");
    const a = await placeOne({}, courses);
    expect(await placesLeft(ctx.app, courseId)).toBe(0);
    const before = stripe.requests.length;

    const res = await cancel(a.reference);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ reference: a.reference, status: "cancelled" });
    const sent = stripe.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /v1/checkout/sessions/${a.sessionId}/expire`]);
    expect(sent[0]!.headers.authorization).toBe("Bearer sk_test_fake_key");
    expect(await placesLeft(ctx.app, courseId)).toBe(1);
    expect(await logsOf(a.reference)).toEqual(["Enrollment cancelled"]);

    // The event Stripe sends for the expiry finds the order cancelled already.
    await webhook(
      sessionEvent("checkout.session.expired", a.reference, a.sessionId, { payment_status: "unpaid", status: "expired" }),
    );
    expect((await status(a.reference)).status).toBe("cancelled");
    expect(await logsOf(a.reference)).toEqual(["Enrollment cancelled"]);
    // Cancelling again asks Stripe nothing more.
    const again = stripe.requests.length;
    expect((await cancel(a.reference)).json()).toMatchObject({ status: "cancelled" });
    expect(stripe.requests.length).toBe(again);
  });

  it("a session the customer already completed is not cancelled: 409, the seat stays held, the webhook marks it paid", async () => {
    const { courses, courseId } = await smallCourse("Paid Meanwhile Course");
    const a = await placeOne({}, courses);
    stripe.complete(a.sessionId);
    const before = stripe.requests.length;

    const res = await cancel(a.reference);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "This order has already been paid." });
    // Stripe refused to expire it; the session itself says it is complete.
    expect(stripe.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /v1/checkout/sessions/${a.sessionId}/expire`,
      `GET /v1/checkout/sessions/${a.sessionId}`,
    ]);
    expect((await status(a.reference)).status).toBe("pending");
    expect(await placesLeft(ctx.app, courseId)).toBe(0);
    expect(await logsOf(a.reference)).toEqual([]);

    await webhook(sessionEvent("checkout.session.completed", a.reference, a.sessionId, { amount_total: 5000 }));
    expect(await status(a.reference)).toMatchObject({ status: "paid", amount_paid: 50 });
    expect((await cancel(a.reference)).statusCode).toBe(409);
  });

  it("a payment webhook arriving while the cancel waits for Stripe waits for the order's lock, then pays the order", async () => {
    const { courses, courseId } = await smallCourse("Race Course");
    const a = await placeOne({}, courses);
    stripe.complete(a.sessionId);
    stripe.setExpireDelay(400);
    const finished: string[] = [];
    try {
      const cancelling = cancel(a.reference).then((r) => (finished.push("cancel"), r));
      // Let the cancel take the row lock and reach Stripe before the webhook comes in.
      await new Promise((r) => setTimeout(r, 150));
      const paying = webhook(sessionEvent("checkout.session.completed", a.reference, a.sessionId, { amount_total: 5000 })).then(
        (r) => (finished.push("webhook"), r),
      );
      const [c, w] = await Promise.all([cancelling, paying]);
      expect(c.statusCode).toBe(409);
      expect(w.statusCode).toBe(200);
    } finally {
      stripe.setExpireDelay(0);
    }
    expect(finished).toEqual(["cancel", "webhook"]);
    expect(await status(a.reference)).toMatchObject({ status: "paid", amount_paid: 50 });
    expect(await placesLeft(ctx.app, courseId)).toBe(0);
    expect(await logsOf(a.reference)).toEqual([]);
  });

  it("when Stripe cannot be asked, the order is cancelled anyway so its seat is not held for half an hour", async () => {
    const { courses, courseId } = await smallCourse("Outage Course");
    const a = await placeOne({}, courses);
    stripe.setFailing(true);
    try {
      const res = await cancel(a.reference);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: "cancelled" });
    } finally {
      stripe.setFailing(false);
    }
    expect(await placesLeft(ctx.app, courseId)).toBe(1);
  });
});

describe("a paid webhook is confirmed with Stripe before the order is marked paid (decision 105)", () => {
  // A course of its own with room for every order below (same price as `course`: £250 + £60 add-on).
  let roomy: { id: number; selectedDate: number; selectedAddons: number[] }[];
  beforeAll(async () => {
    const id = await createCourse(
      ctx.db,
      {
        title: "Door Supervisor",
        feePence: 25000,
        capacity: 100,
        addOns: [{ name: "First aid", pricePence: 6000, description: "" }],
      },
      ctx.clock.now(),
    );
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
    const [addOn] = await ctx.db.select().from(courseAddOns).where(eq(courseAddOns.courseId, id));
    roomy = [{ id, selectedDate: date!.id, selectedAddons: [addOn!.id] }];
  });
  const placeOne = () => placeOneOn(roomy);
  const mismatchRows = async () => ({
    // In the order they were written (`.at(-1)` is the newest; a table scan's order is not).
    activity: await ctx.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "Payment did not match its order"))
      .orderBy(activityLog.id),
    mail: await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "payment_mismatch")).orderBy(mailOutbox.id),
  });

  it("1p paid for the order's total: never marked paid; activity entry and one mail to the office, even when redelivered", async () => {
    const before = await mismatchRows();
    const order = await placeOne();
    stripe.tamper(order.sessionId, { amount_total: 1 });
    const payload = sessionEvent("checkout.session.completed", order.reference, order.sessionId, { amount_total: 1 });
    expect((await webhook(payload)).statusCode).toBe(200);
    expect((await webhook(payload)).statusCode).toBe(200);
    expect(await status(order.reference)).toMatchObject({ status: "pending", amount_paid: null });
    const after = await mismatchRows();
    expect(after.activity.length).toBe(before.activity.length + 1);
    expect(after.mail.length).toBe(before.mail.length + 1);
    const mail = after.mail.at(-1)!;
    expect(mail.to).toBe("office@example.com");
    expect(mail.text).toMatch(/amount paid \(1\) is not the booking total \(31000\)/);
    expect(mail.text).toMatch(/NOT marked paid/);
  });

  it("an event whose own amount is right but whose session at Stripe says otherwise is not trusted", async () => {
    const order = await placeOne();
    stripe.tamper(order.sessionId, { amount_total: 100 });
    expect((await webhook(sessionEvent("checkout.session.completed", order.reference, order.sessionId))).statusCode).toBe(200);
    expect((await status(order.reference)).status).toBe("pending");
  });

  it("another currency is a mismatch", async () => {
    const order = await placeOne();
    stripe.tamper(order.sessionId, { currency: "usd" });
    expect(
      (await webhook(sessionEvent("checkout.session.completed", order.reference, order.sessionId, { currency: "usd" })))
        .statusCode,
    ).toBe(200);
    expect((await status(order.reference)).status).toBe("pending");
    expect((await mismatchRows()).mail.at(-1)!.text).toMatch(/currency is usd/);
  });

  it("an event's reference never wins over its session: session and order must belong together", async () => {
    const cheap = await placeOne();
    const dear = await placeOne();
    // Stripe's record of `cheap`'s session is paid; the event names `dear` as its reference.
    const payload = sessionEvent("checkout.session.completed", dear.reference, cheap.sessionId);
    expect((await webhook(payload)).statusCode).toBe(200);
    expect((await status(dear.reference)).status).toBe("pending");
    expect((await status(cheap.reference)).status).toBe("pending");
    expect((await mismatchRows()).mail.at(-1)!.text).toMatch(/do not belong together/);
  });

  it("a session Stripe records for another booking does not pay this one", async () => {
    const order = await placeOne();
    const other = await placeOne();
    stripe.tamper(order.sessionId, { reference: other.reference });
    expect((await webhook(sessionEvent("checkout.session.completed", other.reference, order.sessionId))).statusCode).toBe(200);
    expect((await status(order.reference)).status).toBe("pending");
    expect((await status(other.reference)).status).toBe("pending");
  });

  it("a session Stripe says is unpaid does not pay the order, whatever the event says", async () => {
    const order = await placeOne();
    const payload = sessionEvent("checkout.session.completed", order.reference, order.sessionId);
    stripe.tamper(order.sessionId, { payment_status: "unpaid" });
    expect((await webhook(payload)).statusCode).toBe(200);
    expect((await status(order.reference)).status).toBe("pending");
  });

  it("the matching session pays the order with the amount Stripe reports", async () => {
    const order = await placeOne();
    expect((await webhook(sessionEvent("checkout.session.completed", order.reference, order.sessionId))).statusCode).toBe(200);
    expect(await status(order.reference)).toMatchObject({ status: "paid", amount_paid: 310 });
    const retrieved = stripe.requests.filter((r) => r.method === "GET" && r.path === `/v1/checkout/sessions/${order.sessionId}`);
    expect(retrieved.length).toBeGreaterThan(0);
  });
});
