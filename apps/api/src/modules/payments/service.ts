import type { Db } from "../../db/client";
import { paymentEvents } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import { SYSTEM_ACTOR } from "../activity/repository";
import type { MailSettings } from "../mail/outbox";
import { cancelPendingTx, confirmPaymentTx, expireOrdersTx, type OrderKey } from "../orders/service";
import type { PaymentEvent } from "./port";

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
    const inserted = await tx
      .insert(paymentEvents)
      .values({ provider, eventId: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!inserted.length) return "duplicate";
    if (event.kind === "ignored" || event.kind === "awaiting") return "ignored";
    // The session id names the order; an event's reference never wins over it (decision 105).
    // "paid" events arrive here verified (payments/verify.ts), with the session's id.
    const key: OrderKey | null = event.sessionId ? { sessionId: event.sessionId } : event.reference ? { reference: event.reference } : null;
    if (!key) return "unknown_order";
    try {
      switch (event.kind) {
        case "paid":
          await confirmPaymentTx(tx, key, now, { amountPaidPence: event.amountPence ?? undefined, mail, lateAccepted: true });
          break;
        case "failed":
          await cancelPendingTx(tx, key, now, SYSTEM_ACTOR, "was cancelled: the payment failed").catch((err) => {
            // Already paid or expired: a failure report changes nothing then.
            if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
          });
          break;
        case "expired":
          await expireOrdersTx(tx, { key }, now);
          break;
      }
    } catch (err) {
      // An event for an order we do not have (another environment on the same account): acknowledge it.
      if (err instanceof HttpError && err.statusCode === 404) return "unknown_order";
      throw err;
    }
    return "processed";
  });
}
