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
 * Rows deleted per statement (each its own transaction). The first night on years of data deletes
 * ~250,000 mails and ~160,000 activity entries: in one statement the mails alone took ~6 s at full
 * size, past the pool's 5 s statement timeout, so the job failed every night and the backlog only
 * grew (bench/nightly.ts, decision 550).
 */
export const RETENTION_BATCH = 2_000;

export async function purgeOldRecords(db: Db, now: Date, batch = RETENTION_BATCH): Promise<{ mails: number; activity: number }> {
  let mails = 0;
  // In id order from the start, each batch resuming after the last id it deleted.
  for (let after = 0; ; ) {
    const run = await repo.deleteOldMailsBatch(db, monthsBefore(now, OUTBOX_KEEP_MONTHS), after, batch);
    mails += run.deleted;
    if (run.deleted < batch || run.lastId === null) break;
    after = run.lastId;
  }
  let activity = 0;
  for (;;) {
    const deleted = await repo.deleteOldActivityBatch(db, monthsBefore(now, ACTIVITY_KEEP_YEARS * 12), batch);
    activity += deleted;
    if (deleted < batch) break;
  }
  return { mails, activity };
}
