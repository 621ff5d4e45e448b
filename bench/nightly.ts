/**
 * Nightly jobs at full size (issue 36): each night job's work on a copy of the years-of-data
 * database while bookings arrive. Copies BENCH_TEMPLATE (default bench_volume_1) into a database
 * of its own (dropped at the end) unless BENCH_VOLUME_DB names one to use as it is, serves it with
 * the API (production-like, job queue off so its start does not run the jobs), books at
 * ORDER_RATE/s (default 20) from 6 source addresses, and for each job: BEFORE_S seconds of orders
 * alone (default 10), then the job run once in its own process (src/cli/run-job.ts, the queue
 * handler's function) beside the orders. Prints per job its duration (target ≤ 60 s), what it did,
 * the order p50/p99/max before and during, and the longest lock wait an API backend met during it.
 *
 *   pnpm --filter @app/bench nightly       # NIGHTLY_JOBS=retention,scheduled-mail,... NIGHTLY_NOW=ISO
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminToken, API_DIR, apiEntry, loadAvg, startNode, stopOnExit, type Started } from "./lib";
import { copyOfDatabase } from "./databases";
import { bookingLoop, createTraining, fmtWait, fmtWindow, lockSampler, windowOf } from "./booking-loop";

const SERVER = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432";
const RATE = Number(process.env.ORDER_RATE ?? 20);
const BEFORE_S = Number(process.env.BEFORE_S ?? 10);
const TARGET_S = 60;
const JOBS = (process.env.NIGHTLY_JOBS ?? "retention,scheduled-mail,send-mail,overdue-balances,balance-due").split(",");
const JOB_APP = "nightly-job";

/** The database the jobs run on: BENCH_VOLUME_DB as it is, else a copy of BENCH_TEMPLATE. */
async function copyDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  if (process.env.BENCH_VOLUME_DB) {
    const url = process.env.BENCH_VOLUME_DB;
    return { url, name: new URL(url).pathname.slice(1), drop: async () => undefined };
  }
  const template = process.env.BENCH_TEMPLATE ?? "bench_volume_1";
  return copyOfDatabase(`${SERVER}/${template}`, `bench_nightly_${process.pid}`);
}

/** One run of a job in its own process; resolves with when it started working, its ms and result. */
function runJob(dbUrl: string, job: string, mailDir: string): Promise<{ start: number; end: number; ms: number; out: string }> {
  const url = new URL(dbUrl);
  url.searchParams.set("application_name", JOB_APP);
  const args = ["--import", "tsx", "src/cli/run-job.ts", "--database", url.toString(), "--job", job];
  if (process.env.NIGHTLY_NOW) args.push("--now", process.env.NIGHTLY_NOW);
  const child = spawn(process.execPath, args, {
    cwd: API_DIR,
    env: { ...process.env, LOG_LEVEL: "warn", MAIL_DIR: mailDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (err += c.toString()));
  const spawned = performance.now();
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => {
      const end = performance.now();
      const m = /JOB \S+ (\d+) (.*)/.exec(out);
      if (code !== 0 || !m)
        return reject(new Error(`job ${job} failed (${code}): ${err.trim().split("\n").slice(0, 6).join(" | ")}`));
      const ms = Number(m[1]);
      // The job's own time, without the process's start (building the app).
      resolve({ start: Math.max(spawned, end - ms), end, ms, out: m[2]! });
    });
  });
}

async function main() {
  const db = await copyDatabase();
  const mailDir = mkdtempSync(path.join(tmpdir(), "bench-nightly-mail-"));
  let api: Started | null = null;
  stopOnExit(() => api);
  const sampler = lockSampler(db.url, db.name, JOB_APP);
  try {
    const started = Date.now();
    api = await startNode(
      "API (nightly)",
      API_DIR,
      [apiEntry("test-server"), "--production-like", "--port", "0", "--database", db.url, "--workers", "off"],
      { LOG_LEVEL: "warn", MAIL_DIR: mailDir },
    );
    console.info(`API up in ${((Date.now() - started) / 1000).toFixed(1)} s on ${db.name}`);
    await sampler.ready;
    const token = await adminToken(api.url);
    const course = await createTraining(api.url, token);
    const apiUrl = api.url;
    const loop = bookingLoop(() => apiUrl, course, RATE);
    await new Promise((r) => setTimeout(r, 5000)); // warm-up: pool, prepared plans
    console.info(
      `\nNightly jobs on ${db.name}, ${new Date().toISOString()}, load ${loadAvg()}; orders at ${RATE}/s from 6 addresses; target ≤ ${TARGET_S} s per job, no booking stalled`,
    );
    let missed = 0;
    for (const job of JOBS) {
      const beforeFrom = performance.now();
      await new Promise((r) => setTimeout(r, BEFORE_S * 1000));
      const beforeTo = performance.now();
      const run = await runJob(db.url, job, mailDir).catch((e: Error) => e);
      if (run instanceof Error) {
        missed++;
        console.info(`${job.padEnd(17)} FAILED: ${run.message}`);
        continue;
      }
      const before = windowOf(loop.samples, beforeFrom, beforeTo);
      const during = windowOf(loop.samples, run.start, run.end, true);
      const ok = run.ms <= TARGET_S * 1000 && during.failed === 0;
      if (!ok) missed++;
      console.info(`${job.padEnd(17)} ${(run.ms / 1000).toFixed(1).padStart(6)} s ${ok ? "met" : "MISSED"}  ${run.out}`);
      console.info(`  orders before ${fmtWindow(before)}`);
      console.info(`  orders during ${fmtWindow(during)}`);
      console.info(`  ${fmtWait(sampler.longest(run.start, run.end))}`);
    }
    await loop.stop();
    console.info(`load ${loadAvg()}; ${missed} job(s) missed`);
    process.exitCode = missed ? 1 : 0;
  } finally {
    await sampler.stop();
    await api?.stop();
    rmSync(mailDir, { recursive: true, force: true });
    await db.drop();
  }
}

void main();
