import pg from "pg";

/** The channel the triggers of migration 0002 notify on every catalogue or seat change. */
export const CATALOGUE_CHANNEL = "catalogue_changed";

const MIN_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;
const CONNECT_TIMEOUT_MS = 5_000;
/** A sync slower than this counts as a lost connection: the caller falls back, we reconnect. */
const SYNC_TIMEOUT_MS = 1_000;

type Log = { warn: (obj: object, msg: string) => void; info: (msg: string) => void };

export type ListenerEvents = {
  /**
   * A notification arrived: some catalogue answer may have changed. `what` is its payload:
   * 'seats' (bookings, status changes: places left moved) or 'catalogue' (an admin edit).
   */
  onChange: (what: string) => void;
  /** The channel went up (LISTEN active) or down: notifications may have been missed. */
  onStateChange: (ready: boolean) => void;
};

/**
 * One dedicated connection per API instance doing `LISTEN catalogue_changed`, reconnecting with
 * backoff when lost. `sync()` is what makes pushed invalidation exact rather than "usually in
 * time": a notification reaches the listener asynchronously, but Postgres signals listening
 * backends before it tells the writer "committed", and a backend hands pending notifications
 * to its client before answering the next query. So once a round trip on this connection that
 * started after a request arrived has come back, every change committed before that request
 * has been handed to `onChange`. Concurrent requests share one round trip (group sync).
 */
export class CatalogueListener {
  private client: pg.Client | null = null;
  private ready = false;
  private stopped = false;
  private retryMs = MIN_RETRY_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private firstAttempt: Promise<void> | null = null;
  /** The sync round trip on the wire, and the one queued behind it for later arrivals. */
  private inflight: Promise<boolean> | null = null;
  private queued: Promise<boolean> | null = null;
  /** Backend pid of the LISTEN connection (operators and tests find it in pg_stat_activity). */
  pid: number | null = null;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly events: ListenerEvents,
    private readonly log: Log,
  ) {}

  get isReady(): boolean {
    return this.ready;
  }

  /** Starts connecting; resolves after the first attempt (success or not: retries continue). */
  start(): Promise<void> {
    this.firstAttempt ??= this.connect();
    return this.firstAttempt;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    this.setReady(false);
    await client?.end().catch(() => undefined);
  }

  /**
   * True when every change committed before this call has been delivered (see the class
   * comment); false when the channel is down or the round trip failed: check the database.
   */
  sync(): Promise<boolean> {
    if (!this.ready) return Promise.resolve(false);
    // A round trip already on the wire may have been answered before our caller's write was
    // acknowledged: join the next one instead, which starts when the current one ends.
    if (this.queued) return this.queued;
    if (!this.inflight) return this.startSync();
    const after = this.inflight.then(() => this.startSync());
    this.queued = after;
    return after;
  }

  private startSync(): Promise<boolean> {
    this.queued = null;
    const client = this.client;
    if (!client || !this.ready) return Promise.resolve(false);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer on the LISTEN connection within ${SYNC_TIMEOUT_MS} ms`)),
        SYNC_TIMEOUT_MS,
      );
    });
    // An empty query: the cheapest round trip there is (no parse, no plan, no transaction).
    const trip: Promise<boolean> = Promise.race([client.query(""), timeout]).then(
      () => this.client === client && this.ready,
      (err: unknown) => {
        this.lost(client, err);
        return false;
      },
    );
    const done = trip.finally(() => {
      clearTimeout(timer);
      if (this.inflight === done) this.inflight = null;
    });
    this.inflight = done;
    return done;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      ...this.config,
      application_name: "api catalogue listener",
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    this.client = client;
    client.on("notification", (msg) => {
      if (msg.channel === CATALOGUE_CHANNEL && this.client === client) this.events.onChange(msg.payload ?? "");
    });
    client.on("error", (err) => this.lost(client, err));
    client.on("end", () => this.lost(client, new Error("connection ended")));
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      if (this.client !== client) {
        // Stopped (or given up on) while connecting: this connection is nobody's now.
        await client.end().catch(() => undefined);
        return;
      }
      this.pid = rows[0]?.pid ?? null;
      this.retryMs = MIN_RETRY_MS;
      this.setReady(true);
    } catch (err) {
      this.lost(client, err);
    }
  }

  private lost(client: pg.Client, err: unknown) {
    if (this.client !== client) return;
    this.client = null;
    this.pid = null;
    this.setReady(false);
    client.end().catch(() => undefined);
    if (this.stopped) return;
    const delay = Math.round(this.retryMs * (0.5 + Math.random() / 2));
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    // Not an error: reads stay correct (checked in the database) until the channel is back.
    this.log.warn({ err, retryInMs: delay }, "catalogue LISTEN connection lost; checking the database per read until it is back");
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  private setReady(ready: boolean) {
    if (this.ready === ready) return;
    this.ready = ready;
    this.events.onStateChange(ready);
    if (ready) this.log.info("catalogue LISTEN connection ready: cached reads skip the database");
  }
}
