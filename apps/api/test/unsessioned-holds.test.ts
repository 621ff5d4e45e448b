import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { activityLog, courseDates, orders } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { attachCheckoutSession, placeOrder, type OrderInput } from "../src/modules/orders";
import { setupApp, type TestContext } from "./helpers";
import { inDays, orderPayload } from "./fixtures";

/** A crash while the payment provider answers (issue 11, decision 102). */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await setupApp({ env: { UNSESSIONED_HOLD_MINUTES: "3" } });
});
afterAll(async () => {
  await ctx.close();
});

async function placesLeft(courseId: number, dateId: number): Promise<number> {
  const res = await ctx.app.inject({ method: "GET", url: `/api/courses/${courseId}` });
  return res.json().courseDates.find((d: { id: number }) => d.id === dateId).placesLeft;
}

describe("holds that never got a payment page", () => {
  it("are released after UNSESSIONED_HOLD_MINUTES, not 30; orders with a session keep their hold", async () => {
    const start = inDays(30, ctx.clock.now());
    const id = await createCourse(
      ctx.db,
      { capacity: 2, dates: [{ startDate: start, endDate: start, capacity: 2 }] },
      ctx.clock.now(),
    );
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
    const input = orderPayload([{ id, selectedDate: date!.id }]) as unknown as OrderInput;
    // Both placed for Stripe; the API "crashed" before the first one got its checkout session.
    const place = async () => {
      const outcome = await placeOrder(ctx.db, input, ctx.clock.now(), "stripe");
      if (outcome.kind !== "placed") throw new Error(outcome.kind);
      return outcome.order;
    };
    const orphan = await place();
    const sessioned = await place();
    await attachCheckoutSession(ctx.db, sessioned.id, "cs_test_kept");
    ctx.clock.advance(1);
    expect(await placesLeft(id, date!.id)).toBe(0);

    ctx.clock.advance(2 * 60_000);
    await ctx.app.workers.expireOrders();
    expect((await ctx.db.select().from(orders).where(eq(orders.id, orphan.id)))[0]!.status).toBe("pending");

    ctx.clock.advance(60_000 + 1000);
    await ctx.app.workers.expireOrders();
    const [released] = await ctx.db.select().from(orders).where(eq(orders.id, orphan.id));
    const [kept] = await ctx.db.select().from(orders).where(eq(orders.id, sessioned.id));
    expect(released!.status).toBe("expired");
    expect(kept!.status).toBe("pending");
    expect(await placesLeft(id, date!.id)).toBe(1);
    const log = await ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, "Order released early")));
    expect(log.some((l) => l.details.includes(orphan.reference.slice(0, 8)))).toBe(true);
  });

  it("the setting is validated", async () => {
    const { parseEnv } = await import("../src/env");
    expect(parseEnv({}).UNSESSIONED_HOLD_MINUTES).toBe(3);
    expect(() => parseEnv({ UNSESSIONED_HOLD_MINUTES: "45" })).toThrow(/UNSESSIONED_HOLD_MINUTES/);
  });
});
