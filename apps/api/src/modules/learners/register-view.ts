/** The centre's board and register: the dates with learners, and each learner's line (redacted for trainers). */
import {
  formatBookingRef,
  type AttendanceStatus,
  type IdDocumentType,
  type LearnerBoard,
  type LicenceKind,
  type RegisterLearner,
  type UnitResult,
} from "@app/contract";
import type { DbOrTx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { ukDate } from "../../lib/dates";
import * as repo from "./repository";
import { courseDays, readinessOf } from "./rules";
import { isTrainer, scopeOf, type Viewer } from "../trainers";
import { DEFAULT_UNIT, Row, attendeeName, iso, learnerEmail } from "./shared";

// ---------------------------------------------------------------- the centre's board and register

type RegisterData = {
  attendance: Awaited<ReturnType<typeof repo.attendanceOf>>;
  results: Awaited<ReturnType<typeof repo.resultsOf>>;
};

/**
 * One learner's line of the register. `redact` (trainers, decision 333) leaves out what a trainer
 * does not need: e-mail, phones, emergency contact and address.
 */
export function registerView(row: Row, data: RegisterData, units: string[], today: string, redact = false): RegisterLearner {
  const r = row.rec;
  const days = courseDays(row.startDate, row.endDate);
  const attendance = data.attendance
    .filter((a) => a.learnerId === r.id)
    .map((a) => ({ day: a.day, status: a.status as AttendanceStatus, arrived_at: a.arrivedAt }));
  const results = data.results.filter((x) => x.learnerId === r.id).map((x) => ({ unit: x.unit, result: x.result as UnitResult }));
  const emergency = [r.emergencyName, r.emergencyPhone].filter(Boolean).join(", ") || null;
  return {
    id: r.id,
    name: attendeeName(row),
    full_name: r.fullName,
    booking_reference: formatBookingRef(row.bookingRef),
    email: redact ? null : learnerEmail(row),
    phone: redact ? null : r.phone,
    adjustments: r.adjustments,
    emergency: redact ? null : emergency,
    id_document_type: r.idDocumentType as IdDocumentType | null,
    id_checked_document: r.idCheckedDocument,
    id_checked_at: iso(r.idCheckedAt),
    id_checked_by: r.idCheckedBy,
    first_aid_expires_on: r.firstAidExpiresOn,
    details: {
      date_of_birth: r.dateOfBirth,
      address: redact ? null : r.address,
      postcode: redact ? null : r.postcode,
      id_document_expiry: r.idDocumentExpiry,
      first_aid_title: r.firstAidTitle,
      first_aid_body: r.firstAidBody,
      first_aid_achieved_on: r.firstAidAchievedOn,
      english_declared_at: iso(r.englishDeclaredAt),
      fitness_name: r.fitnessName,
      fitness_declared_at: iso(r.fitnessDeclaredAt),
      uln: r.uln,
      sia_link_consent: r.siaLinkConsent,
    },
    has_evidence: row.evidenceName !== null,
    evidence_seen_at: iso(r.evidenceSeenAt),
    evidence_seen_by: r.evidenceSeenBy,
    attendance,
    results,
    certificate_issued_at: iso(r.certificateIssuedAt),
    purged: r.purgedAt !== null,
    readiness: readinessOf({
      rec: r,
      hasEvidence: row.evidenceName !== null,
      courseStart: row.startDate,
      today,
      days,
      units,
      attendance,
      results,
    }),
  };
}

export const unitsOr = (units: string[]) => (units.length ? units : [DEFAULT_UNIT]);

export async function registerOf(db: DbOrTx, row: Row, now: Date, viewer?: Viewer): Promise<RegisterLearner> {
  const units = unitsOr(await repo.unitsOfCourse(db, row.courseId));
  const data = { attendance: await repo.attendanceOf(db, [row.rec.id]), results: await repo.resultsOf(db, [row.rec.id]) };
  return registerView(row, data, units, ukDate(now), !!viewer && isTrainer(viewer));
}

export async function getBoard(
  db: DbOrTx,
  courseDateId: number,
  filter: "all" | "not_ready",
  now: Date,
  viewer: Viewer,
): Promise<LearnerBoard> {
  const scope = await scopeOf(db, viewer);
  const date = scope && !scope.has(courseDateId) ? null : await repo.courseDateInfo(db, courseDateId);
  if (!date) throw new HttpError(404, "Course date not found");
  const rows = await repo.learnersOfDate(db, courseDateId);
  const ids = rows.map((r) => r.rec.id);
  const data = { attendance: await repo.attendanceOf(db, ids), results: await repo.resultsOf(db, ids) };
  const units = unitsOr(await repo.unitsOfCourse(db, date.courseId));
  const today = ukDate(now);
  const learners = rows.map((r) => registerView(r, data, units, today, isTrainer(viewer)));
  const kind = (rows[0]?.rec.licenceKind ?? "door_supervisor") as LicenceKind;
  return {
    course_date_id: date.id,
    course_title: date.title,
    licence_kind: kind,
    first_aid_required: rows.some((r) => r.rec.firstAidRequired),
    start_date: date.startDate,
    end_date: date.endDate,
    time: date.time,
    days: courseDays(date.startDate, date.endDate),
    units,
    learners: filter === "not_ready" ? learners.filter((l) => !l.readiness.ready) : learners,
  };
}
