/**
 * Course and shop pictures come from the API's image service: `/api/images/<sha>.webp` is the
 * full size (1600 px), `/api/images/<sha>-card.webp` the card size (800 px), `-small.webp` 400 px. The API answers the full path;
 * cards derive the small one so a phone never downloads the big picture for a thumbnail.
 */
const FULL_IMAGE = /^(\/api\/images\/[a-f0-9]{64})\.webp$/;

/** `/api/images/<sha>.webp` → `/api/images/<sha>-small.webp` (400 px, for small card slots); other paths: null. */
export function smallImagePath(path: string | null | undefined): string | null {
  const match = path ? FULL_IMAGE.exec(path) : null;
  return match ? `${match[1]}-small.webp` : null;
}

export const SMALL_IMAGE_WIDTH = 400;

/** Intrinsic sizes (16:9: the API makes cards 800 px and full images 1600 px wide) so the browser reserves the box: no layout shift. */
export const CARD_IMAGE = { width: 800, height: 450 } as const;
export const FULL_IMAGE_SIZE = { width: 1600, height: 900 } as const;

/**
 * The site's own server passes the API's pictures through at the same path (server.ts,
 * decision 257): a phone then fetches them over the page's connection instead of opening a second
 * one to the API's origin first (the first course picture is the largest paint of /all-courses
 * and the course pages). Other relative paths still come from the API.
 */
export const SITE_IMAGE_PATH = /^\/api\/images\/[a-f0-9]{64}(?:-card|-small)?\.webp$/;

/** Where the browser fetches a picture: the site itself for the API's image service, else the API. */
export function pictureBase(apiBase: string, path: string | null | undefined): string {
  return path && SITE_IMAGE_PATH.test(path) ? "" : apiBase;
}

export function imageUrl(apiBase: string, path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path) || path.startsWith("data:")) return path;
  return `${apiBase}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** `/api/images/<sha>.webp` → `/api/images/<sha>-card.webp`; other paths are used as they are. */
export function cardImagePath(path: string | null | undefined): string | null {
  if (!path) return null;
  const match = FULL_IMAGE.exec(path);
  return match ? `${match[1]}-card.webp` : path;
}
