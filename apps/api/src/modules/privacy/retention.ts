/**
 * How long the records that grow without end are kept (decision 310), run each night with the
 * learner-record retention: mails in the outbox 12 months after they were queued once sent or
 * given up (waiting ones stay until sent), the activity log 6 years (it records payments and
 * refunds, financial records). Learner forms and evidence have their own rule (3 years after
 * the course, decision 214); application logs are kept by journald or Docker (deploy/README.md).
 */
import type { Db } from "../../db/client";
import * as repo from "./repository";
import { FINANCIAL_YEARS } from "./service";

export const OUTBOX_KEEP_MONTHS = 12;
export const ACTIVITY_KEEP_YEARS = FINANCIAL_YEARS;

/** The same calendar day `months` months before `now` (UTC; a day either way does not matter here). */
function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

export async function purgeOldRecords(db: Db, now: Date): Promise<{ mails: number; activity: number }> {
  const mails = await repo.deleteOldMails(db, monthsBefore(now, OUTBOX_KEEP_MONTHS));
  const activity = await repo.deleteOldActivity(db, monthsBefore(now, ACTIVITY_KEEP_YEARS * 12));
  return { mails, activity };
}
