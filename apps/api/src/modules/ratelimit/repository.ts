import { sql } from "drizzle-orm";
import { executePrepared, type Db } from "../../db/client";

/**
 * Adds each (key, window) group's hits in one upsert, rows locked in the given order, committed
 * without waiting for the WAL flush; answers the counts after it.
 */
export function addHits(db: Db, rows: { key: string; windowStart: number; n: number }[]) {
  return executePrepared<{ key: string; window_ms: string; count: number }>(
    db,
    "rate_limit_hits",
    sql`
      insert into rate_limits (key, window_start, count)
      select u.key, to_timestamp(u.ms / 1000.0), u.n
      from unnest(${sql.param(rows.map((r) => r.key))}::text[], ${sql.param(rows.map((r) => r.windowStart))}::bigint[],
        ${sql.param(rows.map((r) => r.n))}::int[]) with ordinality as u(key, ms, n, ord),
        (select set_config('synchronous_commit', 'off', true)) as no_flush
      order by u.ord
      on conflict (key, window_start) do update set count = rate_limits.count + excluded.count
      returning key, (extract(epoch from window_start) * 1000)::bigint::text as window_ms, count`,
  );
}

/** Deletes windows that started before `before`. */
export function deleteWindowsBefore(db: Db, before: Date): Promise<unknown> {
  return db.execute(sql`delete from rate_limits where window_start < ${before.toISOString()}`);
}
