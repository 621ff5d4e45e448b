/**
 * course_dates.seats_held (migration 0004, decision 080) is kept by triggers; bookings trust it
 * under lock. After every kind of change it must equal a recount from the order items, and the
 * places left must follow the seat rule (paid + pending with a live hold).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { courseDates, orders } from "../src/db/schema";
import { createCourse, createDiscount } from "../src/db/seed/factories";
import { confirmPayment } from "../src/modules/orders";
import { loginAdmin, setupApp, type Session, type TestContext } from "./helpers";
import { inDays, orderPayload } from "./fixtures";

let ctx: TestContext;
let admin: Session;

beforeAll(async () => {
  ctx = await setupApp();
  admin = await loginAdmin(ctx);
});
afterAll(async () => {
  await ctx.close();
});

/** Dates whose counter differs from the recount (seats of items in pending or paid orders). */
async function counterMismatches() {
  const { rows } = await ctx.pool.query(`
    select d.id, d.seats_held, coalesce(sum(i.seats) filter (where o.status in ('pending', 'paid')), 0)::int as recount
    from course_dates d left join order_items i on i.course_date_id = d.id left join orders o on o.id = i.order_id
    group by d.id having d.seats_held <> coalesce(sum(i.seats) filter (where o.status in ('pending', 'paid')), 0)`);
  return rows;
}

/** The seat rule counted from the order items, for comparison with the API's places left. */
async function ruleSeats(dateId: number): Promise<number> {
  const { rows } = await ctx.pool.query(
    `select coalesce(sum(i.seats), 0)::int as n from order_items i join orders o on o.id = i.order_id
     where i.course_date_id = $1 and (o.status = 'paid' or (o.status = 'pending' and o.expires_at > $2))`,
    [dateId, ctx.clock.now()],
  );
  return rows[0].n;
}

async function expectConsistent(courseId: number, dates: { id: number; capacity: number }[]) {
  expect(await counterMismatches()).toEqual([]);
  const detail = (await ctx.app.inject({ method: "GET", url: `/api/courses/${courseId}` })).json();
  for (const d of dates) {
    const shown = detail.courseDates.find((x: { id: number }) => x.id === d.id).placesLeft;
    expect(shown).toBe(Math.max(0, d.capacity - (await ruleSeats(d.id))));
  }
}

const enroll = (payload: object) => (ctx.clock.advance(1), ctx.app.inject({ method: "POST", url: "/api/enroll", payload }));
const local = (reference: string, action: "pay" | "cancel") => (
  ctx.clock.advance(1),
  ctx.app.inject({ method: "POST", url: `/api/payments/local/${reference}/${action}` })
);

describe("seat counter", () => {
  it("the seeded orders are counted (backfill and triggers agree)", async () => {
    expect(await counterMismatches()).toEqual([]);
  });

  it("equals the recount after bookings, payments, cancels, expiries and late payments", async () => {
    // Two trainings, one date each: date A (2 seats) and date B (3 seats).
    const training = async (days: number, capacity: number) => {
      const day = inDays(days, ctx.clock.now());
      const id = await createCourse(
        ctx.db,
        { capacity: 12, dates: [{ startDate: day, endDate: day, capacity }] },
        ctx.clock.now(),
      );
      const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
      return { courseId: id, id: date!.id, capacity };
    };
    const a = await training(50, 2);
    const b = await training(51, 3);
    const one = (date: typeof a, over: Record<string, unknown> = {}) =>
      orderPayload([{ id: date.courseId, selectedDate: date.id }], over);
    const check = async () => {
      await expectConsistent(a.courseId, [a]);
      await expectConsistent(b.courseId, [b]);
    };
    await check();

    // Bookings: one order for both dates (fast path), one with a code (locked recount path).
    const both = await enroll(
      orderPayload([
        { id: a.courseId, selectedDate: a.id },
        { id: b.courseId, selectedDate: b.id },
      ]),
    );
    expect(both.statusCode).toBe(201);
    const code = await createDiscount(ctx.db, { maxUses: 5 }, ctx.clock.now());
    const coded = await enroll(one(b, { discount_code: code.code }));
    expect(coded.statusCode).toBe(201);
    await check();

    // Payment keeps the seats; cancel (customer, then admin) gives them back.
    expect((await local(both.json().reference, "pay")).statusCode).toBe(303);
    await check();
    expect((await local(coded.json().reference, "cancel")).statusCode).toBe(303);
    await check();
    const toCancel = await enroll(one(b));
    const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, toCancel.json().reference));
    expect(
      (await ctx.app.inject({ method: "POST", url: `/api/enrollments/${row!.id}/cancel`, headers: admin.headers })).statusCode,
    ).toBe(200);
    await check();

    // Date A is now full (2 of 2): the counter refuses, and so does the full rule.
    const last = await enroll(one(a));
    expect(last.statusCode).toBe(201);
    expect((await enroll(one(a))).statusCode).toBe(409);
    await check();

    // The hold runs out: the seat is free before the worker runs (the counter still holds it, so
    // the booking goes the locked path that drops lapsed holds) …
    ctx.clock.advance(30 * 60_000 + 1000);
    await check();
    const taker = await enroll(one(a));
    expect(taker.statusCode).toBe(201);
    expect((await enroll(one(a))).statusCode).toBe(409);
    // … and the worker marks the lapsed order expired, taking it off the counter.
    expect(await ctx.app.workers.expireOrders()).toBeGreaterThanOrEqual(1);
    expect((await ctx.db.select().from(orders).where(eq(orders.reference, last.json().reference)))[0]!.status).toBe("expired");
    await check();

    // A late payment for the expired order: date A is full again, so it is refused (refund
    // needed) and the counter does not move.
    const refused = await confirmPayment(ctx.db, { reference: last.json().reference }, ctx.clock.now(), { lateAccepted: true });
    expect(refused.kind).toBe("late_refund_needed");
    await check();

    // Once a seat is free again (the taker cancels), the late payment takes it.
    expect((await local(taker.json().reference, "cancel")).statusCode).toBe(303);
    const accepted = await confirmPayment(ctx.db, { reference: last.json().reference }, ctx.clock.now(), { lateAccepted: true });
    expect(accepted.kind).toBe("paid");
    await check();
    expect((await enroll(one(a))).statusCode).toBe(409);

    // Deleting an order in the database (cascading to its items) takes its seats off too.
    await ctx.pool.query("delete from orders where reference = $1", [both.json().reference]);
    await check();
  });

  it("admin edits of a date (capacity) leave the counter alone", async () => {
    const start = inDays(60, ctx.clock.now());
    const courseId = await createCourse(
      ctx.db,
      { capacity: 4, dates: [{ startDate: start, endDate: start, capacity: 4 }] },
      ctx.clock.now(),
    );
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, courseId));
    expect((await enroll(orderPayload([{ id: courseId, selectedDate: date!.id }]))).statusCode).toBe(201);
    await ctx.db.update(courseDates).set({ capacity: 1 }).where(eq(courseDates.id, date!.id));
    expect(await counterMismatches()).toEqual([]);
    expect((await enroll(orderPayload([{ id: courseId, selectedDate: date!.id }]))).statusCode).toBe(409);
  });
});
