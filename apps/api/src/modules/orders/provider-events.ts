/**
 * A payment provider's events applied to orders, once each: the event id is recorded
 * (`payment_events`) in the same transaction as its effect, so a redelivered event changes
 * nothing and a failure rolls both back (the provider retries). The payments module verifies
 * and parses the events (payments/verify.ts, the adapters) and calls these.
 */
import type { Db, Tx } from "../../db/client";
import { SYSTEM_ACTOR } from "../activity";
import type { MailSettings } from "../mail";
import { cancelPendingTx, confirmPaymentTx, expireOrdersTx } from "./lifecycle";
import type { PaymentEvent } from "./port";
import { recordEventOnce } from "./money-repository";
import { recordSessionIfMissing, type OrderKey } from "./repository";
import { saveCard } from "./saved-card-repository";

export type EventResult = "duplicate" | "processed" | "unknown_order" | "ignored";

/**
 * Runs `effect` in a transaction that first records the event id: "duplicate" (and nothing run)
 * when the event was recorded before. For the events whose effect is not an order step (a
 * payment that did not match its order is recorded and mailed to the office).
 */
export async function onceForEvent<T>(
  db: Db,
  provider: string,
  event: Pick<PaymentEvent, "id" | "type">,
  now: Date,
  effect: (tx: Tx) => Promise<T>,
): Promise<T | "duplicate"> {
  return db.transaction(async (tx) => {
    if (!(await recordEventOnce(tx, { provider, id: event.id, type: event.type }, now))) return "duplicate";
    return effect(tx);
  });
}

/**
 * Applies a verified provider event, once. Out-of-order events are harmless because every
 * transition checks the current status: `expired` after `paid` is ignored, `paid` after `expired`
 * takes the seats again if it can (confirmPaymentTx, lateAccepted).
 */
export async function applyPaymentEvent(
  db: Db,
  provider: string,
  event: PaymentEvent,
  now: Date,
  mail: MailSettings,
): Promise<EventResult> {
  return onceForEvent(db, provider, event, now, async (tx): Promise<EventResult> => {
    // "refunded" (charge.refunded) is recorded by recordProviderRefunds (./refunds.ts).
    if (event.kind === "ignored" || event.kind === "awaiting" || event.kind === "refunded") return "ignored";
    // The session id names the order; an event's reference never wins over it (decision 105).
    // "paid" events arrive here verified (payments/verify.ts), with the session's id.
    const key: OrderKey | null = event.sessionId
      ? { sessionId: event.sessionId }
      : event.reference
        ? { reference: event.reference }
        : null;
    if (!key) return "unknown_order";
    // Already paid, expired or cancelled (not_pending, already_paid, …): the event changes nothing
    // then, and is still processed. An order we do not have (another environment on the same
    // account): acknowledged as unknown.
    switch (event.kind) {
      case "paid": {
        const outcome = await confirmPaymentTx(tx, key, now, {
          amountPaidPence: event.amountPence ?? undefined,
          mail,
          lateAccepted: true,
        });
        // The card kept with the customer's consent, for the balance or instalments charged later.
        if (event.card && event.sessionId && (outcome.kind === "paid" || outcome.kind === "already_paid"))
          await saveCard(tx, { sessionId: event.sessionId }, event.card, now);
        return outcome.kind === "not_found" ? "unknown_order" : "processed";
      }
      case "failed": {
        const outcome = await cancelPendingTx(tx, key, now, SYSTEM_ACTOR, "was cancelled: the payment failed");
        return outcome.kind === "not_found" ? "unknown_order" : "processed";
      }
      case "expired":
        await expireOrdersTx(tx, { key }, now);
        return "processed";
    }
  });
}

/** A verified payment found its order by reference: the session is recorded on it now (the API stopped after opening it). */
export async function adoptCheckoutSession(db: Db, reference: string, sessionId: string): Promise<void> {
  await recordSessionIfMissing(db, reference, sessionId);
}
