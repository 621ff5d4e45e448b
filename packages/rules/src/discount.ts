/**
 * Discount arithmetic in integer pence (spec §4: total = subtotal minus percent of subtotal).
 * The API prices the real order with it; the site's cart shows the same figures before checkout.
 */

/** The discount on a subtotal, rounded to the nearest penny (halves up); 0 for no or a non-positive percentage, capped at 100 %. */
export function discountPence(subtotalPence: number, percentOff: number | null | undefined): number {
  if (!(percentOff != null && percentOff > 0)) return 0;
  const pct = Math.min(percentOff, 100);
  return Math.round((subtotalPence * pct) / 100);
}

/** Subtotal minus its discount. */
export function totalAfterDiscount(subtotalPence: number, percentOff: number | null | undefined): number {
  return subtotalPence - discountPence(subtotalPence, percentOff);
}

/**
 * Splits an order's discount over its items in proportion to their prices, rounding each share
 * down and giving the remainder to the last item, so the paid prices add up to the total exactly.
 * Returns each item's price after its share. No discount or a zero subtotal: the prices unchanged.
 */
export function shareDiscount(prices: readonly number[], discountPence: number): number[] {
  const subtotal = prices.reduce((a, b) => a + b, 0);
  if (!subtotal || !discountPence) return prices.slice();
  let given = 0;
  return prices.map((p, i) => {
    const share = i === prices.length - 1 ? discountPence - given : Math.floor((discountPence * p) / subtotal);
    given += share;
    return p - share;
  });
}
