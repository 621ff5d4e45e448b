/** What the learner modules share: the record's row types, names, e-mail, links, and the register lock. */
import { formatBookingRef } from "@app/contract";
import type { DbOrTx } from "../../db/client";
import type { learnerRecords } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import * as repo from "./repository";
import { scopeOf, type Viewer } from "../trainers";

export type Rec = typeof learnerRecords.$inferSelect;
export type Row = repo.LearnerRow;

/** The single-unit course's one result line. */
export const DEFAULT_UNIT = "Assessment";

export const iso = (d: Date | null) => d?.toISOString() ?? null;
export const attendeeName = (r: Row) => `${r.attendeeFirstName} ${r.attendeeLastName}`.trim();
/** Where a learner's result mail goes: the form's e-mail, the attendee's, or the buyer's for their own place. */
export const learnerEmail = (r: Row) =>
  r.rec.email ??
  r.attendeeEmail ??
  (`${r.attendeeFirstName} ${r.attendeeLastName}` === `${r.buyerFirstName} ${r.buyerLastName}` ? r.buyerEmail : null);

export const learnerFormUrl = (siteUrl: string, token: string) => `${siteUrl.replace(/\/$/, "")}/learner/${token}`;

/** The learner, locked for a register change; 404 unknown, not of a paid booking or not the trainer's date, 409 once purged. */
export async function lockForRegister(tx: DbOrTx, id: number, viewer: Viewer): Promise<Row> {
  if (!(await repo.lockLearner(tx, id))) throw new HttpError(404, "Learner not found");
  const row = (await repo.findLearner(tx, id))!;
  if (row.orderStatus !== "paid") throw new HttpError(404, "Learner not found");
  const scope = await scopeOf(tx, viewer);
  if (scope && (row.courseDateId === null || !scope.has(row.courseDateId))) throw new HttpError(404, "Learner not found");
  if (row.rec.purgedAt) throw new HttpError(409, "This learner's record was deleted after the retention period");
  return row;
}

export const who = (row: Row) =>
  `${attendeeName(row)} (${row.courseTitle}, ${row.startDate}, booking ${formatBookingRef(row.bookingRef)})`;
