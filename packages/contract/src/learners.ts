/**
 * Learner records for licence-linked courses: the learner's pre-course form (public, by an
 * unguessable token), the centre's readiness board and digital register, exports and the subject
 * access download. The shared facts (first-aid 12-month rule, ID document list, messages) are in
 * `learner-facts.ts`, the register's schemas in `learner-register.ts`; this file holds the form's
 * schemas and the routes.
 */
import { z } from "zod";
import { isIsoDate } from "@app/rules";
import { adminResponses, c, ErrorSchema, IsoDate, MAX_INT, officeOnly, TEXT_MAX, trainerToo } from "./common";
import {
  EVIDENCE_DATA_URL_MAX_CHARS,
  EVIDENCE_TOO_LARGE_MESSAGE,
  EVIDENCE_TYPE_MESSAGE,
  ID_DOCUMENT_TYPES,
  LICENCE_KINDS,
} from "./learner-facts";
import {
  AttendanceInputSchema,
  CertificateInputSchema,
  EvidenceSeenSchema,
  IdCheckSchema,
  LearnerBoardSchema,
  LearnerDateSummarySchema,
  LearnerDatesQuery,
  MissingItemSchema,
  MarkAllPresentSchema,
  RegisterLearnerSchema,
  ResultsInputSchema,
} from "./learner-register";

export * from "./learner-facts";
export * from "./learner-register";

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
    query: LearnerDatesQuery.optional(),
    responses: { 200: z.array(LearnerDateSummarySchema), ...adminResponses },
    metadata: { ...trainerToo, totalCount: true },
    summary:
      "Course dates with learner records, paged (x-total-count): current (ending from a week ago on, soonest first) or past (latest first)",
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
