import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";

/**
 * Per-instance cache of catalogue answers, checked against the database on every request
 * with one cheap query, so an admin edit on any instance is visible at once everywhere:
 * - catalogue_state.version: bumped by trigger in the same transaction as any catalogue write
 *   (commit-ordered, so a cached answer can never outlive the change);
 * - the latest order change and the next hold to run out (places left move with bookings
 *   and with time). Entries also expire after MAX_AGE_MS as a bound on any order-side race.
 */
const MAX_AGE_MS = 5_000;
const MAX_ENTRIES = 500;

type Entry<T> = { fingerprint: string; etag: string; body: T; at: number };

export class CatalogueCache {
  private entries = new Map<string, Entry<unknown>>();

  async fingerprint(db: Db, now: Date): Promise<string> {
    const { rows } = await db.execute<{ v: number; o: string | null; e: string | null }>(sql`
      select (select version from catalogue_state where id = 1) as v,
             (select max(updated_at) from orders)::text as o,
             (select min(expires_at) from orders where status = 'pending' and expires_at > ${now.toISOString()})::text as e`);
    const r = rows[0];
    return `${r?.v ?? 0}|${r?.o ?? ""}|${r?.e ?? ""}`;
  }

  /** The answer for `key` with its ETag; `compute` runs only when the data changed. */
  async get<T>(db: Db, key: string, now: Date, compute: () => Promise<T>): Promise<{ etag: string; body: T }> {
    const fingerprint = await this.fingerprint(db, now);
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (hit && hit.fingerprint === fingerprint && Date.now() - hit.at < MAX_AGE_MS) return hit;
    const body = await compute();
    // Hash of the answer (computed once per change, not per request): equal data, equal tag on every instance.
    const etag = `"${createHash("sha1").update(JSON.stringify(body)).digest("base64url")}"`;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const entry = { fingerprint, etag, body, at: Date.now() };
    this.entries.set(key, entry);
    return entry;
  }

  clear() {
    this.entries.clear();
  }
}

/** Does an If-None-Match header match this tag (weak comparison, lists and `*` allowed)? */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

export const CATALOGUE_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/**
 * A preHandler for a cached catalogue read: sets ETag and Cache-Control, answers 304 on a
 * matching If-None-Match before the handler runs, otherwise leaves the body for the handler
 * (read it with `cachedBody`). ts-rest types route hooks loosely, hence the `never` at call sites.
 */
export function cachedRead<T>(key: (req: FastifyRequest) => string, compute: (req: FastifyRequest) => Promise<T>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const app = request.server;
    const entry = await app.catalogueCache.get(app.db, key(request), app.now(), () => compute(request));
    reply.header("etag", entry.etag);
    reply.header("cache-control", CATALOGUE_CACHE_CONTROL);
    if (matchesEtag(request.headers["if-none-match"], entry.etag)) return reply.code(304).send();
    (request as FastifyRequest & { cached?: unknown }).cached = entry.body;
  };
}

export const cachedBody = <T>(request: unknown): T => (request as { cached: T }).cached;
