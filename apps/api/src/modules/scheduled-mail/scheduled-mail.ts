/**
 * Scheduled mail (issue 15, decisions 221-223): plans course reminders and licence-renewal
 * reminders into `scheduled_mails`, and at their due time puts each into the mail outbox, or
 * skips it with the reason. Everything is decided at send time from the booking as it is then
 * (cancelled, moved to another date, consent withdrawn), never only when the row was planned.
 *
 * Safe with several API instances: planning inserts with `on conflict do nothing` on the
 * (attendee, date, kind) key, and each due row is taken with `FOR UPDATE SKIP LOCKED` in the
 * transaction that queues its mail, so a mail is queued once.
 */
import type { Db, DbOrTx } from "../../db/client";
import { ukDate } from "../../lib/dates";
import type { MailSettings } from "../mail";
import { processDue } from "./due-mail";
import { RENEWAL_WINDOW_MONTHS, renewalCandidates } from "./licence";
import { reminderKind, RENEWAL_KIND, type ScheduleSettings as Settings } from "./schedule-kinds";
import * as repo from "./schedule-repository";

export { reminderKind, RENEWAL_KIND } from "./schedule-kinds";

export type ScheduledMailRun = { planned: number; queued: number; skipped: number; failed: number };

/**
 * Course reminders for every attendee of a paid booking whose date has not started. Only the
 * reminders still ahead when the booking was paid are planned: a booking made 3 days before the
 * course gets the 1-day reminder and not the 7-day one.
 */
async function planCourseReminders(db: Db, env: Settings, now: Date): Promise<number> {
  let planned = 0;
  for (const days of env.REMINDER_DAYS_BEFORE) {
    planned += await repo.insertCourseReminders(db, reminderKind(days), days, env.REMINDER_SEND_HOUR, ukDate(now));
  }
  return planned;
}

/** A renewal reminder for each candidate (renewalCandidates), RENEWAL_REMINDER_MONTHS after the course's last day. */
async function planRenewals(db: Db, env: Settings, now: Date): Promise<number> {
  let planned = 0;
  for (const c of await renewalCandidates(db, now)) {
    planned += await repo.insertRenewalReminder(
      db,
      { kind: RENEWAL_KIND, ...c },
      env.RENEWAL_REMINDER_MONTHS,
      env.REMINDER_SEND_HOUR,
    );
  }
  // A licence granted with its expiry (the learner's portal, issue 31) moves a reminder not yet
  // sent to the start of the renewal window, RENEWAL_WINDOW_MONTHS before that expiry.
  await repo.moveRenewalsToExpiry(db, RENEWAL_KIND, RENEWAL_WINDOW_MONTHS, env.REMINDER_SEND_HOUR);
  return planned;
}

/**
 * What the office's view plans before it lists (decision 541), so a booking paid a minute ago shows
 * its reminders: the course reminders of bookings paid in the last day, read through the paid-at
 * index. The job (every five minutes) plans everything else; renewals are due years ahead.
 */
export async function planRecentReminders(db: Db, env: Settings, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 86_400_000);
  let planned = 0;
  for (const days of env.REMINDER_DAYS_BEFORE) {
    planned += await repo.insertCourseReminders(db, reminderKind(days), days, env.REMINDER_SEND_HOUR, ukDate(now), since);
  }
  return planned;
}

/** Plans what is missing (idempotent). */
export async function planScheduledMail(db: Db, env: Settings, now: Date): Promise<number> {
  return (await planCourseReminders(db, env, now)) + (await planRenewals(db, env, now));
}

/** One run: plan what is missing, then queue or skip every due mail. */
export async function runScheduledMail(db: Db, env: Settings, settings: MailSettings, now: Date): Promise<ScheduledMailRun> {
  const planned = await planScheduledMail(db, env, now);
  const run: ScheduledMailRun = { planned, queued: 0, skipped: 0, failed: 0 };
  for (const id of await repo.dueIds(db, now)) {
    try {
      const result = await processDue(db, id, env, settings, now);
      if (result) run[result]++;
    } catch (err) {
      // Kept visible to the office (Scheduled mail → Failed) with the error; a retry plans it again.
      run.failed++;
      const message = err instanceof Error ? err.message : String(err);
      await repo.markFailed(db, id, message.slice(0, 500), now);
    }
  }
  return run;
}

/**
 * The last check, by the sender just before it sends: of the given outbox mails, those made from
 * scheduled mail that is no longer wanted (booking cancelled or moved since it was queued, or the
 * address unsubscribed from marketing), with the reason. Other mails are not in the map.
 */
export async function unwantedScheduledMail(db: DbOrTx, outboxIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!outboxIds.length) return out;
  const rows = await repo.scheduleOfOutboxMails(db, outboxIds);
  for (const r of rows) {
    if (r.order_status !== "paid") out.set(r.outbox_id, `booking ${r.order_status}`);
    else if (r.kind !== RENEWAL_KIND && r.same_date === false) out.set(r.outbox_id, "booking moved to another date");
    else if (r.marketing && r.unsubscribed) out.set(r.outbox_id, "unsubscribed");
  }
  return out;
}

/** Takes an unwanted mail back out of the outbox; its scheduled mail says why (Skipped in the admin). */
export async function withdrawScheduledMail(db: Db, outboxId: number, reason: string, now: Date): Promise<void> {
  await repo.withdrawOutboxMail(db, outboxId, reason, now);
}
