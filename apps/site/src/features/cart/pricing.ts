/**
 * Display arithmetic of the cart in integer pence (the API prices the real order).
 * Spec §4: total = subtotal minus percent of subtotal.
 */

/** The discount on a subtotal, rounded to the nearest penny (halves up). */
export function discountPence(subtotalPence: number, percentOff: number): number {
  if (!(percentOff > 0)) return 0;
  const pct = Math.min(percentOff, 100);
  return Math.round((subtotalPence * pct) / 100);
}

export function totalAfterDiscount(subtotalPence: number, percentOff: number | null | undefined): number {
  return subtotalPence - discountPence(subtotalPence, percentOff ?? 0);
}
