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

/**
 * Rows deleted per statement (each its own transaction): a night after years of data may delete
 * hundreds of thousands, and one statement would hold its locks (and the kept counts' rows, decision
 * 500) until the last row was gone. A batch takes milliseconds.
 */
export const PURGE_BATCH = 1000;

export async function purgeOldRecords(db: Db, now: Date): Promise<{ mails: number; activity: number }> {
  const mailsBefore = monthsBefore(now, OUTBOX_KEEP_MONTHS);
  let mails = 0;
  for (let afterId = 0; ; ) {
    const ids = await repo.deleteOldMailsBatch(db, mailsBefore, afterId, PURGE_BATCH);
    mails += ids.length;
    if (ids.length < PURGE_BATCH) break;
    afterId = Math.max(...ids);
  }
  const activityBefore = monthsBefore(now, ACTIVITY_KEEP_YEARS * 12);
  let activity = 0;
  for (;;) {
    const n = await repo.deleteOldActivityBatch(db, activityBefore, PURGE_BATCH);
    activity += n;
    if (n < PURGE_BATCH) break;
  }
  return { mails, activity };
}
