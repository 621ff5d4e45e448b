/**
 * Data a migration adds a column for but must not fill in its own transaction (decision 520):
 * drizzle's migrator runs every pending migration in one transaction, and updating every order
 * there would hold their row locks, and so stop payments and changes to them, until it commits.
 * Each backfill here runs after the migrations and the online indexes, a batch of rows per
 * transaction (a batch locks only its rows, for milliseconds), until no row is left; every start
 * runs it again and finds nothing to do, or finishes what an interrupted start or the previous
 * release's instances (still writing during a rolling upgrade) left.
 */
import type pg from "pg";

type Backfill = { name: string; batch: string };

const BATCH = 500;

const BACKFILLS: Backfill[] = [
  {
    // Migration 0043: the bookings list's sort keys of orders written before it.
    name: "order list keys",
    batch: `select refresh_order_list_keys(array(
      select id from orders where list_learner is null order by id limit ${BATCH} for update skip locked)) as n`,
  },
  {
    // Migration 0047: the progress list's keys of learner records written before it (decision 533).
    name: "learner progress keys",
    batch: `select refresh_learner_progress_keys(array(
      select id from learner_records where progress_open is null order by id limit ${BATCH} for update skip locked)) as n`,
  },
];

/** Runs every backfill to the end; the rows written by each. */
export async function runBackfills(client: pg.PoolClient): Promise<Record<string, number>> {
  const written: Record<string, number> = {};
  for (const backfill of BACKFILLS) {
    let total = 0;
    for (;;) {
      // Autocommit: each batch is its own transaction.
      const { rows } = await client.query<{ n: number }>(backfill.batch);
      const n = Number(rows[0]?.n ?? 0);
      if (n === 0) break;
      total += n;
    }
    written[backfill.name] = total;
  }
  return written;
}
