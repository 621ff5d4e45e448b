import fallbackImage from "../assets/course-fallback.svg";
import { getApiBase } from "../lib/api";
import {
  CARD_IMAGE,
  cardImagePath,
  FULL_IMAGE_SIZE,
  imageUrl,
  pictureBase,
  SMALL_IMAGE_WIDTH,
  smallImagePath,
} from "../lib/images";

/** Our own picture for courses without a thumbnail (spec §2: fallback image); a hashed asset, cached for a year. */
export const FALLBACK_IMAGE = fallbackImage;

/**
 * The width a card's picture fills (pages.css): a third of the 1200 px container from 1024 px
 * (gaps and padding taken off), half the screen from 640 px, the screen less its padding below;
 * the recommendations row is narrower (at most 360 px).
 */
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 368px, (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)";
/** The course page's picture: the main column beside the 360 px side box from 1024 px, the screen less its padding below. */
export const FULL_IMAGE_SIZES = "(min-width: 1024px) min(calc(100vw - 440px), 760px), calc(100vw - 32px)";

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
  // The site's own origin for the API's pictures (lib/images.ts), the API for anything else.
  const base = pictureBase(getApiBase(), path);
  const card = imageUrl(base, cardImagePath(path));
  const full = imageUrl(base, path);
  const dims = size === "card" ? CARD_IMAGE : FULL_IMAGE_SIZE;
  const common = {
    alt: "",
    width: dims.width,
    height: dims.height,
    className: className ? `course-image ${className}` : "course-image",
    loading: eager ? ("eager" as const) : ("lazy" as const),
    // The largest paint is not held back a frame for an off-thread decode.
    decoding: eager ? ("auto" as const) : ("async" as const),
    fetchPriority: eager ? ("high" as const) : undefined,
  };
  if (!card || !full) return <img src={FALLBACK_IMAGE} {...common} />;
  if (card === full) return <img src={card} {...common} />;
  // The sizes the API makes and the slot's width: the browser picks by screen width and density.
  // Cards stop at 800 px (a phone's card never needs the 1600 px picture); the course page's
  // picture goes from the card size up to the full one.
  if (size === "card") {
    const small = imageUrl(base, smallImagePath(path));
    const srcSet = small ? `${small} ${SMALL_IMAGE_WIDTH}w, ${card} ${CARD_IMAGE.width}w` : undefined;
    return <img src={card} srcSet={srcSet} sizes={srcSet ? CARD_IMAGE_SIZES : undefined} {...common} />;
  }
  return (
    <img
      src={full}
      srcSet={`${card} ${CARD_IMAGE.width}w, ${full} ${FULL_IMAGE_SIZE.width}w`}
      sizes={FULL_IMAGE_SIZES}
      {...common}
    />
  );
}
