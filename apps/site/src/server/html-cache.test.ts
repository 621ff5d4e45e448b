// @vitest-environment node
/**
 * The HTML cache's decisions without servers (decisions 133, 240): when a kept page is served
 * with no API request (the change stream live, no event since its reads, read less than 1 s ago),
 * when it is checked again, and how kept pages are compressed.
 */
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CatalogueFeed } from "./catalogue-feed";
import { HtmlCache, preferredEncoding, type CachedPage } from "./html-cache";

const URL_LIST = "http://api.test/api/courses";
const realFetch = globalThis.fetch;
/** The API as the cache sees it: the current tag, and every request made. */
const api = { etag: '"v1"', requests: [] as { url: string; ifNoneMatch: string | null }[] };

beforeAll(() => {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const ifNoneMatch = new Headers(init?.headers).get("if-none-match");
    api.requests.push({ url, ifNoneMatch });
    if (ifNoneMatch === api.etag) return new Response(null, { status: 304, headers: { etag: api.etag } });
    return new Response("[]", { status: 200, headers: { etag: api.etag } });
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

/** A stand-in for the stream: live or not, and its epoch. */
const feed = { live: true, epoch: 1 };
let cache: HtmlCache;

async function keepPage(): Promise<CachedPage> {
  const { deps, cacheable } = await cache.record(() => fetch(URL_LIST));
  expect(cacheable).toBe(true);
  const page = { status: 200, html: "<p>page</p>", deps };
  cache.store("/", page);
  return page;
}

beforeEach(() => {
  api.etag = '"v1"';
  api.requests = [];
  feed.live = true;
  feed.epoch = 1;
  vi.useRealTimers();
  cache = new HtmlCache(feed as unknown as CatalogueFeed);
});

describe("kept pages with the change stream", () => {
  it("while the stream is live and nothing changed, a kept page is served with no API request", async () => {
    await keepPage();
    api.requests = [];
    for (let i = 0; i < 3; i++) expect(await cache.lookup("/")).not.toBeNull();
    expect(api.requests).toEqual([]);
    expect(cache.stats.pushed).toBe(3);
  });

  it("after an event the next read checks once (conditional GET) and serves the page when unchanged", async () => {
    await keepPage();
    feed.epoch++;
    api.requests = [];
    expect(await cache.lookup("/")).not.toBeNull();
    expect(api.requests).toEqual([{ url: URL_LIST, ifNoneMatch: '"v1"' }]);
    expect(await cache.lookup("/")).not.toBeNull();
    expect(api.requests).toHaveLength(1);
  });

  it("after an event that changed the API's answer, the kept page is not served", async () => {
    await keepPage();
    api.etag = '"v2"';
    feed.epoch++;
    expect(await cache.lookup("/")).toBeNull();
  });

  it("an event during a check: the check's answer does not count for the new epoch", async () => {
    await keepPage();
    feed.epoch++;
    const pending = cache.lookup("/");
    feed.epoch++;
    expect(await pending).not.toBeNull();
    api.requests = [];
    await cache.lookup("/");
    expect(api.requests).toHaveLength(1);
  });

  it("with the stream down, every read checks the API", async () => {
    await keepPage();
    feed.live = false;
    api.requests = [];
    for (let i = 0; i < 3; i++) expect(await cache.lookup("/")).not.toBeNull();
    expect(api.requests).toHaveLength(3);
  });

  it("a read older than 1 s is checked again although no event came", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await keepPage();
    api.requests = [];
    vi.setSystemTime(Date.now() + 999);
    await cache.lookup("/");
    expect(api.requests).toHaveLength(0);
    vi.setSystemTime(Date.now() + 2);
    await cache.lookup("/");
    expect(api.requests).toHaveLength(1);
  });
});

describe("compression of kept pages", () => {
  it("picks brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip, br;q=0")).toBe("gzip");
    expect(preferredEncoding("gzip, br;q=0")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it("a page served often is recompressed smaller, to the same HTML", async () => {
    const html = `<main>${Array.from({ length: 2000 }, (_, i) => `<p class="c${i % 37}">Course ${i} places ${i * 7}</p>`).join("")}</main>`;
    const page: CachedPage = { status: 200, html, deps: [] };
    const first = cache.encoded(page, "br");
    expect(brotliDecompressSync(first).toString()).toBe(html);
    for (let i = 0; i < 200; i++) cache.encoded(page, "br");
    await vi.waitFor(() => expect(cache.encoded(page, "br")).not.toBe(first), { timeout: 5_000 });
    const polished = cache.encoded(page, "br");
    expect(polished.length).toBeLessThan(first.length);
    expect(brotliDecompressSync(polished).toString()).toBe(html);
  });
});
