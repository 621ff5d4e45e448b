/**
 * The site's one server (Fastify): renders every public route on the server and serves the
 * browser assets. In development it mounts Vite in middleware mode (HMR over this same HTTP
 * server); in production it serves `dist/client` and renders with `dist/server`.
 *
 *   pnpm --filter site dev     # development, PORT (default 5173)
 *   pnpm --filter site build && pnpm --filter site start
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ViteDevServer } from "vite";
import { loadEnv } from "./src/config/server/env";
import type { ServerEnv } from "./src/config/server/env";
import { sitemapXml, robotsTxt } from "./src/lib/sitemap";
import { CatalogueFeed } from "./src/server/catalogue-feed";
import { HtmlCache, preferredEncoding } from "./src/server/html-cache";
import { siteLoggerOptions, siteRequestId } from "./src/server/log";
import { previewToken, textsLastmod } from "./src/lib/website";
import { ukToday } from "./src/lib/banner";
import { newsFeedXml } from "./src/lib/news-feed";

// The site's folder: this file's own (tsx runs server.ts), or its parent when production runs the
// bundle, dist/server.mjs (scripts/bundle-server.mjs, decision 250).
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.basename(here) === "dist" ? path.dirname(here) : here;

type EntryServer = typeof import("./src/app/entry-server");

interface Manifest {
  [source: string]: { file: string; css?: string[]; assets?: string[]; imports?: string[]; isEntry?: boolean };
}

/**
 * Content Security Policy: no inline scripts but the boot module, allowed by its hash (hydration
 * data and JSON-LD are JSON, not scripts).
 */
function securityHeaders(env: ServerEnv, dev: boolean, scriptHashes: string[] = []): Record<string, string> {
  const api = new URL(env.PUBLIC_API_URL).origin;
  const csp = [
    "default-src 'self'",
    // Vite's dev client and the React refresh preamble are inline scripts: development only.
    dev ? "script-src 'self' 'unsafe-inline'" : ["script-src 'self'", ...scriptHashes.map((h) => `'${h}'`)].join(" "),
    // React writes style attributes (e.g. skeleton sizes); no inline style elements are used.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${api}`,
    "font-src 'self'",
    dev ? `connect-src 'self' ${api} ws: wss:` : `connect-src 'self' ${api}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "manifest-src 'self'",
  ].join("; ");
  return {
    "content-security-policy": csp,
    "strict-transport-security": "max-age=31536000; includeSubDomains",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
}

/**
 * The built stylesheets, inlined into the first response instead of linked (decision 134): under a
 * phone's latency a linked stylesheet is one more render-blocking request before the first paint.
 * CSP-compatible as it stands: `style-src` already allows inline styles (React style attributes),
 * and the block holds only our own built CSS. Empty (= link them) in development or with
 * SITE_INLINE_CSS=off.
 */
const inlinedCss = new Map<string, string>();

async function loadInlineCss(client: string, manifest: Manifest) {
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) chunk.css?.forEach((f) => files.add(f));
  for (const f of files) inlinedCss.set(f, (await readFile(path.join(client, f), "utf8")).replace(/<\/style/gi, "<\\/style"));
}

/** A stylesheet as a `<style>` block when inlined, else a link. */
function stylesheet(file: string): string {
  const css = inlinedCss.get(file);
  // The disabled link is never fetched; it tells Vite's chunk loader that the stylesheet is in the
  // page, or a route's first load would link it again after the global one (decision 245).
  return css === undefined
    ? `<link rel="stylesheet" href="/${file}">`
    : `<style data-href="/${file}">${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
}

/**
 * The boot module (index.html's only script: a few hundred bytes, no imports) inlined into the
 * page, so nothing but the HTML is requested before the first paint (decision 245). Returns the
 * template and the script's CSP hash, or nothing to keep it linked.
 */
async function inlineBootScript(template: string, client: string, manifest: Manifest) {
  const boot = manifest["index.html"];
  const tag = boot && `<script type="module" crossorigin src="/${boot.file}"></script>`;
  if (!boot || boot.imports?.length || !template.includes(tag!)) return null;
  const code = (await readFile(path.join(client, boot.file), "utf8")).replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "");
  if (/<\/script/i.test(code)) return null;
  const hash = `sha256-${createHash("sha256").update(code).digest("base64")}`;
  // A replacer function: `$` sequences in the code must not be read as replacement patterns.
  return { template: template.replace(tag!, () => `<script type="module">${code}</script>`), hash };
}

/** @fontsource's Latin subset of Inter (the one every page's text uses), as Vite names the file. */
const LATIN_FONT = /(?:^|\/)inter-latin-wght-normal-[\w-]+\.woff2$/;

/** The app's entry module (the boot module imports it after the first paint). */
const APP_ENTRY = "src/app/entry-client.tsx";

/**
 * The head's stylesheets for the routes being rendered, and `<meta name="app-modules">` naming the
 * app entry chunk first, then every chunk it and those routes import (production only). The boot
 * script preloads them and imports the first after the first paint (decision 245): no
 * `modulepreload` and no font preload in the head, so the HTML and its styles have the connection
 * to themselves until the page is painted.
 */
function preloadLinks(manifest: Manifest | null, moduleFiles: string[]): string {
  if (!manifest) return "";
  const files = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (!chunk.isEntry) files.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach((i) => visit(i, seen));
  };
  const seen = new Set<string>(["index.html"]);
  const app = manifest[APP_ENTRY];
  visit(APP_ENTRY, seen);
  moduleFiles.forEach((f) => visit(f, seen));
  const modules = app ? [app.file, ...files] : [];
  // Inter's Latin file, which the boot module fetches after hydration for the tab's next pages
  // (decision 257: by its address, not by reading the stylesheet's rules in the browser).
  const latinFont = Object.values(manifest)
    .flatMap((c) => c.assets ?? [])
    .find((f) => LATIN_FONT.test(f));
  return [
    ...[...css].map(stylesheet),
    ...(modules.length ? [`<meta name="app-modules" content="${modules.map((f) => `/${f}`).join(" ")}">`] : []),
    ...(latinFont ? [`<meta name="font-latin" content="/${latinFont}">`] : []),
  ].join("\n    ");
}

declare module "fastify" {
  interface FastifyInstance {
    /** The rendered-HTML cache (null in development or with SSR_HTML_CACHE=off). */
    htmlCache: HtmlCache | null;
    /** The API's catalogue change stream the HTML cache relies on (decision 240); null with the cache. */
    catalogueFeed: CatalogueFeed | null;
  }
}

export async function createSiteServer(env: ServerEnv = loadEnv()) {
  const dev = env.NODE_ENV !== "production";
  const app = Fastify({
    // No tokens, references, query strings or e-mail addresses in any line; a request id on each (decision 267).
    logger:
      env.LOG_LEVEL === "silent" ? false : siteLoggerOptions({ level: env.LOG_LEVEL, clientAddress: env.LOG_CLIENT_ADDRESS }),
    genReqId: siteRequestId,
    trustProxy: true,
  });
  app.addHook("onSend", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });
  let headers = securityHeaders(env, dev);
  // No preconnect to the API's origin: the course pictures come through this server (below), and
  // the API is called only after the first paint (decision 257).
  // A preview link (decision 363) opens inside the portal's preview frames: only there may it be
  // framed, and it is never indexed or kept.
  const adminOrigin = new URL(env.ADMIN_URL).origin;
  app.addHook("onSend", async (req, reply) => {
    reply.headers(headers);
    if (req.url.includes("preview=") && previewToken(req.url)) {
      reply.header(
        "content-security-policy",
        headers["content-security-policy"]!.replace("frame-ancestors 'none'", `frame-ancestors ${adminOrigin}`),
      );
      reply.removeHeader("x-frame-options");
      reply.header("x-robots-tag", "noindex, nofollow");
      reply.header("cache-control", "no-store");
    }
  });
  await app.register(import("@fastify/compress"), { global: true, threshold: 1024 });

  let vite: ViteDevServer | null = null;
  let template = "";
  let manifest: Manifest | null = null;
  let entry: EntryServer | null = null;

  if (dev) {
    const { createServer } = await import("vite");
    vite = await createServer({
      root,
      configFile: path.join(root, "vite.config.ts"),
      appType: "custom",
      // HMR shares this HTTP server, so several dev servers never fight over a port.
      server: { middlewareMode: true, ws: { server: app.server } },
    });
    await app.register(import("@fastify/middie"));
    app.use(vite.middlewares);
  } else {
    // Source maps stay private in production unless SOURCEMAPS_PUBLIC says otherwise (decision 107).
    if (!env.SOURCEMAPS_PUBLIC) {
      app.addHook("onRequest", async (req, reply) => {
        if (req.url.split("?")[0]!.toLowerCase().endsWith(".map")) {
          return reply.code(404).type("text/plain; charset=utf-8").header("cache-control", "no-store").send("Not found");
        }
      });
    }
    const dist = path.resolve(root, env.SITE_DIST_DIR);
    const client = path.join(dist, "client");
    template = await readFile(path.join(client, "index.html"), "utf8");
    manifest = JSON.parse(await readFile(path.join(client, ".vite/manifest.json"), "utf8")) as Manifest;
    if (env.SITE_INLINE_CSS === "on") {
      await loadInlineCss(client, manifest);
      template = template.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (link, file: string) =>
        inlinedCss.has(file) ? stylesheet(file) : link,
      );
    }
    const boot = await inlineBootScript(template, client, manifest);
    if (boot) {
      template = boot.template;
      headers = securityHeaders(env, dev, [boot.hash]);
    }
    entry = (await import(path.join(dist, "server/entry-server.js"))) as EntryServer;
    entry.configure({
      config: env.site,
      apiUrl: env.API_URL,
      dev: false,
      refusePlaceholders: env.NODE_ENV === "production" && !env.SITE_ALLOW_PLACEHOLDER_IDENTITY,
    });
    const fastifyStatic = (await import("@fastify/static")).default;
    // One route per built file (wildcard: false), so the server render keeps every other path.
    await app.register(fastifyStatic, {
      root: client,
      prefix: "/",
      wildcard: false,
      index: false,
      // The build wrote Brotli and gzip copies of scripts, styles and SVGs (scripts/precompress.ts):
      // sent as they are, at the best compression, without compressing per request.
      preCompressed: true,
      cacheControl: false,
      allowedPath: (p) => p !== "/index.html" && !p.startsWith("/.vite") && (env.SOURCEMAPS_PUBLIC || !p.endsWith(".map")),
      // @fastify/static 10 hands the Fastify reply here (its types still say ServerResponse).
      setHeaders: (reply: unknown, filePath: string) => {
        // Hashed file names never change: cache them for a year. Other public files: a day.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        (reply as FastifyReply).header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=86400");
      },
    });
  }

  async function loadEntry(url: string): Promise<{ entry: EntryServer; template: string }> {
    if (!vite) return { entry: entry!, template };
    const raw = await readFile(path.join(root, "index.html"), "utf8");
    const html = await vite.transformIndexHtml(url, raw);
    const mod = (await vite.ssrLoadModule("/src/app/entry-server.tsx")) as EntryServer;
    mod.configure({ config: env.site, apiUrl: env.API_URL, dev: true });
    return { entry: mod, template: html };
  }

  // The API's course pictures at the same path on the site's origin (decision 257): a phone fetches
  // the largest picture of /all-courses and the course pages over the page's own connection
  // instead of opening one to the API first. Content-addressed names (the API answers them as
  // immutable), so they pass through as they are; only the API's own file names are asked for.
  const IMAGE_FILE = /^[a-f0-9]{64}(?:-card|-small)?\.webp$/;
  app.get<{ Params: { file: string } }>("/api/images/:file", async (req, reply) => {
    const { file } = req.params;
    if (!IMAGE_FILE.test(file)) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    let answer: Response;
    try {
      answer = await fetch(`${env.API_URL}/api/images/${file}`, { signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      req.log.warn({ err: error }, "image pass-through: API not reachable");
      return reply.code(502).header("cache-control", "no-store").type("text/plain; charset=utf-8").send("Image unavailable");
    }
    const body = Buffer.from(await answer.arrayBuffer());
    if (!answer.ok)
      return reply.code(answer.status).header("cache-control", "no-store").type("text/plain; charset=utf-8").send("Not found");
    return reply
      .code(200)
      .type(answer.headers.get("content-type") ?? "image/webp")
      .header("cache-control", answer.headers.get("cache-control") ?? "public, max-age=31536000, immutable")
      .send(body);
  });

  app.get("/robots.txt", async (_req, reply) => {
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600");
    return robotsTxt(env.site.siteUrl);
  });

  app.get("/news/rss.xml", async (req, reply) => {
    const { entry: e } = await loadEntry(req.url);
    const request = new Request(`${env.site.siteUrl}/news/rss.xml`);
    const website = await e.fetchWebsite(request);
    if (!website) {
      reply.code(503).header("retry-after", "120").type("text/plain; charset=utf-8");
      return "The news is unavailable right now. Please try again shortly.";
    }
    const config = await e.requestConfig(request);
    reply.type("application/rss+xml; charset=utf-8").header("cache-control", "public, max-age=300");
    return newsFeedXml(env.site.siteUrl, config.provider, e.newsOf(website, ukToday()));
  });

  app.get("/sitemap.xml", async (req, reply) => {
    const { entry: e } = await loadEntry(req.url);
    const controller = new AbortController();
    let courses;
    let changes;
    let website;
    try {
      const request = new Request(`${env.site.siteUrl}/sitemap.xml`, { signal: controller.signal });
      [courses, changes, website] = await Promise.all([
        e.fetchCourses(request),
        e.api.catalogueChanges(controller.signal),
        e.fetchWebsite(request),
      ]);
    } catch (error) {
      req.log.error({ err: error }, "sitemap: course list failed");
      // A sitemap without the courses would tell crawlers they are gone: ask them to come back.
      reply.code(503).header("retry-after", "120").type("text/plain; charset=utf-8");
      return "The course catalogue is unavailable right now. Please try again shortly.";
    }
    reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=300");
    return sitemapXml(env.site.siteUrl, courses, changes, website ? textsLastmod(website, ukToday()) : undefined);
  });

  // Rendered HTML per catalogue version (decision 133): production only (development reloads code).
  // Kept pages are served with no round trip while the API pushes its catalogue changes (240).
  const catalogueFeed = !dev && env.SSR_HTML_CACHE === "on" ? new CatalogueFeed(env.API_URL, app.log) : null;
  const htmlCache = catalogueFeed ? new HtmlCache(catalogueFeed) : null;
  app.decorate("htmlCache", htmlCache);
  app.decorate("catalogueFeed", catalogueFeed);
  if (catalogueFeed) app.addHook("onReady", async () => catalogueFeed.start());
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

  app.addHook("onClose", async () => {
    catalogueFeed?.stop();
    await vite?.close();
  });
  return app;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const env = loadEnv();
  const app = await createSiteServer(env);
  const address = await app.listen({ port: env.PORT, host: env.HOST });
  const port = new URL(address).port;
  console.info(`READY http://127.0.0.1:${port}`);
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    // The line an operator (and the production smoke test) reads to know the stop was a clean one.
    app.log.info(`${signal}: shutting down`);
    // Within 10 s of SIGTERM (Docker's stop timeout; systemd waits 15): whatever still runs
    // after 8 s loses its connection, and the process ends regardless (decision 275).
    const cut = setTimeout(() => app.server.closeAllConnections(), 8_000);
    const bail = setTimeout(() => process.exit(1), 9_500);
    cut.unref();
    bail.unref();
    // Fastify closes idle keep-alive connections once, when closing starts; one whose request
    // finishes afterwards would hold the server open for its keep-alive timeout (72 s).
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(sweep);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
