/**
 * A line of a paid order moved to another date of the same course (decision 184), its places
 * counted exactly as a new order counts them (lock order of decision 080). What people are told
 * (mails) is the caller's, through StepHooks.then.
 */
import { formatBookingRef } from "@app/contract";
import { formatDateRange as dateRangeLabel } from "@app/rules";
import type { Db } from "../../db/client";
import type { OrderAttendeeRow, OrderItemRow, OrderRow } from "../../db/schema";
import { ukDate } from "../../lib/dates";
import { HttpError } from "../../lib/http-error";
import { logActivity } from "../activity";
import { skipPlannedMail } from "./attendee-repository";
import { refusalError } from "./http-answers";
import type { OfficeCtx, StepHooks } from "./office-context";
import * as office from "./office-repository";
import { findItems, findOrderById, lockAndCountClaims, raiseCalendarSequence } from "./repository";

/** The dates an item of the order can move to, with places left as placement counts them. */
export async function transferOptions(db: Db, id: number, now: Date) {
  const order = await findOrderById(db, id);
  if (!order) throw new HttpError(404, "Booking not found");
  const items = await findItems(db, order.id);
  const today = ukDate(now);
  const out = [];
  for (const item of items) {
    if (!item.courseId) continue;
    for (const d of await office.courseDatesWithPlaces(db, item.courseId, now)) {
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

export type TransferInput = { item_id: number; course_date_id: number; reason?: string };
/** A line moved: the order, the line before, every line after, and the places (the moved ones' SEQUENCE raised). */
export type Transferred = { order: OrderRow; item: OrderItemRow; after: OrderItemRow[]; places: OrderAttendeeRow[] };

/**
 * Moves one line of an order (all its places) to another open, upcoming date of the same course.
 * Locks the order, then both dates in id order, moves the line (the counter triggers move its
 * seats) and counts the new date as placement does: one place too many rolls everything back with
 * a 409, so a transfer racing a public order for the last place leaves exactly one of them holding it.
 */
export async function transferPlace(
  ctx: OfficeCtx,
  id: number,
  input: TransferInput,
  hooks: StepHooks<Transferred> = {},
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await office.lockOrderById(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    const items = await findItems(tx, order.id);
    const item = items.find((i) => i.id === input.item_id);
    if (!item) throw new HttpError(404, "That course is not part of this booking");
    if (item.courseDateId === input.course_date_id) return; // moved already (a retry)
    if (order.status !== "paid") throw new HttpError(409, "Only a confirmed booking can move to another date");
    const target = await office.findCourseDate(tx, input.course_date_id);
    if (!target || target.courseId !== item.courseId) throw new HttpError(404, "Choose a date of the same course");
    if (target.closedAt) throw new HttpError(409, "That date is closed");
    if (target.startDate < ukDate(ctx.now)) throw new HttpError(409, "That date has already started");
    await office.lockDates(
      tx,
      [item.courseDateId, target.id].filter((d): d is number => d !== null),
    );
    const label = dateRangeLabel(target.startDate, target.endDate);
    await office.moveItem(tx, item.id, {
      courseDateId: target.id,
      startDate: target.startDate,
      endDate: target.endDate,
      dateLabel: label,
    });
    const check = await lockAndCountClaims(tx, { dateIds: [target.id], discountId: null }, ctx.now);
    if (check.overbookedDateIds.length) throw refusalError({ kind: "seats_taken", title: item.title, dateLabel: label });
    // The old date's reminders leave the schedule now; the new date's are planned afresh.
    if (item.courseDateId !== null)
      await skipPlannedMail(tx, order.id, "booking moved to another date", ctx.now, item.courseDateId);
    await logActivity(tx, {
      type: "other",
      action: "Booking transferred",
      details: `Booking ${formatBookingRef(order.bookingRef)} for ${order.firstName} ${order.lastName}: ${ctx.actor.name} moved ${item.title} (${item.seats} ${item.seats === 1 ? "place" : "places"}) from ${item.dateLabel} to ${label}${
        input.reason ? `. Reason: ${input.reason}` : ""
      }`,
      actor: ctx.actor,
      items: item.seats,
      at: ctx.now,
    });
    if (hooks.then) {
      const after = await findItems(tx, order.id);
      // The same events rescheduled: same UIDs, the moved places' SEQUENCE raised (decision 285).
      const places = await raiseCalendarSequence(tx, order.id, item.id);
      await hooks.then(tx, { order, item, after, places });
    }
  });
}
