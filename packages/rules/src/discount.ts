/**
 * Discount arithmetic in integer pence (spec §4: total = subtotal minus percent of subtotal).
 * The API prices the real order with it; the site's cart shows the same figures before checkout.
 */
import { formatPence, formatWholePounds } from "./money";

/** The discount on a subtotal, rounded to the nearest penny (halves up); 0 for no or a non-positive percentage, capped at 100 %. */
export function discountPence(subtotalPence: number, percentOff: number | null | undefined): number {
  if (!((percentOff ?? 0) > 0)) return 0;
  const pct = Math.min(percentOff!, 100);
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

/**
 * A discount code's terms: exactly one of a percentage or a fixed amount in pence, and
 * optionally the courses it is limited to (empty or absent: every course).
 */
export type DiscountTerms = {
  percentOff: number | null | undefined;
  amountOffPence: number | null | undefined;
  courseIds?: readonly number[] | null;
};

/** One line of an order or a cart: a course on a date, its price for every place (fee + add-ons, × places). */
export type DiscountLine = { courseId: number; pricePence: number };

/** Whether a code limited to `terms.courseIds` applies to a course (no limit: every course). */
export function discountAppliesTo(terms: Pick<DiscountTerms, "courseIds">, courseId: number): boolean {
  const limit = terms.courseIds ?? [];
  return limit.length === 0 || limit.includes(courseId);
}

/**
 * The discount on an order's lines (decision 174):
 * - only the lines of the code's courses count (a code without courses: every line);
 * - a percentage is taken off those lines' sum, rounded to the nearest penny (halves up);
 * - a fixed amount is taken once per order, never more than those lines' sum (the total never
 *   goes below £0);
 * - the discount is split over the lines it applies to in proportion to their prices
 *   (shareDiscount), so every line's paid price is known and they add up to the total.
 * `applies` is false when no line is one of the code's courses (the code is refused then).
 */
export function discountLines(
  lines: readonly DiscountLine[],
  terms: DiscountTerms,
): { applies: boolean; discountPence: number; paidPrices: number[] } {
  const eligible = lines.map((l) => discountAppliesTo(terms, l.courseId));
  const applies = eligible.some(Boolean);
  const base = lines.reduce((sum, l, i) => (eligible[i] ? sum + l.pricePence : sum), 0);
  const fixed = terms.amountOffPence ?? 0;
  const amount = fixed > 0 ? Math.min(Math.round(fixed), base) : discountPence(base, terms.percentOff);
  const shared = shareDiscount(
    lines.filter((_, i) => eligible[i]).map((l) => l.pricePence),
    amount,
  );
  let next = 0;
  const paidPrices = lines.map((l, i) => (eligible[i] ? shared[next++]! : l.pricePence));
  return { applies, discountPence: amount, paidPrices };
}

/**
 * The words for a code's size, wherever a code is named (the cart's totals, the booking statement,
 * mails, Stripe's coupon name, the office's pages): '15% off', '£10 off', '£7.50 off', '£1,250 off'.
 * Whole pounds drop the '.00' (a code's size is a description, not a price; decision 390).
 */
export function discountSizeLabel(terms: Pick<DiscountTerms, "percentOff" | "amountOffPence">): string {
  if ((terms.amountOffPence ?? 0) > 0) {
    const pence = Math.round(terms.amountOffPence!);
    return `${pence % 100 === 0 ? formatWholePounds(pence / 100) : formatPence(pence)} off`;
  }
  return `${terms.percentOff ?? 0}% off`;
}

/** The office's view of a code: what a customer would meet with it today. */
export type DiscountStatusName = "active" | "scheduled" | "expired" | "used_up";

/**
 * A code's status on a UK calendar day ('YYYY-MM-DD'): past its last day → expired; no uses left →
 * used_up; before its first day → scheduled; otherwise active. Expired wins over used up (the code
 * will never work again either way, and 'expired' is what the office needs to read).
 */
export function discountStatus(
  code: { validFrom: string; validUntil: string; maxUses: number; uses: number },
  today: string,
): DiscountStatusName {
  if (today > code.validUntil) return "expired";
  if (code.uses >= code.maxUses) return "used_up";
  if (today < code.validFrom) return "scheduled";
  return "active";
}
