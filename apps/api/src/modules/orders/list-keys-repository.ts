/**
 * The bookings list's sort keys kept on the order (decision 520): whoever changes an order's lines
 * or places calls this in the same transaction, so the sorts by first date, course and learner
 * read an index instead of deriving every order's key. The formula is `order_list_keys()`
 * (migration 0043), shared with the backfill.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

export async function refreshListKeys(db: DbOrTx, orderIds: readonly number[]): Promise<void> {
  if (!orderIds.length) return;
  await db.execute(sql`select refresh_order_list_keys(${sql.param([...orderIds])}::int[])`);
}
