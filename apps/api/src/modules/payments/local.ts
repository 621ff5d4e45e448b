import { createHash } from "node:crypto";
import type { PaymentProvider } from "../orders";
import { WebhookSignatureError } from "../orders";

/**
 * The embedded default: the "external" payment page is served by this API
 * (GET /api/payments/local/:reference) and its Pay button confirms the payment directly.
 */
export function localProvider(opts: { apiUrl: string }): PaymentProvider {
  return {
    name: "local",
    async createCheckout(order) {
      return {
        url: `${opts.apiUrl}/api/payments/local/${encodeURIComponent(order.reference)}`,
        sessionId: `local_${order.reference}`,
      };
    },
    async expireCheckout() {
      // Nothing outside: the page reads the order's status, and its Pay refuses a cancelled order.
      return "expired" as const;
    },
    async retrieveCheckout() {
      throw new Error("The local provider has no checkout sessions to retrieve");
    },
    async refund(paymentRef, _amountPence, idempotencyKey) {
      // No money moved, so nothing to give back: the refund is recorded by the caller under an id
      // derived from its key, so a retry names the same refund.
      return {
        id: `local_re_${createHash("sha256").update(`${paymentRef}\n${idempotencyKey}`).digest("hex").slice(0, 24)}`,
        paymentId: null,
      };
    },
    async chargeSavedCard(charge) {
      // Development only: no money moves; the id derives from the key, so a retry names the same payment.
      return {
        kind: "succeeded" as const,
        paymentId: `local_pi_${createHash("sha256").update(charge.idempotencyKey).digest("hex").slice(0, 24)}`,
        amountPence: charge.amountPence,
      };
    },
    async paymentRefunds() {
      return { reference: null, refunds: [] };
    },
    parseWebhook() {
      throw new WebhookSignatureError("The local provider receives no webhooks");
    },
  };
}
