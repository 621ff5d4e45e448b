import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT } from "@app/contract";
import { loginAdmin, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";

/** Issue 11: every admin list is paged on the server (decision 112). */
let ctx: TestContext;
let admin: Session;
const MESSAGES = PAGE_DEFAULT_LIMIT + 25;
beforeAll(async () => {
  ctx = await setupApp();
  admin = await loginAdmin(ctx);
  await ctx.pool.query(
    `insert into contact_messages (first_name, last_name, phone_number, email_address, message, created_at)
     select 'Casey', 'Jones', '07700 900321', 'casey' || n || '@example.com', 'Message number ' || n, now() - n * interval '1 minute'
     from generate_series(1, $1::int) n`,
    [MESSAGES],
  );
  await ctx.pool.query(
    `insert into discount_codes (code, percent_off, valid_from, valid_until, max_uses)
     select 'PAGE' || n, 10, current_date, current_date + 30, 5 from generate_series(1, 30) n`,
  );
  const ds = (await ctx.app.inject({ method: "GET", url: "/api/courses/slug/sia-door-supervisor-course" })).json();
  for (let i = 0; i < 3; i++) {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      remoteAddress: `203.0.113.${i + 1}`,
      payload: orderPayload([{ id: ds.id, selectedDate: ds.courseDates[1].id }], { guest_email: `pager${i}@example.com` }),
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: "GET", url, headers: admin.headers });
const count = async (table: string) => Number((await ctx.pool.query(`select count(*) as n from ${table}`)).rows[0].n);

describe("admin lists are paged on the server", () => {
  it("messages: a capped default page, the total in x-total-count, later pages by page/limit", async () => {
    const total = await count("contact_messages");
    const first = await get("/api/messages");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(PAGE_DEFAULT_LIMIT);
    expect(Number(first.headers["x-total-count"])).toBe(total);
    // Newest first, and page 2 continues where page 1 stopped.
    const p1 = (await get("/api/messages?page=1&limit=50")).json();
    const p2 = (await get("/api/messages?page=2&limit=50")).json();
    const p3 = (await get("/api/messages?page=3&limit=50")).json();
    expect(p1.map((m: { id: number }) => m.id)).toEqual(
      first
        .json()
        .slice(0, 50)
        .map((m: { id: number }) => m.id),
    );
    expect(p3).toHaveLength(total - 100);
    const ids = new Set([...p1, ...p2, ...p3].map((m: { id: number }) => m.id));
    expect(ids.size).toBe(total);
    expect((await get("/api/messages?page=9&limit=50")).json()).toEqual([]);
  });

  it.each(["/api/messages", "/api/discounts", "/api/enrollments", "/api/activity-logs"])(
    "%s refuses a limit above the cap and a page below 1",
    async (path) => {
      for (const q of [`limit=${PAGE_MAX_LIMIT + 1}`, "limit=0", "page=0", "page=-1", "limit=abc"]) {
        const res = await get(`${path}?${q}`);
        expect(res.statusCode, `${path}?${q}`).toBe(400);
        expect(res.json().message).toBeTruthy();
      }
      const max = await get(`${path}?limit=${PAGE_MAX_LIMIT}`);
      expect(max.statusCode).toBe(200);
      expect(max.json().length).toBeLessThanOrEqual(PAGE_MAX_LIMIT);
    },
  );

  it("discounts and enrolments: pages and totals", async () => {
    const discounts = await count("discount_codes where archived_at is null");
    const d = await get("/api/discounts?page=2&limit=10");
    expect(d.json()).toHaveLength(10);
    expect(Number(d.headers["x-total-count"])).toBe(discounts);
    const orders = await count("orders");
    const e = await get("/api/enrollments?limit=2");
    expect(e.json()).toHaveLength(2);
    expect(Number(e.headers["x-total-count"])).toBe(orders);
    // The answer keeps the spec's fields.
    expect(e.json()[0]).toMatchObject({ guest_email: expect.any(String), courses: expect.any(Array) });
  });

  it("activity log: page, limit and since", async () => {
    const total = await count("activity_log");
    const all = await get(`/api/activity-logs?limit=${PAGE_MAX_LIMIT}`);
    expect(Number(all.headers["x-total-count"])).toBe(total);
    const second = (await get("/api/activity-logs?page=2&limit=1")).json();
    expect(second[0].id).toBe(all.json()[1].id);
    const since = all.json()[0].timestamp;
    const recent = await get(`/api/activity-logs?since=${encodeURIComponent(since)}`);
    expect(recent.json().every((e: { timestamp: string }) => e.timestamp >= since)).toBe(true);
    expect(Number(recent.headers["x-total-count"])).toBe(recent.json().length);
    expect((await get("/api/activity-logs?since=yesterday")).statusCode).toBe(400);
  });
});
