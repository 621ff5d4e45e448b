/**
 * The hook into learner records (issue 14, built in parallel on another branch): the link to an
 * attendee's learner form while it is not complete, or null. Until that branch is merged there
 * are no learner forms, so reminders carry no link. After the merge this returns the learner
 * form's URL for the attendee when their form is not complete (see decision 222).
 */
import type { DbOrTx } from "../../db/client";

export async function learnerFormLinkFor(_attendeeId: number, _db: DbOrTx): Promise<string | null> {
  return null;
}
