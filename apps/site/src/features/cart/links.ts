import { getApiBase } from "../../lib/api";
import { cardImagePath, imageUrl, pictureBase } from "../../lib/images";

/** Card-size picture of a course in the cart (thumbnails are paths under the API host, spec §3). */
export function cartImageUrl(path: string | null): string | null {
  return imageUrl(pictureBase(getApiBase(), cardImagePath(path)), cardImagePath(path));
}

/** Full-page navigation to another site (the payment page); an object so tests can watch it. */
export const leavePage = {
  to(url: string): void {
    window.location.assign(url);
  },
};
