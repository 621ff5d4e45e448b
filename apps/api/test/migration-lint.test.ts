/**
 * The migration linter (squawk, decision 299) over the committed migrations: every migration
 * after the grandfathered ones (listed in .squawk.toml) must pass its lock and rewrite rules.
 * CI runs this with the API tests; `pnpm --filter api lint:migrations` runs the same command.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { API_ROOT } from "../src/env";
import { readOnlineIndexes } from "../src/db/online-indexes";

const run = promisify(execFile);
const SQUAWK = path.join(API_ROOT, "node_modules", ".bin", "squawk");
const CONFIG = path.join(API_ROOT, ".squawk.toml");

const ONLINE_CONFIG = path.join(API_ROOT, ".squawk-online.toml");

async function squawk(files: string[], config = CONFIG): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(SQUAWK, ["-c", config, "--reporter", "gcc", ...files], { cwd: API_ROOT });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

/** The last migration of a landed release: later ones must wait at most a second for a lock. */
const LAST_RELEASED = "0042";
const LOCK_WAIT_MAX_MS = 1000;

/**
 * Every `lock_timeout` a migration sets, in ms (issue 36: no migration may stop bookings for more
 * than a second; while a migration waits for its lock, every booking queues behind it). squawk's
 * require-lock-timeout asks for the setting, not for its value. 0 (no limit) counts as infinite.
 */
function lockTimeoutsMs(text: string): number[] {
  const units: Record<string, number> = { "": 1, ms: 1, s: 1000, min: 60_000 };
  return [...text.matchAll(/^\s*SET\s+(?:LOCAL\s+)?lock_timeout\s*(?:=|TO)\s*'?(\d+)\s*(ms|s|min)?'?/gim)].map((m) => {
    const n = Number(m[1]);
    return n === 0 ? Infinity : n * units[m[2]?.toLowerCase() ?? ""]!;
  });
}

describe("migration linter", () => {
  it("passes every migration added after the grandfathered ones", async () => {
    const files = (await readdir(path.join(API_ROOT, "drizzle"))).filter((f) => f.endsWith(".sql")).sort();
    const config = await readFile(CONFIG, "utf8");
    const grandfathered = [...config.matchAll(/"drizzle\/(\d{4}_[\w-]+\.sql)"/g)].map((m) => m[1]);
    // The grandfathered list is exactly the migrations before the linter: it never grows.
    expect(grandfathered).toEqual(files.filter((f) => f < "0023"));
    const checked = files.filter((f) => !grandfathered.includes(f));
    expect(checked).toContain("0025_ops_alerts_backup_runs.sql");
    const result = await squawk(files.map((f) => `drizzle/${f}`));
    expect(result.out).toMatch(/^$|Found 0 issues/m);
    expect(result.code).toBe(0);
  }, 60_000);

  it("refuses a migration that would lock the orders table or rewrite it", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "squawk-"));
    try {
      const bad = path.join(dir, "0099_bad.sql");
      await writeFile(
        bad,
        [
          `CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree ("guest_email");`,
          `ALTER TABLE "orders" ALTER COLUMN "total_pence" TYPE bigint;`,
          `ALTER TABLE "orders" ADD COLUMN "channel" text NOT NULL;`,
        ].join("\n--> statement-breakpoint\n"),
      );
      const result = await squawk([bad]);
      expect(result.code).not.toBe(0);
      expect(result.out).toContain("require-concurrent-index-creation");
      expect(result.out).toContain("changing-column-type");
      expect(result.out).toContain("adding-required-field");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("passes the online indexes, and refuses one built with a lock or a statement the runner would not run", async () => {
    const online = (await readdir(path.join(API_ROOT, "drizzle", "online"))).filter((f) => f.endsWith(".sql"));
    expect(online).toContain("0040_search_indexes.sql");
    const result = await squawk(
      online.map((f) => `drizzle/online/${f}`),
      ONLINE_CONFIG,
    );
    expect(result.out).toMatch(/^$|Found 0 issues/m);
    expect(result.code).toBe(0);
    expect(readOnlineIndexes(path.join(API_ROOT, "drizzle", "online")).filter((i) => i.name).length).toBeGreaterThan(5);

    const dir = await mkdtemp(path.join(os.tmpdir(), "squawk-online-"));
    try {
      const bad = path.join(dir, "0099_bad.sql");
      await writeFile(
        bad,
        `SET lock_timeout = '1s';\n--> statement-breakpoint\nSET statement_timeout = 0;\n--> statement-breakpoint\nCREATE INDEX IF NOT EXISTS "orders_guest_email_idx" ON "orders" ("guest_email");`,
      );
      const lint = await squawk([bad], ONLINE_CONFIG);
      expect(lint.code).not.toBe(0);
      expect(lint.out).toContain("require-concurrent-index-creation");
      expect(() => readOnlineIndexes(dir)).toThrow(/only CREATE INDEX CONCURRENTLY IF NOT EXISTS/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("lets no migration after the last release wait more than a second for a lock", async () => {
    const dir = path.join(API_ROOT, "drizzle");
    const files = [
      ...(await readdir(dir)).filter((f) => f.endsWith(".sql") && f.slice(0, 4) > LAST_RELEASED),
      ...(await readdir(path.join(dir, "online"))).filter((f) => f.endsWith(".sql")).map((f) => `online/${f}`),
    ];
    for (const f of files) {
      const waits = lockTimeoutsMs(await readFile(path.join(dir, f), "utf8"));
      expect(
        waits.filter((ms) => ms > LOCK_WAIT_MAX_MS),
        `${f}: SET lock_timeout above 1s`,
      ).toEqual([]);
    }
    expect(lockTimeoutsMs("SET LOCAL lock_timeout = '2s';\n--> statement-breakpoint\nSET lock_timeout = '500ms';")).toEqual([
      2000, 500,
    ]);
    expect(lockTimeoutsMs("SET LOCAL lock_timeout = 0;")).toEqual([Infinity]);
  });
});
