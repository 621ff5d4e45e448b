/**
 * The hook into learner records (issue 14): the link to an attendee's learner form while it is
 * not complete, or null (no learner record: not a licence-linked course; or the form is complete).
 * Read at send time, so a form finished after the reminder was planned drops the link (decision 222).
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { learnerFormsOfOrder } from "../learners";

export async function learnerFormLinkFor(attendeeId: number, db: DbOrTx, siteUrl: string): Promise<string | null> {
  const { rows } = await db.execute<{ order_id: number }>(sql`select order_id from order_attendees where id = ${attendeeId}`);
  if (!rows[0]) return null;
  const form = (await learnerFormsOfOrder(db, rows[0].order_id, siteUrl)).get(attendeeId);
  return form && !form.complete ? form.url : null;
}
