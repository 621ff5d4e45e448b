/**
 * Transfer a course of a booking to another date of the same course (decision 184): the orders
 * module moves it (orders/transfer.ts, places counted as a new order counts them); this file
 * mails the customer and each attendee with their own address, in the same transaction.
 */
import type { TransferBookingSchema } from "@app/contract";
import type { z } from "zod";
import { queueBuyerMail } from "./buyer-mail";
import { bookingCalendar, tellAttendeesTx, transferPlace } from "../orders";
import { transferMail } from "./mails";
import type { BookingCtx } from "./service";

export { transferOptions } from "../orders";

type TransferInput = z.output<typeof TransferBookingSchema>;

/** Moves one course of a booking (all its places) to another open, upcoming date of the same course. */
export async function transferBooking(ctx: BookingCtx, id: number, input: TransferInput): Promise<void> {
  await transferPlace(ctx, id, input, {
    then:
      input.notify === false
        ? undefined
        : async (tx, { order, item, after, places }) => {
            const moved = after.find((i) => i.id === item.id)!;
            const calendar = bookingCalendar(order, after, places, ctx.mail, { method: "REQUEST", now: ctx.now });
            await queueBuyerMail(
              tx,
              order,
              "booking_transferred",
              transferMail(order, moved, item.dateLabel, calendar, ctx.mail),
              ctx,
            );
            // Each attendee with their own address gets their own event moved.
            await tellAttendeesTx(
              tx,
              order,
              after,
              places,
              { kind: "moved", previousDates: item.dateLabel, itemId: item.id },
              ctx.mail,
              ctx.now,
            );
          },
  });
}
