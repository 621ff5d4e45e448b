/**
 * The card a Stripe Checkout kept (`setup_future_usage: off_session`) and charging it later without
 * the customer: a PaymentIntent confirmed off-session under our idempotency key. When the bank asks
 * for authentication (SCA) Stripe refuses with the card error `authentication_required`; that and
 * every other card error answer a result (the caller mails the balance link), never an exception.
 */
import type Stripe from "stripe";
import type { SavedCard, SavedCardCharge, SavedCardChargeRequest } from "../orders";

const idOf = (v: string | { id: string } | null | undefined): string | null => (typeof v === "string" ? v : (v?.id ?? null));

/** The customer and payment method of a paid session retrieved with its PaymentIntent expanded (null: no card kept). */
export function cardOfSession(session: Stripe.Checkout.Session): SavedCard | null {
  const intent = session.payment_intent;
  const customerId = idOf(session.customer) ?? (typeof intent === "object" ? idOf(intent?.customer) : null);
  const paymentMethodId = typeof intent === "object" && intent ? idOf(intent.payment_method) : null;
  return customerId && paymentMethodId ? { customerId, paymentMethodId } : null;
}

export const paymentIdOfSession = (session: Stripe.Checkout.Session): string | null => idOf(session.payment_intent);

export async function chargeSavedCard(
  stripe: Stripe,
  errors: typeof Stripe.errors,
  charge: SavedCardChargeRequest,
): Promise<SavedCardCharge> {
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: charge.amountPence,
        currency: "gbp",
        customer: charge.card.customerId,
        payment_method: charge.card.paymentMethodId,
        off_session: true,
        confirm: true,
        description: charge.description,
        metadata: { order_reference: charge.reference, payment_purpose: charge.purpose },
      },
      { idempotencyKey: charge.idempotencyKey },
    );
    if (intent.status === "succeeded") return { kind: "succeeded", paymentId: intent.id, amountPence: intent.amount };
    if (intent.status === "requires_action")
      return { kind: "authentication_required", paymentId: intent.id, message: "The bank asked for authentication" };
    return { kind: "failed", paymentId: intent.id, message: `The payment is ${intent.status}` };
  } catch (err) {
    if (err instanceof errors.StripeCardError) {
      const raw = err.raw as { payment_intent?: { id?: string } } | undefined;
      return {
        kind: err.code === "authentication_required" ? "authentication_required" : "failed",
        paymentId: raw?.payment_intent?.id ?? null,
        message: err.message,
      };
    }
    // A key reused with other parameters, a detached card, a deleted customer: refused for good.
    if (err instanceof errors.StripeInvalidRequestError || err instanceof errors.StripeIdempotencyError)
      return { kind: "failed", paymentId: null, message: err.message };
    throw err;
  }
}
