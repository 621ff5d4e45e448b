/**
 * Learner records (issue 14): the learner's form by token, the centre's board and register,
 * evidence, exports and subject access. Every staff action runs in one transaction with its
 * activity-log entry; the learner's own saves are not logged (they are the learner's data).
 * This file is long because the form and the register share the same views of one record.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  EFAW_COURSE_PATH,
  EVIDENCE_TOO_LARGE_MESSAGE,
  EVIDENCE_TYPE_MESSAGE,
  FIRST_AID_TOO_SHORT_MESSAGE,
  firstAidLongEnough,
  firstAidMinExpiry,
  formatBookingRef,
  ID_DOCUMENT_LABELS,
  LINK_EXPIRED_MESSAGE,
  LINK_NOT_FOUND_MESSAGE,
  MAX_EVIDENCE_BYTES,
  ATTENDANCE_FUTURE_MESSAGE,
  OVERRIDE_OFFICE_ONLY_MESSAGE,
  RESULTS_EARLY_MESSAGE,
  type AttendanceStatus,
  type IdDocumentType,
  type LearnerBoard,
  type LearnerDateSummary,
  type LearnerForm,
  type LearnerFormPatch,
  type LearnerLink,
  type LicenceKind,
  type RegisterLearner,
  type UnitResult,
} from "@app/contract";
import type { z } from "zod";
import type { AttendanceInputSchema, IdCheckSchema, ResultsInputSchema } from "@app/contract";
import type { Db, DbOrTx } from "../../db/client";
import type { learnerRecords } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import { ukDate } from "../../lib/dates";
import { logActivity, type Actor } from "../activity/repository";
import type { MailSettings } from "../mail/outbox";
import * as repo from "./repository";
import { courseDays, missingItems, readinessOf, sniffEvidenceType } from "./rules";
import { HELD_CERTIFICATE_MESSAGE, queueResultMailTx, resultsHeldFor } from "./held-results";
import { isTrainer, scopeOf, type Viewer } from "../trainers";
import { attendanceTooEarly, resultsTooEarly } from "./timing";

type Rec = typeof learnerRecords.$inferSelect;
type Row = repo.LearnerRow;

/** The single-unit course's one result line. */
export const DEFAULT_UNIT = "Assessment";

const iso = (d: Date | null) => d?.toISOString() ?? null;
const attendeeName = (r: Row) => `${r.attendeeFirstName} ${r.attendeeLastName}`.trim();
/** Where a learner's result mail goes: the form's e-mail, the attendee's, or the buyer's for their own place. */
export const learnerEmail = (r: Row) =>
  r.rec.email ??
  r.attendeeEmail ??
  (`${r.attendeeFirstName} ${r.attendeeLastName}` === `${r.buyerFirstName} ${r.buyerLastName}` ? r.buyerEmail : null);

export const learnerFormUrl = (siteUrl: string, token: string) => `${siteUrl.replace(/\/$/, "")}/learner/${token}`;

// ---------------------------------------------------------------- the learner's form

/** The learner's record by token; 404 for an unknown, cancelled or purged one, 410 once the course has ended. */
async function openByToken(db: DbOrTx, token: string, now: Date): Promise<Row> {
  const row = /^[a-f0-9]{64}$/.test(token) ? await repo.findLearnerByToken(db, token) : null;
  if (!row || row.orderStatus !== "paid" || row.rec.purgedAt) throw new HttpError(404, LINK_NOT_FOUND_MESSAGE);
  if (ukDate(now) > row.endDate) throw new HttpError(410, LINK_EXPIRED_MESSAGE);
  return row;
}

export function formView(row: Row): LearnerForm {
  const r = row.rec;
  const hasEvidence = row.evidenceName !== null;
  const missing = missingItems(r, hasEvidence, row.startDate);
  return {
    attendee_name: attendeeName(row),
    course_title: row.courseTitle,
    licence_kind: r.licenceKind as LicenceKind,
    start_date: row.startDate,
    end_date: row.endDate,
    first_aid_required: r.firstAidRequired,
    first_aid_min_expiry: firstAidMinExpiry(row.startDate),
    efaw_path: EFAW_COURSE_PATH,
    fields: {
      full_name: r.fullName,
      date_of_birth: r.dateOfBirth,
      address: r.address,
      postcode: r.postcode,
      phone: r.phone,
      email: r.email,
      emergency_name: r.emergencyName,
      emergency_phone: r.emergencyPhone,
      adjustments: r.adjustments,
      id_document_type: r.idDocumentType as IdDocumentType | null,
      id_document_expiry: r.idDocumentExpiry,
      first_aid_title: r.firstAidTitle,
      first_aid_body: r.firstAidBody,
      first_aid_achieved_on: r.firstAidAchievedOn,
      first_aid_expires_on: r.firstAidExpiresOn,
      english_declared_at: iso(r.englishDeclaredAt),
      fitness_name: r.fitnessName,
      fitness_declared_at: iso(r.fitnessDeclaredAt),
      uln: r.uln,
      sia_link_consent: r.siaLinkConsent,
      marketing_opt_in: r.marketingConsentAt !== null,
    },
    evidence: hasEvidence
      ? {
          file_name: row.evidenceName!,
          content_type: row.evidenceType!,
          size_bytes: row.evidenceSize!,
          uploaded_at: iso(row.evidenceAt)!,
        }
      : null,
    missing,
    complete: missing.length === 0,
    updated_at: r.updatedAt.toISOString(),
  };
}

export async function getForm(db: Db, token: string, now: Date): Promise<LearnerForm> {
  return formView(await openByToken(db, token, now));
}

const blankToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v.trim() === "" ? null : v.trim();

/**
 * Saves part of the form. Refused as a whole (400, field by field) when a value breaks a rule,
 * so the learner sees the message beside the field; the form re-sends its other fields.
 */
export async function saveForm(db: Db, token: string, patch: LearnerFormPatch, now: Date): Promise<LearnerForm> {
  return db.transaction(async (tx) => {
    const row = await openByToken(tx, token, now);
    const r = row.rec;
    const issues: { path: string; message: string }[] = [];
    const expires = patch.first_aid_expires_on;
    if (expires && r.firstAidRequired && !firstAidLongEnough(expires, row.startDate))
      issues.push({ path: "first_aid_expires_on", message: FIRST_AID_TOO_SHORT_MESSAGE });
    const achieved = patch.first_aid_achieved_on === undefined ? r.firstAidAchievedOn : patch.first_aid_achieved_on;
    const expiresNow = expires === undefined ? r.firstAidExpiresOn : expires;
    if (achieved && expiresNow && expiresNow <= achieved && (patch.first_aid_achieved_on || expires)) {
      issues.push({
        path: expires ? "first_aid_expires_on" : "first_aid_achieved_on",
        message: "The expiry date must be after the date you achieved the qualification",
      });
    }
    if (patch.id_document_expiry && patch.id_document_expiry < row.startDate) {
      issues.push({
        path: "id_document_expiry",
        message:
          "Your ID document must still be valid on the first day of the course. Please bring a different document from the list.",
      });
    }
    if (issues.length) throw new HttpError(400, issues[0]!.message, { issues });

    const v: Partial<Rec> = {};
    const text = (key: keyof Rec, value: string | null | undefined) => {
      const t = blankToNull(value);
      if (t !== undefined) (v as Record<string, unknown>)[key] = t;
    };
    text("fullName", patch.full_name);
    text("dateOfBirth", patch.date_of_birth);
    text("address", patch.address);
    text("postcode", patch.postcode?.toUpperCase());
    text("phone", patch.phone);
    text("email", patch.email);
    text("emergencyName", patch.emergency_name);
    text("emergencyPhone", patch.emergency_phone);
    text("adjustments", patch.adjustments);
    if (patch.id_document_type !== undefined) v.idDocumentType = patch.id_document_type;
    text("idDocumentExpiry", patch.id_document_expiry);
    text("firstAidTitle", patch.first_aid_title);
    text("firstAidBody", patch.first_aid_body);
    text("firstAidAchievedOn", patch.first_aid_achieved_on);
    text("firstAidExpiresOn", patch.first_aid_expires_on);
    text("uln", patch.uln);
    if (patch.english_declared !== undefined) v.englishDeclaredAt = patch.english_declared ? (r.englishDeclaredAt ?? now) : null;
    if (patch.fitness_name !== undefined) {
      // The declaration is the typed name and the time it was typed (a new name signs again).
      const name = blankToNull(patch.fitness_name);
      v.fitnessName = name ?? null;
      v.fitnessDeclaredAt = name ? (name === r.fitnessName ? r.fitnessDeclaredAt : now) : null;
    }
    if (patch.sia_link_consent !== undefined) {
      v.siaLinkConsent = patch.sia_link_consent;
      v.siaLinkConsentAt =
        patch.sia_link_consent === null ? null : patch.sia_link_consent === r.siaLinkConsent ? r.siaLinkConsentAt : now;
    }
    if (patch.marketing_opt_in !== undefined)
      v.marketingConsentAt = patch.marketing_opt_in ? (r.marketingConsentAt ?? now) : null;
    await repo.updateLearner(tx, r.id, v, now);
    return formView((await repo.findLearner(tx, r.id))!);
  });
}

/** Decodes the upload and checks it by its bytes: ≤ 10 MB (413), a PDF, JPEG, PNG or WebP (400). */
export function decodeEvidence(dataUrl: string): { bytes: Buffer; contentType: string } {
  const comma = dataUrl.indexOf(",");
  const header = dataUrl.slice(0, comma);
  if (!dataUrl.startsWith("data:") || comma < 0) throw new HttpError(400, EVIDENCE_TYPE_MESSAGE);
  const payload = dataUrl.slice(comma + 1);
  const base64 = header.endsWith(";base64");
  if ((base64 ? Math.floor((payload.length * 3) / 4) - 2 : payload.length) > MAX_EVIDENCE_BYTES)
    throw new HttpError(413, EVIDENCE_TOO_LARGE_MESSAGE);
  let bytes: Buffer;
  try {
    bytes = base64 ? Buffer.from(payload, "base64") : Buffer.from(decodeURIComponent(payload), "latin1");
  } catch {
    throw new HttpError(400, EVIDENCE_TYPE_MESSAGE);
  }
  if (bytes.length > MAX_EVIDENCE_BYTES) throw new HttpError(413, EVIDENCE_TOO_LARGE_MESSAGE);
  const contentType = sniffEvidenceType(bytes);
  if (!contentType) throw new HttpError(400, EVIDENCE_TYPE_MESSAGE);
  return { bytes, contentType };
}

const EXTENSION: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

export async function uploadFirstAid(
  db: Db,
  token: string,
  body: { file_name: string; data_url: string },
  now: Date,
): Promise<LearnerForm> {
  const { bytes, contentType } = decodeEvidence(body.data_url);
  return db.transaction(async (tx) => {
    const row = await openByToken(tx, token, now);
    // The stored name is ours: the learner's file name is kept only as text, never as a path.
    const stem =
      body.file_name
        .replace(/\.[^.]*$/, "")
        .replace(/[^\w .()-]+/g, "_")
        .slice(0, 80) || "certificate";
    await repo.saveEvidence(
      tx,
      row.rec.id,
      {
        fileName: `${stem}.${EXTENSION[contentType]}`,
        contentType,
        bytes,
        sha256: createHash("sha256").update(bytes).digest("hex"),
      },
      now,
    );
    await repo.updateLearner(tx, row.rec.id, {}, now);
    return formView((await repo.findLearner(tx, row.rec.id))!);
  });
}

/** The personal links of an order's learners (after payment), for the success page and the confirmation mail. */
export async function learnerLinksForOrder(db: DbOrTx, orderId: number, siteUrl: string): Promise<LearnerLink[]> {
  await repo.ensureLearnerRecords(db, orderId);
  const rows = await repo.learnersOfOrder(db, orderId);
  return rows
    .filter((r) => r.orderStatus === "paid")
    .map((r) => ({ name: attendeeName(r), course_title: r.courseTitle, url: learnerFormUrl(siteUrl, r.rec.token) }));
}

/**
 * For reminders (issue 15): each attendee's learner-form link and whether the form is complete,
 * by attendee id (attendees without a learner record are absent from the map).
 */
export async function learnerFormsOfOrder(
  db: DbOrTx,
  orderId: number,
  siteUrl: string,
): Promise<Map<number, { url: string; complete: boolean }>> {
  const rows = await repo.learnersOfOrder(db, orderId);
  return new Map(
    rows.map((r) => [
      r.rec.attendeeId,
      {
        url: learnerFormUrl(siteUrl, r.rec.token),
        complete: missingItems(r.rec, r.evidenceName !== null, r.startDate).length === 0,
      },
    ]),
  );
}

// ---------------------------------------------------------------- the centre's board and register

type RegisterData = {
  attendance: Awaited<ReturnType<typeof repo.attendanceOf>>;
  results: Awaited<ReturnType<typeof repo.resultsOf>>;
};

/**
 * One learner's line of the register. `redact` (trainers, decision 333) leaves out what a trainer
 * does not need: e-mail, phones, emergency contact and address.
 */
function registerView(row: Row, data: RegisterData, units: string[], today: string, redact = false): RegisterLearner {
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

const unitsOr = (units: string[]) => (units.length ? units : [DEFAULT_UNIT]);

export async function registerOf(db: DbOrTx, row: Row, now: Date, viewer?: Viewer): Promise<RegisterLearner> {
  const units = unitsOr(await repo.unitsOfCourse(db, row.courseId));
  const data = { attendance: await repo.attendanceOf(db, [row.rec.id]), results: await repo.resultsOf(db, [row.rec.id]) };
  return registerView(row, data, units, ukDate(now), !!viewer && isTrainer(viewer));
}

/** The office sees every date; a trainer only the dates assigned to them (decision 332). */
export async function listDates(db: Db, now: Date, viewer: Viewer): Promise<LearnerDateSummary[]> {
  const scope = await scopeOf(db, viewer);
  const dates = (await repo.datesWithLearners(db)).filter((d) => !scope || scope.has(d.courseDateId));
  const out: LearnerDateSummary[] = [];
  for (const d of dates) {
    const board = await getBoard(db, d.courseDateId, "all", now, viewer);
    out.push({
      course_date_id: d.courseDateId,
      course_title: d.courseTitle,
      licence_kind: d.licenceKind as LicenceKind,
      start_date: d.startDate,
      end_date: d.endDate,
      learners: board.learners.length,
      not_ready: board.learners.filter((l) => !l.readiness.ready).length,
    });
  }
  return out;
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

/** The learner, locked for a register change; 404 unknown, not of a paid booking or not the trainer's date, 409 once purged. */
async function lockForRegister(tx: DbOrTx, id: number, viewer: Viewer): Promise<Row> {
  if (!(await repo.lockLearner(tx, id))) throw new HttpError(404, "Learner not found");
  const row = (await repo.findLearner(tx, id))!;
  if (row.orderStatus !== "paid") throw new HttpError(404, "Learner not found");
  const scope = await scopeOf(tx, viewer);
  if (scope && (row.courseDateId === null || !scope.has(row.courseDateId))) throw new HttpError(404, "Learner not found");
  if (row.rec.purgedAt) throw new HttpError(409, "This learner's record was deleted after the retention period");
  return row;
}

const who = (row: Row) =>
  `${attendeeName(row)} (${row.courseTitle}, ${row.startDate}, booking ${formatBookingRef(row.bookingRef)})`;

export async function checkId(
  db: Db,
  id: number,
  input: z.infer<typeof IdCheckSchema>,
  actor: Viewer,
  now: Date,
): Promise<RegisterLearner> {
  return db.transaction(async (tx) => {
    const row = await lockForRegister(tx, id, actor);
    if (input.checked && !input.document_type)
      throw new HttpError(400, "Please choose the document type seen", {
        issues: [{ path: "document_type", message: "Please choose the document type seen" }],
      });
    const same = input.checked
      ? row.rec.idCheckedAt !== null && row.rec.idCheckedDocument === input.document_type
      : row.rec.idCheckedAt === null;
    if (!same) {
      await repo.updateLearner(
        tx,
        id,
        input.checked
          ? { idCheckedAt: now, idCheckedBy: actor.name, idCheckedDocument: input.document_type! }
          : { idCheckedAt: null, idCheckedBy: null, idCheckedDocument: null },
        now,
      );
      await logActivity(tx, {
        type: "other",
        action: input.checked ? "Learner ID checked" : "Learner ID check removed",
        details: `${who(row)}${input.checked ? `: ${ID_DOCUMENT_LABELS[input.document_type!]}` : ""}`,
        actor,
        at: now,
      });
    }
    return registerOf(tx, (await repo.findLearner(tx, id))!, now, actor);
  });
}

/**
 * Lets a register change made before its day through only with the office's reason, logged in
 * the same transaction (decision 330); a trainer cannot override.
 */
async function allowEarly(
  tx: DbOrTx,
  tooEarly: boolean,
  message: string,
  reason: string | undefined,
  actor: Viewer,
  what: string,
  now: Date,
): Promise<void> {
  if (!tooEarly) return;
  if (!reason) throw new HttpError(409, message);
  if (isTrainer(actor)) throw new HttpError(403, OVERRIDE_OFFICE_ONLY_MESSAGE);
  await logActivity(tx, {
    type: "other",
    action: "Register date override",
    details: `${what}. Reason: ${reason}`,
    actor,
    at: now,
  });
}

function checkCourseDay(row: Row, day: string): void {
  if (!courseDays(row.startDate, row.endDate).includes(day)) {
    throw new HttpError(400, "That day is not a day of this course", {
      issues: [{ path: "day", message: "That day is not a day of this course" }],
    });
  }
}

export async function recordAttendance(
  db: Db,
  id: number,
  input: z.infer<typeof AttendanceInputSchema>,
  actor: Viewer,
  now: Date,
): Promise<RegisterLearner> {
  return db.transaction(async (tx) => {
    const row = await lockForRegister(tx, id, actor);
    checkCourseDay(row, input.day);
    await allowEarly(
      tx,
      input.status !== null && attendanceTooEarly(input.day, ukDate(now)),
      ATTENDANCE_FUTURE_MESSAGE,
      input.override_reason,
      actor,
      `Attendance of ${who(row)} for ${input.day} recorded before the day`,
      now,
    );
    const arrived = input.status === "late" ? (input.arrived_at ?? null) : null;
    await repo.setAttendance(tx, id, input.day, input.status, arrived, actor.name, now);
    await logActivity(tx, {
      type: "other",
      action: "Attendance recorded",
      details: `${who(row)}: ${input.day} ${input.status ?? "cleared"}${arrived ? ` at ${arrived}` : ""}`,
      actor,
      at: now,
    });
    return registerOf(tx, (await repo.findLearner(tx, id))!, now, actor);
  });
}

export async function recordResults(
  db: Db,
  id: number,
  input: z.infer<typeof ResultsInputSchema>,
  actor: Viewer,
  now: Date,
  mail: MailSettings,
): Promise<{ learner: RegisterLearner; mailed: boolean }> {
  return db.transaction(async (tx) => {
    const row = await lockForRegister(tx, id, actor);
    const before = await registerOf(tx, row, now, actor);
    // SIA: no assessment without valid first-aid evidence for door supervisors and security guards.
    if (before.readiness.results_blocked)
      throw new HttpError(
        409,
        `Results cannot be recorded: ${before.readiness.results_blocked.charAt(0).toLowerCase()}${before.readiness.results_blocked.slice(1)}`,
      );
    await allowEarly(
      tx,
      input.results.some((r) => r.result !== null) && resultsTooEarly(row.endDate, ukDate(now)),
      RESULTS_EARLY_MESSAGE,
      input.override_reason,
      actor,
      `Results of ${who(row)} recorded before the assessment day (${row.endDate})`,
      now,
    );
    const units = unitsOr(await repo.unitsOfCourse(tx, row.courseId));
    const unknown = input.results.find((r) => !units.includes(r.unit));
    if (unknown)
      throw new HttpError(400, `"${unknown.unit}" is not a unit of this course`, {
        issues: [{ path: "results", message: `"${unknown.unit}" is not a unit of this course` }],
      });
    for (const r of input.results) await repo.setResult(tx, id, r.unit, r.result, actor.name, now);
    const after = await registerOf(tx, row, now, actor);
    await logActivity(tx, {
      type: "course_completion",
      action: "Results recorded",
      details: `${who(row)}: ${input.results.map((r) => `${r.unit} ${r.result ?? "cleared"}`).join(", ")}`,
      actor,
      at: now,
    });
    // The learner hears once every unit has a result, and again only when the results change
    // (held while the order's terms hold results until it is paid in full).
    const mailed = await queueResultMailTx(tx, row, after, mail, now, learnerEmail(row));
    return { learner: after, mailed };
  });
}

export async function setCertificate(db: Db, id: number, issued: boolean, actor: Viewer, now: Date): Promise<RegisterLearner> {
  return db.transaction(async (tx) => {
    const row = await lockForRegister(tx, id, actor);
    if (issued !== (row.rec.certificateIssuedAt !== null)) {
      if (issued) {
        const reg = await registerOf(tx, row, now, actor);
        if (reg.readiness.result !== "pass")
          throw new HttpError(409, "A certificate can be issued only after every unit is passed");
        if (resultsHeldFor(row)) throw new HttpError(409, HELD_CERTIFICATE_MESSAGE);
      }
      await repo.updateLearner(
        tx,
        id,
        issued
          ? { certificateIssuedAt: now, certificateIssuedBy: actor.name }
          : { certificateIssuedAt: null, certificateIssuedBy: null },
        now,
      );
      await logActivity(tx, {
        type: "course_completion",
        action: issued ? "Certificate issued" : "Certificate issue undone",
        details: who(row),
        actor,
        at: now,
      });
    }
    return registerOf(tx, (await repo.findLearner(tx, id))!, now, actor);
  });
}

/** The trainer's (or office's) "seen" mark on the uploaded evidence, logged (decision 331). */
export async function markEvidenceSeen(db: Db, id: number, seen: boolean, actor: Viewer, now: Date): Promise<RegisterLearner> {
  return db.transaction(async (tx) => {
    const row = await lockForRegister(tx, id, actor);
    if (row.evidenceName === null) throw new HttpError(409, "No first aid certificate has been uploaded");
    if (seen !== (row.rec.evidenceSeenAt !== null)) {
      await repo.updateLearner(
        tx,
        id,
        seen ? { evidenceSeenAt: now, evidenceSeenBy: actor.name } : { evidenceSeenAt: null, evidenceSeenBy: null },
        now,
      );
      await logActivity(tx, {
        type: "other",
        action: seen ? "Learner evidence marked seen" : "Learner evidence seen mark removed",
        details: `First aid certificate of ${who(row)}`,
        actor,
        at: now,
      });
    }
    return registerOf(tx, (await repo.findLearner(tx, id))!, now, actor);
  });
}

/** "Mark everyone present" for one day: learners without a mark that day become present, in one transaction. */
export async function markAllPresent(
  db: Db,
  courseDateId: number,
  input: { day: string; override_reason?: string | undefined },
  actor: Viewer,
  now: Date,
): Promise<LearnerBoard> {
  return db.transaction(async (tx) => {
    const board = await getBoard(tx, courseDateId, "all", now, actor);
    if (!board.days.includes(input.day))
      throw new HttpError(400, "That day is not a day of this course", {
        issues: [{ path: "day", message: "That day is not a day of this course" }],
      });
    await allowEarly(
      tx,
      attendanceTooEarly(input.day, ukDate(now)),
      ATTENDANCE_FUTURE_MESSAGE,
      input.override_reason,
      actor,
      `Everyone on ${board.course_title} (${board.start_date}) marked present for ${input.day} before the day`,
      now,
    );
    const unmarked = board.learners.filter((l) => !l.purged && !l.attendance.some((a) => a.day === input.day));
    for (const l of unmarked) {
      await repo.lockLearner(tx, l.id);
      await repo.setAttendance(tx, l.id, input.day, "present", null, actor.name, now);
    }
    if (unmarked.length)
      await logActivity(tx, {
        type: "other",
        action: "Attendance recorded",
        details: `${board.course_title} (${board.start_date}): ${unmarked.map((l) => l.name).join(", ")} present on ${input.day}`,
        actor,
        at: now,
      });
    return getBoard(tx, courseDateId, "all", now, actor);
  });
}

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

/** One CSV cell (RFC 4180) with formula-injection protection (a leading = + - @ is made text). */
export function csvCell(value: string | null | undefined): string {
  let v = value ?? "";
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

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

/** Everything held about one learner (subject access request); the download is logged. */
export async function subjectAccess(db: Db, id: number, actor: Actor, now: Date, format: "JSON" | "PDF") {
  return db.transaction(async (tx) => {
    const row = await repo.findLearner(tx, id);
    if (!row) throw new HttpError(404, "Learner not found");
    const r = row.rec;
    const attendance = await repo.attendanceOf(tx, [id]);
    const results = await repo.resultsOf(tx, [id]);
    const evidence = await repo.loadEvidence(tx, id);
    const activity = await tx.execute<{ action: string; user_name: string; created_at: Date }>(
      // Entries that name this learner's booking and name (register actions, evidence views).
      sqlActivityFor(`${attendeeName(row)} (${row.courseTitle}`),
    );
    await logActivity(tx, { type: "security", action: `Subject access download (${format})`, details: who(row), actor, at: now });
    return {
      generated_at: now.toISOString(),
      learner: {
        name_on_booking: attendeeName(row),
        full_name_as_on_id: r.fullName,
        date_of_birth: r.dateOfBirth,
        address: r.address,
        postcode: r.postcode,
        phone: r.phone,
        email: r.email ?? row.attendeeEmail,
        emergency_contact: r.emergencyName,
        emergency_phone: r.emergencyPhone,
        reasonable_adjustments: r.adjustments,
        id_document_type: r.idDocumentType ? ID_DOCUMENT_LABELS[r.idDocumentType as IdDocumentType] : null,
        id_document_expiry: r.idDocumentExpiry,
        first_aid_qualification: r.firstAidTitle,
        first_aid_awarding_body: r.firstAidBody,
        first_aid_achieved_on: r.firstAidAchievedOn,
        first_aid_expires_on: r.firstAidExpiresOn,
        english_language_declared_at: iso(r.englishDeclaredAt),
        fitness_declaration_name: r.fitnessName,
        fitness_declared_at: iso(r.fitnessDeclaredAt),
        uln: r.uln,
        sia_account_link_consent: r.siaLinkConsent,
        sia_account_link_consent_at: iso(r.siaLinkConsentAt),
        marketing_consent_at: iso(r.marketingConsentAt),
        id_checked_at: iso(r.idCheckedAt),
        id_checked_by: r.idCheckedBy,
        id_document_seen: r.idCheckedDocument
          ? (ID_DOCUMENT_LABELS[r.idCheckedDocument as IdDocumentType] ?? r.idCheckedDocument)
          : null,
        certificate_issued_at: iso(r.certificateIssuedAt),
        record_created_at: r.createdAt.toISOString(),
        record_deleted_at: iso(r.purgedAt),
      },
      booking: {
        booking_reference: formatBookingRef(row.bookingRef),
        course: row.courseTitle,
        start_date: row.startDate,
        end_date: row.endDate,
        status: row.orderStatus,
        booked_by: `${row.buyerFirstName} ${row.buyerLastName}`,
        paid_at: iso(row.paidAt),
      },
      attendance: attendance.map((a) => ({
        day: a.day,
        status: a.status,
        arrived_at: a.arrivedAt,
        recorded_by: a.recordedBy,
        recorded_at: a.recordedAt.toISOString(),
      })),
      results: results.map((x) => ({
        unit: x.unit,
        result: x.result,
        recorded_by: x.recordedBy,
        recorded_at: x.recordedAt.toISOString(),
      })),
      evidence: evidence
        ? [
            {
              kind: "First aid certificate",
              file_name: evidence.fileName,
              content_type: evidence.contentType,
              size_bytes: evidence.sizeBytes,
              sha256: evidence.sha256,
              uploaded_at: evidence.uploadedAt.toISOString(),
            },
          ]
        : [],
      activity: activity.rows.map((a) => ({ action: a.action, by: a.user_name, at: new Date(a.created_at).toISOString() })),
    };
  });
}

function sqlActivityFor(prefix: string) {
  return sql`select action, user_name, created_at from activity_log where details like ${`%${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} order by created_at, id limit 500`;
}

// ---------------------------------------------------------------- retention

/** Years after the course end that the form and the evidence are kept (SIA: at least 3). */
export const RETENTION_YEARS = 3;

/**
 * Deletes the learner form and the evidence of every course that ended more than 3 years before
 * `now` (UK dates), each deletion logged; bookings, amounts, attendees, attendance and results
 * stay. Safe to run on several instances at once (rows locked with SKIP LOCKED). Returns how many.
 */
export async function purgeExpiredLearnerRecords(db: Db, now: Date): Promise<number> {
  const today = ukDate(now);
  const [y, m, d] = today.split("-");
  // The day 3 years ago (29 Feb → 28 Feb); a course that ended before it is past retention.
  const cutoff = `${Number(y) - RETENTION_YEARS}-${m}-${m === "02" && d === "29" ? "28" : d}`;
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await repo.lockExpiredLearners(tx, cutoff, 100);
      for (const l of due) {
        const files = await repo.purgeLearner(tx, l.id, now);
        await logActivity(tx, {
          type: "security",
          action: "Learner record deleted (retention)",
          details: `Form${files ? " and first aid evidence" : ""} of ${l.name} (${l.title}, ended ${l.end_date}, booking ${formatBookingRef(l.booking_ref)}) deleted ${RETENTION_YEARS} years after the course`,
          actor: { id: null, name: "System" },
          at: now,
        });
      }
      return due.length;
    });
    total += done;
    if (done < 100) return total;
  }
}
