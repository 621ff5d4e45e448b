/**
 * The site's response headers: the Content Security Policy and the other security headers on
 * every answer, and the framing a preview link needs inside the portal (decision 363).
 */
import type { FastifyInstance } from "fastify";
import type { ServerEnv } from "../config/server/env";
import { previewToken } from "../lib/website";

/**
 * Content Security Policy: no inline scripts but the boot module, allowed by its hash (hydration
 * data and JSON-LD are JSON, not scripts).
 */
export function securityHeaders(env: ServerEnv, dev: boolean, scriptHashes: string[] = []): Record<string, string> {
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
 * Sends the request id and the security headers on every answer. `current` gives the headers as
 * they are now (production adds the boot script's hash once the build is read).
 */
export function addHeaderHooks(app: FastifyInstance, env: ServerEnv, current: () => Record<string, string>) {
  app.addHook("onSend", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });
  // No preconnect to the API's origin: the course pictures come through this server (image-proxy),
  // and the API is called only after the first paint (decision 257).
  // A preview link (decision 363) opens inside the portal's preview frames: only there may it be
  // framed, and it is never indexed or kept.
  const adminOrigin = new URL(env.ADMIN_URL).origin;
  app.addHook("onSend", async (req, reply) => {
    const headers = current();
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
}
