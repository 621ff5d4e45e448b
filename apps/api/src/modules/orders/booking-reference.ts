/**
 * The booking reference people read out (docs/decisions/120): 8 characters from an alphabet
 * without look-alikes, shown as XXXX-XXXX. Independent of the internal payment token
 * (`orders.reference`), which stays in URLs and provider metadata only.
 */
import { randomInt } from "node:crypto";
import { BOOKING_REF_ALPHABET, BOOKING_REF_LENGTH } from "@app/contract";

/** A fresh random reference (28^8 ≈ 3.8 × 10^11 values); uniqueness is the unique index's job. */
export function newBookingRef(): string {
  let ref = "";
  for (let i = 0; i < BOOKING_REF_LENGTH; i++) ref += BOOKING_REF_ALPHABET[randomInt(BOOKING_REF_ALPHABET.length)];
  return ref;
}

const isBookingRefClash = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === "23505" && constraint === "orders_booking_ref_key") return true;
  }
  return false;
};

/**
 * Runs `place` (which draws a new reference each call) again when its reference was already
 * taken: a clash is astronomically rare, but a customer must never see it as an error.
 */
export async function withUniqueBookingRef<T>(place: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await place();
    } catch (err) {
      if (i >= attempts || !isBookingRefClash(err)) throw err;
    }
  }
}
