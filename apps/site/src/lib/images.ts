/**
 * Course and shop pictures come from the API's image service: `/api/images/<sha>.webp` is the
 * full size, `/api/images/<sha>-card.webp` the card size. The API answers the full path;
 * cards derive the small one so a phone never downloads the big picture for a thumbnail.
 */
const FULL_IMAGE = /^(\/api\/images\/[a-f0-9]{64})\.webp$/;

/** Intrinsic sizes (16:9: the API makes cards 800 px and full images 1600 px wide) so the browser reserves the box: no layout shift. */
export const CARD_IMAGE = { width: 800, height: 450 } as const;
export const FULL_IMAGE_SIZE = { width: 1600, height: 900 } as const;

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
