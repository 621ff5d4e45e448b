/**
 * The centre's side of learner records: the readiness board, the digital register (attendance,
 * ID checks, results, certificates) and what the office and trainers send to record them.
 */
import { z } from "zod";
import { IsoDate, PageQuery, TEXT_MAX } from "./common";
import { ATTENDANCE_STATUSES, ID_DOCUMENT_TYPES, LICENCE_KINDS, UNIT_RESULTS } from "./learner-facts";

/** One thing still to do, by field (the form shows it beside the field and in a list at the top). */
export const MissingItemSchema = z.object({ field: z.string(), message: z.string() });
export type MissingItem = z.infer<typeof MissingItemSchema>;

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

/**
 * Which dates the learner dates list shows: `current` (default) the dates ending from
 * LEARNER_DATES_RECENT_DAYS days ago on, soonest first (this week's classes lead); `past` the
 * dates that ended before, latest first. Both paged (`page`, `limit`, default
 * LEARNER_DATES_PAGE_SIZE; x-total-count).
 */
export const LEARNER_DATE_WINDOWS = ["current", "past"] as const;
export type LearnerDateWindow = (typeof LEARNER_DATE_WINDOWS)[number];
export const LEARNER_DATES_RECENT_DAYS = 7;
/** Dates per page when the query names no limit (each date's learners are read for its readiness). */
export const LEARNER_DATES_PAGE_SIZE = 25;
export const LearnerDatesQuery = PageQuery.extend({ when: z.enum(LEARNER_DATE_WINDOWS).optional() });

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
