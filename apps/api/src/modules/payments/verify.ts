/**
 * A "paid" webhook is confirmed with the provider before any order is marked paid
 * (docs/decisions/105). The event is signed, but what it says is only trusted once the checkout
 * session, retrieved from the provider, names this order and carries its amount in pounds
 * sterling. A mismatch is logged (no personal data), recorded in the activity log, mailed to the
 * office, and never marks the order paid.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import type { OrderRow } from "../../db/schema";
import { logActivity, SYSTEM_ACTOR } from "../activity";
import { enqueueMail, officeRecipient, paymentMismatchNotice, type MailSettings } from "../mail";
import {
  adoptCheckoutSession,
  applyPaymentEvent,
  findOrderByReference,
  findOrderBySession,
  findUnsessionedByReference,
  onceForEvent,
  type EventResult,
  type PaymentEvent,
  type PaymentProvider,
  type SavedCard,
  dueToday,
  confirmBalanceTx,
  giveBackUnneeded,
} from "../orders";
import { settleChangeTx } from "../self-service";

export const PAYMENT_CURRENCY = "gbp";

export type PaidVerdict =
  | { kind: "ok"; reference: string; sessionId: string; amountPence: number; card: SavedCard | null }
  | {
      kind: "mismatch";
      order: OrderRow | null;
      sessionId: string;
      amountPence: number | null;
      currency: string | null;
      reasons: string[];
    }
  | { kind: "not_paid" }
  | { kind: "unknown_order" }
  /** A part-paid order's balance, paid through its link's session (recorded by confirmBalanceTx). */
  | { kind: "balance"; reference: string; sessionId: string; amountPence: number; paymentId: string | null }
  /** A date change's fee (decision 480): the session names the change; settled by self-service. */
  | { kind: "change_fee"; sessionId: string; amountPence: number };

/** Retrieves the event's session from the provider and checks it against our order. Throws when the provider cannot be asked (the webhook then fails and is retried). */
export async function verifyPaidEvent(
  db: Db,
  provider: Pick<PaymentProvider, "retrieveCheckout">,
  event: PaymentEvent,
): Promise<PaidVerdict> {
  if (!event.sessionId) return { kind: "unknown_order" };
  const session = await provider.retrieveCheckout(event.sessionId);
  if (!session) return { kind: "unknown_order" };
  if (!session.paid) return { kind: "not_paid" };
  if (session.purpose === "balance" && session.reference && session.amountPence !== null && session.id === event.sessionId)
    return {
      kind: "balance",
      reference: session.reference,
      sessionId: session.id,
      amountPence: session.amountPence,
      paymentId: session.paymentId ?? null,
    };
  if (
    session.purpose === "change_fee" &&
    session.id === event.sessionId &&
    session.amountPence !== null &&
    (session.currency ?? "").toLowerCase() === PAYMENT_CURRENCY
  )
    return { kind: "change_fee", sessionId: session.id, amountPence: session.amountPence };
  // The session id decides which order this is; a reference only finds an order that never got its session recorded.
  let order = await findOrderBySession(db, session.id);
  if (!order && session.reference) order = await findUnsessionedByReference(db, session.reference);
  const mismatch = (reasons: string[]) => ({
    kind: "mismatch" as const,
    order: order ?? null,
    sessionId: session.id,
    amountPence: session.amountPence,
    currency: session.currency,
    reasons,
  });
  if (!order) {
    // A paid session naming one of our references that belongs to another session: never pay it.
    if (session.reference) {
      if (await findOrderByReference(db, session.reference))
        return mismatch(["the checkout session is not the one opened for this booking"]);
    }
    return { kind: "unknown_order" };
  }
  const reasons: string[] = [];
  if (session.id !== event.sessionId) reasons.push("the provider returned another checkout session than the event named");
  if (session.reference !== order.reference || (event.reference !== null && event.reference !== order.reference)) {
    reasons.push("the checkout session and the booking do not belong together");
  }
  if ((session.currency ?? "").toLowerCase() !== PAYMENT_CURRENCY)
    reasons.push(`the currency is ${session.currency ?? "missing"}, not GBP`);
  // A deposit (or an instalment plan's first part) is what its checkout asked for, not the total.
  if (session.amountPence !== dueToday(order))
    reasons.push(`the amount paid (${session.amountPence ?? "missing"}) is not the booking total (${dueToday(order)}) in pence`);
  if (reasons.length) return mismatch(reasons);
  return {
    kind: "ok",
    reference: order.reference,
    sessionId: session.id,
    amountPence: session.amountPence!,
    card: session.card ?? null,
  };
}

/** The activity entry of a mismatch (the status page and its alert count these; modules/ops/readings.ts). */
export const PAYMENT_MISMATCH_ACTION = "Payment did not match its order";

/** Records a mismatched payment once per event: activity entry and a mail to the office, in one transaction. */
async function recordPaymentMismatch(
  db: Db,
  provider: string,
  event: PaymentEvent,
  verdict: Extract<PaidVerdict, { kind: "mismatch" }>,
  now: Date,
  mail: MailSettings,
): Promise<EventResult | "mismatch"> {
  return onceForEvent(db, provider, event, now, async (tx) => {
    await logActivity(tx, {
      type: "other",
      action: PAYMENT_MISMATCH_ACTION,
      details: `Checkout session ${verdict.sessionId}${verdict.order ? ` for order ${verdict.order.reference.slice(0, 8)}` : ""}: ${verdict.reasons.join("; ")}. Not marked paid.`,
      actor: SYSTEM_ACTOR,
      amountPence: verdict.amountPence ?? undefined,
      at: now,
    });
    await enqueueMail(
      tx,
      { ...officeRecipient(mail), kind: "payment_mismatch", ...paymentMismatchNotice(verdict.order, verdict, mail) },
      now,
    );
    return "mismatch" as const;
  });
}

/** A "paid" event: confirmed with the provider, then applied (or recorded as a mismatch). */
export async function applyPaidEvent(
  opts: { db: Db; provider: PaymentProvider; mail: MailSettings; apiUrl: string; log: FastifyBaseLogger },
  event: PaymentEvent,
  now: Date,
): Promise<EventResult | "mismatch"> {
  const { db, provider, mail, log } = opts;
  const verdict = await verifyPaidEvent(db, provider, event);
  switch (verdict.kind) {
    case "ok":
      // The session found the order before its id was recorded (the API stopped after opening it): record it now.
      await adoptCheckoutSession(db, verdict.reference, verdict.sessionId);
      return applyPaymentEvent(
        db,
        provider.name,
        {
          ...event,
          reference: verdict.reference,
          sessionId: verdict.sessionId,
          amountPence: verdict.amountPence,
          card: verdict.card,
        },
        now,
        mail,
      );
    case "balance":
      return applyBalanceEvent(db, provider, event, verdict, now, mail);
    case "change_fee": {
      // Once per event, in the event's transaction: the seats move, or the fee goes back.
      const ctx = { db, provider, mail, apiUrl: opts.apiUrl, now, actor: SYSTEM_ACTOR };
      const settled = await onceForEvent(db, provider.name, event, now, (tx) =>
        settleChangeTx(tx, { ...ctx, db: tx as unknown as Db }, { sessionId: verdict.sessionId }, verdict.amountPence),
      );
      return settled === "duplicate" ? "duplicate" : settled === "unknown" ? "unknown_order" : "processed";
    }
    case "not_paid":
      return applyPaymentEvent(db, provider.name, { ...event, kind: "awaiting" }, now, mail);
    case "unknown_order":
      await applyPaymentEvent(db, provider.name, { ...event, kind: "ignored" }, now, mail);
      return "unknown_order";
    case "mismatch":
      log.warn(
        { eventId: event.id, sessionId: verdict.sessionId, orderId: verdict.order?.id ?? null, reasons: verdict.reasons },
        "payment does not match its order; not marked paid",
      );
      return recordPaymentMismatch(db, provider.name, event, verdict, now, mail);
  }
}

/**
 * A balance paid through its link: recorded once per event, under the order's lock, only while
 * exactly that amount is due (decision 402). A payment that finds the balance paid already (by a
 * second page, or by the saved card on its day) is given back at once (decision 470); another
 * amount, or a closed booking, is not recorded and is logged for the office to refund.
 */
async function applyBalanceEvent(
  db: Db,
  provider: Pick<PaymentProvider, "name" | "refund">,
  event: PaymentEvent,
  verdict: Extract<PaidVerdict, { kind: "balance" }>,
  now: Date,
  mail?: MailSettings,
): Promise<EventResult> {
  const result = await onceForEvent(db, provider.name, event, now, async (tx) => {
    const outcome = await confirmBalanceTx(
      tx,
      verdict.reference,
      {
        amountPence: verdict.amountPence,
        provider: provider.name,
        providerRef: verdict.sessionId,
        method: "card_online",
        kind: "balance",
      },
      now,
      mail,
    );
    if (outcome.kind === "not_found") return { kind: "unknown_order" as const };
    if (outcome.kind === "nothing_due") return { kind: "unneeded" as const, order: outcome.order };
    if (outcome.kind !== "paid" && outcome.kind !== "already_recorded") {
      await logActivity(tx, {
        type: "other",
        action: "Balance payment not needed: refund needed",
        details: `Checkout session ${verdict.sessionId} for order ${verdict.reference.slice(0, 8)} took ${verdict.amountPence} pence; nothing of that amount was due (${outcome.kind}). Not recorded.`,
        actor: SYSTEM_ACTOR,
        amountPence: verdict.amountPence,
        at: now,
      });
    }
    return { kind: "processed" as const };
  });
  if (result === "duplicate") return result;
  if (result.kind === "unneeded") {
    await giveBackUnneeded(
      db,
      provider,
      {
        order: result.order,
        paymentId: verdict.paymentId ?? verdict.sessionId,
        refundRef: verdict.sessionId,
        amountPence: verdict.amountPence,
        why: "the balance was paid already (a second payment by the balance link)",
      },
      now,
    );
    return "processed";
  }
  return result.kind;
}
