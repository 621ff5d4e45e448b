/**
 * The SQL of single-attendee changes (issue 27, decisions 320-322): one place of a booking is
 * cancelled (its row goes, the item's seat count falls, so the seat counter triggers of migration
 * 0004 free the place), swapped for another person or renamed. The service decides; this writes.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { orderAttendees, orderItems, type OrderAttendeeRow, type OrderItemRow } from "../../db/schema";
import { refreshListKeys } from "./list-keys-repository";

/** One attendee of one order with its item, the attendee's row locked. */
export async function lockAttendee(
  tx: Tx,
  orderId: number,
  attendeeId: number,
): Promise<{ attendee: OrderAttendeeRow; item: OrderItemRow } | null> {
  const [attendee] = await tx
    .select()
    .from(orderAttendees)
    .where(and(eq(orderAttendees.id, attendeeId), eq(orderAttendees.orderId, orderId)))
    .for("update");
  if (!attendee) return null;
  const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, attendee.orderItemId)).for("update");
  return item ? { attendee, item } : null;
}

/**
 * Takes the place out: the attendee's row (its learner record, register marks and planned reminders
 * go with it, foreign keys on delete cascade) and one seat of the item (the counter triggers free it).
 */
export async function removePlace(tx: Tx, attendee: OrderAttendeeRow): Promise<void> {
  await dropUnsentReminders(tx, attendee.id);
  await tx.delete(orderAttendees).where(eq(orderAttendees.id, attendee.id));
  await tx
    .update(orderItems)
    .set({ seats: sql`${orderItems.seats} - 1` })
    .where(eq(orderItems.id, attendee.orderItemId));
  await refreshListKeys(tx, [attendee.orderId]);
}

/** A new person or a new name on the place; the event's SEQUENCE is raised (decision 285). */
export async function updatePerson(
  tx: Tx,
  attendeeId: number,
  person: { firstName: string; lastName: string; email: string | null },
): Promise<OrderAttendeeRow> {
  const [row] = await tx
    .update(orderAttendees)
    .set({ ...person, calendarSequence: sql`${orderAttendees.calendarSequence} + 1` })
    .where(eq(orderAttendees.id, attendeeId))
    .returning();
  await refreshListKeys(tx, [row!.orderId]);
  return row!;
}

/**
 * A swapped place starts afresh for the new person: the old person's learner record (form, evidence,
 * register marks) and the reminders not yet sent are dropped; the learner record is made again with
 * a new link (ensure_learner_records) and the reminders are planned again by the scheduler.
 */
export async function forgetPerson(tx: DbOrTx, attendeeId: number): Promise<void> {
  await tx.execute(sql`delete from learner_records where attendee_id = ${attendeeId}`);
  await dropUnsentReminders(tx, attendeeId);
}

/**
 * An attendee's reminders not yet sent: planned ones, and those already queued in the outbox but
 * not sent (the sender's last check looks at the booking, not at who holds the place), both go.
 */
async function dropUnsentReminders(tx: DbOrTx, attendeeId: number): Promise<void> {
  const { rows } = await tx.execute<{ outbox_id: number | null }>(sql`
    delete from scheduled_mails s
    where s.attendee_id = ${attendeeId}
      and (s.status = 'scheduled'
        or (s.status = 'queued' and exists (select 1 from mail_outbox m where m.id = s.outbox_id and m.status = 'pending')))
    returning s.outbox_id`);
  const queued = rows.flatMap((r) => (r.outbox_id === null ? [] : [r.outbox_id]));
  if (queued.length)
    await tx.execute(sql`delete from mail_outbox where id = any(${sql.param(queued)}::int[]) and status = 'pending'`);
}

/**
 * Reminders not yet sent for a booking (or one of its dates) leave the schedule at once, marked
 * skipped with the reason, when the booking is cancelled or moved (the scheduled-mail screen then
 * lists them as skipped, not due).
 */
export async function skipPlannedMail(
  tx: DbOrTx,
  orderId: number,
  reason: string,
  now: Date,
  courseDateId?: number,
): Promise<void> {
  await tx.execute(sql`
    update scheduled_mails set status = 'skipped', reason = ${reason}, processed_at = ${now.toISOString()}
    where order_id = ${orderId} and status = 'scheduled'
      ${courseDateId === undefined ? sql`` : sql`and course_date_id = ${courseDateId}`}`);
}
