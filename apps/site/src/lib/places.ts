import { MAX_PLACES_PER_ORDER } from "@app/rules";

/** The places-left words beside a course date (course page, course finder). */
export function placesLabel(placesLeft: number): string {
  if (placesLeft <= 0) return "Fully booked";
  return placesLeft === 1 ? "1 place left" : `${placesLeft} places left`;
}

/** How many places one order may take on a date: its places left, at most MAX_PLACES_PER_ORDER (group bookings). */
export function maxPlacesOn(placesLeft: number): number {
  return Math.max(0, Math.min(placesLeft, MAX_PLACES_PER_ORDER));
}
