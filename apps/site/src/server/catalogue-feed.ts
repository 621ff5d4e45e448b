/**
 * The site server's one connection to the API's catalogue change stream (`GET
 * /api/catalogue/events`, server-sent events, decision 240). While it is `live` the HTML cache
 * (html-cache.ts) serves kept pages with no round trip to the API; every event that may change
 * an API answer bumps `epoch`, so pages checked before it are checked again on their next read.
 *
 * Live means: connected, the API instance says its own change feed (Postgres LISTEN) is up
 * (`pushed`), and it was heard from within STALE_AFTER_MS (it sends a heartbeat every second).
 * Anything else (not yet connected, refused, closed, silent, the API's LISTEN down) is not live,
 * and the cache falls back to a conditional GET per read, exact as before (decision 133).
 * Reconnects with backoff (100 ms doubling to 5 s, jittered), like the API's LISTEN connection.
 */
import http from "node:http";
import https from "node:https";

export const CATALOGUE_EVENTS_PATH = "/api/catalogue/events";
/** Three missed heartbeats (the API sends one a second): the stream is treated as down. */
const STALE_AFTER_MS = 3_000;
const MIN_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;
const CONNECT_TIMEOUT_MS = 5_000;

type Log = { warn: (obj: object, msg: string) => void; info: (msg: string) => void };

export class CatalogueFeed {
  /** Goes up with every event that may change an API answer, and whenever the stream goes up or down. */
  epoch = 0;
  private connected = false;
  private pushed = false;
  private lastHeardAt = 0;
  private request: http.ClientRequest | null = null;
  private retryMs = MIN_RETRY_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private watchdog: NodeJS.Timeout | null = null;
  private stopped = false;
  readonly stats = { events: 0, connects: 0 };

  constructor(
    private readonly apiUrl: string,
    private readonly log: Log,
  ) {}

  /** True while every change to the API's catalogue answers is being pushed to this server. */
  get live(): boolean {
    return this.connected && this.pushed && Date.now() - this.lastHeardAt < STALE_AFTER_MS;
  }

  start() {
    this.stopped = false;
    this.connect();
    // A silent stream (a stalled API or network) is dropped and reopened.
    this.watchdog = setInterval(() => {
      if (this.connected && Date.now() - this.lastHeardAt >= STALE_AFTER_MS && this.request) this.lost(this.request, "silent");
    }, 1_000);
    this.watchdog.unref();
  }

  stop() {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.watchdog) clearInterval(this.watchdog);
    this.retryTimer = this.watchdog = null;
    const request = this.request;
    this.request = null;
    this.connected = false;
    this.epoch++;
    request?.destroy();
  }

  private connect() {
    if (this.stopped) return;
    const url = new URL(CATALOGUE_EVENTS_PATH, this.apiUrl);
    const client = url.protocol === "https:" ? https : http;
    // Its own socket (agent: false): the stream never takes a pooled connection from renders.
    const request = client.get(url, { headers: { accept: "text/event-stream" }, agent: false, timeout: CONNECT_TIMEOUT_MS });
    this.request = request;
    request.on("timeout", () => {
      if (!this.connected) this.lost(request, "no answer");
    });
    request.on("error", (err) => this.lost(request, err.message));
    request.on("response", (res) => {
      if (res.statusCode !== 200 || !String(res.headers["content-type"]).startsWith("text/event-stream")) {
        res.resume();
        this.lost(request, `answered ${res.statusCode}`);
        return;
      }
      request.setTimeout(0);
      res.setEncoding("utf8");
      let buffer = "";
      // Handled in the socket's data callback (no promise in between), so an event that reached
      // this process before a page request is applied before that request is looked up.
      res.on("data", (chunk: string) => {
        if (this.request !== request) return;
        buffer += chunk.replace(/\r\n?/g, "\n");
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          this.message(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      });
      res.on("error", (err) => this.lost(request, err.message));
      res.on("close", () => this.lost(request, "closed"));
    });
  }

  private message(block: string) {
    let event = "message";
    let data = "";
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data += line.slice(5).trim();
    }
    if (!data) return; // `retry:` and comments
    let pushed = false;
    try {
      pushed = (JSON.parse(data) as { pushed?: unknown }).pushed === true;
    } catch {
      pushed = false;
    }
    this.lastHeardAt = Date.now();
    if (event === "hello") {
      // Changes made while we were away are unknown: everything is checked again.
      this.connected = true;
      this.retryMs = MIN_RETRY_MS;
      this.stats.connects++;
      this.pushed = pushed;
      this.epoch++;
      return;
    }
    if (event === "heartbeat" && pushed === this.pushed) return;
    // 'catalogue', 'seats', a change of the API's own feed, or an event this version does not know.
    this.pushed = pushed;
    this.stats.events++;
    this.epoch++;
  }

  private lost(request: http.ClientRequest, reason: string) {
    if (this.request !== request) return;
    this.request = null;
    const wasConnected = this.connected;
    this.connected = false;
    this.epoch++;
    request.destroy();
    if (this.stopped) return;
    const delay = Math.round(this.retryMs * (0.5 + Math.random() / 2));
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    if (wasConnected)
      this.log.warn({ reason, retryInMs: delay }, "catalogue change stream lost; checking the API per page until it is back");
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
    this.retryTimer.unref();
  }
}
