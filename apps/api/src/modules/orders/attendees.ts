/**
 * The people of a booking (issue 27, decisions 320-323): the orders module owns its attendees, so
 * the mails each named person gets at booking time and the single-place transitions (cancel, swap,
 * rename) live here. Each transition runs in the caller's transaction, which holds the order's row
 * lock: the caller (bookings) claims the idempotency key, refunds, logs and queues the mails.
 */
import type { Tx } from "../../db/client";
import type { OrderAttendeeRow, OrderItemRow, OrderRow } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import { learnerFormsOfOrder, learnerLinksForOrder } from "../learners";
import { enqueueMail, type MailSettings } from "../mail";
import { attendeeBookingChangeMail, attendeePlaceMail } from "./attendee-mail";
import * as people from "./attendee-repository";
import { bookingCalendar } from "./calendar";
import { findAttendeesOf } from "./repository";

const nameOf = (a: Pick<OrderAttendeeRow, "firstName" | "lastName">) => `${a.firstName} ${a.lastName}`.trim();
const same = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

/** One line of the buyer's confirmation: who attends what, and where their learner form stands. */
export type RosterLine = { name: string; courseTitle: string; form: "complete" | "to_fill_in" | "none"; url: string | null };

/**
 * The booking's attendees with their learner-form state, for the buyer's confirmation and the
 * attendee mails. Learner records are made first (ensure_learner_records), so a booking's people
 * get their form link the moment it is confirmed, an office booking included (issue 27).
 */
export async function rosterOf(tx: Tx, order: OrderRow, items: readonly OrderItemRow[], siteUrl: string) {
  await learnerLinksForOrder(tx, order.id, siteUrl);
  const attendees = await findAttendeesOf(tx, [order.id]);
  const forms = await learnerFormsOfOrder(tx, order.id, siteUrl);
  const lines: RosterLine[] = [];
  for (const item of items)
    for (const a of attendees.filter((x) => x.orderItemId === item.id)) {
      const f = forms.get(a.id);
      lines.push({
        name: nameOf(a),
        courseTitle: item.title,
        form: f ? (f.complete ? "complete" : "to_fill_in") : "none",
        url: f?.url ?? null,
      });
    }
  return { attendees, forms, lines };
}

/** The calendar file of one place (its own event, UID and SEQUENCE). */
export const placeCalendar = (
  order: OrderRow,
  item: OrderItemRow,
  place: OrderAttendeeRow,
  s: MailSettings,
  method: "REQUEST" | "CANCEL",
  now: Date,
) => bookingCalendar(order, [item], [place], s, { method, now });

/**
 * Queues each named attendee's own mail about their place (decision 320). The buyer's own place is
 * left out: the buyer's confirmation already carries it. Attendees without an address are named
 * in the buyer's confirmation, which says so.
 */
export async function mailAttendeesTx(
  tx: Tx,
  order: OrderRow,
  items: readonly OrderItemRow[],
  s: MailSettings,
  now: Date,
): Promise<RosterLine[]> {
  const { attendees, forms, lines } = await rosterOf(tx, order, items, s.siteUrl);
  for (const a of attendees) {
    const item = items.find((i) => i.id === a.orderItemId);
    if (!item || !a.email || same(a.email, order.guestEmail)) continue;
    const mail = attendeePlaceMail(
      order,
      item,
      a,
      forms.get(a.id)?.url ?? null,
      placeCalendar(order, item, a, s, "REQUEST", now),
      s,
    );
    await enqueueMail(tx, { to: a.email, toName: nameOf(a), kind: "attendee_place", ...mail }, now);
  }
  return lines;
}

type Found = { attendee: OrderAttendeeRow; item: OrderItemRow };

async function found(tx: Tx, order: OrderRow, attendeeId: number): Promise<Found> {
  const hit = await people.lockAttendee(tx, order.id, attendeeId);
  if (!hit) throw new HttpError(404, "Attendee not found on this booking");
  if (order.status !== "paid") throw new HttpError(409, `This booking is ${order.status}`);
  return hit;
}

/**
 * Cancels one place: the attendee leaves the register, reminders, learner records and CSV (their row
 * goes) and the item has one seat fewer, so the place is free at once. The last place of a course is
 * refused: that is cancelling the booking (or its course), which has its own action.
 */
export async function cancelPlaceTx(tx: Tx, order: OrderRow, attendeeId: number, s: MailSettings, now: Date) {
  const { attendee, item } = await found(tx, order, attendeeId);
  if (item.seats <= 1) throw new HttpError(409, "This is the only place on this course: cancel the booking instead");
  await people.removePlace(tx, attendee);
  // The attendee's event is cancelled: same UID, SEQUENCE raised, METHOD:CANCEL (decision 285).
  const gone = { ...attendee, calendarSequence: attendee.calendarSequence + 1 };
  return { attendee, item, calendar: placeCalendar(order, item, gone, s, "CANCEL", now) };
}

type Person = { first_name: string; last_name: string; email?: string | null };

/**
 * Hands a place to another person: the seat is kept; the old person's learner record and planned
 * reminders go, a new learner record (new link) is made for the new person. The old person's event
 * is cancelled, the new person gets the same UID with a raised SEQUENCE as a REQUEST.
 */
export async function swapPlaceTx(tx: Tx, order: OrderRow, attendeeId: number, to: Person, s: MailSettings, now: Date) {
  const { attendee, item } = await found(tx, order, attendeeId);
  const next = await people.updatePerson(tx, attendee.id, {
    firstName: to.first_name,
    lastName: to.last_name,
    email: to.email || null,
  });
  await people.forgetPerson(tx, attendee.id);
  const { forms } = await rosterOf(tx, order, [item], s.siteUrl);
  return {
    before: attendee,
    after: next,
    item,
    oldCalendar: placeCalendar(order, item, next, s, "CANCEL", now),
    newCalendar: placeCalendar(order, item, next, s, "REQUEST", now),
    learnerUrl: forms.get(next.id)?.url ?? null,
  };
}

/** Corrects the name (and address) on a place: same person, same learner record, updated event. */
export async function renamePlaceTx(tx: Tx, order: OrderRow, attendeeId: number, to: Person, s: MailSettings, now: Date) {
  const { attendee, item } = await found(tx, order, attendeeId);
  const next = await people.updatePerson(tx, attendee.id, {
    firstName: to.first_name,
    lastName: to.last_name,
    email: to.email === undefined ? attendee.email : to.email || null,
  });
  return { before: attendee, after: next, item, calendar: placeCalendar(order, item, next, s, "REQUEST", now) };
}

export { nameOf as attendeeName };

/**
 * Tells each attendee with their own address (not the buyer's) that their place moved or was
 * cancelled with the whole booking, with their own event. `places` are the attendees as they are now
 * (SEQUENCE raised by the caller); `itemId` limits it to one course of the booking.
 */
export async function tellAttendeesTx(
  tx: Tx,
  order: OrderRow,
  items: readonly OrderItemRow[],
  places: readonly OrderAttendeeRow[],
  change: { kind: "moved"; previousDates: string; itemId: number } | { kind: "cancelled" },
  s: MailSettings,
  now: Date,
): Promise<void> {
  for (const a of places) {
    const item = items.find((i) => i.id === a.orderItemId);
    if (!item || !a.email || same(a.email, order.guestEmail)) continue;
    if (change.kind === "moved" && item.id !== change.itemId) continue;
    const calendar = placeCalendar(order, item, a, s, change.kind === "moved" ? "REQUEST" : "CANCEL", now);
    const mail = attendeeBookingChangeMail(order, item, a, change, calendar, s);
    await enqueueMail(
      tx,
      { to: a.email, toName: nameOf(a), kind: change.kind === "moved" ? "attendee_changed" : "attendee_cancelled", ...mail },
      now,
    );
  }
}
