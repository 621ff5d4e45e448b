/**
 * The order lifecycle after placing (decision 170): confirm (mark paid), cancel, expire. Each step
 * runs in one transaction with its activity entry (and its mails when asked), and answers a typed
 * outcome (./outcomes.ts) instead of an HTTP status: the routers map refusals to HTTP in one place
 * (./http-answers.ts). Refund and transfer are further steps (refunds.ts, transfer.ts).
 */
import { formatBookingRef, ORDER_HOLD_MINUTES } from "@app/contract";
import type { Db, Tx } from "../../db/client";
import type { OrderRow } from "../../db/schema";
import { logActivity, SYSTEM_ACTOR, type Actor } from "../activity";
import {
  customerAddress,
  customerRecipient,
  enqueueMail,
  officeRecipient,
  type MailSettings,
  bookingConfirmation,
  latePaymentNotice,
  newBookingNotice,
} from "../mail";
import { mailAttendeesTx } from "./attendees";
import { bookingCalendar } from "./calendar";
import type { CancelOutcome, ConfirmOutcome } from "./outcomes";
import type { CheckoutStop, PaymentProvider } from "./port";
import { recordChargeTx } from "./money-events";
import { Refused } from "./refused";
import { lockAndCountClaims } from "./claims-repository";
import { dueToday } from "./payment-plan";
import { balanceDue, ensureBalanceLinkTx } from "./balance";
import * as repo from "./repository";
import type { OrderKey } from "./repository";
import { withManageLinkTx } from "../customer-links";
import { withDocumentLinksTx } from "./document-links";

export type ConfirmOptions = {
  /** What the provider says it took (pence); the order total when absent. */
  amountPaidPence?: number;
  /** Mails to queue with the payment (confirmation + provider notice); none without (seed data). */
  mail?: MailSettings;
  /**
   * Money really arrived (a provider confirmation): accept it even after the hold ran out if the
   * seats and the code use can be taken again; otherwise keep the order as it is and ask the
   * provider (mail + activity) to refund. The local page has no money behind it and refuses instead.
   */
  lateAccepted?: boolean;
};

/** Marks an order paid, in the caller's transaction. Idempotent: paying twice changes nothing. */
export async function confirmPaymentTx(tx: Tx, key: OrderKey, now: Date, opts: ConfirmOptions = {}): Promise<ConfirmOutcome> {
  const order = await repo.lockOrder(tx, key);
  if (!order) return { kind: "not_found" };
  if (order.status === "paid") return { kind: "already_paid", order };
  // Issue 33: nothing can be paid before the office approves (no payment page exists yet).
  if (order.approval === "waiting") return { kind: "not_pending", order };
  const holdValid = order.status === "pending" && order.expiresAt > now;
  if (!holdValid && !opts.lateAccepted) {
    return order.status === "pending" || order.status === "expired" ? { kind: "expired", order } : { kind: "not_pending", order };
  }
  const amount = opts.amountPaidPence ?? dueToday(order);
  const items = await repo.findItems(tx, order.id);

  let paid: OrderRow;
  if (holdValid) {
    paid = await repo.setPaid(tx, order.id, amount, now);
  } else {
    // The hold ran out: take the seats and the code use again, under the same locks as a new order.
    try {
      paid = await tx.transaction(async (sp) => {
        const row = await repo.setPaid(sp, order.id, amount, now, order.status);
        const check = await lockAndCountClaims(
          sp,
          { dateIds: items.flatMap((i) => (i.courseDateId ? [i.courseDateId] : [])), discountId: order.discountCodeId },
          now,
        );
        if (check.overbookedDateIds.length || check.discountOverused) throw new Refused(null);
        return row;
      });
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      await logActivity(tx, {
        type: "other",
        action: "Payment for a released order: refund needed",
        details: `${order.firstName} ${order.lastName} paid booking ${formatBookingRef(order.bookingRef)} after it was ${order.status}; its places were taken meanwhile`,
        actor: SYSTEM_ACTOR,
        amountPence: amount,
        items: items.length,
        at: now,
      });
      if (opts.mail) {
        await enqueueMail(
          tx,
          {
            ...officeRecipient(opts.mail),
            replyTo: customerAddress(order),
            kind: "late_payment",
            ...latePaymentNotice(order, items, amount, opts.mail),
          },
          now,
        );
      }
      await repo.touch(tx, order.id, now);
      return { kind: "late_refund_needed", order };
    }
  }

  // The payment event itself, for invoices and payouts (the provider's session names it).
  if (amount > 0)
    await recordChargeTx(tx, {
      orderId: order.id,
      kind: amount < order.totalPence && order.depositPence !== null ? "deposit" : "full",
      amountPence: amount,
      method: order.paymentPlan === "klarna" ? "klarna" : "card_online",
      provider: order.paymentProvider,
      providerRef: order.providerSessionId,
      at: now,
    });
  // A part payment: the places are the customer's; the balance link goes in the mails (./balance.ts).
  const balanceToken = amount < paid.totalPence ? await ensureBalanceLinkTx(tx, order.id, now) : null;
  const name = `${order.firstName} ${order.lastName}`;
  await logActivity(tx, {
    type: "payment",
    action: "Payment received",
    details: `${formatBookingRef(order.bookingRef)}: ${name} paid for ${items.map((i) => i.title).join(", ")}`,
    actor: { id: null, name },
    amountPence: amount,
    items: items.length,
    at: now,
  });
  if (opts.mail) {
    // A group booking's mails name its attendees.
    const places = await repo.findAttendeesOf(tx, [order.id]);
    const attendees = items.some((i) => i.seats > 1) ? places : [];
    // Learner records exist before the confirmation is written, so it carries each learner's form link
    // (issue 14); each named attendee gets their own mail with theirs (issue 27).
    const roster = await mailAttendeesTx(tx, paid, items, opts.mail, now);
    const learnerLinks = roster.flatMap((r) => (r.url ? [{ name: r.name, course_title: r.courseTitle, url: r.url }] : []));
    const confirmation = bookingConfirmation(
      paid,
      items,
      opts.mail,
      bookingCalendar(paid, items, places, opts.mail, { method: "REQUEST", now }),
      attendees,
      learnerLinks,
      { roster, ...(balanceToken ? { balance: balanceDue(paid, balanceToken, opts.mail.siteUrl) } : {}) },
    );
    // The booking's own page and the right to cancel (self-service, decision 440).
    const withLink = await withManageLinkTx(tx, paid.id, confirmation, opts.mail, now, { cancellation: true });
    const withInvoice = await withDocumentLinksTx(tx, paid.id, withLink, { type: "invoice" });
    await enqueueMail(tx, { ...customerRecipient(paid), kind: "booking_confirmation", ...withInvoice }, now);
    await enqueueMail(
      tx,
      {
        ...officeRecipient(opts.mail),
        replyTo: customerAddress(paid),
        kind: "new_booking",
        ...newBookingNotice(paid, items, opts.mail, attendees),
      },
      now,
    );
  }
  return { kind: "paid", order: paid };
}

export async function confirmPayment(db: Db, key: OrderKey, now: Date, opts: ConfirmOptions = {}): Promise<ConfirmOutcome> {
  return db.transaction((tx) => confirmPaymentTx(tx, key, now, opts));
}

/**
 * Cancels a pending order (customer's Cancel, admin, failed payment): its seats and its code
 * use are free again at once. Cancelling a cancelled order changes nothing (answered `cancelled`).
 */
export async function cancelPendingTx(
  tx: Tx,
  key: OrderKey,
  now: Date,
  actor?: Actor,
  reason = "was cancelled",
): Promise<CancelOutcome> {
  const order = await repo.lockOrder(tx, key);
  if (!order) return { kind: "not_found" };
  if (order.status === "cancelled") return { kind: "cancelled", order };
  if (order.status !== "pending") return { kind: "not_pending", order };
  const row = await repo.setCancelled(tx, order.id, now);
  const name = `${order.firstName} ${order.lastName}`;
  await logActivity(tx, {
    type: "other",
    action: "Enrollment cancelled",
    details: `Booking ${formatBookingRef(order.bookingRef)} for ${name} ${reason}; its places were released`,
    actor: actor ?? { id: null, name },
    amountPence: order.totalPence,
    at: now,
  });
  return { kind: "cancelled", order: row };
}

export async function cancelPending(
  db: Db,
  reference: string,
  now: Date,
  actor?: Actor,
  reason?: string,
): Promise<CancelOutcome> {
  return db.transaction((tx) => cancelPendingTx(tx, { reference }, now, actor, reason));
}

/**
 * Cancels a pending order and closes its payment page as one decision (the customer's cancel on
 * return from the provider, the admin's cancel; docs/decisions/031). Under the order's row lock:
 * ask the provider to expire the checkout; if the customer completed it first, nothing changes
 * (`already_paid`: the provider's confirmation will mark the order paid); otherwise
 * cancelPendingTx releases the seats and the code use. A webhook for this order waits for the
 * lock, so it sees either the pending order (payment first) or the cancelled one (late-payment
 * path of decision 060).
 *
 * Any other status is answered as it is, unchanged (`cancelled`; `not_pending` for a paid or an
 * expired order: the caller decides what that means to its user). A provider that cannot be reached does not keep the seats
 * blocked: the order is cancelled anyway and a payment still arriving takes the late-payment path.
 */
export async function cancelOrderAndCheckout(
  db: Db,
  key: OrderKey,
  now: Date,
  opts: {
    provider: Pick<PaymentProvider, "name" | "expireCheckout">;
    actor?: Actor;
    reason?: string;
    onProviderError?: (err: unknown, order: OrderRow) => void;
  },
): Promise<CancelOutcome> {
  return db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, key);
    if (!order) return { kind: "not_found" };
    if (order.status === "cancelled") return { kind: "cancelled", order };
    if (order.status !== "pending") return { kind: "not_pending", order };
    // The network call runs while we hold only this order's row (no course date, no code): a
    // booking or a webhook for another order never waits for it (see decision 031).
    if (order.providerSessionId && order.paymentProvider === opts.provider.name) {
      let stop: CheckoutStop | "unknown";
      try {
        stop = await opts.provider.expireCheckout(order.providerSessionId);
      } catch (err) {
        opts.onProviderError?.(err, order);
        stop = "unknown";
      }
      if (stop === "completed") return { kind: "already_paid", order: null };
    }
    return cancelPendingTx(tx, { reference: order.reference }, now, opts.actor, opts.reason);
  });
}

/**
 * Marks unpaid orders expired, with an activity entry each. `due`: every pending order whose hold
 * has run out (the worker, in batches, skipping rows another instance holds), or one order (the
 * provider said its session expired: its seats go back even if our clock says a few seconds left).
 */
export async function expireOrdersTx(tx: Tx, due: { batch: number } | { key: OrderKey }, now: Date): Promise<OrderRow[]> {
  const picked = await repo.lockExpiring(tx, due, now);
  if (!picked.length) return [];
  return repo.setExpired(tx, picked, now, (o) => ({
    action: "Order expired",
    details: `Booking ${formatBookingRef(o.bookingRef)} for ${o.firstName} ${o.lastName} was not paid within ${ORDER_HOLD_MINUTES} minutes; its places were released`,
    userName: SYSTEM_ACTOR.name,
  }));
}

/** One batch of the expiry worker; returns how many orders it expired. */
export async function expireDueOrders(db: Db, now: Date, batch = 100): Promise<number> {
  return (await db.transaction((tx) => expireOrdersTx(tx, { batch }, now))).length;
}
