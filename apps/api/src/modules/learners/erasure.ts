/**
 * A learner's personal data erased on request (decision 309), reusing the retention rules of
 * decision 214: the qualification evidence (first-aid certificate, the ID check, the name and
 * date of birth on the ID, attendance, results, the certificate) is kept until 3 years after the
 * course ends and then deleted by the retention job; everything else the learner form holds
 * (contact details, emergency contact, adjustments, consents) goes now, and the form's link stops
 * working. A record already past its keep date is purged whole, as the retention job would.
 */
import type { DbOrTx } from "../../db/client";
import { ukDate } from "../../lib/dates";
import { addYears } from "@app/rules";
import * as repo from "./repository";
import { RETENTION_YEARS } from "./retention";

export type LearnerErasure = {
  /** Records whose form answers were erased (evidence kept to its keep date). */
  records: number;
  /** Records purged whole (past their keep date), and evidence files deleted with them. */
  purged: number;
  evidenceFilesDeleted: number;
  /** The latest date until which kept evidence stays ('YYYY-MM-DD'); null when none is kept. */
  keptUntil: string | null;
};

/** What erasing `learners` at `now` does (the preview), or does to them when `db` is given. */
export async function eraseLearners(
  db: DbOrTx | null,
  learners: { id: number; end_date: string; files: number }[],
  now: Date,
): Promise<LearnerErasure> {
  const today = ukDate(now);
  const out: LearnerErasure = { records: 0, purged: 0, evidenceFilesDeleted: 0, keptUntil: null };
  for (const l of learners) {
    const keepUntil = addYears(l.end_date, RETENTION_YEARS); /* 29 Feb → 28 Feb */
    if (keepUntil < today) {
      if (db) await repo.purgeLearner(db, l.id, now);
      out.evidenceFilesDeleted += l.files;
      out.purged++;
      continue;
    }
    if (db) await repo.eraseLearnerAnswers(db, l.id, now);
    out.records++;
    if (!out.keptUntil || keepUntil > out.keptUntil) out.keptUntil = keepUntil;
  }
  return out;
}
