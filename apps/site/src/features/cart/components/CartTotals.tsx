import { formatPence } from "@app/ui/format";
import type { AppliedDiscount } from "../pricing";
import { discountLabel } from "../pricing";

/** Subtotal, the applied code ('10% off' or '£25 off') and the total. */
export function CartTotals({ subtotal, discount, off }: { subtotal: number; discount: AppliedDiscount | null; off: number }) {
  return (
    <dl className="cart-totals" aria-live="polite">
      <div className="cart-totals__row">
        <dt>Subtotal</dt>
        <dd>{formatPence(subtotal)}</dd>
      </div>
      {discount ? (
        <div className="cart-totals__row cart-totals__row--discount">
          <dt>
            Discount ({discount.code}, {discountLabel(discount)})
          </dt>
          <dd>-{formatPence(off)}</dd>
        </div>
      ) : null}
      <div className="cart-totals__row cart-totals__row--total">
        <dt>Total</dt>
        <dd>{formatPence(subtotal - off)}</dd>
      </div>
    </dl>
  );
}
