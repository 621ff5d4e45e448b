/**
 * The cart's prices in integer pence. The arithmetic is the rules package's (the API prices the
 * real order with the same functions); this file only maps the cart and the API's answer onto it.
 * Spec §4: total = subtotal minus percent of subtotal; office booking tools adds codes worth a fixed amount
 * (never below £0) and codes limited to some courses. Group bookings: a line is one place's price
 * (fee and add-ons) × places, so a percentage applies per place.
 */
import { discountLines, discountSizeLabel, poundsToPence, type DiscountLine } from "@app/rules";
import type { DiscountValidation } from "@app/contract";
import { linePence } from "../../stores/cart";
import type { CartItem } from "../../stores/cart";

export { discountPence, totalAfterDiscount } from "@app/rules";
// The applied code and the cart's discount live with the cart's store: the header's total reads them too.
export { cartDiscountPence, type AppliedDiscount } from "../../stores/discount";
import type { AppliedDiscount } from "../../stores/discount";

/** What /discounts/validate answers about a valid code (percent_off or amount_off, and its courses). */
type ValidatedDiscount = NonNullable<DiscountValidation["discount"]>;

export function appliedDiscountFrom(code: string, discount: ValidatedDiscount): AppliedDiscount {
  const amountOffPence = discount.amount_off != null && discount.amount_off > 0 ? poundsToPence(discount.amount_off) : null;
  return {
    code: code.trim().toUpperCase(),
    percentOff: amountOffPence === null ? (discount.percent_off ?? null) : null,
    amountOffPence,
    courseIds: discount.course_ids ?? [],
  };
}

/** The cart's lines as the rules package prices them: a course and its price for every place. */
function discountLinesOf(items: readonly CartItem[]): DiscountLine[] {
  return items.map((i) => ({ courseId: i.id, pricePence: linePence(i) }));
}

/** Whether an applied code still applies to some line of the cart (a removed course may leave none). */
export function discountAppliesToCart(items: readonly CartItem[], discount: AppliedDiscount): boolean {
  return discountLines(discountLinesOf(items), discount).applies;
}

/** '10% off', '£25 off' or '£7.50 off' (the words beside the code in the totals): the shared rule of @app/rules. */
export const discountLabel = (discount: AppliedDiscount): string => discountSizeLabel(discount);
