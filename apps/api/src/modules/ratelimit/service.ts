import { sql } from "drizzle-orm";
import { executePrepared, type Db } from "../../db/client";
import { HttpError } from "../../lib/http-error";

/**
 * Fixed-window counter in Postgres, so every API instance counts against the same limit.
 * Throws 429 when `key` has used up `limit` hits in the current window.
 *
 * The upsert is its own transaction (`db` is the pool, never a caller's transaction) and commits
 * without waiting for the WAL flush (`synchronous_commit` off for this statement alone): a hit
 * lost in a database crash only lets one more request through, and waiting for the disk on every
 * order and contact form would cost each of them a flush (issue 16: every order on the fast path).
 */
export async function takeHit(
  db: Db,
  key: string,
  opts: { limit: number; windowMs: number; now: Date; message: string },
): Promise<void> {
  const windowStart = new Date(Math.floor(opts.now.getTime() / opts.windowMs) * opts.windowMs);
  const rows = await executePrepared<{ count: number }>(
    db,
    "rate_limit_hit",
    sql`
    insert into rate_limits (key, window_start, count)
    select ${key}, ${windowStart.toISOString()}::timestamptz, 1
    from (select set_config('synchronous_commit', 'off', true)) as no_flush
    on conflict (key, window_start) do update set count = rate_limits.count + 1
    returning count`,
  );
  const row = rows[0];
  // Old windows are dead weight; trimming now and then keeps the table small.
  if (Math.random() < 0.02) {
    await db.execute(
      sql`delete from rate_limits where window_start < ${new Date(opts.now.getTime() - 86_400_000).toISOString()}`,
    );
  }
  if ((row?.count ?? 0) > opts.limit) {
    const retryAfter = Math.ceil((windowStart.getTime() + opts.windowMs - opts.now.getTime()) / 1000);
    throw new HttpError(429, opts.message, { retry_after: retryAfter });
  }
}
