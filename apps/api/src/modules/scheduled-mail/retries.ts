/** The office's retries of failed mail from the Scheduled mail view (decision 225). */
import { SCHEDULED_MAIL_KIND_LABELS, type ScheduledMail } from "@app/contract";
import type { Db } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { logActivity, type Actor } from "../activity";
import { scheduledMailRow } from "./repository";
import { resetFailedOutboxMail, resetFailedSchedule, scheduleExists } from "./schedule-repository";

const label = (kind: string) => SCHEDULED_MAIL_KIND_LABELS[kind] ?? kind;

/** A failed outbox mail gets a fresh set of attempts from now. */
export async function retryOutboxMail(db: Db, id: number, actor: Actor, now: Date): Promise<ScheduledMail> {
  return db.transaction(async (tx) => {
    // A fresh set of attempts from now; the sender's claim (FOR UPDATE SKIP LOCKED) keeps it once.
    const row = await resetFailedOutboxMail(tx, id, now);
    if (!row) {
      const exists = await scheduledMailRow(tx, "outbox", id);
      throw exists ? new HttpError(409, "Only a failed mail can be sent again") : new HttpError(404, "Mail not found");
    }
    await logActivity(tx, {
      type: "other",
      action: "Failed mail sent again",
      details: `${label(row.kind)} (mail ${row.id})`,
      actor,
      at: now,
    });
    return (await scheduledMailRow(tx, "outbox", id))!;
  });
}

/** A failed scheduled mail is planned again: the next run checks the booking before it queues it. */
export async function retryScheduledMail(db: Db, id: number, actor: Actor, now: Date): Promise<ScheduledMail> {
  return db.transaction(async (tx) => {
    // Back to planned; the next run checks the booking again before it queues the mail.
    const row = await resetFailedSchedule(tx, id);
    if (!row) {
      throw (await scheduleExists(tx, id))
        ? new HttpError(409, "Only a failed mail can be sent again")
        : new HttpError(404, "Mail not found");
    }
    await logActivity(tx, {
      type: "other",
      action: "Failed scheduled mail planned again",
      details: `${label(row.kind)} (scheduled mail ${row.id})`,
      actor,
      at: now,
    });
    return (await scheduledMailRow(tx, "schedule", id))!;
  });
}
