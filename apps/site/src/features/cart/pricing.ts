/**
 * Display arithmetic of the cart in integer pence (the API prices the real order with the same
 * rules). Spec §4: total = subtotal minus percent of subtotal; issue 13 adds codes worth a fixed
 * amount (never below £0) and codes limited to some courses. Group bookings: a line is one place's
 * price (fee and add-ons) × places, so a percentage applies per place.
 */
import { discountPence, poundsToPence } from "@app/rules";
import type { DiscountValidation } from "@app/contract";
import { linePence } from "../../stores/cart";
import type { CartItem } from "../../stores/cart";

export { discountPence, totalAfterDiscount } from "@app/rules";

/** An applied code as the cart holds it: exactly one of percentOff and amountOffPence is set. */
export interface AppliedDiscount {
  code: string;
  percentOff: number | null;
  /** A fixed amount off the order, in pence (issue 13's '£X off' codes). */
  amountOffPence: number | null;
  /** Courses the code is limited to; empty: every course. */
  courseIds: number[];
}

/**
 * What /discounts/validate answers about a valid code. The contract gains `amount_off` (pounds)
 * and `course_ids` with issue 13 (the API's side is built in parallel), so both are read when
 * present and a percentage-only answer works as before.
 */
type ValidatedDiscount = NonNullable<DiscountValidation["discount"]> & {
  percent_off?: number | null;
  amount_off?: number | null;
  course_ids?: number[] | null;
};

export function appliedDiscountFrom(code: string, discount: ValidatedDiscount): AppliedDiscount {
  const amountOffPence = discount.amount_off != null && discount.amount_off > 0 ? poundsToPence(discount.amount_off) : null;
  return {
    code: code.trim().toUpperCase(),
    percentOff: amountOffPence === null ? (discount.percent_off ?? null) : null,
    amountOffPence,
    courseIds: discount.course_ids ?? [],
  };
}

/** The part of the cart a code applies to: every line, or only the lines of its courses. */
export function eligiblePence(items: readonly CartItem[], discount: Pick<AppliedDiscount, "courseIds">): number {
  const applies = (i: CartItem) => discount.courseIds.length === 0 || discount.courseIds.includes(i.id);
  return items.filter(applies).reduce((sum, i) => sum + linePence(i), 0);
}

/**
 * The discount of a cart in pence: a percentage of the eligible lines (the rules package's
 * rounding), or a fixed amount capped at the eligible lines, so no total goes below £0.
 */
export function cartDiscountPence(items: readonly CartItem[], discount: AppliedDiscount | null): number {
  if (!discount) return 0;
  const base = eligiblePence(items, discount);
  if (discount.amountOffPence !== null) return Math.max(0, Math.min(discount.amountOffPence, base));
  return discountPence(base, discount.percentOff);
}

/** '10% off' or '£25.00 off' (the words beside the code in the totals). */
export function discountLabel(discount: AppliedDiscount, formatPence: (pence: number) => string): string {
  return discount.amountOffPence !== null ? `${formatPence(discount.amountOffPence)} off` : `${discount.percentOff ?? 0}% off`;
}
