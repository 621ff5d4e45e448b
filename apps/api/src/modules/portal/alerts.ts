/**
 * The certificate clock (decision 354): results promise the certificate within 4 working days
 * (England and Wales bank holidays skipped, @app/rules). Learners who passed every unit and whose
 * certificate is not sent or collected by then are overdue; the ops alert reads this each minute.
 */
import { certificateOverdue } from "@app/rules";
import type { DbOrTx } from "../../db/client";
import { ukDate } from "../../lib/dates";
import { certificatesAwaited } from "./repository";

export async function certificatesOverdue(db: DbOrTx, now: Date): Promise<number> {
  const today = ukDate(now);
  return (await certificatesAwaited(db)).filter((r) => certificateOverdue(r.results_on, today, null)).length;
}
