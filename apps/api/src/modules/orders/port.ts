/**
 * The payment port: what the order lifecycle needs from a payment provider, and nothing else. It
 * lives with its consumer (the orders module): the adapters (payments/local.ts, payments/stripe.ts)
 * implement it and reach it through orders/index.ts; the plugin picks one (src/plugins/payments.ts).
 * Orders never imports the payments module, so the arrows point one way: payments -> orders.
 */
import type { OrderItemRow as ItemRow, OrderRow } from "../../db/schema";

/** What a provider needs to open a checkout for an order. */
export type CheckoutOrder = Pick<
  OrderRow,
  | "id"
  | "reference"
  | "guestEmail"
  | "totalPence"
  | "subtotalPence"
  | "discountPence"
  | "discountCode"
  | "percentOff"
  | "amountOffPence"
  | "expiresAt"
> & {
  items: Pick<ItemRow, "title" | "dateLabel" | "originalPricePence" | "addOns" | "seats">[];
  /**
   * A part payment (deposit, an instalment plan's first part, a balance): the page takes exactly
   * `amountPence` as one line; `saveCard` keeps the card for the charges later (consent given).
   */
  part?: {
    amountPence: number;
    label: string;
    saveCard: boolean;
    purpose: "deposit" | "balance" | "change_fee";
    balanceToken?: string;
    /**
     * A payment beside the order's own (a date change's fee, decision 480): the customer comes
     * back to `returnUrl` (paid or not), and the provider's own retry key is `checkoutKey`.
     */
    returnUrl?: string;
    checkoutKey?: string;
  };
  /** Klarna as its own method (paid to us in full at once). */
  klarna?: boolean;
};

/**
 * A provider event reduced to what the order life cycle needs.
 * - paid: money taken (checkout completed and paid, or an async payment succeeded);
 * - failed: an async payment failed (the order is cancelled, its places released);
 * - expired: the checkout session ran out unpaid;
 * - awaiting: completed, but the payment is still clearing (nothing changes yet);
 * - refunded: money went back on a payment (Stripe `charge.refunded`, e.g. from its dashboard);
 * - ignored: an event type we do not act on.
 */
export type PaymentEvent = {
  id: string;
  type: string;
  kind: "paid" | "failed" | "expired" | "awaiting" | "refunded" | "ignored";
  reference: string | null;
  sessionId: string | null;
  amountPence: number | null;
  /** refunded: the provider's payment id, and its refunds when the event carries them (else listRefunds). */
  refund?: { paymentId: string | null; refunds: ProviderRefund[] | null };
  /** paid: the card the checkout kept, as the provider confirmed it (only with the customer's consent). */
  card?: SavedCard | null;
};

/** A card kept for charges later (with the customer's consent): the provider's customer and payment method. */
export type SavedCard = { customerId: string; paymentMethodId: string };

/** A charge of a saved card without the customer present (the balance or an instalment on its day). */
export type SavedCardChargeRequest = {
  card: SavedCard;
  amountPence: number;
  /** Our order reference (the provider's metadata carries it, as on every payment). */
  reference: string;
  purpose: "balance" | "instalment";
  description: string;
  /** One per order and due charge: a retry after a crash or timeout is the same charge at the provider. */
  idempotencyKey: string;
};

/**
 * How a saved-card charge went. `authentication_required`: the bank wants the customer present
 * (SCA); `failed`: declined or refused. Neither took money: the customer gets the balance link.
 */
export type SavedCardCharge =
  | { kind: "succeeded"; paymentId: string; amountPence: number }
  | { kind: "authentication_required" | "failed"; paymentId: string | null; message: string };

/** A refund as the provider has it. */
export type ProviderRefund = { id: string; amountPence: number; status: string };

/** A checkout session as retrieved from the provider. */
export type CheckoutDetails = {
  id: string;
  /** Our order reference as the session carries it (client_reference_id, else metadata). */
  reference: string | null;
  amountPence: number | null;
  currency: string | null;
  /** Money taken (or none needed). */
  paid: boolean;
  /**
   * What the session was opened for: 'balance' for a part-paid order's balance link, 'change_fee'
   * for a date change's fee; else its first payment.
   */
  purpose?: string | null;
  /** The card the session kept for later charges (customer and payment method), if it kept one. */
  card?: SavedCard | null;
  /** The provider's payment behind a paid session (a Stripe PaymentIntent), when it has one. */
  paymentId?: string | null;
};

export class WebhookSignatureError extends Error {}

export type CheckoutStop = "expired" | "completed";

export interface PaymentProvider {
  readonly name: "local" | "stripe";
  /** Opens the external payment page for an order (called after the order is committed). */
  createCheckout(order: CheckoutOrder): Promise<{ url: string; sessionId: string }>;
  /**
   * Stops a checkout so it cannot be paid any more (the order is being cancelled). `expired`: it
   * can no longer be paid (expired now or before); `completed`: the customer finished paying
   * first, and the provider's confirmation will mark the order paid. Throws when the provider
   * cannot be asked (network, outage): the outcome is then unknown.
   */
  expireCheckout(sessionId: string): Promise<CheckoutStop>;
  /**
   * The checkout session as the provider has it now (decision 105): a webhook is confirmed against
   * this before an order is marked paid. Null: the provider has no such session. Throws when the
   * provider cannot be asked.
   */
  retrieveCheckout(sessionId: string): Promise<CheckoutDetails | null>;
  /**
   * Gives `amountPence` back on a payment (issue 13). `paymentRef`: the checkout session id or the
   * provider's payment id. The same `idempotencyKey` twice is one refund at the provider. Throws
   * when the provider refuses or cannot be asked. Answers the refund's id and the payment's id.
   */
  refund(paymentRef: string, amountPence: number, idempotencyKey: string): Promise<{ id: string; paymentId: string | null }>;
  /**
   * A payment's order reference (as its metadata carries it) and every refund of it, for reconciling
   * `charge.refunded`. Throws when the provider cannot be asked.
   */
  paymentRefunds(paymentId: string): Promise<{ reference: string | null; refunds: ProviderRefund[] }>;
  /**
   * Charges a saved card off-session. Answers how it went; throws only when the provider cannot be
   * asked (the next run tries again under the same idempotency key, so it is never charged twice).
   */
  chargeSavedCard(charge: SavedCardChargeRequest): Promise<SavedCardCharge>;
  /** Verifies and reads a webhook; throws WebhookSignatureError when it is not authentic. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

/** Where the customer lands after paying / cancelling (docs/decisions/030). */
export const successUrl = (siteUrl: string, reference: string) =>
  `${siteUrl}/payment/success?order=${encodeURIComponent(reference)}`;
export const cancelUrl = (siteUrl: string, reference: string) => `${siteUrl}/cart?cancelled=${encodeURIComponent(reference)}`;
