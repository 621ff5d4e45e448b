/**
 * Mail and jobs held after a restore (decision 302) and the backup record (decision 301), over
 * HTTP on real Postgres: the status page's held card, the sender holding back, the release (roles,
 * logged), the sent-mail log settling a restored outbox, and backup-record's reading of
 * pgBackRest's JSON. The whole drill is restore-drill.test.ts.
 */
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, mailOutbox } from "../src/db/schema";
import { upsertUser } from "../src/modules/auth/service";
import { holdOutgoing, readSentLog, settleFromSentLog } from "../src/modules/ops";
import { newestBackup, recordBackupRun } from "../src/modules/ops/backup-runs";
import { login, loginAdmin, setupApp, type TestContext } from "./helpers";

let ctx: TestContext;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "ops-hold-"));
  ctx = await setupApp({ env: { MAIL_DIR: path.join(dir, "mail"), MAIL_SENT_LOG: path.join(dir, "sent.log") } });
});
afterAll(() => ctx.close());

const statusItems = async () => {
  const admin = await loginAdmin(ctx);
  const res = await ctx.app.inject({ method: "GET", url: "/api/status", headers: admin.headers });
  return res.json().items as { key: string; level: string; reading: string; action: string | null }[];
};
const release = async (headers?: Record<string, string>) =>
  ctx.app.inject({ method: "POST", url: "/api/status/release-outgoing", ...(headers ? { headers } : {}) });
const queueMail = async (subject: string) => {
  const [row] = await ctx.db
    .insert(mailOutbox)
    .values({ to: "held.customer@example.com", subject, html: "<p>Hello</p>", text: "Hello", kind: "test" })
    .returning();
  return row!;
};

describe("the outgoing hold", () => {
  it("is refused to a trainer and to nobody signed in; with nothing held it releases nothing", async () => {
    expect((await release()).statusCode).toBe(401);
    await upsertUser(ctx.db, {
      email: "hold.trainer@example.com",
      name: "Tam Trainer",
      password: "Str0ng!Passw0rd-test",
      isAdmin: true,
      role: "trainer",
    });
    const trainer = await login(ctx.app, "hold.trainer@example.com", "Str0ng!Passw0rd-test");
    expect((await release(trainer.headers)).statusCode).toBe(403);
    const admin = await loginAdmin(ctx);
    const res = await release(admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ released: false });
    expect((await statusItems()).map((i) => i.key)).not.toContain("outgoing");
  });

  it("holds mail until an office user releases it: red card first, nothing sent, both steps logged", async () => {
    const mail = await queueMail("Held after the restore");
    await holdOutgoing(ctx.db, {
      reason: "Restored from a backup",
      restoredTo: new Date("2026-11-26T09:00:00Z"),
      now: ctx.clock.now(),
      actor: { id: null, name: "Operator (test)" },
    });
    // A second hold keeps the first.
    await holdOutgoing(ctx.db, {
      reason: "again",
      restoredTo: null,
      now: ctx.clock.now(),
      actor: { id: null, name: "Operator (test)" },
    });
    const items = await statusItems();
    expect(items[0]).toMatchObject({ key: "outgoing", level: "red" });
    expect(items[0]!.reading).toMatch(/restored to 2026-11-26 09:00 UTC\); \d+ mails? waiting/);
    expect(items[0]!.action).toContain("Release mail and jobs");
    for (const key of ["jobs", "mail"])
      expect(items.find((i) => i.key === key)).toMatchObject({ level: "amber", action: "See Mail and jobs on hold." });

    expect(await ctx.app.workers.held()).toBe(true);
    expect(await ctx.app.workers.sendMail()).toEqual({ sent: 0, failed: 0 });
    const [still] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(still!.status).toBe("pending");

    const admin = await loginAdmin(ctx);
    expect((await release(admin.headers)).json()).toEqual({ released: true });
    expect(await ctx.app.workers.held()).toBe(false);
    expect((await statusItems()).map((i) => i.key)).not.toContain("outgoing");
    const logged = await ctx.db.select().from(activityLog);
    expect(logged.filter((a) => a.action === "Mail and background jobs held")).toHaveLength(1);
    expect(logged.find((a) => a.action === "Mail and background jobs released")).toMatchObject({ userName: expect.any(String) });
    expect(logged.find((a) => a.action === "Mail and background jobs released")!.userName).not.toBe("Operator (test)");

    // Rows are due at the database's clock; the app's test clock starts a moment earlier.
    ctx.clock.advance(60_000);
    expect((await ctx.app.workers.sendMail()).sent).toBeGreaterThanOrEqual(1);
    const [sent] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(sent!.status).toBe("sent");
  });

  it("logs each mail it hands over, and the log settles a restored outbox (a torn last line skipped)", async () => {
    const mail = await queueMail("Sent before the crash");
    ctx.clock.advance(60_000);
    await ctx.app.workers.sendMail();
    const log = await readFile(path.join(dir, "sent.log"), "utf8");
    const line = log
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { id: number; createdAt: string })
      .find((e) => e.id === mail.id);
    expect(line).toBeDefined();
    // As a restore to before the send leaves it: pending again.
    await ctx.db.update(mailOutbox).set({ status: "pending", sentAt: null }).where(eq(mailOutbox.id, mail.id));
    const other = await queueMail("Never sent");
    const copy = path.join(dir, "copy.log");
    await writeFile(copy, log + `{"id":${other.id},"createdAt":"2020-01-01 00:00:00+00","sentAt":"x"}\n{"id":${other.id},"crea`);
    const entries = await readSentLog(copy);
    expect(await settleFromSentLog(ctx.db, entries)).toBe(1);
    const rows = await ctx.db.select().from(mailOutbox);
    expect(rows.find((r) => r.id === mail.id)!.status).toBe("sent");
    // Same id, another creation time: another database's row, left alone.
    expect(rows.find((r) => r.id === other.id)!.status).toBe("pending");
  });
});

describe("backup-record", () => {
  // pgBackRest 2.45's `info --output=json`, trimmed to one stanza with two backups.
  const info = JSON.stringify([
    {
      name: "training",
      status: { code: 0, message: "ok" },
      backup: [
        {
          label: "20261122-013000F",
          type: "full",
          error: false,
          timestamp: { start: 1795397400, stop: 1795397460 },
          info: { size: 9e7, repository: { size: 2e7, delta: 2e7 } },
        },
        {
          label: "20261122-013000F_20261126-013000D",
          type: "diff",
          error: false,
          timestamp: { start: 1795743000, stop: 1795743030 },
          info: { size: 9e7, repository: { size: 2e7, delta: 3e6 } },
        },
      ],
    },
  ]);

  it("records the newest good backup once, and the status page shows it", async () => {
    const run = newestBackup(info, "training")!;
    expect(run).toMatchObject({
      kind: "diff",
      ok: true,
      sizeBytes: 3e6,
      detail: "pgbackrest training 20261122-013000F_20261126-013000D",
    });
    expect(run.finishedAt.toISOString()).toBe(new Date(1795743030_000).toISOString());
    expect(newestBackup(info, "other")).toBeNull();
    ctx.clock.set(new Date(1795743030_000 + 60 * 60_000));
    expect(await recordBackupRun(ctx.db, run)).toBe(true);
    expect(await recordBackupRun(ctx.db, run)).toBe(false);
    const backup = (await statusItems()).find((i) => i.key === "backup")!;
    expect(backup.reading).toMatch(/^Last good backup 1 hour ago \(diff, 2\.9 MB\)/);
  });
});
