import { getApiBase } from "../lib/api";
import { CARD_IMAGE, cardImagePath, FULL_IMAGE_SIZE, imageUrl } from "../lib/images";

/** Our own picture for courses without a thumbnail (spec §2: fallback image). */
export const FALLBACK_IMAGE = "/course-fallback.svg";

interface CourseImageProps {
  path: string | null;
  /** card = the API's 800 px card size; full = 1600 px with the card as the small candidate. */
  size?: "card" | "full";
  eager?: boolean;
  className?: string;
}

/**
 * Course picture from the API's image service, with width and height set so the browser keeps
 * its 16:9 box before the bytes arrive (no layout shift). Decorative next to the course title,
 * so the alt text is empty.
 */
export function CourseImage({ path, size = "card", eager = false, className }: CourseImageProps) {
  const base = getApiBase();
  const card = imageUrl(base, cardImagePath(path));
  const full = imageUrl(base, path);
  const dims = size === "card" ? CARD_IMAGE : FULL_IMAGE_SIZE;
  const common = {
    alt: "",
    width: dims.width,
    height: dims.height,
    className: className ? `course-image ${className}` : "course-image",
    loading: eager ? ("eager" as const) : ("lazy" as const),
    decoding: "async" as const,
    fetchPriority: eager ? ("high" as const) : undefined,
  };
  if (!card || !full) return <img src={FALLBACK_IMAGE} {...common} />;
  if (size === "card" || card === full) return <img src={card} {...common} />;
  return <img src={full} srcSet={`${card} ${CARD_IMAGE.width}w, ${full} ${FULL_IMAGE_SIZE.width}w`} sizes="(min-width: 1024px) 560px, 100vw" {...common} />;
}
