/**
 * The migrations of a release at full size (issue 36: no migration may stop bookings for more than
 * a second). Builds the years-of-data database with the PREVIOUS release's code (`--from <commit>`,
 * default `git merge-base HEAD main`; its files are taken with `git archive` into a temporary
 * directory, installed offline, and the built database kept as a template for the next run), copies
 * it, serves the copy with that old API (test server, job queue off), books at ORDER_RATE/s
 * (default 20) from 6 source addresses, and then applies THIS checkout's migrations as the new
 * API's start does (`migrate()`, src/cli/migrate-timed.ts). Prints per migration file (drizzle's
 * pending ones, then the online index files and anything else `migrate()` runs) its time, the
 * orders waiting during it (p50/p99/max) and the longest lock wait an old-API backend met, plus the
 * whole of drizzle's transaction (every lock it takes is held until it commits).
 *
 *   pnpm --filter @app/bench migrations -- --from 3d289fc     # MIGRATIONS_SCALE=0.1 for a tenth
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { adminToken, loadAvg, startNode, stopOnExit, type Started } from "./lib";
import { copyOfDatabase } from "./databases";
import { bookingLoop, createTraining, fmtWait, fmtWindow, lockSampler, windowOf } from "./booking-loop";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SERVER = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432";
const RATE = Number(process.env.ORDER_RATE ?? 20);
const SCALE = Number(process.env.MIGRATIONS_SCALE ?? 1);
const BEFORE_S = Number(process.env.BEFORE_S ?? 10);
const AFTER_S = Number(process.env.AFTER_S ?? 5);
const STALL_MS = 1000;
const MIGRATOR_APP = "bench-migrate";

const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
const psql = (db: string, sql: string) =>
  execFileSync("psql", [`${SERVER}/${db}`, "-v", "ON_ERROR_STOP=1", "-Atc", sql], { encoding: "utf8" }).trim();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function fromCommit(): string {
  // `pnpm … migrations -- --from x` passes the `--` on.
  const args = process.argv.slice(2).filter((a) => a !== "--");
  const { values } = parseArgs({ args, options: { from: { type: "string" } }, strict: false });
  const given = (values.from as string | undefined) ?? process.env.MIGRATIONS_FROM;
  if (given) return git("rev-parse", "--verify", `${given}^{commit}`);
  const base = git("merge-base", "HEAD", "main");
  if (base === git("rev-parse", "HEAD")) throw new Error("HEAD is on main: name the previous release with --from <commit>");
  return base;
}

/** The old release's files (git archive) with its dependencies installed offline, kept between runs. */
function oldCheckout(sha: string): string {
  const dir = path.join(tmpdir(), `bench-migrations-${sha.slice(0, 10)}`);
  if (existsSync(path.join(dir, "apps/api/node_modules"))) return dir;
  console.info(`preparing ${sha.slice(0, 10)} in ${dir} (git archive, pnpm install --offline)`);
  execFileSync("mkdir", ["-p", dir]);
  execFileSync("sh", ["-c", `git archive ${sha} | tar -x -C '${dir}'`], { cwd: ROOT });
  execFileSync("pnpm", ["install", "--frozen-lockfile", "--offline"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  return dir;
}

/** The full-size database built by the old release's generator (kept as a template), and a copy of it to migrate. */
async function oldDatabase(sha: string, dir: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const template = `bench_migrations_${sha.slice(0, 10)}_${String(SCALE).replace(".", "_")}`;
  if (!psql("postgres", `select 1 from pg_database where datname = '${template}'`)) {
    const started = Date.now();
    console.info(`building ${template} with ${sha.slice(0, 10)}'s generator at scale ${SCALE}`);
    const out = execFileSync(
      "pnpm",
      ["--filter", "api", "exec", "tsx", "src/cli/volume.ts", "--scale", String(SCALE), "--seed", "42", "--db", template],
      { cwd: dir, encoding: "utf8", env: { ...process.env, DATABASE_URL: `${SERVER}/postgres` }, maxBuffer: 1 << 24 },
    );
    console.info(`${out.trim().split("\n").slice(-2).join("; ")} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  return copyOfDatabase(`${SERVER}/${template}`, `bench_migrations_${process.pid}`);
}

type Statement = { start: number; ms: number; ok: boolean; error: string | null; sql: string };

/**
 * This checkout's `migrate()` on the database; its statements with their times (performance.now()
 * clock), and its error when a statement failed (the migration did not apply: a finding, reported).
 */
function migrateTimed(dbUrl: string): Promise<{ statements: Statement[]; ms: number; failed: string | null }> {
  const url = new URL(dbUrl);
  url.searchParams.set("application_name", MIGRATOR_APP);
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/migrate-timed.ts", "--database", url.toString()], {
    cwd: path.join(ROOT, "apps/api"),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) =>
    child.on("exit", (code) => {
      const statements = [...out.matchAll(/^STMT (\d+) (\d+) (\S+) (.*)$/gm)].map((m) => ({
        start: Number(m[1]) - performance.timeOrigin,
        ms: Number(m[2]),
        ok: m[3] === "ok",
        error: m[3] === "ok" ? null : m[3]!.replace(/^error:/, "SQLSTATE "),
        sql: JSON.parse(m[4]!) as string,
      }));
      const done = /^(MIGRATED|FAILED) (\d+)(?: (.*))?$/m.exec(out);
      if (!done) reject(new Error(`migrate() did not run (${code}): ${err.trim().split("\n").slice(0, 8).join(" | ")}`));
      else resolve({ statements, ms: Number(done[2]), failed: done[1] === "FAILED" ? (JSON.parse(done[3]!) as string) : null });
    }),
  );
}

const normal = (sql: string) =>
  sql
    .split("\n")
    .filter((l) => !l.trim().startsWith("--"))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Every statement of this checkout's pending migration files (journal entries newer than the
 * database's last applied one, as drizzle's migrator decides) and of the online index files, in
 * the order `migrate()` runs them.
 */
function migrationChunks(lastApplied: number): { file: string; sql: string }[] {
  const folder = path.join(ROOT, "apps/api/drizzle");
  const files = (dir: string) =>
    readdirSync(path.join(folder, dir))
      .filter((f) => f.endsWith(".sql"))
      .sort();
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  const pending = new Set(journal.entries.filter((e) => e.when > lastApplied).map((e) => `${e.tag}.sql`));
  return [
    ...files(".")
      .filter((f) => pending.has(f))
      .map((f) => ({ file: f, text: readFileSync(path.join(folder, f), "utf8") })),
    ...files("online").map((f) => ({ file: `online/${f}`, text: readFileSync(path.join(folder, "online", f), "utf8") })),
  ].flatMap(({ file, text }) =>
    text
      .split("--> statement-breakpoint")
      .map(normal)
      .filter(Boolean)
      .map((sql) => ({ file, sql })),
  );
}

/** A batch of src/db/backfills.ts, by the comment that names it. */
const BACKFILL = /^\/\* backfill: ([^*]+?) \*\//;

/** Names each statement's file: the next chunk (in run order) it matches; anything else is the migrator's own. */
function byFile(statements: Statement[], lastApplied: number): Map<string, Statement[]> {
  const chunks = migrationChunks(lastApplied);
  const groups = new Map<string, Statement[]>();
  let next = 0;
  let phase = "before drizzle's transaction";
  for (const s of statements) {
    const sql = normal(s.sql);
    let file = `(migrator, ${phase})`;
    if (/^(begin|commit|rollback)$/i.test(sql)) {
      file = `(transaction ${sql.toLowerCase()})`;
      phase = /^begin$/i.test(sql) ? "in drizzle's transaction" : "after: job queue schema, index checks";
    } else {
      const at = chunks.findIndex((c, i) => i >= next && c.sql === sql);
      if (at >= 0) {
        file = chunks[at]!.file;
        next = at + 1;
      } else if (BACKFILL.test(sql)) file = `(backfill: ${BACKFILL.exec(sql)![1]})`;
      else if (/^(insert into|update) /i.test(sql) && !/drizzle|pgboss/.test(sql)) file = "(backfills)";
    }
    groups.set(file, [...(groups.get(file) ?? []), s]);
  }
  return groups;
}

async function main() {
  const sha = fromCommit();
  const dir = oldCheckout(sha);
  // Before ebffa66e the test server made a database of its own: the old API's bookings would not
  // touch the database being migrated, and the run would measure nothing.
  if (!/database: \{ type: "string" \}/.test(readFileSync(path.join(dir, "apps/api/src/cli/test-server.ts"), "utf8")))
    throw new Error(
      `${sha.slice(0, 10)}'s test server has no --database: give it the option first ` +
        `(cd ${dir} && git -C ${ROOT} show ebffa66e -- apps/api/src/cli/test-server.ts | patch -p1)`,
    );
  const db = await oldDatabase(sha, dir);
  let api: Started | null = null;
  stopOnExit(() => api);
  const sampler = lockSampler(db.url, db.name, MIGRATOR_APP);
  try {
    // The old release's API: its test server on the copy (not production-like, so no job queue
    // whose start would run the nightly jobs meanwhile), as the instance still serving bookings.
    api = await startNode(
      "old API",
      path.join(dir, "apps/api"),
      ["src/cli/test-server.ts", "--port", "0", "--database", db.url],
      {
        LOG_LEVEL: "warn",
      },
    );
    await sampler.ready;
    const token = await adminToken(api.url);
    const course = await createTraining(api.url, token);
    const apiUrl = api.url;
    const loop = bookingLoop(() => apiUrl, course, RATE);
    await sleep(5000); // warm-up
    const beforeFrom = performance.now();
    await sleep(BEFORE_S * 1000);
    console.info(
      `\nMigrations from ${sha.slice(0, 10)} to this checkout (${git("rev-parse", "--short", "HEAD")}) on ${db.name} (scale ${SCALE}), ${new Date().toISOString()}, load ${loadAvg()}; orders at ${RATE}/s through the old API`,
    );
    const lastApplied = Number(psql(db.name, "select coalesce(max(created_at), 0) from drizzle.__drizzle_migrations"));
    const migrated = await migrateTimed(db.url);
    const end = performance.now();
    await sleep(AFTER_S * 1000);
    await loop.stop();
    const first = migrated.statements[0]?.start ?? end;
    console.info(`orders before        ${fmtWindow(windowOf(loop.samples, beforeFrom, first))}`);
    let stalled = 0;
    const line = (name: string, from: number, to: number, extra = "") => {
      const w = windowOf(loop.samples, from, Math.max(to, from + 1), true);
      const ok = w.max <= STALL_MS && w.failed === 0;
      if (!ok) stalled++;
      console.info(
        `${name.padEnd(44)} ${((to - from) / 1000).toFixed(2).padStart(7)} s  ${fmtWindow(w)}  ${ok ? "met" : "STALLED"}${extra}`,
      );
      console.info(`${"".padEnd(44)} ${fmtWait(sampler.longest(from, Math.max(to, from + 150)))}`);
    };
    for (const [file, stmts] of byFile(migrated.statements, lastApplied)) {
      const from = Math.min(...stmts.map((s) => s.start));
      const to = Math.max(...stmts.map((s) => s.start + s.ms));
      const errors = stmts.filter((s) => !s.ok);
      line(file, from, to, errors.length ? `  FAILED (${errors.map((e) => e.error).join(", ")})` : "");
    }
    const tx = migrated.statements.filter((s) => /^(begin|commit|rollback)$/i.test(s.sql.trim()));
    if (tx.length >= 2) line("drizzle's transaction, begin to commit", tx[0]!.start, tx.at(-1)!.start + tx.at(-1)!.ms);
    line("migrate() as a whole", first, end);
    console.info(`orders after         ${fmtWindow(windowOf(loop.samples, end, performance.now()))}`);
    if (migrated.failed) console.info(`MIGRATION FAILED: ${migrated.failed} (the release would not start)`);
    console.info(`load ${loadAvg()}; target: no booking waits > ${STALL_MS} ms; ${stalled} window(s) stalled`);
    process.exitCode = stalled || migrated.failed ? 1 : 0;
  } finally {
    await sampler.stop();
    await api?.stop();
    await db.drop();
  }
}

void main();
