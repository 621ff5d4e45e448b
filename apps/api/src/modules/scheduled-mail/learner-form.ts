/**
 * The hook into learner records (issue 14): the link to an attendee's learner form while it is
 * not complete, or null (no learner record: not a licence-linked course; or the form is complete).
 * Read at send time, so a form finished after the reminder was planned drops the link (decision 222).
 */
import type { DbOrTx } from "../../db/client";
import { learnerFormsOfOrder } from "../learners";
import { orderIdOfAttendee } from "./schedule-repository";

export async function learnerFormLinkFor(attendeeId: number, db: DbOrTx, siteUrl: string): Promise<string | null> {
  const orderId = await orderIdOfAttendee(db, attendeeId);
  if (orderId === null) return null;
  const form = (await learnerFormsOfOrder(db, orderId, siteUrl)).get(attendeeId);
  return form && !form.complete ? form.url : null;
}
