/**
 * Results held until paid, released: when money reaches an order (every charge, in its
 * transaction), the result mails of its learners that waited go out if it is now paid in full.
 * Idempotent: a learner already mailed these results is skipped.
 */
import type { DbOrTx } from "../../db/client";
import type { MailSettings } from "../mail";
import { queueResultMailTx, resultsHeldFor } from "./held-results";
import * as repo from "./repository";
import { registerOf } from "./service";
import { learnerEmail } from "./shared";

export async function releaseHeldResultsTx(tx: DbOrTx, orderId: number, mail: MailSettings, now: Date): Promise<number> {
  let queued = 0;
  for (const row of await repo.learnersOfOrder(tx, orderId)) {
    if (!row.paymentTerms?.hold_results_until_paid || resultsHeldFor(row) || row.orderStatus !== "paid") continue;
    const before = row.rec.resultMailed;
    await queueResultMailTx(tx, row, await registerOf(tx, row, now), mail, now, learnerEmail(row));
    const after = (await repo.findLearner(tx, row.rec.id))?.rec.resultMailed;
    if (after !== before) queued++;
  }
  return queued;
}
