/** Retention of learner records: forms and evidence deleted 3 years after the course (the SIA's minimum). */
import { addYears } from "@app/rules";
import { formatBookingRef } from "@app/contract";
import type { Db } from "../../db/client";
import { ukDate } from "../../lib/dates";
import { logActivity } from "../activity";
import * as repo from "./repository";

// ---------------------------------------------------------------- retention

/** Years after the course end that the form and the evidence are kept (SIA: at least 3). */
export const RETENTION_YEARS = 3;

/**
 * Deletes the learner form and the evidence of every course that ended more than 3 years before
 * `now` (UK dates), each deletion logged; bookings, amounts, attendees, attendance and results
 * stay. Safe to run on several instances at once (rows locked with SKIP LOCKED). Returns how many.
 */
export async function purgeExpiredLearnerRecords(db: Db, now: Date): Promise<number> {
  const today = ukDate(now);
  // The day 3 years ago (29 Feb → 28 Feb); a course that ended before it is past retention.
  const cutoff = addYears(today, -RETENTION_YEARS);
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await repo.lockExpiredLearners(tx, cutoff, 100);
      for (const l of due) {
        const files = await repo.purgeLearner(tx, l.id, now);
        await logActivity(tx, {
          type: "security",
          action: "Learner record deleted (retention)",
          details: `Form${files ? " and first aid evidence" : ""} of ${l.name} (${l.title}, ended ${l.end_date}, booking ${formatBookingRef(l.booking_ref)}) deleted ${RETENTION_YEARS} years after the course`,
          actor: { id: null, name: "System" },
          at: now,
        });
      }
      return due.length;
    });
    total += done;
    if (done < 100) return total;
  }
}
