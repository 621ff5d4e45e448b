/**
 * The progress list's keys kept on the learner record (decision 533): results day, all passed,
 * on the list, stuck since. Whoever writes what they derive from (results, licence steps,
 * certificate progress, the purge, the booking's status) calls this in the same transaction, so
 * the list and the certificate alert read an index instead of deriving every learner's key. The
 * formula is `learner_progress_keys()` (migration 0047), shared with the backfill and the generator.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

export async function refreshProgressKeys(
  db: DbOrTx,
  of: { learners: readonly number[] } | { orders: readonly number[] },
): Promise<void> {
  if ("learners" in of) {
    if (!of.learners.length) return;
    await db.execute(sql`select refresh_learner_progress_keys(${sql.param([...of.learners])}::int[])`);
    return;
  }
  if (!of.orders.length) return;
  // The orders' places by their order_id index, each place's record by its attendee key.
  await db.execute(sql`select refresh_learner_progress_keys(array(
    select lr.id from order_attendees a join learner_records lr on lr.attendee_id = a.id
    where a.order_id = any(${sql.param([...of.orders])}::int[])))`);
}
