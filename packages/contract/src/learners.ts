/**
 * Learner records for licence-linked courses (issue 14): the learner's pre-course form (public,
 * by an unguessable token), the centre's readiness board and digital register, exports and the
 * subject access download. The rules the form and the API share live here (first-aid 12-month
 * rule, ID document list, what is missing), so both say the same words. One file for the whole
 * resource (schemas, shared rules, routes) like the other contract files, hence its length.
 */
import { z } from "zod";
import { addCalendarMonths, isIsoDate } from "@app/rules";
import { adminResponses, c, ErrorSchema, IsoDate, MAX_INT, officeOnly, TEXT_MAX, trainerToo } from "./common";

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
/** Register timing (issue 27, decision 330): the register records what happened, not what is planned. */
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

const optionalText = (max: number = TEXT_MAX.short) =>
  z.string().max(max, `Please use at most ${max} characters`).trim().nullable().optional();
const optionalDate = IsoDate.nullable().optional();
const pastDate = (message: string) =>
  optionalDate.refine((v) => v == null || !isIsoDate(v) || v <= new Date().toISOString().slice(0, 10), message);

/**
 * What the learner sends while filling the form: any subset of the fields (saves as you go);
 * null clears a field. Declarations are booleans here; the API stores when they were given.
 */
export const LearnerFormPatchSchema = z
  .object({
    full_name: optionalText(),
    date_of_birth: pastDate("Your date of birth must be in the past"),
    address: optionalText(500),
    postcode: optionalText(12).refine(
      (v) => v == null || v === "" || /^[A-Za-z0-9 ]{5,8}$/.test(v),
      "Please enter a valid postcode",
    ),
    phone: optionalText(TEXT_MAX.phone).refine(
      (v) => v == null || v === "" || (/^[+\d\s()-]+$/.test(v) && v.replace(/\D/g, "").length >= 10),
      "Please enter a valid phone number",
    ),
    email: optionalText(TEXT_MAX.email).refine(
      (v) => v == null || v === "" || z.string().email().safeParse(v).success,
      "Please enter a valid email address",
    ),
    emergency_name: optionalText(),
    emergency_phone: optionalText(TEXT_MAX.phone).refine(
      (v) => v == null || v === "" || (/^[+\d\s()-]+$/.test(v) && v.replace(/\D/g, "").length >= 10),
      "Please enter a valid phone number",
    ),
    adjustments: optionalText(TEXT_MAX.details),
    id_document_type: z
      .enum(ID_DOCUMENT_TYPES, { errorMap: () => ({ message: "Please choose an ID document from the list" }) })
      .nullable()
      .optional(),
    id_document_expiry: optionalDate,
    first_aid_title: optionalText(),
    first_aid_body: optionalText(),
    first_aid_achieved_on: pastDate("The date you achieved your first aid qualification must be in the past"),
    first_aid_expires_on: optionalDate,
    english_declared: z.boolean().optional(),
    /** The fitness declaration is given by typing one's name; an empty name withdraws it. */
    fitness_name: optionalText(),
    uln: optionalText(10).refine((v) => v == null || v === "" || /^\d{10}$/.test(v), "A ULN is 10 digits"),
    sia_link_consent: z.boolean().nullable().optional(),
    marketing_opt_in: z.boolean().optional(),
  })
  .strict();
export type LearnerFormPatch = z.input<typeof LearnerFormPatchSchema>;

export const EvidenceUploadSchema = z.object({
  file_name: z.string().trim().min(1, "Please choose a file").max(200, "Please use a shorter file name"),
  data_url: z
    .string({ required_error: "Please choose a file" })
    .max(EVIDENCE_DATA_URL_MAX_CHARS, EVIDENCE_TOO_LARGE_MESSAGE)
    .regex(/^data:[^;,]*(;[^,]*)?,/, EVIDENCE_TYPE_MESSAGE),
});

export const EvidenceMetaSchema = z.object({
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  uploaded_at: z.string(),
});

/** One thing still to do, by field (the form shows it beside the field and in a list at the top). */
export const MissingItemSchema = z.object({ field: z.string(), message: z.string() });
export type MissingItem = z.infer<typeof MissingItemSchema>;

/** The learner's form as the learner sees it. */
export const LearnerFormSchema = z.object({
  attendee_name: z.string(),
  course_title: z.string(),
  licence_kind: z.enum(LICENCE_KINDS),
  start_date: z.string(),
  end_date: z.string(),
  first_aid_required: z.boolean(),
  first_aid_min_expiry: z.string(),
  efaw_path: z.string(),
  fields: z.object({
    full_name: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    address: z.string().nullable(),
    postcode: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    emergency_name: z.string().nullable(),
    emergency_phone: z.string().nullable(),
    adjustments: z.string().nullable(),
    id_document_type: z.enum(ID_DOCUMENT_TYPES).nullable(),
    id_document_expiry: z.string().nullable(),
    first_aid_title: z.string().nullable(),
    first_aid_body: z.string().nullable(),
    first_aid_achieved_on: z.string().nullable(),
    first_aid_expires_on: z.string().nullable(),
    english_declared_at: z.string().nullable(),
    fitness_name: z.string().nullable(),
    fitness_declared_at: z.string().nullable(),
    uln: z.string().nullable(),
    sia_link_consent: z.boolean().nullable(),
    marketing_opt_in: z.boolean(),
  }),
  evidence: EvidenceMetaSchema.nullable(),
  missing: z.array(MissingItemSchema),
  complete: z.boolean(),
  updated_at: z.string(),
});
export type LearnerForm = z.infer<typeof LearnerFormSchema>;

/** Where a learner stands before and during the course (the readiness board's columns). */
export const ReadinessSchema = z.object({
  details_complete: z.boolean(),
  /** 'not_needed' for CCTV courses. */
  first_aid: z.enum(["valid", "missing", "invalid", "not_needed"]),
  fitness_declared: z.boolean(),
  id_checked: z.boolean(),
  /** Days marked present or late, of the course days. */
  days_attended: z.number().int(),
  days_recorded: z.number().int(),
  result: z.enum(["none", "pass", "fail", "resit", "incomplete"]),
  certificate_issued: z.boolean(),
  ready: z.boolean(),
  /** Why the learner is not ready, or cannot be assessed (plain words). */
  reasons: z.array(z.string()),
  /** Why results cannot be recorded now (null: they can). */
  results_blocked: z.string().nullable(),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

export const RegisterLearnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string().nullable(),
  booking_reference: z.string(),
  /** E-mail, phone, emergency contact and address are null for trainers (decision 333). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  adjustments: z.string().nullable(),
  emergency: z.string().nullable(),
  id_document_type: z.enum(ID_DOCUMENT_TYPES).nullable(),
  id_checked_document: z.string().nullable(),
  id_checked_at: z.string().nullable(),
  id_checked_by: z.string().nullable(),
  first_aid_expires_on: z.string().nullable(),
  /** The rest of the learner's form, for the centre (the board's 'Details'). */
  details: z.object({
    date_of_birth: z.string().nullable(),
    address: z.string().nullable(),
    postcode: z.string().nullable(),
    id_document_expiry: z.string().nullable(),
    first_aid_title: z.string().nullable(),
    first_aid_body: z.string().nullable(),
    first_aid_achieved_on: z.string().nullable(),
    english_declared_at: z.string().nullable(),
    fitness_name: z.string().nullable(),
    fitness_declared_at: z.string().nullable(),
    uln: z.string().nullable(),
    sia_link_consent: z.boolean().nullable(),
  }),
  has_evidence: z.boolean(),
  /** When and by whom the evidence was marked seen (null: not yet). */
  evidence_seen_at: z.string().nullable(),
  evidence_seen_by: z.string().nullable(),
  attendance: z.array(z.object({ day: z.string(), status: z.enum(ATTENDANCE_STATUSES), arrived_at: z.string().nullable() })),
  results: z.array(z.object({ unit: z.string(), result: z.enum(UNIT_RESULTS) })),
  certificate_issued_at: z.string().nullable(),
  purged: z.boolean(),
  readiness: ReadinessSchema,
});
export type RegisterLearner = z.infer<typeof RegisterLearnerSchema>;

export const LearnerDateSummarySchema = z.object({
  course_date_id: z.number().int(),
  course_title: z.string(),
  licence_kind: z.enum(LICENCE_KINDS),
  start_date: z.string(),
  end_date: z.string(),
  learners: z.number().int(),
  not_ready: z.number().int(),
});
export type LearnerDateSummary = z.infer<typeof LearnerDateSummarySchema>;

export const LearnerBoardSchema = z.object({
  course_date_id: z.number().int(),
  course_title: z.string(),
  licence_kind: z.enum(LICENCE_KINDS),
  first_aid_required: z.boolean(),
  start_date: z.string(),
  end_date: z.string(),
  time: z.string(),
  days: z.array(z.string()),
  units: z.array(z.string()),
  learners: z.array(RegisterLearnerSchema),
});
export type LearnerBoard = z.infer<typeof LearnerBoardSchema>;

export const IdCheckSchema = z.object({
  /** false undoes a tick made by mistake. */
  checked: z.boolean(),
  document_type: z.enum(ID_DOCUMENT_TYPES, { errorMap: () => ({ message: "Please choose the document type seen" }) }).optional(),
});

/** The office's reason for recording before the day (written to the activity log); trainers cannot override. */
const OverrideReason = z
  .string()
  .trim()
  .min(5, "Please give a reason of at least 5 characters")
  .max(TEXT_MAX.short, `Please use at most ${TEXT_MAX.short} characters`)
  .optional();

export const AttendanceInputSchema = z
  .object({
    day: IsoDate,
    override_reason: OverrideReason,
    status: z.enum(ATTENDANCE_STATUSES, { errorMap: () => ({ message: "Please choose present, absent or late" }) }).nullable(),
    arrived_at: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Please enter the time like 09:40")
      .nullable()
      .optional(),
  })
  .refine((v) => v.status !== "late" || !!v.arrived_at, {
    message: "Please enter the time the learner arrived",
    path: ["arrived_at"],
  });

export const ResultsInputSchema = z.object({
  results: z
    .array(z.object({ unit: z.string().trim().min(1).max(TEXT_MAX.short), result: z.enum(UNIT_RESULTS).nullable() }))
    .min(1, "Please record at least one result")
    .max(100),
  override_reason: OverrideReason,
});

/** "Mark everyone present" for one day of a course date (learners already marked keep their mark). */
export const MarkAllPresentSchema = z.object({ day: IsoDate, override_reason: OverrideReason });

/** The trainer's "seen" mark on a learner's uploaded evidence; false takes it back. */
export const EvidenceSeenSchema = z.object({ seen: z.boolean() });

export const CertificateInputSchema = z.object({ issued: z.boolean() });

const LearnerIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_INT) });
const DateIdParams = z.object({ dateId: z.coerce.number().int().positive().max(MAX_INT) });
const TokenParams = z.object({ token: z.string().min(1).max(200) });

/** The subject access download (JSON): everything we hold about one learner. */
export const SubjectAccessSchema = z.object({
  generated_at: z.string(),
  learner: z.record(z.unknown()),
  booking: z.record(z.unknown()),
  attendance: z.array(z.record(z.unknown())),
  results: z.array(z.record(z.unknown())),
  evidence: z.array(z.record(z.unknown())),
  activity: z.array(z.record(z.unknown())),
});

/** Learner links for the buyer (success page, confirmation mail): one per attendee of a licence-linked course. */
export const LearnerLinkSchema = z.object({ name: z.string(), course_title: z.string(), url: z.string() });
export type LearnerLink = z.infer<typeof LearnerLinkSchema>;

const fileResponse = c.otherResponse({ contentType: "application/octet-stream", body: c.type<Buffer>() });

export const learnersContract = c.router({
  form: {
    method: "GET",
    path: "/learner-forms/:token",
    pathParams: TokenParams,
    responses: { 200: LearnerFormSchema, 404: ErrorSchema, 410: ErrorSchema },
    summary: "The learner's pre-course form (by the personal link's token)",
  },
  saveForm: {
    // PUT with any subset of the fields (the API's CORS allows no PATCH); fields left out stay as they are.
    method: "PUT",
    path: "/learner-forms/:token",
    pathParams: TokenParams,
    body: LearnerFormPatchSchema,
    responses: { 200: LearnerFormSchema, 404: ErrorSchema, 410: ErrorSchema },
    summary: "Saves part of the learner's form (any fields; the form saves as the learner types)",
  },
  uploadFirstAid: {
    method: "PUT",
    path: "/learner-forms/:token/first-aid-certificate",
    pathParams: TokenParams,
    body: EvidenceUploadSchema,
    responses: { 200: LearnerFormSchema, 404: ErrorSchema, 410: ErrorSchema, 413: ErrorSchema },
    summary: "Uploads the first-aid certificate (PDF, JPEG, PNG or WebP by its bytes, at most 10 MB)",
  },
  dates: {
    method: "GET",
    path: "/admin/learners/dates",
    responses: { 200: z.array(LearnerDateSummarySchema), ...adminResponses },
    metadata: trainerToo,
    summary: "Course dates with learner records (licence-linked courses), soonest first",
  },
  board: {
    method: "GET",
    path: "/admin/learners/dates/:dateId",
    pathParams: DateIdParams,
    query: z.object({ filter: z.enum(["all", "not_ready"]).optional() }).optional(),
    responses: { 200: LearnerBoardSchema, 404: ErrorSchema, ...adminResponses },
    metadata: trainerToo,
    summary: "Readiness board and register of one course date",
  },
  checkId: {
    method: "PUT",
    path: "/admin/learners/:id/id-check",
    pathParams: LearnerIdParams,
    body: IdCheckSchema,
    responses: { 200: RegisterLearnerSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: trainerToo,
    summary: "Ticks (or unticks) the ID check with the document type seen",
  },
  attendance: {
    method: "PUT",
    path: "/admin/learners/:id/attendance",
    pathParams: LearnerIdParams,
    body: AttendanceInputSchema,
    responses: { 200: RegisterLearnerSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: trainerToo,
    summary: "Attendance of one course day: present, absent or late (with the time)",
  },
  results: {
    method: "PUT",
    path: "/admin/learners/:id/results",
    pathParams: LearnerIdParams,
    body: ResultsInputSchema,
    responses: { 200: RegisterLearnerSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: trainerToo,
    summary: "Results per unit (pass, fail, resit); refused while first-aid evidence is missing or invalid",
  },
  certificate: {
    method: "PUT",
    path: "/admin/learners/:id/certificate",
    pathParams: LearnerIdParams,
    body: CertificateInputSchema,
    responses: { 200: RegisterLearnerSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: trainerToo,
    summary: "Marks the certificate issued (or not)",
  },
  evidence: {
    method: "GET",
    path: "/admin/learners/:id/evidence",
    pathParams: LearnerIdParams,
    responses: { 200: fileResponse, 404: ErrorSchema, ...adminResponses },
    metadata: trainerToo,
    summary: "The learner's first-aid certificate file (each view is written to the activity log; trainers: their dates only)",
  },
  evidenceSeen: {
    method: "PUT",
    path: "/admin/learners/:id/evidence-seen",
    pathParams: LearnerIdParams,
    body: EvidenceSeenSchema,
    responses: { 200: RegisterLearnerSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: trainerToo,
    summary: "Marks the learner's uploaded evidence seen (or not), logged",
  },
  markAllPresent: {
    method: "PUT",
    path: "/admin/learners/dates/:dateId/attendance",
    pathParams: DateIdParams,
    body: MarkAllPresentSchema,
    responses: { 200: LearnerBoardSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: trainerToo,
    summary: "Marks every learner without a mark present on one day (same date rules as single attendance)",
  },
  registrationCsv: {
    method: "GET",
    path: "/admin/learners/dates/:dateId/registration.csv",
    pathParams: DateIdParams,
    responses: { 200: c.otherResponse({ contentType: "text/csv", body: c.type<string>() }), 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Awarding-organisation bulk registration CSV: one row per learner of the date",
  },
  subjectAccessJson: {
    method: "GET",
    path: "/admin/learners/:id/subject-access.json",
    pathParams: LearnerIdParams,
    responses: { 200: SubjectAccessSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Everything held about one learner (subject access request), as JSON",
  },
  subjectAccessPdf: {
    method: "GET",
    path: "/admin/learners/:id/subject-access.pdf",
    pathParams: LearnerIdParams,
    responses: { 200: fileResponse, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Everything held about one learner (subject access request), as PDF",
  },
});
