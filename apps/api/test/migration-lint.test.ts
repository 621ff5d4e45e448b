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
import { BIG_TABLES } from "./big-tables";

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

/** The last migration before the backfill rule: later ones may not fill or rewrite a big table. */
const LAST_BEFORE_BACKFILL_RULE = "0045";

/**
 * The statements a migration runs that write rows of a big table or read one to write (decision
 * 552): `INSERT … SELECT` reading one, `UPDATE` or `DELETE` of one (or reading one in FROM, USING,
 * a join or a CTE), unless a WHERE names its rows by key and literal value (`id = 7`,
 * `order_id IN (1, 2)`). drizzle runs every pending migration in one transaction: such a statement
 * there holds the release's locks until it commits and meets the migration's statement timeout on
 * years of data. Function bodies are not run by the migration and are skipped; a DO block's are.
 * Answers one message per statement found.
 */
function bigTableBackfills(text: string): string[] {
  const found: string[] = [];
  const sql = text
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/--[^\n]*/g, " ")
    .replace(/'(?:[^']|'')*'/g, "'_'");
  // DO blocks run their body; CREATE FUNCTION/PROCEDURE bodies only define it.
  const bodies: string[] = [];
  const outer = sql.replace(/(\bdo\s+)?(\$\w*\$)([\s\S]*?)\2/gi, (_m, isDo: string | undefined, _tag, body: string) => {
    if (isDo) bodies.push(body.replace(/^\s*begin\b|\bend\s*;?\s*$/gi, " "));
    return " $body$ ";
  });
  const statements = [outer, ...bodies]
    .join(";")
    .split(/;|--> statement-breakpoint/)
    .map((st) => st.replace(/"/g, "").replace(/\s+/g, " ").trim().toLowerCase())
    .filter(Boolean);
  const table = String.raw`(?:only\s+)?(?:\w+\.)?(\w+)`;
  const key = String.raw`(?:\w+\.)?(?:id|\w+_id)`;
  const literal = String.raw`(?:\d+|'_')`;
  const bounded = new RegExp(
    String.raw`\bwhere\b.*\b${key}\s*(?:=\s*${literal}|in\s*\(\s*${literal}(?:\s*,\s*${literal})*\s*\))`,
  );
  for (const st of statements) {
    // A CTE's own INSERT/UPDATE/DELETE counts as the statement's.
    const verb = (st.startsWith("with ") ? /\b(insert|update|delete|merge)\b/ : /^(insert|update|delete|merge)\b/).exec(st)?.[1];
    if (!verb) continue;
    if (verb === "insert" && !/\bselect\b/.test(st)) continue;
    const tables = [
      ...[...st.matchAll(new RegExp(String.raw`\b(?:from|join|using|update|merge into)\s+${table}`, "g"))].map((m) => m[1]!),
    ];
    const big = [...new Set(tables.filter((t) => BIG_TABLES.includes(t)))];
    if (big.length === 0 || bounded.test(st)) continue;
    found.push(
      `${verb.toUpperCase()} over ${big.join(", ")} in a migration (${st.slice(0, 80)}…): drizzle runs it in the ` +
        `release's one transaction, holding its locks and under its statement timeout; fill rows in ` +
        `batches after the migrations in src/db/backfills.ts (decision 552)`,
    );
  }
  return found;
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
  it("lets no migration after 0045 fill or rewrite a big table in drizzle's transaction", async () => {
    const dir = path.join(API_ROOT, "drizzle");
    const files = (await readdir(dir)).filter(
      (f) =>
        f.endsWith(".sql") &&
        // 0034 and 0038 filled orders' rows in the migration until decision 552 moved it to backfills.ts.
        (f.slice(0, 4) > LAST_BEFORE_BACKFILL_RULE || f.startsWith("0034_") || f.startsWith("0038_")),
    );
    expect(files).toEqual(expect.arrayContaining(["0034_order_money.sql", "0038_self_service.sql"]));
    for (const f of files) expect(bigTableBackfills(await readFile(path.join(dir, f), "utf8")), f).toEqual([]);

    // What 0034 and 0038 did as released, and the other forms, are refused with the way out named.
    const refused = [
      `INSERT INTO "order_charges" ("order_id", "amount_pence") SELECT o."id", o."amount_paid_pence" FROM "orders" o LEFT JOIN "order_payments" p ON p."order_id" = o."id" WHERE o."amount_paid_pence" > 0;`,
      `INSERT INTO "order_self_service" ("order_id", "policy_version") SELECT "id", 1 FROM "orders";`,
      `UPDATE "orders" SET "payment_plan" = 'full';`,
      `UPDATE orders o SET list_course = i.title FROM order_items i WHERE i.order_id = o.id;`,
      `DELETE FROM "mail_outbox" WHERE "created_at" < now() - interval '1 year';`,
      `WITH old AS (SELECT id FROM activity_log WHERE at < now()) DELETE FROM activity_log a USING old WHERE a.id = old.id;`,
      `UPDATE "courses" SET "seats" = (SELECT count(*) FROM "order_items" i WHERE i."course_id" = "courses"."id");`,
      `DO $$ BEGIN UPDATE public.learner_records SET status = 'new'; END $$;`,
      `WITH moved AS (UPDATE "refunds" SET "note" = '' RETURNING "id") SELECT count(*) FROM moved;`,
    ];
    for (const bad of refused) {
      const found = bigTableBackfills(`SET LOCAL lock_timeout = '1s';\n--> statement-breakpoint\n${bad}`);
      expect(found, bad).toHaveLength(1);
      expect(found[0]).toContain("src/db/backfills.ts");
    }
    expect(bigTableBackfills(refused[0]!)[0]).toMatch(/^INSERT over orders, order_payments in a migration/);
    // Rows named by key, small tables, constants and function bodies pass.
    const passed = [
      `UPDATE "orders" SET "payment_plan" = 'full' WHERE "id" = 42;`,
      `DELETE FROM "mail_outbox" WHERE "id" IN (1, 2, 3);`,
      `INSERT INTO "payment_settings" ("id", "options") VALUES (1, '{"from orders": true}');`,
      `INSERT INTO "booking_policies" ("version", "policy") SELECT 2, "policy" FROM "booking_policies" WHERE "version" = 1;`,
      `UPDATE "courses" SET "payment_options" = NULL;`,
      `-- UPDATE orders SET x = 1;\nALTER TABLE "orders" ADD COLUMN "channel" text;`,
      `CREATE FUNCTION f(ids int[]) RETURNS void LANGUAGE sql AS $$ UPDATE orders SET list_course = NULL WHERE id = ANY(ids) $$;`,
    ];
    for (const ok of passed) expect(bigTableBackfills(ok), ok).toEqual([]);
  });
});
