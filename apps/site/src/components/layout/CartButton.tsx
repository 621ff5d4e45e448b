import { useNavigate } from "react-router";
import { ShoppingCart } from "lucide-react";
import { useToast } from "@app/ui";
import { formatPence } from "@app/ui/format";
import { useCart } from "../../stores/cart";
import { paths } from "../../config/paths";
import { cartDiscountPence, useAppliedDiscount } from "../../stores/discount";

export const EMPTY_CART_MESSAGE = "Your cart is empty!";

/**
 * Spec §2: shows the count and the total in pounds; goes to /cart with items, else the info toast.
 * The total is the cart page's: after the applied discount code (attendee changes).
 */
export function CartButton({ onNavigate }: { onNavigate?: () => void }) {
  const cart = useCart();
  const discount = useAppliedDiscount();
  const toast = useToast();
  const navigate = useNavigate();
  const total = formatPence(cart.totalPence - cartDiscountPence(cart.items, discount));

  return (
    <button
      type="button"
      className="cart-button"
      onClick={() => {
        if (cart.count === 0) {
          toast.info(EMPTY_CART_MESSAGE);
          return;
        }
        onNavigate?.();
        void navigate(paths.cart);
      }}
    >
      {/* Accessible name 'Cart: 2 items, £380.00' contains the visible '2' and '£380.00' (WCAG 2.5.3). */}
      <span className="ui-visually-hidden">Cart: </span>
      <span className="cart-button__icon">
        <ShoppingCart size={22} aria-hidden="true" />
        <span className="cart-button__count" data-testid="cart-count">
          {cart.count}
        </span>
      </span>
      <span className="ui-visually-hidden">{cart.count === 1 ? " item, " : " items, "}</span>
      <span className="cart-button__total">{total}</span>
    </button>
  );
}
