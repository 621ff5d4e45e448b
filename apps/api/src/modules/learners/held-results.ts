/**
 * Results held until paid (deposits and balances): where the order's payment terms say
 * `hold_results_until_paid`, a learner's result mail and certificate wait until the order is paid
 * in full, and the mail goes out when it is. The result mail itself is queued here, for both paths.
 */
import type { LicenceKind, UnitResult } from "@app/contract";
import type { DbOrTx } from "../../db/client";
import { enqueueMail, type MailSettings } from "../mail";
import { learnerResultMail } from "./mail";
import * as repo from "./repository";
import { resultMailAt } from "./timing";

type Row = repo.LearnerRow;
const attendeeName = (r: Row) => `${r.attendeeFirstName} ${r.attendeeLastName}`.trim();

/** The order's terms hold results and it is not paid in full yet. */
export function resultsHeldFor(row: Pick<Row, "paymentTerms" | "amountPaidPence" | "totalPence">): boolean {
  return Boolean(row.paymentTerms?.hold_results_until_paid) && (row.amountPaidPence ?? 0) < row.totalPence;
}

export const HELD_CERTIFICATE_MESSAGE = "The certificate is held until the booking is paid in full";

/**
 * Queues the learner's result mail once every unit has a result (again only when the results
 * change), unless the results are held until paid. Answers whether a mail was queued to go now.
 */
export async function queueResultMailTx(
  tx: DbOrTx,
  row: Row,
  after: { results: { unit: string; result: UnitResult | null }[]; readiness: { result: string } },
  mail: MailSettings,
  now: Date,
  to: string | null,
): Promise<boolean> {
  const outcome = after.readiness.result;
  if (!(outcome === "pass" || outcome === "fail" || outcome === "resit") || !to) return false;
  const summary = after.results.map((r) => `${r.unit}=${r.result}`).join("|");
  if (summary === row.rec.resultMailed || resultsHeldFor(row)) return false;
  const rendered = learnerResultMail(
    {
      name: row.rec.fullName ?? attendeeName(row),
      courseTitle: row.courseTitle,
      licenceKind: row.rec.licenceKind as LicenceKind,
      results: after.results as { unit: string; result: UnitResult }[],
      outcome,
    },
    mail,
  );
  // The result mail waits in the outbox until the assessment day is over (UK time, decision 330).
  const sendAt = new Date(Math.max(now.getTime(), resultMailAt(row.endDate).getTime()));
  await enqueueMail(tx, { to, toName: row.rec.fullName ?? attendeeName(row), kind: "learner_result", ...rendered }, now, sendAt);
  await repo.updateLearner(tx, row.rec.id, { resultMailed: summary }, now);
  return sendAt.getTime() <= now.getTime();
}
