/**
 * Real change times of the public catalogue (sitemap <lastmod>, decision 151): each listed course
 * carries updated_at (the course or any of its dates), and /api/catalogue/changes says when the
 * course list and the shop last changed, deletions and archiving included. Seat counts moving
 * with orders are no change of the page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAdmin, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload, trainingPayload } from "./fixtures";

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await setupApp();
  admin = await loginAdmin(ctx);
});
afterAll(() => ctx.close());

type Item = { id: number; slug: string; updated_at: string };
const list = async () => (await ctx.app.inject({ method: "GET", url: "/api/courses" })).json() as Item[];
const changes = async () => {
  const res = await ctx.app.inject({ method: "GET", url: "/api/catalogue/changes" });
  expect(res.statusCode).toBe(200);
  return res.json() as { courses: string; shop: string };
};
const time = (iso: string) => new Date(iso).getTime();
const pause = () => new Promise((r) => setTimeout(r, 20));

describe("catalogue change times", () => {
  it("every listed course has an ISO updated_at; the list's change time is the latest of them or later", async () => {
    const items = await list();
    expect(items.length).toBeGreaterThan(0);
    for (const c of items) expect(c.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const latest = Math.max(...items.map((c) => time(c.updated_at)));
    const { courses, shop } = await changes();
    expect(time(courses)).toBeGreaterThanOrEqual(latest);
    expect(shop).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("a date changed by any write path moves its course's updated_at and the list's change time; other courses keep theirs", async () => {
    const [first, second] = await list();
    const before = await changes();
    await pause();
    await ctx.pool.query(
      "update course_dates set capacity = capacity + 1 where id = (select min(id) from course_dates where course_id = $1)",
      [first!.id],
    );
    const after = await list();
    expect(time(after.find((c) => c.id === first!.id)!.updated_at)).toBeGreaterThan(time(first!.updated_at));
    expect(after.find((c) => c.id === second!.id)!.updated_at).toBe(second!.updated_at);
    expect(time((await changes()).courses)).toBeGreaterThan(time(before.courses));
  });

  it("an order (seats taken) changes no page: updated_at stays", async () => {
    const course = (await list())[0]!;
    const detail = (await ctx.app.inject({ method: "GET", url: `/api/courses/${course.id}` })).json() as {
      courseDates: { id: number }[];
    };
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: course.id, selectedDate: detail.courseDates[0]!.id }]),
    });
    expect(res.statusCode).toBeLessThan(300);
    expect((await list()).find((c) => c.id === course.id)!.updated_at).toBe(course.updated_at);
  });

  it("archiving a course moves the list's change time although the course leaves the list", async () => {
    const created = (
      await ctx.app.inject({
        method: "POST",
        url: "/api/courses",
        headers: admin.headers,
        payload: trainingPayload({ title: "Lastmod Course" }),
      })
    ).json() as { id: number };
    const before = await changes();
    await pause();
    ctx.clock.advance(60_000);
    const removed = await ctx.app.inject({ method: "DELETE", url: `/api/courses/${created.id}`, headers: admin.headers });
    expect(removed.statusCode).toBe(200);
    expect((await list()).some((c) => c.id === created.id)).toBe(false);
    expect(time((await changes()).courses)).toBeGreaterThan(time(before.courses));
  });

  it("adding and deleting a shop item move the shop's change time", async () => {
    const t0 = time((await changes()).shop);
    await pause();
    const added = await ctx.app.inject({
      method: "POST",
      url: "/api/shops",
      headers: admin.headers,
      payload: { name: "Torch", url: "https://shop.example.com/torch" },
    });
    expect(added.statusCode).toBe(201);
    const t1 = time((await changes()).shop);
    expect(t1).toBeGreaterThan(t0);
    await pause();
    const removed = await ctx.app.inject({
      method: "DELETE",
      url: `/api/shops/${(added.json() as { id: number }).id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(time((await changes()).shop)).toBeGreaterThan(t1);
  });
});
