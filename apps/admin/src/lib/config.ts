/** Where the API lives (DESIGN.md: default http://localhost:3000), without a trailing slash. */
export const API_URL: string = (import.meta.env.VITE_API_URL || "http://localhost:3000").replace(/\/+$/, "");

/** The public site, for the 'Home' link of the sign-in screen. */
export const SITE_URL: string = (import.meta.env.VITE_SITE_URL || "http://localhost:5173").replace(/\/+$/, "");

/** Spec §9: API timeout. */
export const API_TIMEOUT_MS = 60_000;

/** Absolute URL of an API-served path such as a thumbnail ('/api/images/…'); data: and http(s) URLs pass through. */
export function apiAsset(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  return `${API_URL}${path.startsWith("/") ? "" : "/"}${path}`;
}
