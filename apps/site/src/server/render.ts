/**
 * The server render of every page: a kept page from the HTML cache when the catalogue has not
 * changed (decision 133), else the app rendered into the template with the route's stylesheets
 * and module list (decision 245). A failed render is a plain 500 page, logged with the request id.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ViteDevServer } from "vite";
import type { HtmlCache } from "./html-cache";
import { preferredEncoding } from "./html-cache";
import { preloadLinks, type Manifest } from "./assets";

export type EntryServer = typeof import("../app/entry-server");

/** The render entry and the page template: the built ones, or Vite's current ones in development. */
export type LoadEntry = (url: string) => Promise<{ entry: EntryServer; template: string }>;

export function addPageRendering(
  app: FastifyInstance,
  {
    htmlCache,
    loadEntry,
    manifest,
    vite,
  }: { htmlCache: HtmlCache | null; loadEntry: LoadEntry; manifest: Manifest | null; vite: ViteDevServer | null },
) {
  const CACHED_PAGE = /^\/(?:all-courses|course\/[^/?#]+)?$/;
  const sendPage = (reply: FastifyReply, status: number, html: string | Buffer) =>
    reply.code(status).type("text/html; charset=utf-8").header("cache-control", "no-cache").send(html);

  async function renderPage(req: FastifyRequest, reply: FastifyReply) {
    const cacheKey = htmlCache && req.method === "GET" && CACHED_PAGE.test(req.url) ? req.url : null;
    if (cacheKey) {
      const kept = await htmlCache!.lookup(cacheKey);
      if (kept) {
        // Compressed once per kept page (the compress plugin leaves an encoded answer alone).
        const encoding = preferredEncoding(req.headers["accept-encoding"]);
        reply.header("vary", "accept-encoding");
        if (!encoding) return sendPage(reply, kept.status, kept.html);
        return sendPage(reply.header("content-encoding", encoding), kept.status, htmlCache!.encoded(kept, encoding));
      }
    }
    const { entry: e, template: tpl } = await loadEntry(req.url);
    const controller = new AbortController();
    req.raw.on("close", () => {
      if (!reply.raw.writableEnded) controller.abort();
    });
    const host = req.headers.host ?? "localhost";
    const request = new Request(new URL(req.url, `${req.protocol}://${host}`), {
      method: req.method === "HEAD" ? "GET" : req.method,
      headers: Object.entries(req.headers).flatMap(([k, v]) =>
        v === undefined ? [] : Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, v] as [string, string]],
      ),
      signal: controller.signal,
    });
    try {
      const recorded = htmlCache ? await htmlCache.record(() => e.render(request)) : null;
      const result = recorded ? recorded.result : await e.render(request);
      if (result.kind === "redirect") return reply.redirect(result.location, result.status);
      const modules = result.routeIds.map((id) => e.ROUTE_MODULES[id]).filter((f): f is string => Boolean(f));
      const html = tpl
        .replace("<!--app-head-->", result.head)
        .replace("<!--app-preload-->", preloadLinks(manifest, modules))
        .replace("<!--app-html-->", result.html)
        .replace("<!--app-data-->", result.data);
      if (cacheKey && recorded?.cacheable && result.status === 200)
        htmlCache!.store(cacheKey, { status: 200, html, deps: recorded.deps });
      return sendPage(reply, result.status, html);
    } catch (error) {
      if (vite && error instanceof Error) vite.ssrFixStacktrace(error);
      req.log.error({ err: error }, "server render failed");
      return reply
        .code(500)
        .type("text/html; charset=utf-8")
        .send(
          "<!doctype html><title>Something went wrong</title><h1>Something went wrong</h1><p>Please try again in a moment.</p>",
        );
    }
  }

  app.get("/*", renderPage);
  app.get("/", renderPage);
  // Paths the static files refuse (/index.html, /.vite/…) and other methods: the site's HTML 404
  // page, never Fastify's JSON one.
  app.setNotFoundHandler(async (req, reply) => {
    if (req.method === "GET" || req.method === "HEAD") return renderPage(req, reply);
    return reply
      .code(404)
      .type("text/html; charset=utf-8")
      .send("<!DOCTYPE html><title>Page not found</title><h1>Page not found</h1>");
  });
}
