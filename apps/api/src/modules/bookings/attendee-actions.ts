/**
 * The office's single-attendee actions (issue 27, decisions 321-323): cancel one place (with all,
 * part or none of a refund through the payment provider, as refunds.ts does for a booking), hand a
 * place to another person, correct a name. Each is one transaction under the order's row lock,
 * claimed once by its idempotency key, logged, with the mails to the people concerned. The place
 * transitions themselves are the orders module's (orders/index.ts).
 */
import { formatBookingRef, type CancelAttendeeSchema, type SwapAttendeeSchema } from "@app/contract";
import { penceToPounds as toPounds, poundsToPence as toPence } from "@app/rules";
import type { z } from "zod";
import type { Tx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { logActivity } from "../activity";
import { queueBuyerMail } from "./buyer-mail";
import {
  attendeeCancelledMail,
  attendeeName,
  attendeePlaceMail,
  attendeeRenamedMail,
  buyerPlaceChangeMail,
  calendarContentType,
  cancelPlaceTx,
  lockOrderById,
  refundTx,
  renamePlaceTx,
  sumRefunded,
  swapPlaceTx,
} from "../orders";
import * as repo from "./repository";
import type { OrderRow } from "./repository";
import type { BookingCtx } from "./service";

type Action = "cancel" | "swap" | "rename";

/**
 * Runs an action once: the order locked, the key claimed (a retry answers the booking as it is),
 * the attendee then looked up under the lock. Answers the course date a cancel freed, if any.
 */
async function once<T>(
  ctx: BookingCtx,
  id: number,
  action: Action,
  attendeeId: number,
  key: string,
  run: (tx: Tx, order: OrderRow) => Promise<T>,
): Promise<T | null> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrderById(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    if (!(await repo.claimActionKey(tx, order.id, `attendee-${action}-${attendeeId}`, key, ctx.now))) return null;
    return run(tx, order);
  });
}

/** An attendee's own address, or null when they have none or it is the buyer's (who hears anyway). */
const person = (a: { firstName: string; lastName: string; email: string | null }, order?: OrderRow) =>
  a.email && a.email.toLowerCase() !== order?.guestEmail.toLowerCase() ? { to: a.email, toName: attendeeName(a) } : null;

/** The calendar file for the buyer's copy: their calendar holds the events nobody else was sent. */
const ics = (method: "REQUEST" | "CANCEL", content: string, ref: string) => [
  { filename: `${method === "CANCEL" ? "cancelled" : "booking"}-${ref}.ics`, contentType: calendarContentType(method), content },
];

/** Cancels one attendee's place; answers the date whose place was freed (for the waiting list). */
export async function cancelAttendee(
  ctx: BookingCtx,
  id: number,
  attendeeId: number,
  input: z.output<typeof CancelAttendeeSchema>,
): Promise<number | null> {
  return once(ctx, id, "cancel", attendeeId, input.idempotency_key, async (tx, order) => {
    const { attendee, item, calendar } = await cancelPlaceTx(tx, order, attendeeId, ctx.mail, ctx.now);
    const refundable = Math.max((order.amountPaidPence ?? 0) - (await sumRefunded(tx, order.id)), 0);
    // 'full' gives back this place's share of what was paid (never more than is left to refund).
    const share = Math.round(item.pricePaidPence / Math.max(item.seats, 1));
    const amount =
      input.refund === "full" ? Math.min(share, refundable) : input.refund === "amount" ? toPence(input.amount ?? 0) : 0;
    const refundId = amount > 0 ? await refundTx(tx, ctx, order, amount, input.idempotency_key, input.reason) : null;
    const ref = formatBookingRef(order.bookingRef);
    const name = attendeeName(attendee);
    await logActivity(tx, {
      type: "other",
      action: amount > 0 ? "Attendee cancelled and refunded" : "Attendee cancelled",
      details: `Booking ${ref}: ${ctx.actor.name} cancelled ${name}'s place on ${item.title} (${item.dateLabel})${
        amount > 0 ? `, refunded ${toPounds(amount).toFixed(2)} GBP (${refundId})` : ", no refund"
      }; the place was released${input.reason ? `. Reason: ${input.reason}` : ""}`,
      actor: ctx.actor,
      amountPence: amount,
      items: 1,
      at: ctx.now,
    });
    if (input.notify !== false) {
      const to = person(attendee, order);
      if (to)
        await repo.queueMail(
          tx,
          { ...to, kind: "attendee_cancelled", ...attendeeCancelledMail(order, item, attendee, calendar, ctx.mail) },
          ctx.now,
        );
      await queueBuyerMail(
        tx,
        order,
        "booking_changed",
        {
          ...buyerPlaceChangeMail(order, item, { kind: "cancelled", name, refundPence: amount }, ctx.mail),
          // The buyer's copy carries the CANCEL too when the place was theirs or had no address.
          ...(to ? {} : { attachments: ics("CANCEL", calendar, ref) }),
        },
        ctx,
      );
    }
    return item.courseDateId;
  });
}

type PersonInput = z.output<typeof SwapAttendeeSchema>;

/** Hands one attendee's place to another person. */
export async function swapAttendee(ctx: BookingCtx, id: number, attendeeId: number, input: PersonInput): Promise<void> {
  await once(ctx, id, "swap", attendeeId, input.idempotency_key, async (tx, order) => {
    const { before, after, item, oldCalendar, newCalendar, learnerUrl } = await swapPlaceTx(
      tx,
      order,
      attendeeId,
      input,
      ctx.mail,
      ctx.now,
    );
    const ref = formatBookingRef(order.bookingRef);
    const from = attendeeName(before);
    const to = attendeeName(after);
    await logActivity(tx, {
      type: "other",
      action: "Attendee swapped",
      details: `Booking ${ref}: ${ctx.actor.name} passed ${from}'s place on ${item.title} (${item.dateLabel}) to ${to}${
        input.reason ? `. Reason: ${input.reason}` : ""
      }`,
      actor: ctx.actor,
      items: 1,
      at: ctx.now,
    });
    if (input.notify === false) return;
    const old = person(before, order);
    if (old)
      await repo.queueMail(
        tx,
        { ...old, kind: "attendee_cancelled", ...attendeeCancelledMail(order, item, before, oldCalendar, ctx.mail) },
        ctx.now,
      );
    const next = person(after);
    if (next)
      await repo.queueMail(
        tx,
        {
          ...next,
          kind: "attendee_place",
          ...attendeePlaceMail(order, item, after, learnerUrl, newCalendar, ctx.mail, { swapped: true }),
        },
        ctx.now,
      );
    // The buyer's calendar holds the place's event when neither person got it: updated (new
    // person without an address) or cancelled (the old person's was theirs or had no address).
    const buyerIcs = !next ? ics("REQUEST", newCalendar, ref) : !old ? ics("CANCEL", oldCalendar, ref) : [];
    await queueBuyerMail(
      tx,
      order,
      "booking_changed",
      {
        ...buyerPlaceChangeMail(order, item, { kind: "swapped", from, to }, ctx.mail),
        ...(buyerIcs.length ? { attachments: buyerIcs } : {}),
      },
      ctx,
    );
  });
}

/** Corrects one attendee's name (and e-mail). */
export async function renameAttendee(ctx: BookingCtx, id: number, attendeeId: number, input: PersonInput): Promise<void> {
  await once(ctx, id, "rename", attendeeId, input.idempotency_key, async (tx, order) => {
    const { before, after, item, calendar } = await renamePlaceTx(tx, order, attendeeId, input, ctx.mail, ctx.now);
    const from = attendeeName(before);
    const to = attendeeName(after);
    await logActivity(tx, {
      type: "other",
      action: "Attendee renamed",
      details: `Booking ${formatBookingRef(order.bookingRef)}: ${ctx.actor.name} renamed ${from} to ${to} on ${item.title} (${item.dateLabel})${
        input.reason ? `. Reason: ${input.reason}` : ""
      }`,
      actor: ctx.actor,
      items: 1,
      at: ctx.now,
    });
    if (input.notify === false) return;
    const who = person(after, order);
    if (who)
      await repo.queueMail(
        tx,
        { ...who, kind: "attendee_changed", ...attendeeRenamedMail(order, item, after, calendar, ctx.mail) },
        ctx.now,
      );
    await queueBuyerMail(
      tx,
      order,
      "booking_changed",
      {
        ...buyerPlaceChangeMail(order, item, { kind: "renamed", from, to }, ctx.mail),
        // The event with the new name for the buyer's calendar when the attendee was not sent one.
        ...(who ? {} : { attachments: ics("REQUEST", calendar, formatBookingRef(order.bookingRef)) }),
      },
      ctx,
    );
  });
}
