/**
 * One night's work of the jobs on DATABASE_URL, each timed (decision 501): the learner-record
 * retention, the outbox and activity-log retention, and a run of scheduled mail (course reminders
 * and renewal reminders planned, the due ones queued). `bench nightly` runs it beside a booking
 * loop on years of data and watches the locks it holds.
 *
 *   pnpm --filter api exec tsx src/cli/nightly.ts [--now ISO]
 *
 * Prints `NIGHTLY <job> <ms> <result as JSON>` per job. The connections are named `nightly-jobs`
 * (application_name), so a watcher can find their transactions in pg_stat_activity.
 */
import { parseArgs } from "node:util";
import { createDb, createPool, dbTimeoutsOf } from "../db/client";
import { parseEnv } from "../env";
import { runScheduledMail } from "../modules/jobs";
import { purgeExpiredLearnerRecords } from "../modules/learners";
import { mailSettings } from "../modules/mail";
import { purgeOldRecords } from "../modules/privacy";

async function main() {
  const { values } = parseArgs({ options: { now: { type: "string" } }, strict: true });
  const env = parseEnv();
  if (!env.DATABASE_URL) throw new Error("DATABASE_URL is required");
  const url = new URL(env.DATABASE_URL);
  url.searchParams.set("application_name", "nightly-jobs");
  // The API's own timeouts: in production the jobs run on its pool, so no statement may take longer.
  const pool = createPool(url.toString(), 2, dbTimeoutsOf(env));
  const db = createDb(pool);
  const now = values.now ? new Date(values.now) : new Date();
  const jobs: [string, () => Promise<unknown>][] = [
    ["learner-retention", () => purgeExpiredLearnerRecords(db, now)],
    ["outbox-and-activity-retention", () => purgeOldRecords(db, now)],
    ["scheduled-mail", () => runScheduledMail(db, env, mailSettings(env), now)],
  ];
  try {
    for (const [name, run] of jobs) {
      const started = performance.now();
      const result = await run();
      console.info(`NIGHTLY ${name} ${(performance.now() - started).toFixed(0)} ${JSON.stringify(result)}`);
    }
  } finally {
    await pool.end();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
