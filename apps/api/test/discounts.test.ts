import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, createDiscount, createOrder } from "../src/db/seed/factories";
import { ORDER_HOLD_MINUTES } from "@app/contract";
import { courseDates } from "../src/db/schema";
import { eq } from "drizzle-orm";
import { loginAdmin, setupApp, type Session, type TestContext } from "./helpers";
import { inDays } from "./fixtures";

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await setupApp();
  admin = await loginAdmin(ctx);
});
afterAll(() => ctx.close());

const validate = (code: string) => ctx.app.inject({ method: "GET", url: `/api/discounts/validate/${encodeURIComponent(code)}` });
const create = (payload: object) => ctx.app.inject({ method: "POST", url: "/api/discounts", headers: admin.headers, payload });
const good = () => ({
  code: `NEW${Math.floor(Math.random() * 1e6)}`,
  percent_off: 15,
  valid_from: inDays(0),
  valid_until: inDays(30),
  max_uses: 5,
});

describe("create discount", () => {
  it.each([
    [{ code: "" }, "Discount code is required", "code"],
    [{ code: "AB" }, "Code must be at least 3 characters", "code"],
    [{ code: "abc-1" }, "Code must contain only uppercase letters and numbers", "code"],
    [{ percent_off: 0 }, "Discount must be greater than 0%", "percent_off"],
    [{ percent_off: 101 }, "Discount cannot exceed 100%", "percent_off"],
    [{ valid_from: "" }, "Start date is required", "valid_from"],
    [{ valid_from: inDays(-1) }, "Start date cannot be in the past", "valid_from"],
    [{ valid_until: "" }, "End date is required", "valid_until"],
    [{ valid_until: inDays(0) }, "End date must be after start date", "valid_until"],
    [{ max_uses: 0 }, "Max uses must be greater than 0", "max_uses"],
  ])("refuses %j with '%s'", async (over, message, path) => {
    const res = await create({ ...good(), ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it("creates, reads, updates, refuses duplicates and deletes", async () => {
    const body = good();
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    const d = res.json();
    expect(d).toMatchObject({ ...body, uses: 0, uses_left: 5 });
    expect((await create(body)).statusCode).toBe(409);
    expect((await ctx.app.inject({ method: "GET", url: `/api/discounts/${d.id}`, headers: admin.headers })).json()).toEqual(d);
    const list = (await ctx.app.inject({ method: "GET", url: "/api/discounts", headers: admin.headers })).json();
    expect(list).toContainEqual(d);

    const upd = await ctx.app.inject({
      method: "PUT",
      url: `/api/discounts/${d.id}`,
      headers: admin.headers,
      payload: { percent_off: 25, max_uses: 9 },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ percent_off: 25, max_uses: 9, uses_left: 9 });
    const badRange = await ctx.app.inject({
      method: "PUT",
      url: `/api/discounts/${d.id}`,
      headers: admin.headers,
      payload: { valid_until: body.valid_from },
    });
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().message).toBe("End date must be after start date");

    expect((await ctx.app.inject({ method: "DELETE", url: `/api/discounts/${d.id}`, headers: admin.headers })).statusCode).toBe(
      200,
    );
    expect((await ctx.app.inject({ method: "GET", url: `/api/discounts/${d.id}`, headers: admin.headers })).statusCode).toBe(404);
    expect((await validate(body.code)).json()).toEqual({ valid: false, message: "Invalid discount code", discount: null });
    // A deleted code's text can be used again.
    expect((await create(body)).statusCode).toBe(201);
    const logs = (await ctx.app.inject({ method: "GET", url: "/api/activity-logs?limit=4", headers: admin.headers })).json();
    expect(logs.map((l: { action: string }) => l.action)).toEqual([
      "Discount code created",
      "Discount code deleted",
      "Discount code updated",
      "Discount code created",
    ]);
  });

  it("answers 404 for unknown ids", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/discounts/999999", headers: admin.headers })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: "PUT", url: "/api/discounts/999999", headers: admin.headers, payload: { max_uses: 2 } }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: "DELETE", url: "/api/discounts/999999", headers: admin.headers })).statusCode).toBe(
      404,
    );
  });
});

describe("validate a code", () => {
  it("accepts the seeded valid code (any case) and refuses expired, used up, not yet active and unknown codes", async () => {
    expect((await validate("welcome10")).json()).toEqual({
      valid: true,
      message: "Discount applied: 10% off",
      discount: { percent_off: 10, amount_off: null, course_ids: [] },
    });
    expect((await validate("SPRING15")).json()).toEqual({
      valid: false,
      message: "This discount code has expired",
      discount: null,
    });
    expect((await validate("FIRST50")).json()).toEqual({
      valid: false,
      message: "This discount code has reached its usage limit",
      discount: null,
    });
    expect((await validate("SUMMER20")).json()).toEqual({
      valid: false,
      message: "This discount code is not active yet",
      discount: null,
    });
    expect((await validate("NOPE123")).json()).toEqual({ valid: false, message: "Invalid discount code", discount: null });
  });

  it("is valid on its first and last day (inclusive, UK dates)", async () => {
    const today = inDays(0, ctx.clock.now());
    await createDiscount(ctx.db, { code: "LASTDAY", validFrom: inDays(-5, ctx.clock.now()), validUntil: today }, ctx.clock.now());
    await createDiscount(ctx.db, { code: "FIRSTDAY", validFrom: today, validUntil: inDays(5, ctx.clock.now()) }, ctx.clock.now());
    expect((await validate("LASTDAY")).json().valid).toBe(true);
    expect((await validate("FIRSTDAY")).json().valid).toBe(true);
  });

  it("counts pending orders until their hold runs out, and paid orders for good", async () => {
    const now = ctx.clock.now();
    const courseId = await createCourse(ctx.db, {}, now);
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, courseId));
    await createDiscount(ctx.db, { code: "TWOUSES", maxUses: 2 }, now);
    const line = [{ id: courseId, selectedDate: date!.id, selectedAddons: [] }];
    await createOrder(ctx.db, { courses: line, customer: { discount_code: "TWOUSES" }, status: "paid", at: now });
    await createOrder(ctx.db, { courses: line, customer: { discount_code: "TWOUSES" }, status: "pending", at: now });
    expect((await validate("TWOUSES")).json().message).toBe("This discount code has reached its usage limit");
    ctx.clock.advance((ORDER_HOLD_MINUTES + 1) * 60_000);
    expect((await validate("TWOUSES")).json().valid).toBe(true);
  });

  it("limits checks per client", async () => {
    const app = await setupApp({ env: { DISCOUNT_CHECK_RATE_LIMIT: "3" } });
    try {
      for (let i = 0; i < 3; i++)
        expect((await app.app.inject({ method: "GET", url: "/api/discounts/validate/ABC" })).statusCode).toBe(200);
      const limited = await app.app.inject({ method: "GET", url: "/api/discounts/validate/ABC" });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe("Too many discount code checks. Please try again later.");
    } finally {
      await app.close();
    }
  });
});
