import { CART_MAX_PLACES } from "../stores/cart";

/** The places-left words beside a course date (course page, course finder). */
export function placesLabel(placesLeft: number): string {
  if (placesLeft <= 0) return "Fully booked";
  return placesLeft === 1 ? "1 place left" : `${placesLeft} places left`;
}

/** How many places one order may take on a date: its places left, at most CART_MAX_PLACES (issue 13). */
export function maxPlacesOn(placesLeft: number): number {
  return Math.max(0, Math.min(placesLeft, CART_MAX_PLACES));
}
