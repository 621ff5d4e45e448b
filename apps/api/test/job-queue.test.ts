/**
 * The job queue (pg-boss) with several API instances on one database: each job runs once, the
 * schedule is stored once, jobs survive a restart, and failed jobs are retried with backoff.
 * The only tests that let the queue poll (0.5 s): what they check is the queue itself. Every
 * schedule's timing is tested at handler level with a controlled clock (scheduled-mail.test.ts).
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { eq, inArray } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { buildApp } from "../src/app";
import { createPool, withDatabase } from "../src/db/client";
import { courseDates, mailOutbox, orders } from "../src/db/schema";
import { createCourse, createUser } from "../src/db/seed/factories";
import { parseEnv } from "../src/env";
import { JOB_QUEUE_SCHEMA, poolAdapter } from "../src/workers/queue";
import { login, setupApp, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";

const POLL = { pollingIntervalSeconds: 0.5 };

async function until(check: () => Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("job queue with two API instances", () => {
  let ctx: TestContext;
  let dir: string;
  let url: string;
  let second: { app: FastifyInstance; pool: pg.Pool } | null = null;

  async function startInstance() {
    const pool = createPool(url, 5);
    const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "error", DATABASE_URL: url, WORKERS_ENABLED: "true", MAIL_DIR: dir });
    const app = await buildApp({
      env,
      pool,
      now: ctx.clock.now,
      logStream: { write: (line) => console.error(line) },
      workers: POLL,
    });
    await app.ready();
    return { app, pool, close: async () => (await app.close(), await pool.end()) };
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "api-queue-"));
    ctx = await setupApp({ seeded: false, env: { WORKERS_ENABLED: "true", MAIL_DIR: dir }, workers: POLL });
    url = withDatabase(inject("serverUrl"), ctx.dbName);
    second = await startInstance();
  });
  afterAll(async () => {
    if (second) {
      await second.app.close();
      await second.pool.end();
    }
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps pg-boss in its own schema, in the database cloned from the test template", async () => {
    const { rows } = await ctx.pool.query(`select count(*)::int as n from information_schema.tables where table_schema = $1`, [
      JOB_QUEUE_SCHEMA,
    ]);
    expect(rows[0].n).toBeGreaterThan(3);
  });

  it("stores each job's schedule once however many instances start, each queue one-at-a-time with retries and backoff", async () => {
    const queue = ctx.app.workers.queue!;
    const schedules = await queue.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron]).sort()).toEqual([
      ["balance-due", "0 8 * * *"],
      ["learner-retention", "30 3 * * *"],
      ["ops-alerts", "* * * * *"],
      ["order-expiry", "* * * * *"],
      ["overdue-balances", "0 7 * * *"],
      ["scheduled-mail", "*/5 * * * *"],
      ["send-mail", "* * * * *"],
      ["waitlist-offers", "* * * * *"],
    ]);
    for (const name of [
      "order-expiry",
      "send-mail",
      "scheduled-mail",
      "learner-retention",
      "waitlist-offers",
      "ops-alerts",
      "overdue-balances",
      "balance-due",
    ]) {
      expect(await queue.getQueue(name)).toMatchObject({ policy: "stately", retryLimit: 5, retryDelay: 15, retryBackoff: true });
    }
  });

  it("sends each outbox mail once while both instances run the sender", async () => {
    const subjects = Array.from({ length: 40 }, (_, i) => `Queue test ${i + 1}`);
    await ctx.db.insert(mailOutbox).values(
      subjects.map((subject) => ({
        to: "someone@example.com",
        subject,
        html: `<p>${subject}</p>`,
        text: subject,
        kind: "new_message",
        nextAttemptAt: ctx.clock.now(),
      })),
    );
    // Both ask for a run, several times: the stately queue keeps at most one queued and one running.
    for (let i = 0; i < 5; i++) {
      ctx.app.workers.kickMail();
      second!.app.workers.kickMail();
    }
    await until(async () => {
      const rows = await ctx.db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(inArray(mailOutbox.subject, subjects));
      return rows.every((r) => r.status === "sent");
    }, "every mail sent");
    const files = (await readdir(dir)).filter((f) => f.includes("queue-test"));
    expect(files).toHaveLength(40);
    const { rows } = await ctx.pool.query(`select max(attempts)::int as most from mail_outbox where subject like 'Queue test %'`);
    expect(rows[0].most).toBe(1);
    // The office sees the sender's last run in Scheduled mail.
    const user = await createUser(ctx.db, { isAdmin: true });
    const admin = await login(ctx.app, user.email, user.password);
    const list = (await ctx.app.inject({ method: "GET", url: "/api/scheduled-mail", headers: admin.headers })).json();
    const sender = list.jobs.find((j: { name: string }) => j.name === "send-mail");
    expect(sender).toMatchObject({ label: "Mail sender", failed_last_day: 0 });
    expect(Date.now() - new Date(sender.last_run_at).getTime()).toBeLessThan(60_000);
  });

  it("expires an unpaid order through the queue", async () => {
    const id = await createCourse(ctx.db, { capacity: 3 }, ctx.clock.now());
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
    const placed = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id, selectedDate: date!.id }]),
    });
    expect(placed.statusCode).toBe(201);
    ctx.clock.advance(31 * 60_000);
    await second!.app.workers.queue!.send("order-expiry", {});
    await until(async () => {
      const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, placed.json().reference));
      return row!.status === "expired";
    }, "the order to expire");
    const { rows } = await ctx.pool.query(`select count(*)::int as n from activity_log where action like '%expired%'`);
    expect(rows[0].n).toBe(1);
  });

  it("a failing job is retried with backoff, and jobs queued while every instance is down run after a restart", async () => {
    // Stop both instances; queue a run from outside (as a job left queued at a crash would be).
    await second!.app.close();
    await second!.pool.end();
    second = null;
    const outside = new PgBoss({ db: poolAdapter(ctx.pool), schema: JOB_QUEUE_SCHEMA, supervise: false, schedule: false });
    await outside.start();
    // A job of our own on a queue with the same retry policy, failing once: retried, then done.
    await outside.createQueue("retry-probe", {
      name: "retry-probe",
      policy: "stately",
      retryLimit: 5,
      retryDelay: 1,
      retryBackoff: true,
    });
    const probe = await outside.send("retry-probe", {});
    let calls = 0;
    await outside.work("retry-probe", { pollingIntervalSeconds: 0.5 }, async () => {
      calls++;
      if (calls === 1) throw new Error("first attempt fails");
    });
    await until(async () => (await outside.getJobById("retry-probe", probe!))?.state === "completed", "the retried job");
    const job = await outside.getJobById("retry-probe", probe!);
    expect(calls).toBe(2);
    expect(job).toMatchObject({ retryCount: 1, retryBackoff: true });
    await outside.offWork("retry-probe");

    await ctx.db.insert(mailOutbox).values({
      to: "later@example.com",
      subject: "Sent after restart",
      html: "<p>x</p>",
      text: "x",
      kind: "new_message",
      nextAttemptAt: ctx.clock.now(),
    });
    await ctx.app.close();
    const queued = await outside.send("send-mail", {});
    await outside.stop({ graceful: false, close: false });
    expect(queued).not.toBeNull();

    second = await startInstance();
    await until(async () => {
      const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, "Sent after restart"));
      return row!.status === "sent";
    }, "the mail queued while down");
    // The very job queued while no instance ran is the one that did it (no second one was queued).
    await until(
      async () => (await second!.app.workers.queue!.getJobById("send-mail", queued!))?.state === "completed",
      "the queued job",
    );
    // ctx.close() below closes the already closed first instance again: harmless.
  });
});
