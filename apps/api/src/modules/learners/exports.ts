/** Personal data leaving the system: the evidence file and the awarding body's registration CSV, each logged. */
import { csvCell } from "@app/rules";
import { formatBookingRef, type LicenceKind } from "@app/contract";
import type { Db } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { logActivity, type Actor } from "../activity";
import * as repo from "./repository";
import { scopeOf, type Viewer } from "../trainers";
import { attendeeName, learnerEmail, who } from "./shared";
import { getBoard } from "./register-view";

// ---------------------------------------------------------------- personal data: evidence, exports, subject access

/** The evidence file; the view is logged in the same transaction (no file leaves without its log line). */
export async function downloadEvidence(db: Db, id: number, actor: Viewer, now: Date) {
  return db.transaction(async (tx) => {
    const row = await repo.findLearner(tx, id);
    if (!row) throw new HttpError(404, "Learner not found");
    const scope = await scopeOf(tx, actor);
    if (scope && (row.courseDateId === null || !scope.has(row.courseDateId))) throw new HttpError(404, "Learner not found");
    const file = await repo.loadEvidence(tx, id);
    if (!file) throw new HttpError(404, "No first aid certificate has been uploaded");
    await logActivity(tx, {
      type: "security",
      action: "Learner evidence viewed",
      details: `First aid certificate of ${who(row)}`,
      actor,
      at: now,
    });
    return file;
  });
}

/** One CSV cell (RFC 4180) with formula-injection protection: the shared rule of @app/rules. */
export { csvCell };

export const REGISTRATION_CSV_HEADER = [
  "Surname",
  "Forenames",
  "Date of birth",
  "Email",
  "Postcode",
  "ULN",
  "Qualification",
  "Start date",
  "End date",
  "Booking reference",
];

/** Full name as on ID → forenames and surname (the last word is the surname). */
export function splitName(full: string): { forenames: string; surname: string } {
  const parts = full.trim().split(/\s+/);
  const surname = parts.length > 1 ? parts.pop()! : (parts[0] ?? "");
  return { forenames: parts.length ? parts.join(" ") : "", surname };
}

const QUALIFICATION: Record<LicenceKind, string> = {
  door_supervisor: "Level 2 Award for Door Supervisors in the Private Security Industry",
  security_guard: "Level 2 Award for Security Officers in the Private Security Industry",
  cctv: "Level 2 Award for CCTV Operators (Public Space Surveillance) in the Private Security Industry",
  close_protection: "Level 3 Certificate for Close Protection Operatives in the Private Security Industry",
};

const qualificationOf = (title: string, kind: LicenceKind) =>
  /top.?up|refresher/i.test(title)
    ? `${QUALIFICATION[kind].replace("Level 2 Award for", "Level 2 Award for")} (Top-Up)`
    : QUALIFICATION[kind];

export async function registrationCsv(
  db: Db,
  courseDateId: number,
  actor: Actor,
  now: Date,
): Promise<{ csv: string; filename: string }> {
  return db.transaction(async (tx) => {
    // Office only (contract): the whole date, unredacted.
    const board = await getBoard(tx, courseDateId, "all", now, { id: actor.id ?? 0, name: actor.name, role: "office" });
    const rows = await repo.learnersOfDate(tx, courseDateId);
    const lines = [REGISTRATION_CSV_HEADER.map(csvCell).join(",")];
    for (const r of rows) {
      const name = splitName(r.rec.fullName ?? attendeeName(r));
      const dob = r.rec.dateOfBirth ? r.rec.dateOfBirth.split("-").reverse().join("/") : "";
      lines.push(
        [
          name.surname,
          name.forenames,
          dob,
          learnerEmail(r) ?? "",
          r.rec.postcode ?? "",
          r.rec.uln ?? "",
          qualificationOf(r.courseTitle, r.rec.licenceKind as LicenceKind),
          r.startDate.split("-").reverse().join("/"),
          r.endDate.split("-").reverse().join("/"),
          formatBookingRef(r.bookingRef),
        ]
          .map(csvCell)
          .join(","),
      );
    }
    await logActivity(tx, {
      type: "security",
      action: "Learner registration export",
      details: `${board.course_title}, ${board.start_date}: ${rows.length} learners`,
      actor,
      at: now,
    });
    return { csv: lines.join("\r\n") + "\r\n", filename: `registration-${board.start_date}-${courseDateId}.csv` };
  });
}
