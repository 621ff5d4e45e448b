/**
 * Retention of the outbox and the activity log (decisions 310, 550) on real Postgres: sent and
 * given-up mails go 12 months after they were queued, waiting ones stay; activity entries go after
 * 6 years; a backlog of several batches (the first night on years of data) goes in full.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { activityLog, mailOutbox } from "../src/db/schema";
import { RETENTION_BATCH } from "../src/modules/privacy/retention";
import { setupApp, type TestContext } from "./helpers";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await setupApp();
});
afterAll(() => ctx.close());

describe("retention of the outbox and the activity log (decision 310)", () => {
  it("sent and given-up mails go 12 months after they were queued, waiting ones stay; activity entries go after 6 years", async () => {
    const now = ctx.clock.now();
    const monthsAgo = (m: number) => new Date(now.getTime() - m * 30.5 * 86_400_000);
    const mail = (subject: string, status: "sent" | "failed" | "pending", createdAt: Date) => ({
      to: "kept.or.not@example.com",
      subject,
      html: "<p>x</p>",
      text: "x",
      kind: "test",
      status,
      createdAt,
    });
    await ctx.db
      .insert(mailOutbox)
      .values([
        mail("old sent", "sent", monthsAgo(13)),
        mail("old failed", "failed", monthsAgo(13)),
        mail("old waiting", "pending", monthsAgo(13)),
        mail("recent sent", "sent", monthsAgo(11)),
      ]);
    await ctx.db.insert(activityLog).values([
      { type: "security", action: "Retention test (old)", userName: "System", createdAt: monthsAgo(12 * 6 + 2) },
      { type: "security", action: "Retention test (recent)", userName: "System", createdAt: monthsAgo(12 * 6 - 2) },
    ]);
    const run = await ctx.app.workers.purgeOldRecords();
    expect(run.mails).toBeGreaterThanOrEqual(2);
    const left = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, "kept.or.not@example.com"));
    expect(left.map((m) => m.subject).sort()).toEqual(["old waiting", "recent sent"]);
    const actions = (
      await ctx.db
        .select()
        .from(activityLog)
        .where(sql`${activityLog.action} like 'Retention test%'`)
    ).map((a) => a.action);
    expect(actions).toEqual(["Retention test (recent)"]);
  });
});

describe("retention in batches (decision 550)", () => {
  it("deletes a backlog of several batches in full and keeps what is not due", async () => {
    const now = ctx.clock.now().toISOString();
    const backlog = 2 * RETENTION_BATCH + 345;
    // Old sent mails and old activity, more than two batches of each, between kept rows.
    await ctx.db.execute(sql`
      insert into mail_outbox ("to", subject, html, text, kind, status, created_at)
      select 'backlog@example.com', case when n % 500 = 0 then 'kept: waiting' else 'old' end, '<p>x</p>', 'x', 'test',
        (case when n % 500 = 0 then 'pending' else 'sent' end)::mail_status,
        ${now}::timestamptz - interval '13 months' - make_interval(mins => n)
      from generate_series(1, ${backlog}) n`);
    await ctx.db.insert(mailOutbox).values({
      to: "backlog@example.com",
      subject: "kept: recent",
      html: "<p>x</p>",
      text: "x",
      kind: "test",
      status: "sent",
      createdAt: new Date(ctx.clock.now().getTime() - 30 * 86_400_000),
    });
    await ctx.db.execute(sql`
      insert into activity_log (type, action, user_name, created_at)
      select 'security', 'Backlog test (old)', 'System', ${now}::timestamptz - interval '7 years' - make_interval(mins => n)
      from generate_series(1, ${backlog}) n`);
    await ctx.db.insert(activityLog).values({
      type: "security",
      action: "Backlog test (recent)",
      userName: "System",
      createdAt: new Date(ctx.clock.now().getTime() - 86_400_000),
    });
    const waiting = Math.floor(backlog / 500);

    const run = await ctx.app.workers.purgeOldRecords();
    expect(run.mails).toBeGreaterThanOrEqual(backlog - waiting);
    expect(run.activity).toBeGreaterThanOrEqual(backlog);
    const left = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, "backlog@example.com"));
    expect(left.filter((m) => m.subject === "old")).toEqual([]);
    expect(left.filter((m) => m.subject === "kept: waiting")).toHaveLength(waiting);
    expect(left.filter((m) => m.subject === "kept: recent")).toHaveLength(1);
    const actions = (
      await ctx.db
        .select()
        .from(activityLog)
        .where(sql`${activityLog.action} like 'Backlog test%'`)
    ).map((a) => a.action);
    expect(actions).toEqual(["Backlog test (recent)"]);
    // The next night finds nothing more to do.
    expect(await ctx.app.workers.purgeOldRecords()).toEqual({ mails: 0, activity: 0 });
  });
});
