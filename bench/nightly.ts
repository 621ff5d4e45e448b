/**
 * Nightly jobs at size (decision 501): the retention and reminder jobs on a years-of-data database
 * (`BENCH_VOLUME_DB=<url>`, built by `generate`) while bookings flow beside them; per job the time
 * taken, the longest transaction the jobs held (their locks last as long) and what the bookings felt.
 * Targets: a night's work ≤ 60 s; no booking held up > 1 s.
 *
 * Two runs: first the backlog (the jobs at yesterday's date, or at BENCH_BACKLOG_AT: everything past
 * its age at once, as on a first night after the jobs were stopped), then one night's work (today).
 *
 *   BENCH_VOLUME_DB=postgres://…/volume_1_42 pnpm --filter @app/bench nightly
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { API_DIR, loadAvg } from "./lib";
import { startBookingLoop, watchTransactions } from "./booking-loop";

const url = process.env.BENCH_VOLUME_DB;
if (!url) throw new Error("BENCH_VOLUME_DB=<url of a years-of-data database> is required");

async function night(label: string, now: Date): Promise<boolean> {
  const bookings = await startBookingLoop(url!);
  const watch = await watchTransactions(url!, "nightly-jobs");
  const started = performance.now();
  let out = "";
  let failed = false;
  try {
    // Asynchronously: the booking loop and the watcher run in this process's event loop meanwhile.
    ({ stdout: out } = await promisify(execFile)("pnpm", ["exec", "tsx", "src/cli/nightly.ts", "--now", now.toISOString()], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: url },
      maxBuffer: 1 << 24,
    }));
  } catch (e) {
    // The figures below still say how far it got and what the bookings felt.
    failed = true;
    out = String((e as { stdout?: string }).stdout ?? "");
    console.error(String((e as { stderr?: string }).stderr ?? "").trim());
  }
  {
    const total = performance.now() - started;
    const longest = await watch.stop();
    const b = await bookings.stop();
    console.info(`\n${label} (jobs at ${now.toISOString()}), load ${loadAvg()}`);
    for (const line of out.split("\n").filter((l) => l.startsWith("NIGHTLY "))) {
      const [, job, ms, ...result] = line.split(" ");
      console.info(`  ${job!.padEnd(32)} ${Number(ms).toLocaleString("en-GB").padStart(8)} ms  ${result.join(" ")}`);
    }
    const ok = !failed && total <= 60_000 && b.over1s === 0 && b.errors === 0;
    console.info(
      `  ${failed ? "FAILED after" : "all"} ${(total / 1000).toFixed(1)} s (≤ 60 s); longest job transaction ${longest.toFixed(0)} ms; ` +
        `bookings beside: ${b.bookings}, p50 ${b.p50.toFixed(0)} ms, max ${b.max.toFixed(0)} ms, over 1 s ${b.over1s}, ` +
        `errors ${b.errors}${b.lastError ? ` (${b.lastError})` : ""} ${ok ? "met" : "MISSED"}`,
    );
    return ok;
  }
}

console.info(`Nightly jobs at size, ${new Date().toISOString()}, load ${loadAvg()}`);
const day = 24 * 3600 * 1000;
// BENCH_BACKLOG_AT moves the backlog run's date (e.g. two years ahead: two years of retention at once).
const backlogAt = process.env.BENCH_BACKLOG_AT ? new Date(process.env.BENCH_BACKLOG_AT) : new Date(Date.now() - day);
await night("Backlog: everything past its age at once", backlogAt);
process.exitCode = (await night("One night's work", new Date())) ? 0 : 1;
