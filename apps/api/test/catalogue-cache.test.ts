/**
 * The catalogue cache across two API instances on one database (decision 070): changes made
 * through B (admin edits, bookings) are on A's very next read, pushed by LISTEN/NOTIFY without
 * a query per read; with A's LISTEN connection killed, reads stay right (computed from the
 * database) and the connection comes back; time alone (a hold running out, a new day) moves
 * the answers too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { createCourse } from "../src/db/seed/factories";
import { addDays, ukDate } from "../src/lib/dates";
import { nextUkMidnight } from "../src/modules/courses/catalogue-cache";
import { loginAdmin, secondInstance, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";

let ctx: TestContext;
let a: FastifyInstance;
let b: Awaited<ReturnType<typeof secondInstance>>;
let admin: Session;

beforeAll(async () => {
  ctx = await setupApp();
  a = ctx.app;
  b = await secondInstance(ctx);
  // The session lives in the database: a login on A is good on B.
  admin = await loginAdmin(ctx);
});
afterAll(async () => {
  await b.close();
  await ctx.close();
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers });
type Detail = { id: number; fee: number; courseDates: { id: number; startDate: string; placesLeft: number }[] };
const detail = async (app: FastifyInstance, slug: string) => (await get(app, `/api/courses/slug/${slug}`)).json() as Detail;
const feeInList = async (app: FastifyInstance, slug: string) =>
  ((await get(app, "/api/courses")).json() as { slug: string; fee: number }[]).find((c) => c.slug === slug)?.fee;
const snapshot = () => ({ ...a.catalogueCache.stats });

async function waitFor(what: string, ok: () => boolean, ms = 10_000) {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("catalogue cache across instances", () => {
  it("serves repeated reads from memory: no query per read while the LISTEN connection is up", async () => {
    expect(a.catalogueListener.isReady).toBe(true);
    await get(a, "/api/courses");
    await get(a, "/api/courses/slug/cctv-operator-course");
    const before = snapshot();
    for (let i = 0; i < 20; i++) {
      expect((await get(a, "/api/courses")).statusCode).toBe(200);
      expect((await get(a, "/api/courses/slug/cctv-operator-course")).statusCode).toBe(200);
    }
    const after = snapshot();
    expect(after.hits - before.hits).toBe(40);
    expect(after.unpushed).toBe(before.unpushed);
    expect(after.computed).toBe(before.computed);
  });

  it("an admin edit through B is on A's very next read (list and detail), pushed, not polled", async () => {
    const before = await detail(a, "cctv-operator-course");
    await feeInList(a, "cctv-operator-course");
    const stats = snapshot();
    const put = await b.app.inject({
      method: "PUT",
      url: `/api/courses/${before.id}`,
      headers: admin.headers,
      payload: { fee: before.fee + 7 },
    });
    expect(put.statusCode).toBe(200);
    // No waiting: the read syncs A's LISTEN connection, which hands over B's committed change first.
    expect((await detail(a, "cctv-operator-course")).fee).toBe(before.fee + 7);
    expect(await feeInList(a, "cctv-operator-course")).toBe(before.fee + 7);
    const after = snapshot();
    expect(after.unpushed).toBe(stats.unpushed);
    expect(after.computed - stats.computed).toBe(2);
  });

  it("a shop item edited through B is on A's next read", async () => {
    const created = await b.app.inject({
      method: "POST",
      url: "/api/shops",
      headers: admin.headers,
      payload: { name: "Hi-vis vest", url: "https://shop.example.com/vest" },
    });
    expect(created.statusCode).toBe(201);
    const item = created.json() as { id: number };
    // Created on B, listed on A's next read.
    expect(((await get(a, "/api/shops")).json() as { id: number }[]).map((i) => i.id)).toContain(item.id);
    const put = await b.app.inject({
      method: "PUT",
      url: `/api/shops/${item.id}`,
      headers: admin.headers,
      payload: { name: "Renamed on B" },
    });
    expect(put.statusCode).toBe(200);
    expect(((await get(a, "/api/shops")).json() as { id: number; name: string }[]).find((i) => i.id === item.id)?.name).toBe(
      "Renamed on B",
    );
  });

  it("a booking through B lowers places left on A's next read; cancelling it gives the seat back", async () => {
    const before = await detail(a, "personal-licence-aplh");
    const date = before.courseDates[0]!;
    const res = await b.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: before.id, selectedDate: date.id }]),
    });
    expect(res.statusCode).toBe(201);
    expect((await detail(a, "personal-licence-aplh")).courseDates[0]!.placesLeft).toBe(date.placesLeft - 1);

    // A status change (here: the hold cancelled in the database, as the payment flow does) is pushed too.
    await ctx.pool.query(
      "update orders set status = 'cancelled', cancelled_at = now() where id = (select max(order_id) from order_items where course_date_id = $1)",
      [date.id],
    );
    expect((await detail(a, "personal-licence-aplh")).courseDates[0]!.placesLeft).toBe(date.placesLeft);
  });

  it("ETag and 304 across instances: equal data, equal tag; a change on B gives A a new tag at once", async () => {
    const first = await get(a, "/api/courses/slug/door-supervisor-refresher");
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect((await get(b.app, "/api/courses/slug/door-supervisor-refresher")).headers.etag).toBe(tag);
    const same = await get(a, "/api/courses/slug/door-supervisor-refresher", { "if-none-match": tag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe("");

    const id = first.json().id as number;
    expect(
      (await b.app.inject({ method: "PUT", url: `/api/courses/${id}`, headers: admin.headers, payload: { fee: 151 } }))
        .statusCode,
    ).toBe(200);
    const changed = await get(a, "/api/courses/slug/door-supervisor-refresher", { "if-none-match": tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().fee).toBe(151);
    const newTag = changed.headers.etag as string;
    expect(newTag).not.toBe(tag);
    expect((await get(a, "/api/courses/slug/door-supervisor-refresher", { "if-none-match": `W/${newTag}` })).statusCode).toBe(
      304,
    );
    expect((await get(b.app, "/api/courses/slug/door-supervisor-refresher", { "if-none-match": newTag })).statusCode).toBe(304);
  });

  it("still answers 404 for an unknown slug, with the contract's body", async () => {
    const res = await get(a, "/api/courses/slug/no-such-course");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Course not found" });
  });

  it("with A's LISTEN connection killed, reads stay right (computed from the database) and it reconnects", async () => {
    const course = await detail(a, "emergency-first-aid-at-work");
    const oldPid = a.catalogueListener.pid!;
    expect(oldPid).toBeGreaterThan(0);
    const killed = await ctx.pool.query<{ ok: boolean }>("select pg_terminate_backend($1) as ok", [oldPid]);
    expect(killed.rows[0]!.ok).toBe(true);

    // Straight away, whether or not A has noticed yet: a failed sync or a down channel means no cache.
    // (Read at once: A reconnects within 50-100 ms, and a slow PUT below could outlast that.)
    const stats = snapshot();
    expect((await detail(a, "emergency-first-aid-at-work")).fee).toBe(course.fee);
    expect(snapshot().unpushed).toBeGreaterThan(stats.unpushed);
    expect(
      (await b.app.inject({ method: "PUT", url: `/api/courses/${course.id}`, headers: admin.headers, payload: { fee: 111 } }))
        .statusCode,
    ).toBe(200);
    expect((await detail(a, "emergency-first-aid-at-work")).fee).toBe(111);
    const booking = await b.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: course.id, selectedDate: course.courseDates[0]!.id }]),
    });
    expect(booking.statusCode).toBe(201);
    expect((await detail(a, "emergency-first-aid-at-work")).courseDates[0]!.placesLeft).toBe(
      course.courseDates[0]!.placesLeft - 1,
    );

    await waitFor("the LISTEN connection to come back", () => a.catalogueListener.isReady);
    expect(a.catalogueListener.pid).not.toBe(oldPid);
    const back = await ctx.pool.query(
      "select 1 from pg_stat_activity where pid = $1 and application_name = 'api catalogue listener'",
      [a.catalogueListener.pid],
    );
    expect(back.rowCount).toBe(1);

    // Pushed again: an edit on B is on A's next read, from the cache once recomputed.
    await detail(a, "emergency-first-aid-at-work");
    const again = snapshot();
    expect(
      (await b.app.inject({ method: "PUT", url: `/api/courses/${course.id}`, headers: admin.headers, payload: { fee: 112 } }))
        .statusCode,
    ).toBe(200);
    expect((await detail(a, "emergency-first-aid-at-work")).fee).toBe(112);
    expect(snapshot().unpushed).toBe(again.unpushed);
  });
});

// Last: these move the shared clock.
describe("answers that change with time alone", () => {
  it("a hold running out gives its seat back on the next read, with no write", async () => {
    const course = await detail(a, "security-guard-refresher");
    const date = course.courseDates[0]!;
    const res = await b.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: course.id, selectedDate: date.id }]),
    });
    expect(res.statusCode).toBe(201);
    expect((await detail(a, "security-guard-refresher")).courseDates[0]!.placesLeft).toBe(date.placesLeft - 1);
    expect((await detail(a, "security-guard-refresher")).courseDates[0]!.placesLeft).toBe(date.placesLeft - 1);

    ctx.clock.advance(31 * 60_000); // past the 30-minute hold; no worker runs in tests
    expect((await detail(a, "security-guard-refresher")).courseDates[0]!.placesLeft).toBe(date.placesLeft);
  });

  it("a date that started yesterday leaves the answers at UK midnight", async () => {
    const today = ukDate(ctx.clock.now());
    const id = await createCourse(
      ctx.db,
      {
        title: "Midnight Test Course",
        dates: [
          { startDate: today, endDate: today },
          { startDate: addDays(today, 5), endDate: addDays(today, 5) },
        ],
      },
      ctx.clock.now(),
    );
    const slug = ((await get(a, `/api/courses/${id}`)).json() as { slug: string }).slug;
    expect((await detail(a, slug)).courseDates.map((d) => d.startDate)).toEqual([today, addDays(today, 5)]);

    ctx.clock.set(new Date(nextUkMidnight(ctx.clock.now()) + 1_000));
    expect((await detail(a, slug)).courseDates.map((d) => d.startDate)).toEqual([addDays(today, 5)]);
  });

  it("knows when UK midnight is, in winter (GMT) and in summer (BST)", () => {
    expect(new Date(nextUkMidnight(new Date("2025-01-15T12:00:00Z"))).toISOString()).toBe("2025-01-16T00:00:00.000Z");
    expect(new Date(nextUkMidnight(new Date("2025-07-15T12:00:00Z"))).toISOString()).toBe("2025-07-15T23:00:00.000Z");
    // 23:30 UTC in summer is already the next UK day.
    expect(new Date(nextUkMidnight(new Date("2025-07-15T23:30:00Z"))).toISOString()).toBe("2025-07-16T23:00:00.000Z");
    // The nights the clocks change.
    expect(new Date(nextUkMidnight(new Date("2025-03-29T12:00:00Z"))).toISOString()).toBe("2025-03-30T00:00:00.000Z");
    expect(new Date(nextUkMidnight(new Date("2025-10-25T12:00:00Z"))).toISOString()).toBe("2025-10-25T23:00:00.000Z");
  });
});
