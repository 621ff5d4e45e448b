/**
 * Fills what a migration created empty on a live database, a batch per transaction (decision 500):
 * the bookings list's keys of the orders that have none, then the counts of the rows that existed
 * before the count triggers (backfill_office_lists, drizzle/0044_office_list_keys.sql). Each batch
 * holds its locks for milliseconds, so bookings go on; an interrupted run resumes where it stopped.
 */
import type pg from "pg";

const BATCH = 2000;

export async function backfillOfficeLists(client: pg.PoolClient): Promise<number> {
  let steps = 0;
  // A list's count reads its table once (a million activity entries on years of data): longer than
  // a request may take, and it blocks nothing but changes to that list's old rows meanwhile.
  await client.query("set statement_timeout = 0");
  try {
    for (;;) {
      const { rows } = await client.query<{ n: number }>("select backfill_office_lists($1) as n", [BATCH]);
      if (!rows[0]?.n) return steps;
      steps++;
    }
  } finally {
    await client.query("reset statement_timeout");
  }
}
