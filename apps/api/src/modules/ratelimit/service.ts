import type { Db } from "../../db/client";
import { batched, perKey } from "../../lib/batch";
import { HttpError } from "../../lib/http-error";
import { addHits, deleteWindowsBefore } from "./repository";

/**
 * Fixed-window counter in Postgres, so every API instance counts against the same limit.
 * Throws 429 when `key` has used up `limit` hits in the current window.
 *
 * Hits taken during one turn of the event loop go to Postgres as one upsert (decision 254), its
 * own transaction (`db` is the pool, never a caller's transaction), committed without waiting for
 * the WAL flush (`synchronous_commit` off for that statement alone): a hit lost in a database
 * crash only lets one more request through, and waiting for the disk on every order and contact
 * form would cost each of them a flush (issue 16: every order on the fast path).
 */
export async function takeHit(
  db: Db,
  key: string,
  opts: { limit: number; windowMs: number; now: Date; message: string },
): Promise<void> {
  const windowStart = Math.floor(opts.now.getTime() / opts.windowMs) * opts.windowMs;
  const count = await hitsOf(db)({ key, windowStart });
  trimNowAndThen(db, opts.now);
  if (count > opts.limit) {
    const retryAfter = Math.ceil((windowStart + opts.windowMs - opts.now.getTime()) / 1000);
    throw new HttpError(429, opts.message, { retry_after: retryAfter });
  }
}

type Hit = { key: string; windowStart: number };

/**
 * The counts after each hit of a batch: one row per (key, window), locked in key order (two
 * batches on two instances lock their rows in the same order, so they cannot deadlock), and the
 * calls of one key told 1st, 2nd, … of the hits the batch added, in the order they were taken.
 */
const hitsOf = perKey((db: Db) =>
  batched(async (hits: Hit[]) => {
    const groups = new Map<string, { key: string; windowStart: number; n: number }>();
    for (const h of hits) {
      const id = `${h.windowStart} ${h.key}`;
      const g = groups.get(id);
      if (g) g.n++;
      else groups.set(id, { ...h, n: 1 });
    }
    const rows = [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.windowStart - b.windowStart));
    const counted = await addHits(db, rows);
    const total = new Map(counted.map((r) => [`${r.window_ms} ${r.key}`, Number(r.count)]));
    // Hand out the batch's hits of each key in call order: the last call sees the new total.
    const given = new Map<string, number>();
    return hits.map((h) => {
      const id = `${h.windowStart} ${h.key}`;
      const g = groups.get(id)!;
      const nth = (given.get(id) ?? 0) + 1;
      given.set(id, nth);
      return total.get(id)! - g.n + nth;
    });
  }),
);

const TRIM_EVERY_MS = 60_000;
const lastTrim = new WeakMap<Db, number>();

/** Old windows are dead weight: at most once a minute per instance, windows over a day old go (not waited for). */
function trimNowAndThen(db: Db, now: Date) {
  const last = lastTrim.get(db) ?? 0;
  if (now.getTime() - last < TRIM_EVERY_MS && now.getTime() >= last) return;
  lastTrim.set(db, now.getTime());
  deleteWindowsBefore(db, new Date(now.getTime() - 86_400_000)).catch(
    () => undefined, // the next minute tries again
  );
}
