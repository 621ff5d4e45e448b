import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { formatBookingRef } from "@app/contract";
import { activityLog, courseDates, orders } from "../src/db/schema";
import { createCourse, createDiscount } from "../src/db/seed/factories";
import { setupApp, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";
import { enroll, placesLeft } from "./ordering";

// The customer's cancel on return from the payment page (docs/decisions/031), with the local
// provider; the Stripe side (session expired, "already completed") is in payments-stripe.test.ts.
let ctx: TestContext;
let course: { id: number; dateId: number };
beforeAll(async () => {
  ctx = await setupApp();
  const id = await createCourse(ctx.db, { title: "Last Seat Course", feePence: 20000, capacity: 1 }, ctx.clock.now());
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  course = { id, dateId: date!.id };
});
afterAll(() => ctx.close());

const one = () => [{ id: course.id, selectedDate: course.dateId }];
const cancel = (reference: string) => ctx.app.inject({ method: "POST", url: `/api/orders/${reference}/cancel` });
const bookingRefOf = async (reference: string) =>
  formatBookingRef((await ctx.db.select().from(orders).where(eq(orders.reference, reference)))[0]!.bookingRef);
const cancelEntries = async (reference: string) =>
  ctx.db
    .select()
    .from(activityLog)
    .where(
      and(
        eq(activityLog.action, "Enrollment cancelled"),
        eq(
          activityLog.details,
          `Booking ${await bookingRefOf(reference)} for Casey Jones was cancelled by the customer on the payment page; its places were released`,
        ),
      ),
    );

describe("POST /api/orders/:reference/cancel", () => {
  it("cancels a pending order: its last seat and its code use are free at once, with an activity entry", async () => {
    const code = await createDiscount(ctx.db, { code: "ONEUSE", percentOff: 20, maxUses: 1 }, ctx.clock.now());
    const placed = await enroll(ctx.app, orderPayload(one(), { discount_code: code.code }));
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    expect(await placesLeft(ctx.app, course.id)).toBe(0);
    expect((await enroll(ctx.app, orderPayload(one()))).statusCode).toBe(409);
    expect((await ctx.app.inject({ method: "GET", url: "/api/discounts/validate/ONEUSE" })).json().valid).toBe(false);

    const res = await cancel(order.reference);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      reference: order.reference,
      status: "cancelled",
      total: 160,
      amount_paid: null,
      paid_at: null,
    });
    expect(await placesLeft(ctx.app, course.id)).toBe(1);
    expect((await ctx.app.inject({ method: "GET", url: "/api/discounts/validate/ONEUSE" })).json()).toMatchObject({
      valid: true,
    });
    expect(await cancelEntries(order.reference)).toHaveLength(1);
    expect((await cancelEntries(order.reference))[0]).toMatchObject({
      type: "other",
      userName: "Casey Jones",
      amountPence: 16000,
    });

    // The freed seat and code can be booked by the next customer straight away.
    const next = await enroll(ctx.app, orderPayload(one(), { discount_code: "ONEUSE", first_name: "Nell" }));
    expect(next.statusCode).toBe(201);
    expect((await cancel(next.json().reference)).statusCode).toBe(200);
  });

  it("is idempotent: a second cancel answers the same status and changes nothing", async () => {
    const order = (await enroll(ctx.app, orderPayload(one()))).json();
    const first = await cancel(order.reference);
    const second = await cancel(order.reference);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await cancelEntries(order.reference)).toHaveLength(1);
    expect(await placesLeft(ctx.app, course.id)).toBe(1);
  });

  it("answers an expired order with its status and leaves it expired", async () => {
    const order = (await enroll(ctx.app, orderPayload(one()))).json();
    ctx.clock.advance(31 * 60_000);
    await ctx.app.workers.expireOrders();
    const res = await cancel(order.reference);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ reference: order.reference, status: "expired" });
    expect(await cancelEntries(order.reference)).toHaveLength(0);
  });

  it("refuses a paid order with 409 and keeps its seat", async () => {
    const order = (await enroll(ctx.app, orderPayload(one()))).json();
    const pay = await ctx.app.inject({ method: "POST", url: `/api/payments/local/${order.reference}/pay` });
    expect(pay.statusCode).toBe(303);
    const res = await cancel(order.reference);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "This order has already been paid." });
    expect((await ctx.app.inject({ method: "GET", url: `/api/orders/${order.reference}/status` })).json().status).toBe("paid");
    expect(await placesLeft(ctx.app, course.id)).toBe(0);
  });

  it("answers 404 for an unknown reference and a client error (never a 500) for an over-long one", async () => {
    expect((await cancel("no-such-order")).statusCode).toBe(404);
    // Fastify refuses path parameters over 100 characters before the contract's max(100): answered
    // as "no such order" in the error shape (decision 110), as the contract's own check would.
    const long = await cancel("x".repeat(101));
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual({ message: "Not found" });
  });

  it("is rate-limited per client address like the other public calls", async () => {
    let last = 0;
    for (let n = 0; n < 25 && last !== 429; n++) {
      last = (await ctx.app.inject({ method: "POST", url: "/api/orders/no-such-order/cancel", remoteAddress: "203.0.113.9" }))
        .statusCode;
    }
    expect(last).toBe(429);
    // Another address is not affected.
    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/orders/no-such-order/cancel", remoteAddress: "203.0.113.10" }))
        .statusCode,
    ).toBe(404);
  });
});
