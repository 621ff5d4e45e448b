/**
 * The certificate clock (decision 354): results promise the certificate within 4 working days
 * (England and Wales bank holidays skipped, @app/rules). Learners who passed every unit and whose
 * certificate is not sent or collected by then are overdue; the ops alert reads this each minute,
 * as one count in the awaited certificates' index up to the last overdue results day (decision 533).
 */
import { lastOverdueResultsDay } from "@app/rules";
import type { DbOrTx } from "../../db/client";
import { ukDate } from "../../lib/dates";
import { countCertificatesAwaited } from "./repository";

export async function certificatesOverdue(db: DbOrTx, now: Date): Promise<number> {
  return countCertificatesAwaited(db, lastOverdueResultsDay(ukDate(now)));
}
