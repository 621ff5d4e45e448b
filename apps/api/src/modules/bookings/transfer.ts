/**
 * Transfer a course of a booking to another date of the same course (issue 13, decision 184),
 * counting places exactly as a new order does (lock order of decision 080).
 */
import { eq } from "drizzle-orm";
import { formatBookingRef, type TransferBookingSchema } from "@app/contract";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { courseDates, orderItems } from "../../db/schema";
import { formatDateRange as dateRangeLabel } from "@app/rules";
import { ukDate } from "../../lib/dates";
import { HttpError } from "../../lib/http-error";
import { logActivity } from "../activity/repository";
import { customerRecipient } from "../mail/outbox";
import { bookingCalendar } from "../orders/calendar";
import { refusalError } from "../orders/http-answers";
import { findItems, lockAndCountClaims, raiseCalendarSequence } from "../orders/repository";
import { transferMail } from "./mails";
import * as repo from "./repository";
import { skipPlannedMail, tellAttendeesTx } from "../orders";
import type { BookingCtx } from "./service";

type TransferInput = z.output<typeof TransferBookingSchema>;

/** The dates an item of the booking can move to, with places left as placement counts them. */
export async function transferOptions(db: Db, id: number, now: Date) {
  const order = await repo.findOrder(db, id);
  if (!order) throw new HttpError(404, "Booking not found");
  const items = await findItems(db, order.id);
  const today = ukDate(now);
  const out = [];
  for (const item of items) {
    if (!item.courseId) continue;
    for (const d of await repo.courseDatesWithPlaces(db, item.courseId, now)) {
      const current = d.id === item.courseDateId;
      if (!current && (d.closed_at || d.start_date < today)) continue;
      out.push({
        item_id: item.id,
        course_date_id: d.id,
        start_date: d.start_date,
        end_date: d.end_date,
        date_label: dateRangeLabel(d.start_date, d.end_date),
        places_left: d.places_left,
        fits: current || d.places_left >= item.seats,
        current,
      });
    }
  }
  return out;
}

/**
 * Moves one course of a booking (all its places) to another open, upcoming date of the same course.
 * Locks the order, then both dates in id order, moves the item (the counter triggers move its seats)
 * and counts the new date as placement does: one place too many rolls everything back with a 409,
 * so a transfer racing a public order for the last place leaves exactly one of them holding it.
 */
export async function transferBooking(ctx: BookingCtx, id: number, input: TransferInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    const items = await findItems(tx, order.id);
    const item = items.find((i) => i.id === input.item_id);
    if (!item) throw new HttpError(404, "That course is not part of this booking");
    if (item.courseDateId === input.course_date_id) return; // moved already (a retry)
    if (order.status !== "paid") throw new HttpError(409, "Only a confirmed booking can move to another date");
    const [target] = await tx.select().from(courseDates).where(eq(courseDates.id, input.course_date_id));
    if (!target || target.courseId !== item.courseId) throw new HttpError(404, "Choose a date of the same course");
    if (target.closedAt) throw new HttpError(409, "That date is closed");
    if (target.startDate < ukDate(ctx.now)) throw new HttpError(409, "That date has already started");
    await repo.lockDates(
      tx,
      [item.courseDateId, target.id].filter((d): d is number => d !== null),
    );
    const label = dateRangeLabel(target.startDate, target.endDate);
    await tx
      .update(orderItems)
      .set({ courseDateId: target.id, startDate: target.startDate, endDate: target.endDate, dateLabel: label })
      .where(eq(orderItems.id, item.id));
    const check = await lockAndCountClaims(tx, { dateIds: [target.id], discountId: null }, ctx.now);
    if (check.overbookedDateIds.length) throw refusalError({ kind: "seats_taken", title: item.title, dateLabel: label });
    // The old date's reminders leave the schedule now (issue 27); the new date's are planned afresh.
    if (item.courseDateId !== null)
      await skipPlannedMail(tx, order.id, "booking moved to another date", ctx.now, item.courseDateId);
    const ref = formatBookingRef(order.bookingRef);
    await logActivity(tx, {
      type: "other",
      action: "Booking transferred",
      details: `Booking ${ref} for ${order.firstName} ${order.lastName}: ${ctx.actor.name} moved ${item.title} (${item.seats} ${item.seats === 1 ? "place" : "places"}) from ${item.dateLabel} to ${label}${
        input.reason ? `. Reason: ${input.reason}` : ""
      }`,
      actor: ctx.actor,
      items: item.seats,
      at: ctx.now,
    });
    if (input.notify !== false) {
      const after = await findItems(tx, order.id);
      const moved = after.find((i) => i.id === item.id)!;
      // The same events rescheduled: same UIDs, the moved places' SEQUENCE raised (decision 285).
      const places = await raiseCalendarSequence(tx, order.id, item.id);
      const calendar = bookingCalendar(order, after, places, ctx.mail, { method: "REQUEST", now: ctx.now });
      await repo.queueMail(
        tx,
        {
          ...customerRecipient(order),
          kind: "booking_transferred",
          ...transferMail(order, moved, item.dateLabel, calendar, ctx.mail),
        },
        ctx.now,
      );
      // Each attendee with their own address gets their own event moved (issue 27).
      await tellAttendeesTx(
        tx,
        order,
        after,
        places,
        { kind: "moved", previousDates: item.dateLabel, itemId: item.id },
        ctx.mail,
        ctx.now,
      );
    }
  });
}
