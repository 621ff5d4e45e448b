/**
 * The job queue (pg-boss, decision 220): Postgres-backed, so each job runs once across any
 * number of API instances, survives restarts and is retried with backoff. pg-boss keeps its
 * tables in its own schema (`pgboss`), created by `installJobQueue` during the migrations, so
 * the test templates, every database cloned from them and a production start all have it.
 */
import PgBoss from "pg-boss";
import type pg from "pg";

export const JOB_QUEUE_SCHEMA = "pgboss";

/** pg-boss over our own pool (no second pool per instance; the pool's timeouts apply). */
export function poolAdapter(pool: pg.Pool): PgBoss.Db {
  return { executeSql: (text: string, values: unknown[]) => pool.query(text, values) };
}

/** Creates or upgrades pg-boss's schema (idempotent; pg-boss takes its own advisory lock). */
export async function installJobQueue(pool: pg.Pool): Promise<void> {
  const boss = new PgBoss({ db: poolAdapter(pool), schema: JOB_QUEUE_SCHEMA, migrate: true, supervise: false, schedule: false });
  boss.on("error", () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
}
