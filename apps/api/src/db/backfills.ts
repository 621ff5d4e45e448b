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
    // Migration 0046: the course date of learner records made before it (decision 534). Found
    // by joining their places, items and orders (one hash join over the records at each start);
    // a record written stops matching, so every batch shrinks what is left.
    name: "learner records' paid course date",
    batch: `with b as (
      select lr.id from learner_records lr
      join order_attendees a on a.id = lr.attendee_id
      join orders o on o.id = a.order_id
      join order_items i on i.id = a.order_item_id
      where lr.paid_course_date_id is null and o.status = 'paid' and i.course_date_id is not null
      order by lr.id limit ${BATCH} for update of lr skip locked
    ), u as (
      update learner_records lr set paid_course_date_id = learner_paid_course_date(lr.attendee_id)
      from b where lr.id = b.id returning 1
    )
    select count(*)::int as n from u`,
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
