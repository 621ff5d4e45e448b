import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { formatBookingRef } from "@app/contract";
import type pg from "pg";
import { buildApp } from "../src/app";
import { createPool, withDatabase } from "../src/db/client";
import { activityLog, courseDates, orders } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { parseEnv } from "../src/env";
import { loginAdmin, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { inDays, orderPayload } from "./fixtures";
import { enroll, placesLeft } from "./ordering";

let ctx: TestContext;
let admin: Session;
// A second API instance on the same database, with its own pool: concurrency across instances.
let other: { app: FastifyInstance; pool: pg.Pool };

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  admin = await loginAdmin(ctx);
  const pool = createPool(withDatabase(inject("serverUrl"), ctx.dbName), 20);
  const env = parseEnv({
    ...MANY_CUSTOMERS_ENV,
    NODE_ENV: "test",
    LOG_LEVEL: "error",
    DATABASE_URL: withDatabase(inject("serverUrl"), ctx.dbName),
  });
  const app = await buildApp({ env, pool, now: ctx.clock.now, logStream: { write: (line) => console.error(line) } });
  await app.ready();
  other = { app, pool };
});
afterAll(async () => {
  await other.app.close();
  await other.pool.end();
  await ctx.close();
});

// The catalogue cache notices order changes by their updated_at: let the frozen test clock move on.
const post = (url: string) => (ctx.clock.advance(1), ctx.app.inject({ method: "POST", url }));

async function courseWithDates(capacities: number[]) {
  const start = inDays(40, ctx.clock.now());
  const id = await createCourse(
    ctx.db,
    {
      capacity: 12,
      dates: capacities.map((capacity, i) => ({ startDate: start, endDate: inDays(41 + i, ctx.clock.now()), capacity })),
    },
    ctx.clock.now(),
  );
  const dates = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id)).orderBy(courseDates.id);
  return { id, dateIds: dates.map((d) => d.id) };
}

/** Seats held on a date right now, straight from the tables (paid + live pending). */
async function heldSeats(dateId: number): Promise<number> {
  const { rows } = await ctx.pool.query(
    `select coalesce(sum(oi.seats), 0)::int as n from order_items oi join orders o on o.id = oi.order_id
     where oi.course_date_id = $1 and (o.status = 'paid' or (o.status = 'pending' and o.expires_at > $2))`,
    [dateId, ctx.clock.now()],
  );
  return rows[0].n;
}

describe("seats", () => {
  it("a pending order holds a seat, payment keeps it, cancelling gives it back", async () => {
    const { id, dateIds } = await courseWithDates([3]);
    const date = dateIds[0]!;
    expect(await placesLeft(ctx.app, id, date, { clock: ctx.clock })).toBe(3);
    const a = (await enroll(ctx.app, orderPayload([{ id, selectedDate: date }]), { clock: ctx.clock })).json();
    const b = (await enroll(ctx.app, orderPayload([{ id, selectedDate: date }]), { clock: ctx.clock })).json();
    expect(await placesLeft(ctx.app, id, date, { clock: ctx.clock })).toBe(1);
    expect((await post(`/api/payments/local/${a.reference}/pay`)).statusCode).toBe(303);
    expect(await placesLeft(ctx.app, id, date, { clock: ctx.clock })).toBe(1);
    expect((await post(`/api/payments/local/${b.reference}/cancel`)).statusCode).toBe(303);
    expect(await placesLeft(ctx.app, id, date, { clock: ctx.clock })).toBe(2);
  });

  it("refuses a full date with 409 and a message the site can show", async () => {
    const { id, dateIds } = await courseWithDates([1]);
    expect((await enroll(ctx.app, orderPayload([{ id, selectedDate: dateIds[0]! }]), { clock: ctx.clock })).statusCode).toBe(201);
    const full = await enroll(ctx.app, orderPayload([{ id, selectedDate: dateIds[0]! }]), { clock: ctx.clock });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/^Sorry, Test Course \d+ on .+ is fully booked\. Please choose another date\.$/);
    expect(await placesLeft(ctx.app, id, dateIds[0]!, { clock: ctx.clock })).toBe(0);
  });

  it("50 concurrent orders (two API instances) for the last 5 seats: exactly 5 succeed, 45 get the 409", async () => {
    const { id, dateIds } = await courseWithDates([12]);
    const date = dateIds[0]!;
    // Seven seats taken first: one paid, six pending.
    for (let i = 0; i < 7; i++)
      expect((await enroll(ctx.app, orderPayload([{ id, selectedDate: date }]), { clock: ctx.clock })).statusCode).toBe(201);
    expect(await placesLeft(ctx.app, id, date, { clock: ctx.clock })).toBe(5);

    ctx.clock.advance(1);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        enroll(i % 2 ? other.app : ctx.app, orderPayload([{ id, selectedDate: date }], { first_name: `Racer${i}` })),
      ),
    );
    ctx.clock.advance(1);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(45);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toMatch(/is fully booked/);
    expect(await heldSeats(date)).toBe(12);
    expect(await placesLeft(ctx.app, id, date, { clock: ctx.clock })).toBe(0);
    // Refused orders leave nothing behind: no order rows, no enrollment entries.
    const racers = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.firstName} like 'Racer%'`);
    expect(racers[0]!.n).toBe(5);
  });

  it("orders for two dates in opposite orders run concurrently without deadlock or overselling", async () => {
    const a = await courseWithDates([4]);
    const b = await courseWithDates([4]);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        enroll(
          i % 2 ? other.app : ctx.app,
          orderPayload(
            i % 2
              ? [
                  { id: b.id, selectedDate: b.dateIds[0]! },
                  { id: a.id, selectedDate: a.dateIds[0]! },
                ]
              : [
                  { id: a.id, selectedDate: a.dateIds[0]! },
                  { id: b.id, selectedDate: b.dateIds[0]! },
                ],
          ),
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(4);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(8);
    expect(await heldSeats(a.dateIds[0]!)).toBe(4);
    expect(await heldSeats(b.dateIds[0]!)).toBe(4);
  });

  it("an expired hold gives its seat back; the worker marks the order expired and logs it", async () => {
    const { id, dateIds } = await courseWithDates([1]);
    const date = dateIds[0]!;
    const first = (
      await enroll(ctx.app, orderPayload([{ id, selectedDate: date }], { first_name: "Holder" }), { clock: ctx.clock })
    ).json();
    expect((await enroll(ctx.app, orderPayload([{ id, selectedDate: date }]), { clock: ctx.clock })).statusCode).toBe(409);

    ctx.clock.advance(30 * 60_000 + 1000);
    // The seat is free at the end of the hold, before the worker runs …
    expect(await placesLeft(ctx.app, id, date, { clock: ctx.clock })).toBe(1);
    expect((await ctx.app.inject({ method: "GET", url: `/api/orders/${first.reference}/status` })).json().status).toBe("expired");
    // … and the worker makes it official, once.
    const expired = await ctx.app.workers.expireOrders();
    expect(expired).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, first.reference));
    expect(row).toMatchObject({ status: "expired" });
    expect(row!.expiredAt).not.toBeNull();
    const entries = await ctx.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.action, "Order expired"),
          sql`${activityLog.details} like ${`Booking ${formatBookingRef(row!.bookingRef)}%`}`,
        ),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: "other", amountPence: 10000, items: 1, userName: "System" });
    expect(await ctx.app.workers.expireOrders()).toBe(0);

    // Paying the expired order on the local page is refused; a new customer gets the seat.
    expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${first.reference}/pay` })).statusCode).toBe(409);
    expect((await enroll(ctx.app, orderPayload([{ id, selectedDate: date }]), { clock: ctx.clock })).statusCode).toBe(201);
  });

  it("the enrolments answer shows each status with paid time and amount", async () => {
    const { id, dateIds } = await courseWithDates([5]);
    const paid = (
      await enroll(ctx.app, orderPayload([{ id, selectedDate: dateIds[0]! }], { first_name: "Paula" }), { clock: ctx.clock })
    ).json();
    await ctx.app.inject({ method: "POST", url: `/api/payments/local/${paid.reference}/pay` });
    // The clock has run on past the 30-minute idle sign-out of the session opened in beforeAll.
    admin = await loginAdmin(ctx);
    const list = (await ctx.app.inject({ method: "GET", url: "/api/enrollments", headers: admin.headers })).json();
    const mine = list.find((e: { reference: string }) => e.reference === paid.reference);
    expect(mine).toMatchObject({ status: "paid", amount_paid: 100, total: 100 });
    expect(new Date(mine.paid_at).getTime()).toBe(ctx.clock.now().getTime());
  });
});
