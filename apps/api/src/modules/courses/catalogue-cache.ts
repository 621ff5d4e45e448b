import { createHash } from "node:crypto";
import { validateResponse, type AppRoute } from "@ts-rest/core";
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { addDays, ukDate } from "../../lib/dates";

/**
 * Per-instance cache of catalogue answers (body, its JSON and ETag), exact across API instances
 * (decision 070, replacing the per-read fingerprint query of 012):
 * - Pushed (normal): the LISTEN connection (catalogue-listener.ts) reports every committed
 *   catalogue or seat change; a hit costs no query, only a round trip on that connection,
 *   shared by all concurrent reads, that proves every change committed before the read has
 *   been reported.
 * - Unpushed (that connection is down, or a sync failed): every read is computed from the
 *   database and nothing is cached, so correctness never depends on the notification channel.
 * Time moves answers too: a pending hold running out frees its seats and a new UK day hides
 * dates that started; an entry is valid only until the next of those instants.
 */
const MAX_ENTRIES = 500;

/** What the cache needs from the LISTEN side (see catalogue-listener.ts). */
export type CatalogueSync = { sync: () => Promise<boolean> };

type Entry<T> = { generation: number; validUntil: number; etag: string; body: T; json: string };

export class CatalogueCache {
  private entries = new Map<string, Entry<unknown>>();
  /** Bumped on every notification and whenever the channel goes up or down. */
  private generation = 0;
  private source: CatalogueSync | null = null;
  /** How reads were answered (tests and diagnostics). */
  readonly stats = { hits: 0, computed: 0, unpushed: 0 };

  /** Use pushed invalidation from now on (until then, every read is computed). */
  attach(source: CatalogueSync) {
    this.source = source;
    this.invalidate();
  }

  /** Something changed, or changes may have been missed: no entry may be trusted. */
  invalidate() {
    this.generation++;
  }

  /** The answer for `key` with its JSON and ETag; `compute` runs only when the data changed. */
  async get<T>(db: Db, key: string, now: Date, compute: () => Promise<T>): Promise<{ etag: string; body: T; json: string }> {
    const pushed = this.source ? await this.source.sync() : false;
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (pushed && hit && hit.generation === this.generation && now.getTime() < hit.validUntil) {
      this.stats.hits++;
      return hit;
    }
    // Taken before reading: a change reported while we compute leaves this entry stale-marked.
    const generation = this.generation;
    const [validUntil, body] = await Promise.all([answersValidUntil(db, now), compute()]);
    this.stats.computed++;
    // Serialised once per change, not per read; the tag is a hash of exactly those bytes, so
    // equal data gives equal tags on every instance.
    const json = JSON.stringify(body);
    const etag = `"${createHash("sha1").update(json).digest("base64url")}"`;
    const entry: Entry<T> = { generation, validUntil, etag, body, json };
    if (!pushed) {
      this.stats.unpushed++;
      return entry;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, entry);
    return entry;
  }

  clear() {
    this.entries.clear();
  }
}

/**
 * Until when answers computed at `now` stay right with no write: the next pending hold to run
 * out (its seats come back, see placesLeftByDate) or the next UK midnight (dates that started
 * leave the answers), whichever comes first.
 */
async function answersValidUntil(db: Db, now: Date): Promise<number> {
  const { rows } = await db.execute<{ e: number | null }>(sql`
    select (extract(epoch from min(expires_at)) * 1000)::float8 as e from orders
    where status = 'pending' and expires_at > ${now.toISOString()}`);
  const e = rows[0]?.e;
  return Math.min(e == null ? Infinity : Number(e), nextUkMidnight(now));
}

/** The instant the UK date after `now` begins (00:00 GMT in winter, 23:00 UTC the evening before in summer). */
export function nextUkMidnight(now: Date): number {
  const tomorrow = addDays(ukDate(now), 1);
  const utcMidnight = Date.parse(`${tomorrow}T00:00:00Z`);
  const summerMidnight = utcMidnight - 3_600_000;
  return ukDate(new Date(summerMidnight)) === tomorrow ? summerMidnight : utcMidnight;
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
 * matching If-None-Match, and answers 200 itself with the JSON serialised once per change
 * (the hot path: no per-request serialisation or response validation). A `null` answer goes
 * on to the route handler (read it with `cachedBody`), which answers 404.
 * Outside production the answer is checked against the route's contract once per change, as
 * ts-rest's response validation would do per request. ts-rest types route hooks loosely,
 * hence the `never` at call sites.
 */
export function cachedRead<T>(key: (req: FastifyRequest) => string, compute: (req: FastifyRequest) => Promise<T>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const app = request.server;
    const entry = await app.catalogueCache.get(app.db, key(request), app.now(), async () => {
      const body = await compute(request);
      return body === null || app.env.production ? body : checkedAgainstContract(request, body);
    });
    reply.header("etag", entry.etag);
    reply.header("cache-control", CATALOGUE_CACHE_CONTROL);
    if (matchesEtag(request.headers["if-none-match"], entry.etag)) return reply.code(304).send();
    if (entry.body === null) {
      (request as FastifyRequest & { cached?: unknown }).cached = null;
      return;
    }
    return reply.code(200).header("content-type", "application/json; charset=utf-8").send(entry.json);
  };
}

/** The body as ts-rest's response validation would pass it (throws on a contract mismatch). */
function checkedAgainstContract<T>(request: FastifyRequest, body: T): T {
  const appRoute = (request.routeOptions.config as { tsRestRoute?: AppRoute }).tsRestRoute;
  if (!appRoute) return body;
  return validateResponse({ appRoute, response: { status: 200, body } }).body as T;
}

export const cachedBody = <T>(request: unknown): T => (request as { cached: T }).cached;
