/**
 * Server-rendered HTML kept per catalogue version (decision 133), so the site server renders a
 * page again only when the API data it was made from changed.
 *
 * - While a page renders, every API read it makes is recorded with its `ETag` (the API's
 *   catalogue answers carry one, decisions 012/070/130). The HTML is kept with that list.
 * - A later request for the same page is answered from memory once every recorded read still
 *   has its tag: a conditional GET (`If-None-Match`) per API address, answered 304 from the
 *   API's memory. So an admin edit or a booking shows exactly as soon as it would without the
 *   cache: the check a request relies on always *starts after that request arrived*.
 * - Checks are shared: all requests waiting on the same API address (every page reads the
 *   course list) share one conditional GET on the wire, plus at most one queued behind it for
 *   requests that arrived after it started. Under load that is a handful of API calls a second
 *   instead of a full render (several API reads + React) per request.
 * - A page is kept only when every read was a GET answered 200 with an ETag (no tag, an error
 *   or a POST: never cached), and only for the paths the server asks to cache.
 * - Pushed (decision 240): while the API's change stream is live (catalogue-feed.ts), an address
 *   checked since the stream's last event, less than REVALIDATE_MS ago, needs no check: a kept
 *   page is served straight from memory. An event (an admin edit, places left moved) means the
 *   next read checks again; with the stream down every read checks, as above.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { brotliCompress, brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { CatalogueFeed } from "./catalogue-feed";

type Dep = { url: string; etag: string };
export type CachedPage = {
  status: number;
  html: string;
  deps: Dep[];
  encoded?: Partial<Record<Encoding, Buffer>>;
  /** Brotli answers sent since the page was kept; past POLISH_AFTER_HITS it is recompressed harder. */
  brHits?: number;
};
export type Encoding = "br" | "gzip";

/**
 * The encoding to send a kept page in, from Accept-Encoding (brotli first, then gzip; `q=0` refuses).
 * Kept pages are compressed once, not per request (a page with its inlined CSS is ~90 KB).
 */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  // Clients send the same few headers over and over: remember the last answer.
  if (header === lastAcceptEncoding.header) return lastAcceptEncoding.encoding;
  const encoding = parseAcceptEncoding(header);
  lastAcceptEncoding = { header, encoding };
  return encoding;
}

let lastAcceptEncoding: { header: string; encoding: Encoding | null } = { header: "", encoding: null };

function parseAcceptEncoding(header: string): Encoding | null {
  const accepted = new Set(
    header
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !q || !/^\s*q=0(?:\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  return accepted.has("br") ? "br" : accepted.has("gzip") || accepted.has("*") ? "gzip" : null;
}
type Recording = { deps: Dep[]; cacheable: boolean };

const MAX_PAGES = 300;
/** Brotli answers of one page version before it is worth compressing at the highest quality. */
const POLISH_AFTER_HITS = 200;
const CHECK_TIMEOUT_MS = 3_000;
/**
 * With the stream live, an address is checked again at least this often anyway: a backstop for
 * what a push cannot carry exactly (a stream stalled for less than its 3 s silence limit; with
 * several API instances behind one address, a check answered by an instance whose places left
 * are still within their lag). It costs one shared conditional GET per address per second.
 */
const REVALIDATE_MS = 1_000;

/** The page's brotli answer again at the highest quality, on a libuv thread; replaces the first one when done. */
function polish(page: CachedPage) {
  brotliCompress(
    page.html,
    { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: page.html.length } },
    (err, smaller) => {
      if (!err && page.encoded) page.encoded.br = smaller;
    },
  );
}

const recording = new AsyncLocalStorage<Recording>();
let originalFetch: typeof fetch | null = null;

/** Wraps the global fetch once, so reads made while rendering are recorded (outside a render: untouched). */
function installRecorder() {
  if (originalFetch) return;
  const base = globalThis.fetch;
  originalFetch = base;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const rec = recording.getStore();
    const res = await base(input, init);
    if (rec) {
      const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const etag = res.headers.get("etag");
      if (method !== "GET" || res.status !== 200 || !etag) rec.cacheable = false;
      else rec.deps.push({ url, etag });
    }
    return res;
  };
}

export class HtmlCache {
  private pages = new Map<string, CachedPage>();
  /** Per API address: the newest tag seen, and the shared check on the wire / queued behind it. */
  private tags = new Map<string, string>();
  private inflight = new Map<string, Promise<string | null>>();
  private queued = new Map<string, Promise<string | null>>();
  /** Per API address: the stream's epoch and the time when the read that gave its tag started (pushed mode). */
  private checkedAt = new Map<string, { epoch: number; at: number }>();
  /** `pushed`: hits served with no check (the stream was live); `hits` counts every hit. */
  readonly stats = { hits: 0, pushed: 0, renders: 0, checks: 0 };

  /** `feed`: the API's change stream (null: check every read). */
  constructor(private readonly feed: CatalogueFeed | null = null) {
    installRecorder();
  }

  /** Runs a render, recording its API reads. */
  async record<T>(render: () => Promise<T>): Promise<{ result: T; deps: Dep[]; cacheable: boolean }> {
    const rec: Recording = { deps: [], cacheable: true };
    const started = this.pushMark();
    const result = await recording.run(rec, render);
    this.stats.renders++;
    for (const d of rec.deps) {
      this.tags.set(d.url, d.etag);
      this.markChecked(d.url, started);
    }
    return { result, deps: rec.deps, cacheable: rec.cacheable && rec.deps.length > 0 };
  }

  /** The stream's state when a read starts: its answer counts as checked only if no event came since. */
  private pushMark(): { epoch: number; at: number } | null {
    return this.feed?.live ? { epoch: this.feed.epoch, at: Date.now() } : null;
  }

  private markChecked(url: string, mark: { epoch: number; at: number } | null) {
    if (mark && this.feed!.epoch === mark.epoch) this.checkedAt.set(url, mark);
    else this.checkedAt.delete(url);
  }

  /** No event since the address was last read, and that read is recent: its tag needs no check. */
  private pushedFresh(url: string, now: number): boolean {
    const mark = this.checkedAt.get(url);
    return !!mark && mark.epoch === this.feed!.epoch && now - mark.at < REVALIDATE_MS;
  }

  /**
   * The page's HTML in `encoding`, compressed on first use and kept with the page. Brotli first at
   * quality 5 (~2 ms for a 65 KB page, within 1% of quality 9's size at a tenth of its time: pages
   * are compressed again whenever their data change); a page still served after POLISH_AFTER_HITS
   * answers is recompressed at quality 11 off the main thread (~10% fewer bytes per answer, ~100 ms
   * of a libuv thread once per page version).
   */
  encoded(page: CachedPage, encoding: Encoding): Buffer {
    page.encoded ??= {};
    if (encoding === "br" && page.encoded.br && (page.brHits = (page.brHits ?? 0) + 1) === POLISH_AFTER_HITS) polish(page);
    return (page.encoded[encoding] ??=
      encoding === "br"
        ? brotliCompressSync(page.html, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: page.html.length },
          })
        : gzipSync(page.html, { level: 9 }));
  }

  store(key: string, page: CachedPage) {
    if (this.pages.size >= MAX_PAGES && !this.pages.has(key)) this.pages.clear();
    this.pages.set(key, page);
  }

  /** The kept page for `key` if every API read it was made from is unchanged now; else null. */
  async lookup(key: string): Promise<CachedPage | null> {
    const page = this.pages.get(key);
    if (!page) return null;
    if (this.feed?.live) {
      const t = Date.now();
      if (page.deps.every((d) => this.tags.get(d.url) === d.etag && this.pushedFresh(d.url, t))) {
        this.stats.hits++;
        this.stats.pushed++;
        return page;
      }
    }
    const now = await Promise.all(page.deps.map((d) => this.currentTag(d.url)));
    if (page.deps.every((d, i) => now[i] === d.etag)) {
      this.stats.hits++;
      return page;
    }
    return null;
  }

  /** The API's tag for `url` as of a check that started after this call (shared by concurrent callers). */
  private currentTag(url: string): Promise<string | null> {
    const queued = this.queued.get(url);
    if (queued) return queued;
    const inflight = this.inflight.get(url);
    if (!inflight) return this.check(url);
    // The check on the wire may have been answered before a change our caller must see: join the next one.
    const next = inflight.then(() => this.check(url));
    this.queued.set(url, next);
    return next;
  }

  private check(url: string): Promise<string | null> {
    this.queued.delete(url);
    this.stats.checks++;
    const known = this.tags.get(url);
    const mark = this.pushMark();
    const p = originalFetch!(url, {
      headers: { accept: "application/json", ...(known ? { "if-none-match": known } : {}) },
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    })
      .then(async (res) => {
        await res.arrayBuffer().catch(() => undefined);
        const tag = res.status === 304 && known ? known : res.status === 200 ? res.headers.get("etag") : null;
        if (tag) this.tags.set(url, tag);
        else this.tags.delete(url);
        this.markChecked(url, tag ? mark : null);
        return tag;
      })
      .catch(() => {
        this.checkedAt.delete(url);
        return null;
      })
      .finally(() => {
        if (this.inflight.get(url) === p) this.inflight.delete(url);
      });
    this.inflight.set(url, p);
    return p;
  }
}
