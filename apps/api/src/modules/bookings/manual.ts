/**
 * The office's manual bookings (phone, cash, bank transfer, invoice) and payments received later
 * on them (decision 184): the orders module writes them (orders/office-booking.ts); this file adds
 * the booking's note and the mails, in the same transaction.
 */
import {
  amountDue,
  balancePageUrl,
  bookingCalendar,
  ensureBalanceLinkTx,
  findAttendeesOf,
  mailAttendeesTx,
  recordOfficeBooking,
  recordOfficePayment,
  rosterOf,
  type OfficeBookingInput,
  withDocumentLinksTx,
} from "../orders";
import { customerAddress, newBookingNotice, officeRecipient } from "../mail";
import { queueBuyerMail } from "./buyer-mail";
import { invoiceBookingTx } from "../invoices";
import { confirmationMail } from "./mails";
import * as repo from "./repository";
import type { BookingCtx } from "./service";

/**
 * Money received later on a manual booking (an invoice paid by transfer, cash at the desk): adds to
 * the amount paid, never above the total; the invoice counts as paid once nothing is due. Once per key.
 */
export async function recordPayment(
  ctx: BookingCtx,
  id: number,
  input: { amount: number; payment_method?: string; idempotency_key: string },
): Promise<void> {
  await recordOfficePayment(ctx, id, input, {
    once: (tx, orderId) => repo.claimActionKey(tx, orderId, "payment", input.idempotency_key, ctx.now),
  });
}

/**
 * A booking the office takes, priced and counted like a public order (orders' recordOfficeBooking),
 * with the office's note and, unless asked not to, the customer's, attendees' and office's mails.
 */
export async function createManualBooking(ctx: BookingCtx, input: OfficeBookingInput): Promise<{ id: number; created: boolean }> {
  return recordOfficeBooking(ctx, input, {
    then: async (tx, { order, items, invoiceUnpaid }) => {
      // Unpaid, invoice sent: the invoice for the total is issued now (decision 422).
      if (invoiceUnpaid) await invoiceBookingTx(tx, order.id, ctx.now);
      if (input.notes)
        await repo.insertNote(tx, {
          orderId: order.id,
          text: input.notes,
          authorId: ctx.actor.id,
          authorName: ctx.actor.name,
          createdAt: ctx.now,
        });
      const places = items.reduce((n, i) => n + i.seats, 0);
      // A deposit by phone: the balance link, for the confirmation now and the reminders later.
      const balanceToken = order.paymentPlan === "deposit" ? await ensureBalanceLinkTx(tx, order.id, ctx.now) : null;
      if (input.notify === false) {
        // No mails asked for: the learner records (and their links on the booking's page) exist all the same.
        await rosterOf(tx, order, items, ctx.mail.siteUrl);
        return;
      }
      // Each named attendee gets their own mail and learner link now, not 7 days out.
      const roster = await mailAttendeesTx(tx, order, items, ctx.mail, ctx.now);
      const attendees = await findAttendeesOf(tx, [order.id]);
      await queueBuyerMail(
        tx,
        order,
        "booking_confirmation",
        // The invoice issued at booking or with the payment received (issue 34).
        await withDocumentLinksTx(
          tx,
          order.id,
          confirmationMail(
            order,
            items,
            ctx.mail,
            bookingCalendar(order, items, attendees, ctx.mail, { method: "REQUEST", now: ctx.now }),
            invoiceUnpaid,
            {
              attendees: places > 1 ? attendees : [],
              learnerLinks: roster.flatMap((r) => (r.url ? [{ name: r.name, course_title: r.courseTitle, url: r.url }] : [])),
              roster,
              ...(balanceToken
                ? {
                    balance: {
                      url: balancePageUrl(ctx.mail.siteUrl, balanceToken),
                      duePence: amountDue(order),
                      dueOn: order.balanceDueOn,
                    },
                  }
                : {}),
            },
          ),
          { type: "invoice" },
        ),
        ctx,
        { cancellation: true },
      );
      await repo.queueMail(
        tx,
        {
          ...officeRecipient(ctx.mail),
          replyTo: customerAddress(order),
          kind: "new_booking",
          ...newBookingNotice(order, items, ctx.mail, places > 1 ? attendees : []),
        },
        ctx.now,
      );
    },
  });
}
