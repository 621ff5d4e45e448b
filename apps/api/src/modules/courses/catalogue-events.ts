import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";

/**
 * The catalogue change stream (decision 240): `GET /api/catalogue/events`, server-sent events, so
 * the site server can serve the HTML it keeps (decision 133) with no round trip per request and
 * still show an edit or a booking shortly after it is committed. Not in the ts-rest contract (its
 * routes answer JSON); not for browsers (the site server holds one connection per process).
 *
 * Every message is `event: <name>` with `data: {"seq":n,"pushed":bool}`:
 * - `hello` on connecting (changes before it are unknown to the subscriber: check everything);
 * - `catalogue`: this instance learnt (Postgres LISTEN, decision 070) that an admin edit was
 *   committed, or its LISTEN connection went up or down (changes may have been missed); sent at
 *   once. The instance syncs its LISTEN connection on the next read, so a read after this event
 *   is exact (and an instance behind a load balancer syncs its own before answering);
 * - `seats`: places left moved (bookings, cancels, payments, expiries: LISTEN 'seats'), a pending
 *   hold ran out or a UK day began. Sent at most once per `SEAT_COUNTS_MAX_LAG_MS` (decision 130)
 *   and only after this instance took a seat snapshot holding every change reported before, so
 *   the subscriber's next read finds the new counts (not a snapshot the lag still allows);
 * - `heartbeat` every HEARTBEAT_MS: the subscriber treats a silent stream as down.
 * `pushed: false` means this instance's LISTEN connection is down: nothing can be pushed, and the
 * subscriber must check every read (this instance then computes every read from the database).
 */
export const CATALOGUE_EVENTS_PATH = "/api/catalogue/events";
export const HEARTBEAT_MS = 1_000;
/** Longest wait for a hold's end or a UK midnight (timers beyond ~24 days overflow). */
const MAX_EXPIRY_WAIT_MS = 86_400_000;

type Log = { warn: (obj: object, msg: string) => void };

export type CatalogueEventsOptions = {
  seatLagMs: number;
  /** A seat snapshot with every change reported so far; resolves to when it stops holding with no write (ms). */
  settleSeats: () => Promise<number>;
  /** The app's clock (tests move it), in ms. */
  now: () => number;
  log: Log;
};

export class CatalogueEvents {
  private subscribers = new Set<ServerResponse>();
  private seq = 0;
  private pushed = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private seatTimer: NodeJS.Timeout | null = null;
  private expiryTimer: NodeJS.Timeout | null = null;
  private seatsPending = false;
  private settling = false;
  private lastSeatsAt = 0;
  readonly stats = { catalogue: 0, seats: 0 };

  constructor(private readonly opts: CatalogueEventsOptions) {}

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** The LISTEN connection went up or down: anything may have changed unseen. */
  stateChanged(pushed: boolean) {
    this.pushed = pushed;
    this.catalogueChanged();
  }

  catalogueChanged() {
    if (this.subscribers.size === 0) return;
    this.stats.catalogue++;
    this.broadcast("catalogue");
  }

  seatsChanged() {
    if (this.subscribers.size === 0) return;
    this.seatsPending = true;
    this.scheduleSeats();
  }

  /** Streams events to `res` until it closes. */
  subscribe(res: ServerResponse) {
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    });
    res.socket?.setNoDelay(true);
    this.subscribers.add(res);
    res.on("close", () => this.unsubscribe(res));
    res.write(`retry: 1000\n`);
    this.send(res, "hello");
    this.heartbeat ??= setInterval(() => this.broadcast("heartbeat"), HEARTBEAT_MS).unref();
    // Learn when the current seat snapshot runs out (a hold's end), to say so when it does.
    this.seatsChanged();
  }

  /** Ends every stream (server closing): subscribers reconnect elsewhere or check per read. */
  close() {
    for (const res of this.subscribers) res.end();
    this.subscribers.clear();
    this.stopTimers();
  }

  private unsubscribe(res: ServerResponse) {
    this.subscribers.delete(res);
    if (this.subscribers.size === 0) this.stopTimers();
  }

  private stopTimers() {
    for (const t of [this.heartbeat, this.seatTimer, this.expiryTimer]) if (t) clearTimeout(t);
    this.heartbeat = this.seatTimer = this.expiryTimer = null;
    this.seatsPending = false;
  }

  /** At most one seat event per lag: the first change of a quiet spell is told at once. */
  private scheduleSeats() {
    if (this.seatTimer || this.settling) return;
    const wait = Math.max(0, this.lastSeatsAt + this.opts.seatLagMs - Date.now());
    this.seatTimer = setTimeout(() => void this.sendSeats(), wait);
    this.seatTimer.unref();
  }

  private async sendSeats() {
    this.seatTimer = null;
    this.seatsPending = false;
    this.settling = true;
    this.lastSeatsAt = Date.now();
    try {
      this.scheduleExpiry(await this.opts.settleSeats());
    } catch (err) {
      // No snapshot: the subscriber's check will read the database through the API anyway.
      this.opts.log.warn({ err }, "catalogue events: seat snapshot failed");
    }
    this.settling = false;
    if (this.subscribers.size === 0) return;
    this.stats.seats++;
    this.broadcast("seats");
    if (this.seatsPending) this.scheduleSeats();
  }

  private scheduleExpiry(validUntil: number) {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    if (this.subscribers.size === 0) return;
    const wait = Math.min(Math.max(0, validUntil - this.opts.now()), MAX_EXPIRY_WAIT_MS);
    this.expiryTimer = setTimeout(() => {
      this.expiryTimer = null;
      this.seatsChanged();
    }, wait);
    this.expiryTimer.unref();
  }

  private broadcast(event: string) {
    this.seq++;
    for (const res of this.subscribers) this.send(res, event);
  }

  private send(res: ServerResponse, event: string) {
    res.write(`event: ${event}\ndata: {"seq":${this.seq},"pushed":${this.pushed}}\n\n`);
  }
}

/** The route; registered by the catalogue-cache plugin beside the cache and listener it reports on. */
export function catalogueEventsRoute(app: FastifyInstance, events: CatalogueEvents) {
  app.get(CATALOGUE_EVENTS_PATH, { schema: { hide: true } }, (request, reply) => {
    // A stream, not a Fastify answer: no serialisation, no onSend hooks (it is not for browsers).
    reply.hijack();
    events.subscribe(reply.raw);
    request.raw.socket.setTimeout(0);
  });
  // Before the HTTP server closes: it would wait for these never-ending answers.
  app.addHook("preClose", async () => events.close());
}
