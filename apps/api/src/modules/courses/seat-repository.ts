/** Seat reads and signals of the catalogue (the seat rule is the SQL function `seats_taken`, decision 080). */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

/**
 * Places left on every open date from `today` (id and left), and the next pending hold's expiry
 * in epoch milliseconds (a row with id null and `e` set).
 */
export async function placesLeftAndNextExpiry(db: DbOrTx, now: Date, today: string) {
  const at = now.toISOString();
  const { rows } = await db.execute<{ id: number | null; left: number | null; e: number | null }>(sql`
    select d.id, greatest(0, d.capacity - seats_taken(d, ${at}))::int as left, null::float8 as e
    from course_dates d where d.closed_at is null and d.start_date >= ${today}
    union all
    select null, null, (extract(epoch from min(expires_at)) * 1000)::float8 from orders
    where status = 'pending' and expires_at > ${at}`);
  return rows;
}

/** NOTIFY on a channel (inside a transaction it is delivered at the commit). */
export async function notify(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
