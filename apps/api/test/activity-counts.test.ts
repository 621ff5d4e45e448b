/**
 * The activity log's total stays exact while most of it comes from kept day counts (decision 540):
 * after entries today, a back-dated entry, a retention delete, and with a `since` mid-day; and the
 * pages keep the newest-first order at any depth.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../src/db/seed/factories";
import { login, setupApp, TestClock, type Session, type TestContext } from "./helpers";

const DAY = 86_400_000;
const NOW = Date.now();
let ctx: TestContext;
let admin: Session;
let who: { email: string; password: string };

beforeAll(async () => {
  ctx = await setupApp({ seeded: false, clock: new TestClock(NOW) });
  const user = await createUser(ctx.db, { isAdmin: true, name: "Pat Admin" });
  who = { email: user.email, password: user.password };
  admin = await login(ctx.app, user.email, user.password);
  // Twenty days of history (every five hours) and three entries past the six years kept.
  await ctx.pool.query(`
    insert into activity_log (type, action, details, user_name, created_at)
    select 'other'::activity_type, 'History', 'entry ' || g, 'System', now() - g * interval '5 hours' from generate_series(1, 96) g
    union all
    select 'other', 'Old', 'old ' || g, 'System', now() - interval '7 years' + g * interval '1 hour' from generate_series(1, 3) g`);
  // Two entries on the day six years back, one each side of the retention's cut (the app's now).
  await ctx.pool.query(
    `insert into activity_log (type, action, details, user_name, created_at) values
      ('other', 'Cut', 'before', 'System', $1::timestamptz - interval '6 years' - interval '1 minute'),
      ('other', 'Cut', 'after', 'System', $1::timestamptz - interval '6 years' + interval '1 minute')`,
    [new Date(NOW).toISOString()],
  );
});
afterAll(() => ctx.close());

async function total(query = ""): Promise<number> {
  const res = await ctx.app.inject({ method: "GET", url: `/api/activity-logs${query}`, headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return Number(res.headers["x-total-count"]);
}

async function counted(since?: Date): Promise<number> {
  const { rows } = await ctx.pool.query<{ n: number }>(
    `select count(*)::int as n from activity_log where $1::timestamptz is null or created_at >= $1`,
    [since?.toISOString() ?? null],
  );
  return rows[0]!.n;
}

const keptDays = async () =>
  (await ctx.pool.query<{ day: string; entries: number }>(`select day::text, entries from activity_day_counts order by day`))
    .rows;

describe("activity log total", () => {
  it("is exact on the first read and keeps the closed days' counts", async () => {
    expect(await total()).toBe(await counted());
    const kept = await keptDays();
    // Whole days before yesterday (UTC) are kept; the first day and the live range are counted live.
    expect(kept.length).toBeGreaterThan(10);
    expect(await total()).toBe(await counted());
  });

  it("stays exact after entries today", async () => {
    const before = await total();
    await login(ctx.app, who.email, who.password);
    await login(ctx.app, who.email, who.password);
    expect(await total()).toBe(before + 2);
    expect(await total()).toBe(await counted());
  });

  it("stays exact after an entry dated on a day already kept, and counts that day again", async () => {
    const at = new Date(NOW - 5 * DAY);
    const day = at.toISOString().slice(0, 10);
    const keptBefore = (await keptDays()).find((k) => k.day === day);
    expect(keptBefore).toBeDefined();
    const before = await total();
    // A sign-in logged with the app's clock set five days back (as tests and imports write entries).
    ctx.clock.advance(-5 * DAY);
    try {
      await login(ctx.app, who.email, who.password);
    } finally {
      ctx.clock.advance(5 * DAY);
    }
    expect(await total()).toBe(before + 1);
    expect(await total()).toBe(await counted());
    expect((await keptDays()).find((k) => k.day === day)?.entries).toBe(keptBefore!.entries + 1);
  });

  it("stays exact after the retention job deletes the oldest entries, a day in part", async () => {
    const { rows: cut } = await ctx.pool.query<{ day: string }>(
      `select (($1::timestamptz - interval '6 years') at time zone 'UTC')::date::text as day`,
      [new Date(NOW).toISOString()],
    );
    const cutDay = cut[0]!.day;
    // The cut's day was kept whole (two entries) while older entries came first.
    expect((await keptDays()).find((k) => k.day === cutDay)?.entries).toBe(2);
    expect(await total()).toBe(await counted());
    const purged = await ctx.app.workers.purgeOldRecords();
    expect(purged.activity).toBe(4);
    expect(await total()).toBe(await counted());
    const { rows } = await ctx.pool.query(`select details from activity_log where action in ('Old', 'Cut')`);
    expect(rows).toEqual([{ details: "after" }]);
  });

  it("is exact with a `since` mid-day, before the first entry and in the live range", async () => {
    const midDay = new Date(
      Date.UTC(new Date(NOW).getUTCFullYear(), new Date(NOW).getUTCMonth(), new Date(NOW).getUTCDate()) -
        6 * DAY +
        13.5 * 3_600_000,
    );
    for (const since of [midDay, new Date(NOW - 8 * 365 * DAY), new Date(NOW - 3_600_000), new Date(NOW - 10 * DAY - 1234)]) {
      expect(await total(`?since=${encodeURIComponent(since.toISOString())}`)).toBe(await counted(since));
    }
  });
});

describe("activity log pages", () => {
  it("lists the same entries, newest first, on a deep page as the table's order", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/activity-logs?page=4&limit=20", headers: admin.headers });
    const { rows } = await ctx.pool.query<{ id: number }>(
      `select id from activity_log order by created_at desc, id desc limit 20 offset 60`,
    );
    expect((res.json() as { id: number }[]).map((e) => e.id)).toEqual(rows.map((r) => r.id));
  });
});
