/**
 * Runs one of the background jobs once, as the job queue's handler would, on a database as it is
 * (the nightly bench, bench/nightly.ts): the app is built over `--database` with the workers off,
 * so nothing else runs, and the job's function is called once with the app's clock or `--now`.
 * Prints `JOB <name> <ms> <result as JSON>`; exit code 1 when the job throws (its error printed).
 *
 *   pnpm --filter api exec tsx src/cli/run-job.ts --database <url> --job retention [--now ISO]
 *
 * Jobs: retention (learner records, then the outbox and activity log: the 03:30 run),
 * scheduled-mail (plan and queue reminders and renewals), send-mail (the outbox sender),
 * overdue-balances (07:00), balance-due (08:00), order-expiry. Mail goes to MAIL_DIR's files
 * unless SMTP_URL is set, as in the test server.
 */
import { parseArgs } from "node:util";
import { buildApp } from "../app";
import { createPool, dbTimeoutsOf } from "../db/client";
import { parseEnv } from "../env";

type Workers = Awaited<ReturnType<typeof buildApp>>["workers"];

export const JOB_RUNS: Record<string, (w: Workers, now?: Date) => Promise<unknown>> = {
  // As the learner-retention handler (src/workers/index.ts): learner records, then old mail and activity.
  retention: async (w) => ({ learners: await w.purgeLearnerRecords(), ...(await w.purgeOldRecords()) }),
  "scheduled-mail": (w, now) => w.runDue(now),
  "send-mail": (w) => w.sendMail(),
  "overdue-balances": (w, now) => w.runOverdue(now),
  "balance-due": (w, now) => w.runBalanceDue(now),
  "order-expiry": (w) => w.expireOrders(),
};

async function main() {
  const { values } = parseArgs({
    options: { database: { type: "string" }, job: { type: "string" }, now: { type: "string" } },
    strict: true,
  });
  const run = JOB_RUNS[values.job ?? ""];
  if (!values.database || !run) throw new Error(`--database <url> and --job (${Object.keys(JOB_RUNS).join(", ")}) are required`);
  const base = parseEnv(undefined, { defaults: { NODE_ENV: "test", LOG_LEVEL: "warn" } });
  // Production's pool size and timeouts (statement timeout included): the job meets what it meets there.
  const pool = createPool(values.database, base.DB_POOL_SIZE, dbTimeoutsOf(base));
  const now = values.now ? new Date(values.now) : undefined;
  const app = await buildApp({
    env: { ...base, DATABASE_URL: values.database, WORKERS_ENABLED: false },
    pool,
    ownsPool: true,
    responseValidation: false,
    ...(now ? { now: () => now } : {}),
  });
  try {
    await app.ready();
    const started = performance.now();
    const result = await run(app.workers, now);
    console.info(`JOB ${values.job} ${Math.round(performance.now() - started)} ${JSON.stringify(result)}`);
  } finally {
    await app.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
