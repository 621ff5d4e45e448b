import type { DbOrTx } from "../../db/client";
import { addDays, ukDate } from "../../lib/dates";
import { placesLeftAndNextExpiry } from "./seat-repository";

/**
 * Places left per upcoming open date, kept apart from the cached catalogue (decision 130), so a
 * booking does not throw the catalogue away: the cached answers are composed from the catalogue
 * (changed only by admin edits) and the newest seat snapshot.
 *
 * One snapshot per API instance, one query for every upcoming open date. It is refreshed when it
 * may be wrong:
 * - a seat change was reported (LISTEN, 'seats') AND the snapshot is at least `maxLagMs` old: so
 *   under a stream of bookings an instance refreshes at most once per `maxLagMs`, and places left
 *   are never more than `maxLagMs` (plus one query) behind a committed booking, on every
 *   instance (each one is told by Postgres); `maxLagMs = 0` is exact;
 * - a hold runs out (seats come back at that instant, with no write to report it) or a new UK
 *   day starts (dates that started leave the answers);
 * - the catalogue changed (capacities, dates) or the LISTEN channel went up or down (`reset`);
 * - it is MAX_AGE_MS old: new bookings are announced after their commit (decision 255), and an
 *   instance that died between the two would otherwise leave the others a step behind until
 *   the next change.
 * With the channel down the caller does not use this at all: it reads the counts per request.
 */
export type SeatSnapshot = {
  /** Goes up with every refresh: composed answers are cached per version. */
  version: number;
  left: ReadonlyMap<number, number>;
};

/** Longest a snapshot is used without a reported change (see above). */
export const MAX_AGE_MS = 30_000;

type Stored = SeatSnapshot & { takenAt: number; validUntil: number; changes: number; generation: number };

export class SeatCounts {
  private snap: Stored | null = null;
  /** Seat changes reported so far (notifications). */
  private changes = 0;
  /** Bumped by reset(): snapshots taken before must not be stored or used. */
  private generation = 0;
  private version = 0;
  private inflight: Promise<Stored> | null = null;
  private inflightChanges = -1;
  private inflightGeneration = -1;
  private inflightAt = 0;
  readonly stats = { refreshes: 0 };

  constructor(readonly maxLagMs: number) {}

  /** A booking, cancel, payment or expiry was committed somewhere. */
  changed() {
    this.changes++;
  }

  /** The catalogue changed or notifications may have been missed: take a new snapshot before use. */
  reset() {
    this.generation++;
    this.snap = null;
  }

  /** The snapshot to compose answers with (`now`: the request's clock). */
  async current(db: DbOrTx, now: Date): Promise<SeatSnapshot> {
    const t = now.getTime();
    const s = this.snap;
    if (
      s &&
      s.generation === this.generation &&
      t < s.validUntil &&
      t - s.takenAt < MAX_AGE_MS &&
      (s.changes === this.changes || t - s.takenAt < this.maxLagMs)
    ) {
      return s;
    }
    // Join a refresh on the wire if it started after the last reported change, or less than the
    // lag ago (it reflects every change older than the lag): one refresh at a time under load.
    if (this.inflight && (this.inflightChanges === this.changes || t - this.inflightAt < this.maxLagMs)) return this.inflight;
    return this.refresh(db, now);
  }

  /**
   * A snapshot with every seat change reported before this call, whatever the lag (the change
   * stream, catalogue-events.ts, takes one before telling the site server "places left moved",
   * so the site's next check finds the new counts), and until when it holds with no write.
   */
  async settle(db: DbOrTx, now: Date): Promise<SeatSnapshot & { validUntil: number }> {
    const s = this.snap;
    if (s && s.generation === this.generation && now.getTime() < s.validUntil && s.changes === this.changes) return s;
    if (this.inflight && this.inflightChanges === this.changes && this.inflightGeneration === this.generation)
      return this.inflight;
    return this.refresh(db, now);
  }

  private refresh(db: DbOrTx, now: Date): Promise<Stored> {
    const t = now.getTime();
    const changes = this.changes;
    const generation = this.generation;
    const p = this.take(db, now, changes, generation).then((fresh) => {
      const cur = this.snap;
      if (fresh.generation === this.generation && (!cur || cur.generation !== this.generation || fresh.changes >= cur.changes))
        this.snap = fresh;
      return fresh;
    });
    this.inflight = p;
    this.inflightChanges = changes;
    this.inflightGeneration = generation;
    this.inflightAt = t;
    void p
      .finally(() => {
        if (this.inflight === p) this.inflight = null;
      })
      .catch(() => undefined);
    return p;
  }

  /** Exact counts for one request, nothing kept (the channel is down). */
  async once(db: DbOrTx, now: Date): Promise<SeatSnapshot> {
    const { left } = await readPlacesLeft(db, now);
    return { version: -1, left };
  }

  private async take(db: DbOrTx, now: Date, changes: number, generation: number): Promise<Stored> {
    const { left, validUntil } = await readPlacesLeft(db, now);
    this.stats.refreshes++;
    return { version: ++this.version, left, takenAt: now.getTime(), validUntil, changes, generation };
  }
}

/**
 * Places left on every upcoming open date (THE seat rule, `seats_taken`, decision 080) and until
 * when that stays right with no write: the next pending hold to run out or the next UK midnight.
 */
export async function readPlacesLeft(db: DbOrTx, now: Date): Promise<{ left: Map<number, number>; validUntil: number }> {
  const rows = await placesLeftAndNextExpiry(db, now, ukDate(now));
  const left = new Map<number, number>();
  let validUntil = nextUkMidnight(now);
  for (const r of rows) {
    if (r.id != null) left.set(Number(r.id), Number(r.left));
    else if (r.e != null) validUntil = Math.min(validUntil, Number(r.e));
  }
  return { left, validUntil };
}

/** The instant the UK date after `now` begins (00:00 GMT in winter, 23:00 UTC the evening before in summer). */
export function nextUkMidnight(now: Date): number {
  const tomorrow = addDays(ukDate(now), 1);
  const utcMidnight = Date.parse(`${tomorrow}T00:00:00Z`);
  const summerMidnight = utcMidnight - 3_600_000;
  return ukDate(new Date(summerMidnight)) === tomorrow ? summerMidnight : utcMidnight;
}
