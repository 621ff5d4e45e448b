import { defineConfig, loadEnv } from "vite";
import react from "@vitejs/plugin-react";

const DEFAULT_PORT = 5174;
const DEFAULT_API_URL = "http://localhost:3000";

/**
 * DESIGN.md "Security headers and origins", sent by `pnpm start` (vite preview of the build).
 * The dev server does not send them: its hot-reload preamble is an inline script.
 * `style-src 'unsafe-inline'` is needed for React `style` attributes (bar widths, skeleton sizes);
 * scripts stay 'self' only. The API origin is allowed for calls (connect-src) and images (img-src).
 */
export function securityHeaders(apiUrl: string): Record<string, string> {
  const api = new URL(apiUrl).origin;
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${api}`,
    "font-src 'self'",
    `connect-src 'self' ${api}`,
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

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), "");
  const port = Number(env.PORT ?? process.env.PORT ?? DEFAULT_PORT);
  const apiUrl = env.VITE_API_URL || DEFAULT_API_URL;
  return {
    plugins: [react()],
    server: { port, strictPort: true, host: "localhost" },
    preview: { port, strictPort: true, host: "localhost", headers: securityHeaders(apiUrl) },
    // Source maps only when asked for (SOURCEMAPS_PUBLIC=true at build time): `vite preview`
    // serves everything in dist, so maps built are maps published (decision 107).
    build: { sourcemap: ["true", "1", "yes"].includes(env.SOURCEMAPS_PUBLIC ?? ""), target: "es2022" },
  };
});
