/** Site paths and API image addresses used by the cart (to be aligned with the site's own helpers). */
export const paths = {
  home: "/",
  allCourses: "/all-courses",
  cart: "/cart",
  course: (slug: string) => `/course/${encodeURIComponent(slug)}`,
};

function apiOrigin(): string {
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env;
  return (env?.VITE_API_URL ?? "").replace(/\/$/, "");
}

/** Thumbnails are paths under the API host (spec §3). */
export function imageUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${apiOrigin()}${path}`;
}

/** Full-page navigation to another site (the payment page); an object so tests can watch it. */
export const leavePage = {
  to(url: string): void {
    window.location.assign(url);
  },
};
