/**
 * The Stripe Checkout parameters of a part payment (a deposit, an instalment plan's first part, a
 * balance): one line for exactly the amount asked, the purpose in the metadata (the webhook tells a
 * balance from an order's first payment by it), and, with the customer's consent, a Customer with
 * the card kept for charges off-session later (`setup_future_usage`).
 */
import type Stripe from "stripe";
import { cancelUrl, successUrl, type CheckoutOrder } from "../orders";

export function partCheckout(order: CheckoutOrder): {
  lineItems: Stripe.Checkout.SessionCreateParams.LineItem[];
  metadata: Record<string, string>;
  intent: Partial<Stripe.Checkout.SessionCreateParams.PaymentIntentData>;
  session: Partial<Stripe.Checkout.SessionCreateParams>;
} | null {
  const part = order.part;
  if (!part) return null;
  return {
    lineItems: [
      { quantity: 1, price_data: { currency: "gbp", unit_amount: part.amountPence, product_data: { name: part.label } } },
    ],
    metadata: { payment_purpose: part.purpose, ...(part.balanceToken ? { balance_link: part.balanceToken } : {}) },
    intent: part.saveCard ? { setup_future_usage: "off_session" } : {},
    session: part.saveCard ? { customer_creation: "always" } : {},
  };
}

/** Where the customer lands after the page: the order's success or cart page, or the part payment's own return page. */
export const returnUrls = (order: CheckoutOrder, siteUrl: string) => ({
  success_url: order.part?.returnUrl ?? `${successUrl(siteUrl, order.reference)}&session_id={CHECKOUT_SESSION_ID}`,
  cancel_url: order.part?.returnUrl ?? cancelUrl(siteUrl, order.reference),
});
