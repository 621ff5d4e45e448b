/**
 * The plain facts of learner records the learner's form, the office and the API share: the
 * first-aid 12-month rule, the evidence limits, the ID documents and licence kinds, and the
 * messages each side shows in the same words.
 */
import { addCalendarMonths } from "@app/rules";

/** Largest first-aid certificate accepted, in bytes (10 MB). */
export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;
/** A base64 data URL of MAX_EVIDENCE_BYTES with room for its header. */
export const EVIDENCE_DATA_URL_MAX_CHARS = Math.ceil(MAX_EVIDENCE_BYTES / 3) * 4 + 200;
export const EVIDENCE_TOO_LARGE_MESSAGE =
  "The certificate file is larger than 10 MB. Please upload a smaller scan or photo (PDF, JPEG, PNG or WebP).";
export const EVIDENCE_TYPE_MESSAGE = "Please upload your certificate as a PDF, JPEG, PNG or WebP file.";
export const EVIDENCE_CONTENT_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/webp"] as const;

/** Months a first-aid certificate must still be valid after the course starts (SIA). */
export const FIRST_AID_MONTHS_AFTER_START = 12;
/** Where the 12-month message points (the EFAW course page on the public site). */
export const EFAW_COURSE_PATH = "/course/emergency-first-aid-at-work";
export const FIRST_AID_TOO_SHORT_MESSAGE =
  "Your first aid certificate must be valid for at least 12 months after the course starts. Book our Emergency First Aid at Work (EFAW) course, or add it to your booking, before your course begins.";

export const LINK_NOT_FOUND_MESSAGE =
  "This learner link is not valid. Please use the link from your confirmation e-mail, or call us.";
export const LINK_EXPIRED_MESSAGE =
  "This learner link has expired because the course has ended. Please call us if you need to change your details.";
/** Register timing (decision 330): the register records what happened, not what is planned. */
export const ATTENDANCE_FUTURE_MESSAGE =
  "Attendance can be recorded only on or after the course day (UK time). The office can override with a reason.";
export const RESULTS_EARLY_MESSAGE =
  "Results can be recorded only once the assessment day has begun (UK time). The office can override with a reason.";
export const OVERRIDE_OFFICE_ONLY_MESSAGE = "Only the office can override the register's dates";
export const RESULTS_BLOCKED_FIRST_AID = "Results cannot be recorded: first aid evidence is missing or invalid";

export const LICENCE_KINDS = ["door_supervisor", "security_guard", "cctv", "close_protection"] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];
export const LICENCE_KIND_LABELS: Record<LicenceKind, string> = {
  door_supervisor: "Door supervisor",
  security_guard: "Security guard",
  cctv: "CCTV operator",
  close_protection: "Close protection",
};

/** Identity documents the SIA accepts (group A), plus two group B documents together. */
export const ID_DOCUMENT_TYPES = [
  "passport",
  "uk_driving_licence",
  "biometric_residence_permit",
  "eu_identity_card",
  "uk_armed_forces_id",
  "two_group_b",
] as const;
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];
export const ID_DOCUMENT_LABELS: Record<IdDocumentType, string> = {
  passport: "Passport (any nationality)",
  uk_driving_licence: "UK photocard driving licence (full or provisional)",
  biometric_residence_permit: "UK biometric residence permit",
  eu_identity_card: "EU/EEA or Swiss national identity card",
  uk_armed_forces_id: "UK armed forces identity card",
  two_group_b: "Two group B documents (e.g. birth certificate and a bank statement)",
};

export const ATTENDANCE_STATUSES = ["present", "absent", "late"] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const UNIT_RESULTS = ["pass", "fail", "resit"] as const;
export type UnitResult = (typeof UNIT_RESULTS)[number];

/** Calendar-month arithmetic lives in @app/rules (the course finder counts the same months); re-exported for the form and tests. */
export { addCalendarMonths };

/** Earliest first-aid expiry accepted for a course starting on `courseStart` (exactly 12 months later). */
export const firstAidMinExpiry = (courseStart: string) => addCalendarMonths(courseStart, FIRST_AID_MONTHS_AFTER_START);

/** The SIA 12-month rule: true when the certificate is still valid 12 months after the course start. */
export const firstAidLongEnough = (expiresOn: string, courseStart: string) => expiresOn >= firstAidMinExpiry(courseStart);
