/**
 * Migrations at size (decision 501): applies this release's pending migrations (and then its online
 * indexes, as the API's start does) to a years-of-data database built by an earlier release
 * (`BENCH_VOLUME_DB=<url>`), while bookings flow beside; prints how long it took, the longest
 * transaction of the migrating connection (the locks a migration takes last that long) and the
 * slowest booking. Target: no booking held up more than 1 s.
 *
 *   (at the earlier commit) pnpm --filter @app/bench generate -- --scale 1 --seed 42
 *   BENCH_VOLUME_DB=postgres://…/volume_1_42 pnpm --filter @app/bench migrations
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { API_DIR, loadAvg } from "./lib";
import { connect, startBookingLoop, watchTransactions } from "./booking-loop";

const url = process.env.BENCH_VOLUME_DB;
if (!url) throw new Error("BENCH_VOLUME_DB=<url of a years-of-data database an earlier release built> is required");

const db = await connect(url, "bench-journal");
const applied = async () =>
  (await db.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0]!.n;
const before = await applied();
console.info(`Migrations at size, ${new Date().toISOString()}, load ${loadAvg()}; ${before} migrations applied before`);
const bookings = await startBookingLoop(url);
await new Promise((r) => setTimeout(r, 2000)); // the loop's own pace first
const watch = await watchTransactions(url, "bench-migrate");
const started = performance.now();
const migrateUrl = new URL(url);
migrateUrl.searchParams.set("application_name", "bench-migrate");
try {
  // Asynchronously: the booking loop and the watcher run in this process's event loop meanwhile.
  const { stdout, stderr } = await promisify(execFile)("pnpm", ["exec", "tsx", "src/cli/migrate.ts"], {
    cwd: API_DIR,
    env: { ...process.env, DATABASE_URL: migrateUrl.toString() },
  });
  process.stdout.write(stdout + stderr);
} catch (e) {
  const { stdout = "", stderr = "" } = e as { stdout?: string; stderr?: string };
  console.error(`migration failed: ${(stdout + stderr).split("\n").slice(-3).join(" ")}`);
  process.exitCode = 1;
} finally {
  const total = performance.now() - started;
  await new Promise((r) => setTimeout(r, 2000));
  const longest = await watch.stop();
  const b = await bookings.stop();
  const after = await applied();
  await db.end();
  const ok = !process.exitCode && b.over1s === 0 && b.errors === 0;
  console.info(
    `${after - before} migration(s) and the online indexes in ${(total / 1000).toFixed(1)} s; longest transaction ${longest.toFixed(0)} ms; ` +
      `bookings beside: ${b.bookings}, p50 ${b.p50.toFixed(0)} ms, max ${b.max.toFixed(0)} ms, over 1 s ${b.over1s}, errors ${b.errors}` +
      `${b.lastError ? ` (${b.lastError})` : ""}; load ${loadAvg()} ${ok ? "met" : "MISSED"}`,
  );
  process.exitCode = ok ? 0 : 1;
}
