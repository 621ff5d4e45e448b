/**
 * Erasure on request (decision 309): a customer's or learner's personal data, found by e-mail,
 * erased in one transaction, keeping what the law requires: financial records 6 years (orders,
 * payments and refunds keep the buyer's name and amounts), qualification evidence 3 years (the
 * learners module keeps it until its retention job deletes it). Logged without the erased data.
 */
import { formatBookingRef, type ErasureSummary } from "@app/contract";
import type { Db, DbOrTx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { logActivity, type Actor } from "../activity";
import { eraseLearners, learnersOf } from "../learners";
import * as repo from "./repository";

/** Years financial records are kept (HMRC, Companies Act: 6 years). */
export const FINANCIAL_YEARS = 6;

async function plan(tx: DbOrTx, email: string, now: Date) {
  const orders = await repo.ordersOf(tx, email, now, FINANCIAL_YEARS);
  const learners = await learnersOf(
    tx,
    email,
    orders.map((o) => o.id),
  );
  return { orders, learners };
}

function summary(
  email: string,
  p: Awaited<ReturnType<typeof plan>>,
  learners: Awaited<ReturnType<typeof eraseLearners>>,
  counts: { messages: number; mails: number; reminders: number; waitlist: number },
  erasedAt: Date | null,
): ErasureSummary {
  return {
    email,
    orders: p.orders.length,
    orders_anonymised: p.orders.filter((o) => o.old).length,
    booking_references: p.orders.map((o) => formatBookingRef(o.booking_ref)),
    learner_records: learners.records,
    learner_records_deleted: learners.purged,
    evidence_files_deleted: learners.evidenceFilesDeleted,
    evidence_kept_until: learners.keptUntil,
    messages: counts.messages,
    mails: counts.mails,
    reminders: counts.reminders,
    waiting_list_entries: counts.waitlist,
    erased_at: erasedAt ? erasedAt.toISOString() : null,
  };
}

/** What an erasure would do; changes nothing. */
export async function erasurePreview(db: Db, email: string, now: Date): Promise<ErasureSummary> {
  return db.transaction(async (tx) => {
    const p = await plan(tx, email, now);
    const held = await repo.heldFor(tx, email);
    const reminders = await repo.remindersFor(
      tx,
      p.orders.map((o) => o.id),
      p.learners.map((l) => l.attendee_id),
    );
    const learners = await eraseLearners(null, p.learners, now);
    return summary(email, p, learners, { messages: held.messages, mails: held.mails, reminders, waitlist: held.waitlist }, null);
  });
}

const nothingHeld = (s: ErasureSummary) =>
  s.orders + s.learner_records + s.learner_records_deleted + s.messages + s.mails + s.waiting_list_entries === 0;

/**
 * Erases what is held for `email`. Answers what was done, and the course dates whose waiting-list
 * entries went (an offer's places may be free for the next in line).
 */
export async function erase(
  db: Db,
  email: string,
  actor: Actor,
  now: Date,
): Promise<{ summary: ErasureSummary; freedDates: number[] }> {
  return db.transaction(async (tx) => {
    const p = await plan(tx, email, now);
    const orderIds = p.orders.map((o) => o.id);
    const attendeeIds = p.learners.map((l) => l.attendee_id);
    const reminders = await repo.skipReminders(tx, orderIds, attendeeIds, now);
    const learners = await eraseLearners(tx, p.learners, now);
    await repo.eraseOrders(
      tx,
      orderIds,
      p.orders.filter((o) => o.old).map((o) => o.id),
    );
    await repo.eraseAttendeeEmails(tx, email, attendeeIds);
    const messages = await repo.deleteMessages(tx, email);
    const mails = await repo.deleteMails(tx, email);
    const freedDates = await repo.deleteWaitlistEntries(tx, email);
    await repo.deleteUnsubscribe(tx, email);
    await repo.scrubActivity(tx, email);
    const result = summary(email, p, learners, { messages, mails, reminders, waitlist: freedDates.length }, now);
    if (nothingHeld(result)) throw new HttpError(404, "Nothing is held for this e-mail address.");
    // The log names what stays (booking references) and what went (counts), never the person.
    const kept = result.evidence_kept_until ? `; qualification evidence kept until ${result.evidence_kept_until}` : "";
    await logActivity(tx, {
      type: "security",
      action: "Personal data erased (request)",
      details:
        `Erased on request: ${result.orders} order${result.orders === 1 ? "" : "s"}` +
        (result.booking_references.length
          ? ` (${result.booking_references.join(", ")}; names and amounts kept ${FINANCIAL_YEARS} years)`
          : "") +
        `, ${result.learner_records + result.learner_records_deleted} learner record${result.learner_records + result.learner_records_deleted === 1 ? "" : "s"}${kept}` +
        `, ${messages} message${messages === 1 ? "" : "s"}, ${mails} mail${mails === 1 ? "" : "s"}, ${reminders} reminder${reminders === 1 ? "" : "s"}` +
        `, ${freedDates.length} waiting-list entr${freedDates.length === 1 ? "y" : "ies"}.`,
      actor,
      at: now,
    });
    return { summary: result, freedDates };
  });
}
