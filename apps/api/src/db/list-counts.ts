/**
 * The maintained totals of the big lists (table list_counts, kept by triggers: decision 500): the
 * sum over every backend's slot of the rows with one of `keys` (all keys when none are given).
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "./client";

export type CountedList = "orders" | "activity_log" | "mail_outbox" | "scheduled_mails" | "contact_messages";

export async function countedRows(db: DbOrTx, list: CountedList, keys?: readonly string[]): Promise<number> {
  const { rows } = await db.execute<{ n: number | null }>(
    keys
      ? sql`select sum(n)::int as n from list_counts where list = ${list} and key = any(${sql.param([...keys])}::text[])`
      : sql`select sum(n)::int as n from list_counts where list = ${list}`,
  );
  return Number(rows[0]?.n ?? 0);
}
