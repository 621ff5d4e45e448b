/** The booking reference people read and type: its alphabet, its shape and how typing is forgiven. */

/** Booking references: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L, 5/S, 8/B). */
export const BOOKING_REF_ALPHABET = "ACDEFGHJKMNPQRTUVWXYZ234679";
export const BOOKING_REF_LENGTH = 8;
/** A reference as people read it: `XXXX-XXXX`. */
export const BOOKING_REF_PATTERN = /^[ACDEFGHJKMNPQRTUVWXYZ234679]{4}-[ACDEFGHJKMNPQRTUVWXYZ234679]{4}$/;
/** 'ACDE2346' → 'ACDE-2346' (the one way a person ever sees it). */
export const formatBookingRef = (ref: string) => `${ref.slice(0, 4)}-${ref.slice(4)}`;
/**
 * What someone typed ('acde-2346', 'ACDE 2346', 'acde2346') as the stored 8 characters, or null
 * when it cannot be a reference.
 */
export function normalizeBookingRef(typed: string): string | null {
  const s = typed.replace(/[\s-]/g, "").toUpperCase();
  return s.length === BOOKING_REF_LENGTH && [...s].every((ch) => BOOKING_REF_ALPHABET.includes(ch)) ? s : null;
}
