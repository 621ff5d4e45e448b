import type { Db } from "../../db/client";
import { SYSTEM_ACTOR } from "../activity/repository";
import type { MailSettings } from "../mail/outbox";
import { cancelPendingTx, confirmPaymentTx, expireOrdersTx, type OrderKey } from "../orders/service";
import type { PaymentEvent } from "./port";
import { recordEventOnce } from "./repository";

export type EventResult = "duplicate" | "processed" | "unknown_order" | "ignored";

/**
 * Applies a verified provider event, once: the event id is recorded in the same transaction as
 * its effect, so a redelivered event changes nothing, and a failure rolls both back (the
 * provider retries). Out-of-order events are harmless because every transition checks the
 * current status: `expired` after `paid` is ignored, `paid` after `expired` takes the seats
 * again if it can (confirmPaymentTx, lateAccepted).
 */
export async function applyPaymentEvent(
  db: Db,
  provider: string,
  event: PaymentEvent,
  now: Date,
  mail: MailSettings,
): Promise<EventResult> {
  return db.transaction(async (tx) => {
    if (!(await recordEventOnce(tx, { provider, id: event.id, type: event.type }, now))) return "duplicate";
    // "refunded" (charge.refunded) is the bookings module's (bookings/refunds.ts applyRefundEvent, issue 13).
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
