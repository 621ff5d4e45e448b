/**
 * The site's one server (Fastify): renders every public route on the server and serves the
 * browser assets. In development it mounts Vite in middleware mode (HMR over this same HTTP
 * server); in production it serves `dist/client` and renders with `dist/server`.
 * The parts live in `src/server/`: headers (CSP), assets (CSS inlining, boot script, preload),
 * static files, the image pass-through, feeds (robots, news, sitemap) and the page render.
 *
 *   pnpm --filter site dev     # development, PORT (default 5173)
 *   pnpm --filter site build && pnpm --filter site start
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import type { ViteDevServer } from "vite";
import { loadEnv } from "./src/config/server/env";
import type { ServerEnv } from "./src/config/server/env";
import { CatalogueFeed } from "./src/server/catalogue-feed";
import { HtmlCache } from "./src/server/html-cache";
import { siteLoggerOptions, siteRequestId } from "./src/server/log";
import { addHeaderHooks, securityHeaders } from "./src/server/headers";
import { inlineBootScript, inlinedCss, loadInlineCss, stylesheet, type Manifest } from "./src/server/assets";
import { serveBuiltFiles } from "./src/server/static-files";
import { addImageProxy } from "./src/server/image-proxy";
import { addFeeds } from "./src/server/feeds";
import { addPageRendering, type EntryServer } from "./src/server/render";

// The site's folder: this file's own (tsx runs server.ts), or its parent when production runs the
// bundle, dist/server.mjs (scripts/bundle-server.mjs, decision 250).
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.basename(here) === "dist" ? path.dirname(here) : here;

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
  let headers = securityHeaders(env, dev);
  addHeaderHooks(app, env, () => headers);
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
    await serveBuiltFiles(app, env, client);
  }

  async function loadEntry(url: string): Promise<{ entry: EntryServer; template: string }> {
    if (!vite) return { entry: entry!, template };
    const raw = await readFile(path.join(root, "index.html"), "utf8");
    const html = await vite.transformIndexHtml(url, raw);
    const mod = (await vite.ssrLoadModule("/src/app/entry-server.tsx")) as EntryServer;
    mod.configure({ config: env.site, apiUrl: env.API_URL, dev: true });
    return { entry: mod, template: html };
  }

  addImageProxy(app, env);
  addFeeds(app, env, loadEntry);

  // Rendered HTML per catalogue version (decision 133): production only (development reloads code).
  // Kept pages are served with no round trip while the API pushes its catalogue changes (240).
  const catalogueFeed = !dev && env.SSR_HTML_CACHE === "on" ? new CatalogueFeed(env.API_URL, app.log) : null;
  const htmlCache = catalogueFeed ? new HtmlCache(catalogueFeed) : null;
  app.decorate("htmlCache", htmlCache);
  app.decorate("catalogueFeed", catalogueFeed);
  if (catalogueFeed) app.addHook("onReady", async () => catalogueFeed.start());
  addPageRendering(app, { htmlCache, loadEntry, manifest, vite });

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
