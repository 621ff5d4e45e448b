/**
 * Pure rules of learner records: what is missing on a form, whether the first aid holds, where a
 * learner stands on the readiness board, and which file types the certificate may be.
 */
import {
  FIRST_AID_TOO_SHORT_MESSAGE,
  firstAidLongEnough,
  type AttendanceStatus,
  type MissingItem,
  type Readiness,
  type UnitResult,
} from "@app/contract";
import type { learnerRecords } from "../../db/schema";

/**
 * The columns of a learner record the rules read (a list that needs no more reads only these,
 * decision 534); a whole record is one too.
 */
export type ReadinessRec = Pick<
  typeof learnerRecords.$inferSelect,
  | "fullName"
  | "dateOfBirth"
  | "address"
  | "postcode"
  | "phone"
  | "email"
  | "emergencyName"
  | "emergencyPhone"
  | "idDocumentType"
  | "idDocumentExpiry"
  | "englishDeclaredAt"
  | "siaLinkConsent"
  | "firstAidRequired"
  | "firstAidTitle"
  | "firstAidBody"
  | "firstAidAchievedOn"
  | "firstAidExpiresOn"
  | "fitnessDeclaredAt"
  | "idCheckedAt"
  | "certificateIssuedAt"
  | "purgedAt"
>;
type Rec = ReadinessRec;

/** The form's fields in order, with what the form says while one is empty. */
const DETAIL_FIELDS: [keyof Rec, string, string][] = [
  ["fullName", "full_name", "Your full name as it appears on your ID"],
  ["dateOfBirth", "date_of_birth", "Your date of birth"],
  ["address", "address", "Your address"],
  ["postcode", "postcode", "Your postcode"],
  ["phone", "phone", "Your phone number"],
  ["email", "email", "Your e-mail address"],
  ["emergencyName", "emergency_name", "The name of an emergency contact"],
  ["emergencyPhone", "emergency_phone", "Your emergency contact's phone number"],
  ["idDocumentType", "id_document_type", "The ID document you will bring"],
  ["idDocumentExpiry", "id_document_expiry", "The expiry date of your ID document"],
  ["englishDeclaredAt", "english_declared", "The English language declaration"],
  ["siaLinkConsent", "sia_link_consent", "Your answer about linking your SIA account to ours"],
];

const FIRST_AID_FIELDS: [keyof Rec, string, string][] = [
  ["firstAidTitle", "first_aid_title", "The title of your first aid qualification"],
  ["firstAidBody", "first_aid_body", "The awarding body of your first aid qualification"],
  ["firstAidAchievedOn", "first_aid_achieved_on", "The date you achieved your first aid qualification"],
  ["firstAidExpiresOn", "first_aid_expires_on", "The expiry date of your first aid certificate"],
];

const empty = (v: unknown) => v === null || v === undefined || v === "";

export type FirstAidState = Readiness["first_aid"];

export function firstAidState(rec: Rec, hasEvidence: boolean, courseStart: string): FirstAidState {
  if (!rec.firstAidRequired) return "not_needed";
  if (FIRST_AID_FIELDS.some(([k]) => empty(rec[k])) || !hasEvidence) return "missing";
  return firstAidLongEnough(rec.firstAidExpiresOn!, courseStart) ? "valid" : "invalid";
}

/** Everything the learner still has to give, in the form's order. */
export function missingItems(rec: Rec, hasEvidence: boolean, courseStart: string): MissingItem[] {
  const out: MissingItem[] = DETAIL_FIELDS.filter(([k]) => empty(rec[k])).map(([, field, message]) => ({ field, message }));
  if (rec.firstAidRequired) {
    for (const [k, field, message] of FIRST_AID_FIELDS) if (empty(rec[k])) out.push({ field, message });
    if (rec.firstAidExpiresOn && !firstAidLongEnough(rec.firstAidExpiresOn, courseStart))
      out.push({ field: "first_aid_expires_on", message: FIRST_AID_TOO_SHORT_MESSAGE });
    if (!hasEvidence)
      out.push({ field: "first_aid_certificate", message: "A copy of your first aid certificate (photo or PDF)" });
  }
  if (empty(rec.fitnessDeclaredAt))
    out.push({ field: "fitness_name", message: "The fitness declaration (type your full name to sign it)" });
  return out;
}

export const FIRST_AID_REASON: Record<FirstAidState, string | null> = {
  valid: null,
  not_needed: null,
  missing: "First aid evidence is missing",
  invalid: "First aid certificate expires less than 12 months after the course start",
};

export function readinessOf(input: {
  rec: Rec;
  hasEvidence: boolean;
  courseStart: string;
  today: string;
  days: string[];
  units: string[];
  attendance: { day: string; status: AttendanceStatus }[];
  results: { unit: string; result: UnitResult }[];
}): Readiness {
  const { rec, hasEvidence, courseStart, today, days, units, attendance, results } = input;
  const missing = missingItems(rec, hasEvidence, courseStart);
  const firstAid = firstAidState(rec, hasEvidence, courseStart);
  const detailsComplete = !missing.some((m) => !m.field.startsWith("first_aid") && m.field !== "fitness_name");
  const fitness = !empty(rec.fitnessDeclaredAt);
  const idChecked = !empty(rec.idCheckedAt);
  const reasons: string[] = [];
  if (rec.purgedAt) reasons.push("Record deleted after the retention period");
  else {
    if (!detailsComplete)
      reasons.push(
        `Details incomplete (${missing.filter((m) => !m.field.startsWith("first_aid") && m.field !== "fitness_name").length} missing)`,
      );
    const fa = FIRST_AID_REASON[firstAid];
    if (fa) reasons.push(fa);
    if (!fitness) reasons.push("Fitness declaration not signed");
    // The ID check is done in the classroom on day 1: it counts from the first day on.
    if (!idChecked && today >= courseStart) reasons.push("ID not checked");
  }
  const byUnit = new Map(results.map((r) => [r.unit, r.result]));
  let result: Readiness["result"] = "none";
  if (results.length) {
    const all = units.map((u) => byUnit.get(u));
    if (all.some((r) => r === undefined)) result = "incomplete";
    else if (all.includes("fail")) result = "fail";
    else if (all.includes("resit")) result = "resit";
    else result = "pass";
  }
  const resultsBlocked = rec.purgedAt
    ? "The record was deleted after the retention period"
    : firstAid === "missing" || firstAid === "invalid"
      ? `${FIRST_AID_REASON[firstAid]}`
      : null;
  return {
    details_complete: detailsComplete,
    first_aid: firstAid,
    fitness_declared: fitness,
    id_checked: idChecked,
    days_attended: attendance.filter((a) => days.includes(a.day) && a.status !== "absent").length,
    days_recorded: attendance.filter((a) => days.includes(a.day)).length,
    result,
    certificate_issued: !empty(rec.certificateIssuedAt),
    ready: reasons.length === 0,
    reasons,
    results_blocked: resultsBlocked,
  };
}

/** The course days from start to end (inclusive): the shared calendar rule (at most 60 days). */
export { courseDays } from "@app/rules";

/** The file type by its first bytes (never the name or the claimed type): PDF, JPEG, PNG, WebP. */
export function sniffEvidenceType(bytes: Buffer): "application/pdf" | "image/jpeg" | "image/png" | "image/webp" | null {
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "image/webp";
  return null;
}
