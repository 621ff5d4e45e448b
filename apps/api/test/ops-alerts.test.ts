/**
 * Alerts (decision 296), each driven with the app's clock through the evaluator the `ops-alerts`
 * job runs: the bell item, the banner (/api/alerts) and one mail to ALERT_EMAIL in the outbox,
 * once per episode, then the recovery notice in the bell and the outbox.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import PgBoss from "pg-boss";
import { backupRuns, courseDates, mailOutbox, opsAlerts } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { logActivity, SYSTEM_ACTOR } from "../src/modules/activity/repository";
import { PAYMENT_MISMATCH_ACTION } from "../src/modules/payments/verify";
import { JOB_QUEUE_SCHEMA, poolAdapter } from "../src/workers/queue";
import { allowConsoleError, loginAdmin, secondInstance, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";
import { enroll } from "./ordering";

const ALERT_EMAIL = "alerts@example.com";
const MIN = 60_000;

// Each look signs in afresh: the tests move the clock past the session's idle limit.
async function bell(ctx: TestContext, _session?: Session) {
  const session = await loginAdmin(ctx);
  const res = await ctx.app.inject({ method: "GET", url: "/api/notifications", headers: session.headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: { id: string; kind: string; title: string; message: string }[] }).items.filter(
    (i) => i.kind === "alert",
  );
}

async function banner(ctx: TestContext, _session?: Session) {
  const session = await loginAdmin(ctx);
  const res = await ctx.app.inject({ method: "GET", url: "/api/alerts", headers: session.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { kind: string; title: string; message: string }[];
}

const alertMails = (ctx: TestContext, subject: string) =>
  ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "ops_alert"), eq(mailOutbox.to, ALERT_EMAIL), like(mailOutbox.subject, `${subject}%`)));

/**
 * Opened: one bell item, one banner entry, one mail; a second run changes nothing. `already`: the
 * event itself had the alerts judged (payment pages, decision 313), so the job's run finds it open.
 */
async function expectOpened(ctx: TestContext, session: Session, kind: string, title: string, already = false) {
  expect((await ctx.app.ops.evaluateAlerts()).opened).toEqual(already ? [] : expect.arrayContaining([kind]));
  // The same condition a minute later is the same episode: nothing new.
  ctx.clock.advance(MIN);
  expect((await ctx.app.ops.evaluateAlerts()).opened).not.toContain(kind);
  expect((await banner(ctx, session)).filter((a) => a.kind === kind)).toEqual([expect.objectContaining({ kind, title })]);
  expect((await bell(ctx, session)).filter((i) => i.title === `Alert: ${title}`)).toHaveLength(1);
  const mails = await alertMails(ctx, `Alert: ${title}`);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.text).toContain("/status");
}

/** Recovered: off the banner, a recovery item in the bell and one recovery mail (`already`: as above). */
async function expectRecovered(ctx: TestContext, session: Session, kind: string, title: string, run = ctx.app, already = false) {
  if (!already) expect((await run.ops.evaluateAlerts()).recovered).toContain(kind);
  expect((await run.ops.evaluateAlerts()).recovered).not.toContain(kind);
  expect((await banner(ctx, session)).filter((a) => a.kind === kind)).toEqual([]);
  expect((await bell(ctx, session)).filter((i) => i.title === `Recovered: ${title}`)).toHaveLength(1);
  expect(await alertMails(ctx, `Recovered: ${title}`)).toHaveLength(1);
  const episodes = await ctx.db.select().from(opsAlerts).where(eq(opsAlerts.kind, kind));
  expect(episodes).toHaveLength(1);
  expect(episodes[0]!.closedAt).not.toBeNull();
}

describe("payment page failures", () => {
  let ctx: TestContext;
  let admin: Session;
  let failing = true;
  let server: http.Server;
  let course: { id: number; dateId: number };
  let sessions = 0;

  beforeAll(async () => {
    // A stand-in for Stripe's Checkout endpoint that refuses (400) while `failing`.
    server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.setHeader("content-type", "application/json");
        if (failing) {
          res.writeHead(400);
          res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "down for the test" } }));
          return;
        }
        const id = `cs_test_ops_${++sessions}`;
        res.writeHead(200);
        res.end(JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.test/${id}`, status: "open" }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    ctx = await setupApp({
      env: {
        ALERT_EMAIL,
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_fake_key",
        STRIPE_WEBHOOK_SECRET: "whsec_test_only",
        STRIPE_API_URL: `http://127.0.0.1:${port}`,
        HOLD_LIMIT_PER_CLIENT: "1000",
        HOLD_LIMIT_PER_EMAIL: "1000",
        ORDER_RATE_LIMIT: "1000",
      },
    });
    admin = await loginAdmin(ctx);
    const id = await createCourse(ctx.db, { title: "Ops Payment Course", feePence: 10000, capacity: 50 }, ctx.clock.now());
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
    course = { id, dateId: date!.id };
    // The seeded sample orders (made as the test template was built) leave the 15-minute window.
    ctx.clock.advance(20 * MIN);
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((r) => server.close(r));
  });

  it("opens after 3 payment pages in a row fail to open, once, and recovers when a customer can pay again", async () => {
    allowConsoleError(); // the enroll route logs each failure to open the page
    const title = "Customers cannot pay";
    for (let i = 0; i < 2; i++)
      expect((await enroll(ctx.app, orderPayload([{ id: course.id, selectedDate: course.dateId }]))).statusCode).toBe(503);
    expect((await ctx.app.ops.evaluateAlerts()).opened).not.toContain("payment_page");
    expect(await banner(ctx, admin)).toEqual([]);
    // The third failure has the alerts judged at once: open before the minute's job runs.
    expect((await enroll(ctx.app, orderPayload([{ id: course.id, selectedDate: course.dateId }]))).statusCode).toBe(503);
    expect((await banner(ctx, admin)).map((a) => a.kind)).toEqual(["payment_page"]);
    await expectOpened(ctx, admin, "payment_page", title, true);
    const [open] = await banner(ctx, admin);
    expect(open!.message).toMatch(/3 of 3 payment pages failed to open/);

    failing = false;
    ctx.clock.advance(MIN);
    // The first page that opens ends it, at once.
    expect((await enroll(ctx.app, orderPayload([{ id: course.id, selectedDate: course.dateId }]))).statusCode).toBe(201);
    await expectRecovered(ctx, admin, "payment_page", title, ctx.app, true);
  });

  it("opens when more than 20% of at least 5 attempts in 15 minutes fail, and recovers as they age out", async () => {
    allowConsoleError();
    ctx.clock.advance(20 * MIN); // the first test's attempts leave the window
    await ctx.db.delete(opsAlerts);
    failing = false;
    for (let i = 0; i < 4; i++)
      expect((await enroll(ctx.app, orderPayload([{ id: course.id, selectedDate: course.dateId }]))).statusCode).toBe(201);
    failing = true;
    expect((await enroll(ctx.app, orderPayload([{ id: course.id, selectedDate: course.dateId }]))).statusCode).toBe(503);
    failing = false;
    expect((await enroll(ctx.app, orderPayload([{ id: course.id, selectedDate: course.dateId }]))).statusCode).toBe(201);
    // 1 of 6 (17%): not yet.
    expect((await ctx.app.ops.evaluateAlerts()).opened).not.toContain("payment_page");
    expect(await banner(ctx, admin)).toEqual([]);
    // 2 of 7 = 29% > 20%, never two in a row: the failure opens it.
    failing = true;
    expect((await enroll(ctx.app, orderPayload([{ id: course.id, selectedDate: course.dateId }]))).statusCode).toBe(503);
    expect((await banner(ctx, admin)).map((a) => a.kind)).toEqual(["payment_page"]);
    // Still failing, no page opened since: it ages out of the 15 minutes.
    ctx.clock.advance(16 * MIN);
    expect((await ctx.app.ops.evaluateAlerts()).recovered).toContain("payment_page");
  });

  it("after an episode ends, only new failures count: the same ones never reopen it", async () => {
    allowConsoleError();
    ctx.clock.advance(20 * MIN);
    await ctx.db.delete(opsAlerts);
    failing = false;
    for (let i = 0; i < 3; i++)
      expect((await enroll(ctx.app, orderPayload([{ id: course.id, selectedDate: course.dateId }]))).statusCode).toBe(201);
    failing = true;
    for (let i = 0; i < 3; i++)
      expect((await enroll(ctx.app, orderPayload([{ id: course.id, selectedDate: course.dateId }]))).statusCode).toBe(503);
    failing = false;
    ctx.clock.advance(MIN);
    expect((await enroll(ctx.app, orderPayload([{ id: course.id, selectedDate: course.dateId }]))).statusCode).toBe(201);
    // Ended by the page that opened, though 3 of 7 in 15 minutes is over 20%.
    const episodes = () => ctx.db.select().from(opsAlerts).where(eq(opsAlerts.kind, "payment_page"));
    expect((await episodes()).map((e) => e.closedAt !== null)).toEqual([true]);
    ctx.clock.advance(MIN);
    expect(await ctx.app.ops.evaluateAlerts()).toEqual({ opened: [], recovered: [] });
    // One new failure in 2 attempts since: too few attempts for the share rule.
    failing = true;
    expect((await enroll(ctx.app, orderPayload([{ id: course.id, selectedDate: course.dateId }]))).statusCode).toBe(503);
    expect(await episodes()).toHaveLength(1);
  });
});

describe("mail failing for 15 minutes", () => {
  let ctx: TestContext;
  let admin: Session;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, every attempt is refused at once.
    ctx = await setupApp({ env: { ALERT_EMAIL, SMTP_URL: "smtp://127.0.0.1:9" } });
    admin = await loginAdmin(ctx);
  });
  afterAll(() => ctx.close());

  it("opens when a mail has kept failing for 15 minutes, and recovers once it is sent", async () => {
    const title = "Mail is not being sent";
    await ctx.db.insert(mailOutbox).values({
      to: "customer@example.com",
      kind: "new_message",
      subject: "Hello",
      html: "<p>Hello</p>",
      text: "Hello",
      createdAt: ctx.clock.now(),
      nextAttemptAt: ctx.clock.now(),
    });
    expect((await ctx.app.workers.sendMail()).failed).toBe(1);
    ctx.clock.advance(10 * MIN);
    expect((await ctx.app.ops.evaluateAlerts()).opened).not.toContain("mail");
    expect((await ctx.app.workers.sendMail()).failed).toBe(1);
    ctx.clock.advance(5 * MIN);
    await expectOpened(ctx, admin, "mail", title);
    const [open] = await banner(ctx, admin);
    expect(open!.message).toMatch(/the mail server said: .*ECONNREFUSED/);

    // The mail server is back (a second instance with a working transport sends the backlog).
    const fixed = await secondInstance(ctx, { env: { ALERT_EMAIL, MAIL_DIR: `/tmp/ops-alert-mail-${ctx.dbName}` } });
    try {
      ctx.clock.advance(60 * MIN);
      expect((await fixed.app.workers.sendMail()).sent).toBeGreaterThanOrEqual(2);
      await expectRecovered(ctx, admin, "mail", title, fixed.app);
    } finally {
      await fixed.close();
    }
  });
});

describe("job queue", () => {
  let ctx: TestContext;
  let admin: Session;
  let boss: PgBoss;
  beforeAll(async () => {
    ctx = await setupApp({ seeded: true, env: { ALERT_EMAIL } });
    admin = await loginAdmin(ctx);
    boss = new PgBoss({ db: poolAdapter(ctx.pool), schema: JOB_QUEUE_SCHEMA, supervise: false, schedule: false, migrate: false });
    boss.on("error", () => undefined);
    await boss.start();
    await boss.createQueue("ops-test", { name: "ops-test", retryLimit: 0 });
  });
  afterAll(async () => {
    await boss.stop({ graceful: false, wait: true, close: false });
    await ctx.close();
  });

  it("opens when a job fails, and recovers an hour later with no new failure", async () => {
    const title = "A background job is failing";
    const id = await boss.send("ops-test", {});
    const [job] = await boss.fetch("ops-test");
    expect(job!.id).toBe(id);
    await boss.fail("ops-test", id!, new Error("boom"));
    await expectOpened(ctx, admin, "jobs", title);
    ctx.clock.advance(61 * MIN);
    await expectRecovered(ctx, admin, "jobs", title);
  });

  it("opens when the queue stalls (a due job waits 10 minutes), and recovers once it runs", async () => {
    await ctx.db.delete(opsAlerts);
    await ctx.db.delete(mailOutbox);
    await ctx.pool.query(`delete from ${JOB_QUEUE_SCHEMA}.job where name = 'ops-test'`);
    ctx.clock.set(new Date());
    const id = await boss.send("ops-test", {});
    ctx.clock.advance(5 * MIN);
    expect((await ctx.app.ops.evaluateAlerts()).opened).not.toContain("jobs");
    ctx.clock.advance(6 * MIN);
    await expectOpened(ctx, admin, "jobs", "Background jobs have stalled");
    const [job] = await boss.fetch("ops-test");
    await boss.complete("ops-test", job!.id);
    expect(job!.id).toBe(id);
    // The episode keeps the title it opened with.
    await expectRecovered(ctx, admin, "jobs", "Background jobs have stalled");
  });
});

describe("backups older than their schedule", () => {
  let ctx: TestContext;
  let admin: Session;
  beforeAll(async () => {
    ctx = await setupApp({ env: { ALERT_EMAIL, BACKUP_MAX_AGE_HOURS: "24" } });
    admin = await loginAdmin(ctx);
  });
  afterAll(() => ctx.close());

  it("opens with no backup recorded, recovers when the backup script records one, opens again when it is 24 hours old", async () => {
    const title = "Backups are overdue";
    await expectOpened(ctx, admin, "backup", title);
    expect((await banner(ctx, admin))[0]!.message).toContain("No backup recorded");
    // What the backup script writes after a good run.
    await ctx.db.insert(backupRuns).values({ kind: "full", ok: true, finishedAt: ctx.clock.now(), sizeBytes: 12_345_678 });
    await expectRecovered(ctx, admin, "backup", title);

    ctx.clock.advance(23 * 60 * MIN);
    expect((await ctx.app.ops.evaluateAlerts()).opened).not.toContain("backup");
    ctx.clock.advance(2 * 60 * MIN);
    expect((await ctx.app.ops.evaluateAlerts()).opened).toContain("backup");
    expect(await ctx.db.select().from(opsAlerts).where(eq(opsAlerts.kind, "backup"))).toHaveLength(2);
    expect(await alertMails(ctx, `Alert: ${title}`)).toHaveLength(2);
  });

  it("expects no backups when BACKUP_MAX_AGE_HOURS is unset outside production: no alert", async () => {
    const dev = await setupApp({ env: { ALERT_EMAIL } });
    try {
      expect((await dev.app.ops.evaluateAlerts()).opened).not.toContain("backup");
    } finally {
      await dev.close();
    }
  });
});

describe("webhook amount mismatch", () => {
  let ctx: TestContext;
  let admin: Session;
  beforeAll(async () => {
    ctx = await setupApp({ env: { ALERT_EMAIL } });
    admin = await loginAdmin(ctx);
  });
  afterAll(() => ctx.close());

  it("opens on a payment that did not match its order, and recovers after a day without another", async () => {
    const title = "A payment did not match its booking";
    expect((await ctx.app.ops.evaluateAlerts()).opened).not.toContain("webhook_mismatch");
    // The entry payments/verify.ts writes for a mismatched payment.
    await logActivity(ctx.db, {
      type: "other",
      action: PAYMENT_MISMATCH_ACTION,
      details: "Checkout session cs_test_1: the amount paid (100) is not the booking total (25000) in pence. Not marked paid.",
      actor: SYSTEM_ACTOR,
      at: ctx.clock.now(),
    });
    await expectOpened(ctx, admin, "webhook_mismatch", title);
    ctx.clock.advance(25 * 60 * MIN);
    await expectRecovered(ctx, admin, "webhook_mismatch", title);
  });
});

describe("disk over the limit", () => {
  let ctx: TestContext;
  let admin: Session;
  beforeAll(async () => {
    // A 1% limit: this machine's real disk is over it, so the real statfs reading opens the alert.
    ctx = await setupApp({ env: { ALERT_EMAIL, DISK_ALERT_PERCENT: "1" } });
    admin = await loginAdmin(ctx);
  });
  afterAll(() => ctx.close());

  it("opens when the disk is fuller than DISK_ALERT_PERCENT, and recovers under it", async () => {
    const title = "The server's disk is nearly full";
    await expectOpened(ctx, admin, "disk", title);
    expect((await banner(ctx, admin))[0]!.message).toMatch(/\d+(\.\d)?% used/);
    // The same disk judged against a limit it cannot reach.
    const normal = await secondInstance(ctx, { env: { ALERT_EMAIL, DISK_ALERT_PERCENT: "100" } });
    try {
      await expectRecovered(ctx, admin, "disk", title, normal.app);
    } finally {
      await normal.close();
    }
  });
});
