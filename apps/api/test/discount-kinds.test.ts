import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { courseDates } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { inDays, orderPayload } from "./fixtures";
import { loginAdmin, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { enroll } from "./ordering";

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  admin = await loginAdmin(ctx);
});
afterAll(() => ctx.close());

const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
const validate = (code: string, courseIds?: number[]) =>
  ctx.app.inject({
    method: "GET",
    url: `/api/discounts/validate/${code}${courseIds ? `?course_ids=${courseIds.join(",")}` : ""}`,
  });
let n = 0;
const code = (over: object = {}) => ({
  code: `KIND${++n}X`,
  valid_from: inDays(0, ctx.clock.now()),
  valid_until: inDays(30, ctx.clock.now()),
  max_uses: 5,
  ...over,
});

/** A course with fee `feePence` and one open date; returns its id and date id. */
async function course(feePence: number) {
  const id = await createCourse(ctx.db, { feePence }, ctx.clock.now());
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  return { id, selectedDate: date!.id };
}

async function enrolment(placed: { reference: string; booking_reference: string }) {
  const list = await api("GET", `/api/enrollments?q=${placed.booking_reference}`);
  return list.json().find((e: { reference: string }) => e.reference === placed.reference);
}

describe("fixed-amount codes", () => {
  it("are created with amount_off in pounds, and refuse both kinds at once", async () => {
    const res = await api("POST", "/api/discounts", code({ amount_off: 25.5 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      percent_off: null,
      amount_off: 25.5,
      course_ids: [],
      status: "active",
      uses: 0,
      uses_left: 5,
    });
    const both = await api("POST", "/api/discounts", code({ amount_off: 10, percent_off: 10 }));
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe("Give either a percentage or an amount off, not both");
    const neither = await api("POST", "/api/discounts", code());
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe("Discount must be greater than 0%");
    expect((await api("POST", "/api/discounts", code({ amount_off: 0 }))).json().message).toBe(
      "Amount off must be greater than £0",
    );
    expect((await api("POST", "/api/discounts", code({ amount_off: 1.234 }))).json().message).toBe("Use at most 2 decimals");
  });

  it("take the amount off the order once, split over its lines, and never below £0", async () => {
    const created = (await api("POST", "/api/discounts", code({ amount_off: 30 }))).json();
    const a = await course(10000);
    const b = await course(5000);
    const res = await enroll(ctx.app, orderPayload([a, b], { discount_code: created.code }), { clock: ctx.clock });
    expect(res.statusCode).toBe(201);
    expect(res.json().total).toBe(120);
    const e = await enrolment(res.json());
    expect(e).toMatchObject({ subtotal: 150, discount: 30, total: 120, percent_off: null, amount_off: 30 });
    // £30 split in proportion: £20 off the £100 line, £10 off the £50 line.
    expect(e.courses.map((c: { pivot: { price_paid: number } }) => c.pivot.price_paid)).toEqual([80, 40]);

    const big = (await api("POST", "/api/discounts", code({ amount_off: 500 }))).json();
    const free = await enroll(ctx.app, orderPayload([a], { discount_code: big.code }), { clock: ctx.clock });
    expect(free.statusCode).toBe(201);
    expect(free.json().total).toBe(0);

    expect((await validate(created.code)).json()).toEqual({
      valid: true,
      message: "Discount applied: £30 off",
      discount: { percent_off: null, amount_off: 30, course_ids: [] },
    });
  });

  it("switch kind on update (the other is cleared)", async () => {
    const created = (await api("POST", "/api/discounts", code({ percent_off: 20 }))).json();
    const toAmount = await api("PUT", `/api/discounts/${created.id}`, { amount_off: 15 });
    expect(toAmount.statusCode).toBe(200);
    expect(toAmount.json()).toMatchObject({ percent_off: null, amount_off: 15 });
    const back = await api("PUT", `/api/discounts/${created.id}`, { percent_off: 5 });
    expect(back.json()).toMatchObject({ percent_off: 5, amount_off: null });
    expect((await api("PUT", `/api/discounts/${created.id}`, { percent_off: 5, amount_off: 5 })).statusCode).toBe(400);
  });
});

describe("codes limited to chosen courses", () => {
  it("apply only to those courses' lines, and are refused for a cart without them", async () => {
    const door = await course(20000);
    const cctv = await course(10000);
    const created = await api("POST", "/api/discounts", code({ percent_off: 50, course_ids: [door.id] }));
    expect(created.statusCode).toBe(201);
    expect(created.json().course_ids).toEqual([door.id]);
    const limited = created.json().code as string;

    expect((await validate(limited, [cctv.id])).json()).toEqual({
      valid: false,
      message: "This discount code does not apply to the courses in your cart",
      discount: null,
    });
    expect((await validate(limited, [cctv.id, door.id])).json()).toMatchObject({
      valid: true,
      discount: { percent_off: 50, amount_off: null, course_ids: [door.id] },
    });
    // Without the cart the courses are reported for the cart to use.
    expect((await validate(limited)).json()).toMatchObject({ valid: true, discount: { course_ids: [door.id] } });

    const refused = await enroll(ctx.app, orderPayload([cctv], { discount_code: limited }), { clock: ctx.clock });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This discount code does not apply to the courses in your cart");

    const mixed = await enroll(ctx.app, orderPayload([door, cctv], { discount_code: limited }), { clock: ctx.clock });
    expect(mixed.statusCode).toBe(201);
    // Half off the £200 course only: £100 + £100.
    expect(mixed.json().total).toBe(200);
    const e = await enrolment(mixed.json());
    expect(e.courses.map((c: { pivot: { price_paid: number } }) => c.pivot.price_paid)).toEqual([100, 100]);
  });

  it("refuse unknown courses and can be widened to every course again", async () => {
    const unknown = await api("POST", "/api/discounts", code({ percent_off: 10, course_ids: [987654] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Unknown course");
    const c = await course(10000);
    const created = (await api("POST", "/api/discounts", code({ percent_off: 10, course_ids: [c.id] }))).json();
    const widened = await api("PUT", `/api/discounts/${created.id}`, { course_ids: [] });
    expect(widened.json().course_ids).toEqual([]);
    expect((await api("GET", `/api/discounts/${created.id}`)).json().course_ids).toEqual([]);
  });
});

describe("status", () => {
  it("says active, scheduled, expired or used up in the list and on each code", async () => {
    const list = (await api("GET", "/api/discounts")).json() as { code: string; status: string }[];
    const statusOf = (c: string) => list.find((d) => d.code === c)?.status;
    expect(statusOf("WELCOME10")).toBe("active");
    expect(statusOf("SUMMER20")).toBe("scheduled");
    expect(statusOf("SPRING15")).toBe("expired");
    expect(statusOf("FIRST50")).toBe("used_up");
    const first50 = list.find((d) => d.code === "FIRST50") as unknown as { id: number };
    expect((await api("GET", `/api/discounts/${first50.id}`)).json().status).toBe("used_up");
  });
});
