import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { HttpError } from "../../lib/http-error";

/**
 * Fixed-window counter in Postgres, so every API instance counts against the same limit.
 * Throws 429 when `key` has used up `limit` hits in the current window.
 */
export async function takeHit(
  db: DbOrTx,
  key: string,
  opts: { limit: number; windowMs: number; now: Date; message: string },
): Promise<void> {
  const windowStart = new Date(Math.floor(opts.now.getTime() / opts.windowMs) * opts.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
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
