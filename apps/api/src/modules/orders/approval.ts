/**
 * Bookings that wait for the office (issue 33): a course set to "needs approval" is booked with
 * its places held for APPROVAL_HOLD_HOURS and no payment page. The office approves (the payment
 * page opens now and the customer is mailed its link, payable for APPROVED_PAY_HOURS) or declines
 * with a reason (mailed; the places are released at once). A hold nobody answers expires like
 * any unpaid hold (the expiry job), which releases the places too.
 */
import { APPROVED_PAY_HOURS, formatBookingRef } from "@app/contract";
import type { Db } from "../../db/client";
import type { OrderRow } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import { logActivity, type Actor } from "../activity";
import { customerRecipient, enqueueMail, type MailSettings } from "../mail";
import type { PaymentProvider } from "./port";
import { bookingApprovedMail, bookingDeclinedMail } from "./approval-mails";
import * as repo from "./repository";
import { cancelPendingTx } from "./lifecycle";

export const NOT_WAITING_MESSAGE = "This booking is not waiting for approval";
export const HOLD_ENDED_MESSAGE = "This booking's hold has run out: its places were released";

export type ApprovalAnswer = { order: OrderRow; paymentLink: string | null };

/** The order waiting for approval, locked; refuses (404/409) anything else. */
async function lockWaiting(tx: Parameters<typeof repo.lockOrder>[0], id: number, now: Date): Promise<OrderRow> {
  const found = await repo.findOrderById(tx, id);
  if (!found) throw new HttpError(404, "Enrollment not found");
  const order = (await repo.lockOrder(tx, { reference: found.reference }))!;
  if (order.approval !== "waiting" || (order.status !== "pending" && order.status !== "expired"))
    throw new HttpError(409, NOT_WAITING_MESSAGE);
  if (order.status === "expired" || order.expiresAt <= now) throw new HttpError(409, HOLD_ENDED_MESSAGE);
  return order;
}

/**
 * Approves: opens the payment page inside the order's transaction (a provider failure leaves the
 * booking waiting, answered 503, so the office can try again) and queues the customer's mail.
 */
export async function approveBooking(
  db: Db,
  id: number,
  now: Date,
  deps: { payments: PaymentProvider; mail: MailSettings; actor: Actor },
): Promise<ApprovalAnswer> {
  return db.transaction(async (tx) => {
    const waiting = await lockWaiting(tx, id, now);
    const order = await repo.setApproved(tx, waiting.id, new Date(now.getTime() + APPROVED_PAY_HOURS * 3_600_000), now);
    const items = await repo.findItems(tx, order.id);
    let checkout: { url: string; sessionId: string };
    try {
      checkout = await deps.payments.createCheckout({ ...order, items });
    } catch {
      throw new HttpError(503, "We could not open the payment page. Please try again in a few minutes.");
    }
    if (deps.payments.name !== "local") await repo.attachCheckoutSession(tx, order.id, checkout.sessionId);
    await enqueueMail(
      tx,
      { ...customerRecipient(order), kind: "booking_approved", ...bookingApprovedMail(order, items, checkout.url, deps.mail) },
      now,
    );
    await logActivity(tx, {
      type: "other",
      action: "Booking approved",
      details: `Booking ${formatBookingRef(order.bookingRef)} for ${order.firstName} ${order.lastName} was approved; the payment link was mailed`,
      actor: deps.actor,
      amountPence: order.totalPence,
      at: now,
    });
    return { order, paymentLink: checkout.url };
  });
}

/** Declines with a reason: cancels the booking (its places go back) and mails the customer why. */
export async function declineBooking(
  db: Db,
  id: number,
  reason: string,
  now: Date,
  deps: { mail: MailSettings; actor: Actor },
): Promise<ApprovalAnswer & { dateIds: number[] }> {
  return db.transaction(async (tx) => {
    const waiting = await lockWaiting(tx, id, now);
    await cancelPendingTx(tx, { reference: waiting.reference }, now, deps.actor, `was declined by the office (${reason})`);
    const order = await repo.setDeclined(tx, waiting.id, reason, now);
    const items = await repo.findItems(tx, order.id);
    await enqueueMail(
      tx,
      { ...customerRecipient(order), kind: "booking_declined", ...bookingDeclinedMail(order, items, reason, deps.mail) },
      now,
    );
    return { order, paymentLink: null, dateIds: items.flatMap((i) => (i.courseDateId ? [i.courseDateId] : [])) };
  });
}
