/**
 * A value the admin server (apps/admin/server.mjs) wrote into index.html when it started, from the
 * same variable it builds the CSP from (decision 275); absent under the dev server and in tests.
 */
function served(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}

/**
 * Where the API lives, without a trailing slash: PUBLIC_API_URL as the server was started with,
 * else VITE_API_URL (dev server, tests), else DESIGN.md's default http://localhost:3000.
 */
export const API_URL: string = (served("api-url") || import.meta.env.VITE_API_URL || "http://localhost:3000").replace(/\/+$/, "");

/** The public site, for the 'Home' link of the sign-in screen (PUBLIC_SITE_URL, else VITE_SITE_URL). */
export const SITE_URL: string = (served("site-url") || import.meta.env.VITE_SITE_URL || "http://localhost:5173").replace(
  /\/+$/,
  "",
);

/** Spec §9: API timeout. */
export const API_TIMEOUT_MS = 60_000;

/** Absolute URL of an API-served path such as a thumbnail ('/api/images/…'); data: and http(s) URLs pass through. */
export function apiAsset(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  return `${API_URL}${path.startsWith("/") ? "" : "/"}${path}`;
}
