/**
 * The rows behind a booking's page and its actions (split from repository.ts by use): the notes,
 * the mails and history that name its reference, the bookings module's own retry keys, and the
 * booking actions' mails queued in the caller's transaction. The list's SQL stays in repository.ts.
 */
import { asc, eq, sql } from "drizzle-orm";
import { formatBookingRef } from "@app/contract";
import type { DbOrTx, Tx } from "../../db/client";
import { activityLog, bookingActionKeys, bookingNotes, mailOutbox, type OrderRow } from "../../db/schema";
import { addressingColumns, type MailAddressing, type RenderedMail } from "../mail";

export type NoteRow = typeof bookingNotes.$inferSelect;

export async function findNotes(db: DbOrTx, orderId: number): Promise<NoteRow[]> {
  return db
    .select()
    .from(bookingNotes)
    .where(eq(bookingNotes.orderId, orderId))
    .orderBy(asc(bookingNotes.createdAt), asc(bookingNotes.id));
}

/**
 * Mails about the booking: every outbox mail whose text names its reference (the confirmation,
 * the office's notice, refund and transfer mails all do). Oldest first.
 */
export async function findMails(db: DbOrTx, order: Pick<OrderRow, "bookingRef">) {
  return db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(sql`${mailOutbox.text} like ${`%${formatBookingRef(order.bookingRef)}%`}`)
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
}

/** Activity-log entries about the booking (each names its reference), oldest first. */
export async function findHistory(db: DbOrTx, order: Pick<OrderRow, "bookingRef">) {
  return db
    .select()
    .from(activityLog)
    .where(sql`${activityLog.details} like ${`%${formatBookingRef(order.bookingRef)}%`}`)
    .orderBy(asc(activityLog.createdAt), asc(activityLog.id));
}

/** Takes a retry key for an action without a row of its own; false when it was used before. */
export async function claimActionKey(tx: Tx, orderId: number, action: string, key: string, at: Date): Promise<boolean> {
  const rows = await tx
    .insert(bookingActionKeys)
    .values({ orderId, action, idempotencyKey: key, createdAt: at })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

export async function insertNote(tx: Tx, row: typeof bookingNotes.$inferInsert): Promise<NoteRow | null> {
  const [inserted] = await tx.insert(bookingNotes).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findNoteByKey(tx: DbOrTx, orderId: number, key: string): Promise<NoteRow | null> {
  const [row] = await tx
    .select()
    .from(bookingNotes)
    .where(sql`${bookingNotes.orderId} = ${orderId} and ${bookingNotes.idempotencyKey} = ${key}`);
  return row ?? null;
}

/** Mail kinds of the booking actions (the outbox's `kind`). */
export type BookingMailKind =
  | "booking_confirmation"
  | "new_booking"
  | "booking_cancelled"
  | "booking_refunded"
  | "booking_transferred"
  | "booking_changed"
  | "attendee_place"
  | "attendee_cancelled"
  | "attendee_changed";

/** Queues a mail in the caller's transaction (as mail/outbox's enqueueMail does, with our kinds). */
export async function queueMail(
  tx: Tx,
  mail: RenderedMail & MailAddressing & { kind: BookingMailKind },
  at: Date,
): Promise<void> {
  await tx.insert(mailOutbox).values({
    ...addressingColumns(mail),
    kind: mail.kind,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
    nextAttemptAt: at,
    createdAt: at,
  });
}
