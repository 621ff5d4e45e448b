import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { courseDates, orders } from "../src/db/schema";
import { createCourse, createDiscount } from "../src/db/seed/factories";
import { addDays, ukDate } from "../src/lib/dates";
import { MANY_CUSTOMERS_ENV, secondInstance, setupApp, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";
import { enroll } from "./ordering";

let ctx: TestContext;
let other: Awaited<ReturnType<typeof secondInstance>>;
let course: { id: number; dateId: number };

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  other = await secondInstance(ctx, { env: MANY_CUSTOMERS_ENV, poolSize: 20 });
  const id = await createCourse(ctx.db, { capacity: 200, feePence: 20000 }, ctx.clock.now());
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  course = { id, dateId: date!.id };
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

const validate = (code: string) => ctx.app.inject({ method: "GET", url: `/api/discounts/validate/${code}` });
const withCode = (code: string, over: Record<string, unknown> = {}) =>
  orderPayload([{ id: course.id, selectedDate: course.dateId }], { discount_code: code, ...over });

describe("discount redemption", () => {
  it("20 concurrent orders with a code that has 3 uses left: exactly 3 get the discount, 17 get a 409", async () => {
    const code = await createDiscount(ctx.db, { code: "RACE25", percentOff: 25, maxUses: 5 }, ctx.clock.now());
    // Two uses gone already: one paid, one pending.
    const paid = (await enroll(ctx.app, withCode("RACE25"))).json();
    await ctx.app.inject({ method: "POST", url: `/api/payments/local/${paid.reference}/pay` });
    expect((await enroll(ctx.app, withCode("race25"))).statusCode).toBe(201);
    expect((await validate("RACE25")).json().valid).toBe(true);

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => enroll(i % 2 ? other.app : ctx.app, withCode("RACE25", { first_name: `Coupon${i}` }))),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(17);
    // £200 − 25% = £150 for the three winners.
    for (const r of ok) expect(r.json().total).toBe(150);
    // The 17 were shown the discount at the coupon check: they get an honest refusal, not a silent full price.
    for (const r of refused) expect(r.json()).toEqual({ message: "This discount code has reached its usage limit" });

    const used = await ctx.db.select().from(orders).where(eq(orders.discountCodeId, code.id));
    expect(used.filter((o) => o.status === "paid" || o.status === "pending")).toHaveLength(5);
    // validate and enroll agree: the code is used up for both.
    expect((await validate("RACE25")).json()).toMatchObject({
      valid: false,
      message: "This discount code has reached its usage limit",
    });
    expect((await enroll(ctx.app, withCode("RACE25"))).json().message).toBe("This discount code has reached its usage limit");
  });

  it("an expired hold gives its code use back; a cancelled one too", async () => {
    await createDiscount(ctx.db, { code: "ONCEONLY", percentOff: 10, maxUses: 1 }, ctx.clock.now());
    const first = (await enroll(ctx.app, withCode("ONCEONLY"))).json();
    expect((await validate("ONCEONLY")).json().valid).toBe(false);
    expect((await enroll(ctx.app, withCode("ONCEONLY"))).statusCode).toBe(409);

    ctx.clock.advance(30 * 60_000 + 1);
    expect((await validate("ONCEONLY")).json().valid).toBe(true);
    await ctx.app.workers.expireOrders();
    expect((await ctx.app.inject({ method: "GET", url: `/api/orders/${first.reference}/status` })).json().status).toBe("expired");

    const second = (await enroll(ctx.app, withCode("ONCEONLY"))).json();
    expect(second.total).toBe(180);
    await ctx.app.inject({ method: "POST", url: `/api/payments/local/${second.reference}/cancel` });
    expect((await validate("ONCEONLY")).json().valid).toBe(true);
  });

  it("validate and enroll apply the same window and percent", async () => {
    const today = ukDate(ctx.clock.now());
    await createDiscount(ctx.db, { code: "SOON", validFrom: addDays(today, 2), validUntil: addDays(today, 9) }, ctx.clock.now());
    await createDiscount(
      ctx.db,
      { code: "GONE", validFrom: addDays(today, -9), validUntil: addDays(today, -1) },
      ctx.clock.now(),
    );
    await createDiscount(ctx.db, { code: "TODAYONLY", percentOff: 15, validFrom: today, validUntil: today }, ctx.clock.now());
    for (const [code, message] of [
      ["SOON", "This discount code is not active yet"],
      ["GONE", "This discount code has expired"],
      ["NOSUCHCODE", "Invalid discount code"],
    ] as const) {
      expect((await validate(code)).json()).toMatchObject({ valid: false, message });
      const res = await enroll(ctx.app, withCode(code));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
    }
    expect((await validate("TODAYONLY")).json()).toMatchObject({ valid: true, discount: { percent_off: 15 } });
    expect((await enroll(ctx.app, withCode("TODAYONLY"))).json().total).toBe(170);
  });
});
