/**
 * What the office's discount form sends and reads (issue 13): a fixed amount or a percentage
 * (exactly one), a course limit, and the status. Pricing with them is the orders domain's (discount-kinds.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAdmin, setupApp, type Session, type TestContext } from "./helpers";
import { inDays } from "./fixtures";
import { ONE_DISCOUNT_KIND_MESSAGE } from "@app/contract";

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await setupApp();
  admin = await loginAdmin(ctx);
});
afterAll(() => ctx.close());

const send = (method: "POST" | "PUT", url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: admin.headers, payload });
const code = (over: object) => ({
  code: `OFF${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
  valid_from: inDays(0),
  valid_until: inDays(30),
  max_uses: 3,
  ...over,
});

describe("discount codes: amounts, course limits, status", () => {
  it("stores a fixed amount in pounds with a course limit, and answers them", async () => {
    const courses = (await ctx.app.inject({ method: "GET", url: "/api/courses" })).json() as { id: number }[];
    const ids = [courses[0]!.id, courses[1]!.id];
    const res = await send("POST", "/api/discounts", code({ amount_off: 25.5, course_ids: ids }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ amount_off: 25.5, status: "active", uses_left: 3 });
    expect([...res.json().course_ids].sort()).toEqual([...ids].sort());
    const byId = (await ctx.app.inject({ method: "GET", url: `/api/discounts/${res.json().id}`, headers: admin.headers })).json();
    expect(byId).toMatchObject({ amount_off: 25.5, status: "active" });

    // Switched to a percentage and back to every course.
    const upd = await send("PUT", `/api/discounts/${res.json().id}`, { percent_off: 10, course_ids: [] });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ percent_off: 10, amount_off: null, course_ids: [] });
  });

  it("wants exactly one of percent_off and amount_off; neither keeps the spec's message", async () => {
    const neither = await send("POST", "/api/discounts", code({}));
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe("Discount must be greater than 0%");
    const both = await send("POST", "/api/discounts", code({ percent_off: 10, amount_off: 5 }));
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(ONE_DISCOUNT_KIND_MESSAGE);
    const zero = await send("POST", "/api/discounts", code({ amount_off: 0 }));
    expect(zero.json().message).toBe("Amount off must be greater than £0");
    const unknown = await send("POST", "/api/discounts", code({ percent_off: 10, course_ids: [999999] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Unknown course");
  });

  it("reports scheduled and expired codes by the UK day", async () => {
    const later = await send("POST", "/api/discounts", code({ percent_off: 5, valid_from: inDays(3), valid_until: inDays(9) }));
    expect(later.json().status).toBe("scheduled");
    const old = await send("PUT", `/api/discounts/${later.json().id}`, { valid_from: inDays(-9), valid_until: inDays(-2) });
    expect(old.json().status).toBe("expired");
    const list = (await ctx.app.inject({ method: "GET", url: "/api/discounts?limit=200", headers: admin.headers })).json() as {
      id: number;
      status: string;
    }[];
    expect(list.find((d) => d.id === later.json().id)!.status).toBe("expired");
  });
});
