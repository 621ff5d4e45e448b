/**
 * The version endpoint and the status page's API (decisions 295-296): real readings from this
 * database, this machine's disk and the job queue's tables; roles as the contract declares.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupRuns, mailOutbox } from "../src/db/schema";
import { upsertUser } from "../src/modules/auth/service";
import { login, loginAdmin, setupApp, type Session, type TestContext } from "./helpers";

type Item = { key: string; level: string; reading: string; summary: string; action: string | null };

let ctx: TestContext;
let admin: Session;

beforeAll(async () => {
  ctx = await setupApp({ env: { BACKUP_MAX_AGE_HOURS: "26" } });
  admin = await loginAdmin(ctx);
});
afterAll(() => ctx.close());

const status = async () => {
  // Signed in afresh: the tests move the clock past the session's idle limit.
  admin = await loginAdmin(ctx);
  const res = await ctx.app.inject({ method: "GET", url: "/api/status", headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { checked_at: string; parts: { name: string; version: string; uptime_seconds: number }[]; items: Item[] };
};
const byKey = (items: Item[], key: string) => items.find((i) => i.key === key)!;

describe("GET /api/version", () => {
  it("answers anyone with the version, commit and build time, and nothing more", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/version" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["built_at", "commit", "version"]);
    expect(typeof body.version).toBe("string");
    // From source in a git checkout: the commit is known, there is no build time.
    expect(body.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(body.built_at).toBeNull();
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /api/status", () => {
  it("is for the owner and the office only", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/status" })).statusCode).toBe(401);
    await upsertUser(ctx.db, {
      email: "tess.ops@example.com",
      name: "Tess",
      password: "Str0ng!Passw0rd-test",
      isAdmin: true,
      role: "trainer",
    });
    const trainer = await login(ctx.app, "tess.ops@example.com", "Str0ng!Passw0rd-test");
    expect((await ctx.app.inject({ method: "GET", url: "/api/status", headers: trainer.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: "GET", url: "/api/alerts", headers: trainer.headers })).statusCode).toBe(403);
    await upsertUser(ctx.db, {
      email: "olive.ops@example.com",
      name: "Olive",
      password: "Str0ng!Passw0rd-test",
      isAdmin: true,
      role: "office",
    });
    const office = await login(ctx.app, "olive.ops@example.com", "Str0ng!Passw0rd-test");
    expect((await ctx.app.inject({ method: "GET", url: "/api/status", headers: office.headers })).statusCode).toBe(200);
  });

  it("shows every item with a real reading, a level, a plain sentence and what to do", async () => {
    const body = await status();
    expect(body.items.map((i) => i.key)).toEqual(["database", "jobs", "mail", "backup", "payments", "webhooks", "disk"]);
    for (const i of body.items) {
      expect(["green", "amber", "red"]).toContain(i.level);
      expect(i.summary.length).toBeGreaterThan(10);
      if (i.level !== "green") expect(i.action).toBeTruthy();
    }
    const api = body.parts.find((p) => p.name === "API")!;
    expect(api.uptime_seconds).toBeGreaterThanOrEqual(0);
    const database = byKey(body.items, "database");
    expect(database.level).toBe("green");
    // pg_database_size of this test database: several MB.
    expect(database.reading).toMatch(/Reachable \(answered in \d+ ms\), \d+(\.\d)? MB/);
    const disk = byKey(body.items, "disk");
    expect(disk.reading).toMatch(/^\d+(\.\d)?% used, [\d.]+ [KMGT]?B free of [\d.]+ [KMGT]?B$/);
    // Workers are off in tests (the tests call the jobs): said plainly, amber.
    expect(byKey(body.items, "jobs")).toMatchObject({
      level: "amber",
      reading: expect.stringMatching(/^0 waiting, 0 retrying, 0 failed/),
    });
    expect(byKey(body.items, "payments")).toMatchObject({ level: "green" });
    expect(byKey(body.items, "webhooks").reading).toContain("No message from the payment provider yet");
  });

  it("says 'No backup recorded' in red while backups are expected, and green after the backup script records one", async () => {
    let backup = byKey((await status()).items, "backup");
    expect(backup).toMatchObject({ level: "red", reading: "No backup recorded" });
    expect(backup.summary).toContain("No backup recorded");
    await ctx.db.insert(backupRuns).values({
      kind: "full",
      ok: true,
      finishedAt: new Date(ctx.clock.now().getTime() - 3 * 3600_000),
      sizeBytes: 50 * 1024 * 1024,
    });
    backup = byKey((await status()).items, "backup");
    expect(backup).toMatchObject({ level: "green", reading: "Last good backup 3 hours ago (full, 50.0 MB)" });
    ctx.clock.advance(24 * 3600_000);
    expect(byKey((await status()).items, "backup").level).toBe("red");
  });

  it("counts the mail outbox: waiting, gave up, oldest", async () => {
    const now = ctx.clock.now();
    await ctx.db.insert(mailOutbox).values([
      {
        to: "a@example.com",
        kind: "new_message",
        subject: "s",
        html: "h",
        text: "t",
        createdAt: new Date(now.getTime() - 30 * 60_000),
        nextAttemptAt: now,
      },
      {
        to: "b@example.com",
        kind: "new_message",
        subject: "s",
        html: "h",
        text: "t",
        status: "failed",
        attempts: 12,
        lastError: "550 mailbox unavailable",
      },
    ]);
    const mail = byKey((await status()).items, "mail");
    expect(mail.reading).toMatch(/^1 waiting to send, 1 gave up in 7 days, oldest waiting since 30 minutes ago/);
    expect(mail.level).toBe("amber");
  });
});
