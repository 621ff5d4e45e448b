/**
 * The office's cancel and refund actions and the provider's `charge.refunded` (decision 181): the
 * orders module changes the order and records the money (orders/refunds.ts); this file mails the
 * customer (and each attendee with their own address), in the same transaction.
 */
import type { CancelBookingSchema, RefundBookingSchema } from "@app/contract";
import type { z } from "zod";
import { HttpError } from "../../lib/http-error";
import type { RenderedMail } from "../mail";
import { queueBuyerMail } from "./buyer-mail";
import {
  bookingCalendar,
  cancelOrderAndCheckout,
  cancelPaidOrder,
  findOrderById,
  recordProviderRefunds,
  refundOrder,
  refusalError,
  tellAttendeesTx,
  withDocumentLinksTx,
  type PaymentEvent,
  type RefundEventResult,
} from "../orders";
import { cancellationMail, refundMail } from "./mails";
import * as repo from "./repository";
import type { BookingCtx } from "./service";

export type { RefundEventResult } from "../orders";

type CancelInput = z.output<typeof CancelBookingSchema>;

/** The credit notes the refund just issued, linked in its mail (issue 34). */
const withCreditNotes = (
  tx: Parameters<typeof withDocumentLinksTx>[0],
  ctx: Pick<BookingCtx, "now">,
  orderId: number,
  mail: RenderedMail,
) => withDocumentLinksTx(tx, orderId, mail, { type: "credit_note", issuedFrom: ctx.now });

/** Cancels a booking (places freed at once) and refunds all, part or none of what was paid. */
export async function cancelBooking(ctx: BookingCtx, id: number, input: CancelInput): Promise<void> {
  const found = await findOrderById(ctx.db, id);
  if (!found) throw new HttpError(404, "Booking not found");
  if (found.status === "pending") {
    // Not paid: the same decision as the customer's cancel (the checkout is closed under the order's lock).
    if (input.refund !== "none" && found.paymentProvider !== "manual")
      throw new HttpError(409, "Nothing has been paid on this booking; cancel it without a refund");
    const outcome = await cancelOrderAndCheckout(ctx.db, { reference: found.reference }, ctx.now, {
      provider: ctx.provider,
      actor: ctx.actor,
      reason: "was cancelled by the office",
    });
    // Paid at the provider first, or no longer pending under the lock: answered as the orders domain answers it.
    if (outcome.kind !== "cancelled") throw refusalError(outcome, { notFound: "Booking not found" });
    return;
  }
  await cancelPaidOrder(ctx, id, input, {
    // The same click again: done already.
    once: (tx, orderId) => repo.claimActionKey(tx, orderId, "cancel", input.idempotency_key, ctx.now),
    then: async (tx, { cancelled, items, places, amount }) => {
      if (input.notify === false) return;
      const calendar = bookingCalendar(cancelled, items, places, ctx.mail, { method: "CANCEL", now: ctx.now });
      await queueBuyerMail(
        tx,
        cancelled,
        "booking_cancelled",
        await withCreditNotes(tx, ctx, cancelled.id, cancellationMail(cancelled, items, amount, ctx.mail, calendar)),
        ctx,
      );
      // Each attendee with their own address gets their own event cancelled.
      await tellAttendeesTx(tx, cancelled, items, places, { kind: "cancelled" }, ctx.mail, ctx.now);
    },
  });
}

type RefundInput = z.output<typeof RefundBookingSchema>;

/** Refunds a chosen amount, leaving the booking as it is. Never more than what is left of the payment. */
export async function refundBooking(ctx: BookingCtx, id: number, input: RefundInput): Promise<void> {
  await refundOrder(ctx, id, input, {
    then: async (tx, { order, amount }) => {
      if (input.notify === false) return;
      await queueBuyerMail(
        tx,
        order,
        "booking_refunded",
        await withCreditNotes(tx, ctx, order.id, refundMail(order, amount, ctx.mail)),
        ctx,
      );
    },
  });
}

/**
 * The provider's `charge.refunded` (a refund made in its dashboard, or the echo of our own),
 * recorded by the orders module once; the customer is mailed about money we had not recorded.
 */
export async function applyRefundEvent(
  ctx: Pick<BookingCtx, "db" | "provider" | "mail" | "now">,
  event: PaymentEvent,
): Promise<RefundEventResult> {
  return recordProviderRefunds(ctx, event, {
    then: async (tx, { order, current, items, places, added, cancelledNow }) => {
      const mail = cancelledNow
        ? cancellationMail(
            current,
            items,
            added,
            ctx.mail,
            bookingCalendar(current, items, places, ctx.mail, { method: "CANCEL", now: ctx.now }),
          )
        : refundMail(current, added, ctx.mail);
      await queueBuyerMail(
        tx,
        order,
        cancelledNow ? "booking_cancelled" : "booking_refunded",
        await withCreditNotes(tx, ctx, order.id, mail),
        ctx,
      );
    },
  });
}
