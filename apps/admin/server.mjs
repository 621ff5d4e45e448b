/**
 * The admin's production server (decision 275): serves the built SPA in dist/ with plain Node, no
 * dependencies, so the admin image needs no node_modules. `vite preview` is not a production
 * server (it refuses unknown host names, caches nothing right and writes into the app's folder).
 *
 *   node apps/admin/server.mjs        # HOST (default 0.0.0.0), PORT (default 5174)
 *
 * Configuration is read when the server starts, not when the bundle was built, so one build runs
 * anywhere: PUBLIC_API_URL (the API's public address: CSP connect-src/img-src and the app's API
 * calls) and PUBLIC_SITE_URL (the sign-in page's Home link). Both reach the app as
 * <meta name="api-url"> and <meta name="site-url"> written into index.html (src/lib/config.ts),
 * so the CSP and the app can never disagree. VITE_API_URL / VITE_SITE_URL are the fallbacks.
 *
 * Every host name is accepted (Caddy in front decides which names reach us). Vite's hashed files
 * under /assets/ are cached for a year; everything else, index.html first, is revalidated.
 * Unknown paths without a file extension get index.html (the SPA's own router answers them).
 */
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_DIST_DIR = path.join(HERE, "dist");
const DEFAULT_API_URL = "http://localhost:3000";
const DEFAULT_SITE_URL = "http://localhost:5173";

/** SIGTERM: running requests get this long to finish before their connections are cut. */
const SHUTDOWN_GRACE_MS = 8_000;

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
};

/**
 * DESIGN.md "Security headers and origins". `style-src 'unsafe-inline'` is needed for React
 * `style` attributes (bar widths, skeleton sizes); scripts stay 'self' only. The API origin is
 * allowed for calls (connect-src) and images (img-src).
 */
export function securityHeaders(apiUrl, siteUrl) {
  const api = new URL(apiUrl).origin;
  // The Website area's preview shows the public site in frames (decision 363).
  const site = siteUrl ? new URL(siteUrl).origin : null;
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${api}`,
    "font-src 'self'",
    `connect-src 'self' ${api}`,
    ...(site ? [`frame-src ${site}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
}

function escapeAttribute(value) {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** An absolute http(s) URL without a trailing slash, or a start-up error naming the variable. */
function absoluteUrl(name, value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL such as https://api.example.com (got "${value}")`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`${name} must be an http(s) URL`);
  return value.replace(/\/+$/, "");
}

/** index.html with the serve-time configuration the app reads (src/lib/config.ts). */
export function withRuntimeConfig(html, { apiUrl, siteUrl }) {
  const tags =
    `<meta name="api-url" content="${escapeAttribute(apiUrl)}" />` +
    `<meta name="site-url" content="${escapeAttribute(siteUrl)}" />`;
  if (!html.includes("</head>")) throw new Error("index.html has no </head>: is dist/ an admin build?");
  return html.replace("</head>", `${tags}</head>`);
}

/** The configuration from the environment (one env file for every process: deploy/production.env.example). */
export function configFromEnv(env = process.env) {
  return {
    host: env.HOST || "0.0.0.0",
    port: Number(env.PORT || 5174),
    apiUrl: absoluteUrl("PUBLIC_API_URL", env.PUBLIC_API_URL || env.VITE_API_URL || DEFAULT_API_URL),
    siteUrl: absoluteUrl("PUBLIC_SITE_URL", env.PUBLIC_SITE_URL || env.VITE_SITE_URL || DEFAULT_SITE_URL),
    distDir: env.ADMIN_DIST_DIR || DEFAULT_DIST_DIR,
  };
}

/** A request path inside distDir, or null for anything that tries to leave it. */
function fileFor(distDir, pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const file = path.join(distDir, path.normalize(decoded));
  return file.startsWith(distDir + path.sep) ? file : null;
}

/**
 * The admin server (not yet listening). `distDir` is a `vite build` output of apps/admin.
 * Reads index.html once: a new build means a restart, as for the API and the site.
 */
export async function createAdminServer({ distDir = DEFAULT_DIST_DIR, apiUrl, siteUrl }) {
  const root = path.resolve(distDir);
  const config = { apiUrl: absoluteUrl("PUBLIC_API_URL", apiUrl), siteUrl: absoluteUrl("PUBLIC_SITE_URL", siteUrl) };
  const index = Buffer.from(withRuntimeConfig(await readFile(path.join(root, "index.html"), "utf8"), config));
  const headers = securityHeaders(config.apiUrl, config.siteUrl);

  function sendIndex(req, res) {
    res.writeHead(200, {
      ...headers,
      "Content-Type": CONTENT_TYPES[".html"],
      "Content-Length": index.length,
      "Cache-Control": REVALIDATE,
    });
    res.end(req.method === "HEAD" ? undefined : index);
  }

  function sendText(req, res, status, text, extra = {}) {
    res.writeHead(status, { ...headers, "Content-Type": CONTENT_TYPES[".txt"], "Cache-Control": "no-store", ...extra });
    res.end(req.method === "HEAD" ? undefined : text);
  }

  async function handle(req, res) {
    if (req.method !== "GET" && req.method !== "HEAD")
      return sendText(req, res, 405, "Method Not Allowed", { Allow: "GET, HEAD" });
    const pathname = new URL(req.url ?? "/", "http://admin").pathname;
    // For Docker's HEALTHCHECK and monitors: answers without touching the disk.
    if (pathname === "/healthz") return sendText(req, res, 200, "ok");
    if (pathname === "/" || pathname === "/index.html") return sendIndex(req, res);

    const file = fileFor(root, pathname);
    if (!file) return sendText(req, res, 404, "Not Found");
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      // A missing hashed asset (a tab open across a deploy) or any file-like path is a real 404:
      // answering with HTML would hand the browser a page where it expects a script.
      if (pathname.startsWith("/assets/") || path.extname(pathname)) return sendText(req, res, 404, "Not Found");
      return sendIndex(req, res);
    }
    if (path.basename(file) === "index.html") return sendIndex(req, res);

    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const common = {
      ...headers,
      "Cache-Control": pathname.startsWith("/assets/") ? IMMUTABLE : REVALIDATE,
      ETag: etag,
      "Last-Modified": info.mtime.toUTCString(),
    };
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, common);
      return res.end();
    }
    res.writeHead(200, {
      ...common,
      "Content-Type": CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
      "Content-Length": info.size,
    });
    if (req.method === "HEAD") return res.end();
    createReadStream(file)
      .on("error", () => res.destroy())
      .pipe(res);
  }

  return http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendText(req, res, 500, "Internal Server Error");
      else res.destroy();
    });
  });
}

/**
 * SIGTERM/SIGINT: stop accepting, let running requests finish (idle keep-alive connections are
 * closed at once), exit 0; after SHUTDOWN_GRACE_MS the remaining connections are cut (exit 1),
 * inside systemd's TimeoutStopSec and Docker's 10 s stop timeout.
 */
function closeOnSignal(server) {
  let closing = false;
  const stop = (signal) => {
    if (closing) return;
    closing = true;
    console.info(`[admin] ${signal}: shutting down`);
    const force = setTimeout(() => {
      console.error("[admin] requests still running after the grace period: closing their connections");
      server.closeAllConnections();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // Keep-alive connections that finish a request while we wait become idle: close them too.
    setInterval(() => server.closeIdleConnections(), 100).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    const config = configFromEnv();
    const server = await createAdminServer(config);
    closeOnSignal(server);
    server.listen(config.port, config.host, () => {
      const address = server.address();
      console.info(`[admin] READY http://${config.host}:${address.port} (API ${config.apiUrl}, site ${config.siteUrl})`);
    });
  } catch (error) {
    console.error(`[admin] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
