/** The cart's words (spec §4 and §5 where it has them, ours where it is silent). */
export const CART_MESSAGES = {
  redirecting: "Redirecting to payment...",
  noPaymentLink: "Enrollment completed, but no payment link received.",
  failed: "Something went wrong. Please try again.",
  cancelled: "Your payment was cancelled and you have not been charged.",
  notCompleted: "Your last payment was not completed and you have not been charged.",
  restored: "Your cart is as you left it.",
  changed: "Your booking was cancelled and its places released, so you can change it. Your cart is as you left it.",
} as const;

/** The heading of /cart before the cart is read from the browser (the first HTML). */
export const CART_HEADING = "Your Cart";
