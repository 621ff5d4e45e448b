import { createHash } from "node:crypto";
import { validateResponse, type AppRoute } from "@ts-rest/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { nextUkMidnight, SeatCounts, type SeatSnapshot } from "./seat-counts";

/**
 * Per-instance cache of catalogue answers (body, its JSON and ETag), exact across API instances
 * for admin edits (decision 070) and at most `SEAT_COUNTS_MAX_LAG_MS` behind for places left
 * (decision 130):
 * - Pushed (normal): the LISTEN connection (catalogue-listener.ts) reports every committed
 *   catalogue or seat change; a hit costs no query, only a round trip on that connection,
 *   shared by all concurrent reads, that proves every change committed before the read has
 *   been reported.
 * - Seats apart: an answer is the catalogue part (recomputed only after a catalogue change:
 *   'catalogue' notifications) composed with the instance's seat snapshot (seat-counts.ts,
 *   refreshed at most once per lag after 'seats' notifications). A booking costs one seat query
 *   per instance per lag and one re-serialisation per cached answer, not a catalogue rebuild.
 * - Unpushed (that connection is down, or a sync failed): every read is computed from the
 *   database and nothing is cached, so correctness never depends on the notification channel.
 * Time moves answers too: a pending hold running out frees its seats (the seat snapshot's
 * validity) and a new UK day hides dates that started (both parts' validity).
 */
const MAX_ENTRIES = 500;

/** What the cache needs from the LISTEN side (see catalogue-listener.ts). */
export type CatalogueSync = { sync: () => Promise<boolean> };

/** How an answer is made from its catalogue part and the places left per date. */
export type Composer<B, T> = (base: B, seats: SeatSnapshot) => T;

type Answer<T> = { etag: string; body: T; json: string };
type Entry = {
  generation: number;
  validUntil: number;
  base: unknown;
  composed: (Answer<unknown> & { seatVersion: number }) | null;
};

function answer<T>(body: T): Answer<T> {
  // Serialised once per change, not per read; the tag is a hash of exactly those bytes, so
  // equal data gives equal tags on every instance.
  const json = JSON.stringify(body);
  return { etag: `"${createHash("sha1").update(json).digest("base64url")}"`, body, json };
}

export class CatalogueCache {
  private entries = new Map<string, Entry>();
  private computing = new Map<string, { generation: number; promise: Promise<Entry> }>();
  /** Bumped on every catalogue notification and whenever the channel goes up or down. */
  private generation = 0;
  private source: CatalogueSync | null = null;
  readonly seats: SeatCounts;
  /**
   * How reads were answered (tests and diagnostics): `hits` served from memory, `computed`
   * catalogue parts rebuilt, `unpushed` read from the database with the channel down,
   * `composed` answers re-serialised with a new seat snapshot.
   */
  readonly stats = { hits: 0, computed: 0, unpushed: 0, composed: 0 };

  constructor(opts: { seatLagMs?: number } = {}) {
    this.seats = new SeatCounts(opts.seatLagMs ?? 0);
  }

  /** Use pushed invalidation from now on (until then, every read is computed). */
  attach(source: CatalogueSync) {
    this.source = source;
    this.invalidate();
  }

  /** The catalogue changed, or changes may have been missed: no entry and no seat count may be trusted. */
  invalidate() {
    this.generation++;
    this.seats.reset();
  }

  /** Places left moved somewhere (a booking, cancel, payment or expiry was committed). */
  seatsChanged() {
    this.seats.changed();
  }

  /**
   * The answer for `key` with its JSON and ETag. `compute` (the catalogue part) runs only after
   * a catalogue change; `compose` (absent: the part is the answer) puts the places left in.
   */
  async get<B, T = B>(db: Db, key: string, now: Date, compute: () => Promise<B>, compose?: Composer<B, T>): Promise<Answer<T>> {
    const pushed = this.source ? await this.source.sync() : false;
    if (!pushed) {
      this.stats.unpushed++;
      const [base, seats] = await Promise.all([compute(), compose ? this.seats.once(db, now) : null]);
      return answer(compose ? compose(base, seats!) : (base as unknown as T));
    }
    const t = now.getTime();
    let entry = this.entries.get(key);
    const fresh = entry && entry.generation === this.generation && t < entry.validUntil;
    const [base, seats] = await Promise.all([
      fresh ? entry!.base : this.computeEntry(key, now, compute).then((e) => (entry = e).base),
      compose ? this.seats.current(db, now) : null,
    ]);
    const seatVersion = seats?.version ?? 0;
    if (fresh && entry!.composed && entry!.composed.seatVersion === seatVersion) {
      this.stats.hits++;
      return entry!.composed as Answer<T>;
    }
    const composed = { ...answer(compose ? compose(base as B, seats!) : (base as unknown as T)), seatVersion };
    this.stats.composed++;
    // Keep it only on the entry it was made from (a newer catalogue part may have replaced it).
    if (entry && this.entries.get(key) === entry) entry.composed = composed;
    return composed;
  }

  /** One computation per key and generation at a time: concurrent misses share it (no herd). */
  private computeEntry<B>(key: string, now: Date, compute: () => Promise<B>): Promise<Entry> {
    const generation = this.generation;
    const running = this.computing.get(key);
    if (running && running.generation === generation) return running.promise;
    const promise = (async () => {
      // Taken before reading: a change reported while we compute leaves this entry stale-marked.
      const base = await compute();
      this.stats.computed++;
      const entry: Entry = { generation, validUntil: nextUkMidnight(now), base, composed: null };
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, entry);
      return entry;
    })();
    this.computing.set(key, { generation, promise });
    void promise
      .finally(() => {
        if (this.computing.get(key)?.promise === promise) this.computing.delete(key);
      })
      .catch(() => undefined);
    return promise;
  }

  clear() {
    this.entries.clear();
  }
}

export { nextUkMidnight };

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
export function cachedRead<T, B = T>(
  key: (req: FastifyRequest) => string,
  compute: (req: FastifyRequest) => Promise<B>,
  compose?: Composer<B, T>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const app = request.server;
    const checked = (body: T) => (body === null || app.env.production ? body : checkedAgainstContract(request, body));
    const entry = await app.catalogueCache.get<B, T>(
      app.db,
      key(request),
      app.now(),
      // Checked once per change: the composed answer, or the computed one when nothing is composed.
      compose ? () => compute(request) : async () => checked((await compute(request)) as unknown as T) as unknown as B,
      compose ? (base, seats) => checked(compose(base, seats)) : undefined,
    );
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
