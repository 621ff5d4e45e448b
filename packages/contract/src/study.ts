/**
 * The office's side of the learner's portal (learner portal, decisions 350-359): study units with
 * their paper settings, revision sections (Markdown), the question bank, mock scores beside the
 * readiness board, certificate progress, licence steps and the portal's closing date.
 * Reading is open to trainers; writing the content and the learner's records is office work.
 */
import { z } from "zod";
import { adminResponses, c, ErrorSchema, IsoDate, MAX_INT, officeOnly, PageQuery, TEXT_MAX, trainerToo } from "./common";
import {
  AttemptSchema,
  CERTIFICATE_SENT_HOW,
  CertificateProgressSchema,
  LicenceProgressSchema,
  LicenceStepInputSchema,
} from "./portal";

/** Paper defaults by unit number (door supervisor), from the awarding bodies' published formats. */
export const PAPER_DEFAULTS = { questions: 20, minutes: 30, pass_percent: 70 } as const;
export const REVISION_BODY_MAX = 20_000;

const text = (max: number, message: string) => z.string().trim().min(1, message).max(max, `Please use at most ${max} characters`);

export const UnitInputSchema = z.object({
  course_id: z.number().int().positive().max(MAX_INT),
  title: text(TEXT_MAX.short, "Please enter the unit's title"),
  position: z.number().int().min(0).max(100).default(0),
  question_count: z
    .number()
    .int()
    .min(1, "At least 1 question")
    .max(200, "At most 200 questions")
    .default(PAPER_DEFAULTS.questions),
  minutes: z.number().int().min(1, "At least 1 minute").max(600, "At most 600 minutes").default(PAPER_DEFAULTS.minutes),
  pass_percent: z.number().int().min(1, "From 1%").max(100, "Up to 100%").default(PAPER_DEFAULTS.pass_percent),
});
export const UnitSettingsSchema = UnitInputSchema.omit({ course_id: true }).partial();

export const SectionInputSchema = z.object({
  title: text(TEXT_MAX.short, "Please enter the section's title"),
  body: text(REVISION_BODY_MAX, "Please write the section's text"),
  position: z.number().int().min(0).max(1000).default(0),
});

export const QuestionInputSchema = z.object({
  question: text(1000, "Please write the question"),
  options: z.array(text(500, "Please fill in every option")).length(4, "A question has 4 options"),
  correct: z.number().int().min(0, "Please choose the right option").max(3, "Please choose the right option"),
  explanation: text(2000, "Please write a short explanation"),
});

export const StudyUnitSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  title: z.string(),
  position: z.number().int(),
  question_count: z.number().int(),
  minutes: z.number().int(),
  pass_percent: z.number().int(),
  bank_size: z.number().int(),
  sections: z.array(
    z.object({ id: z.number().int(), title: z.string(), body: z.string(), html: z.string(), position: z.number().int() }),
  ),
  questions: z.array(QuestionInputSchema.extend({ id: z.number().int() })),
});
export type StudyUnit = z.infer<typeof StudyUnitSchema>;

export const MockBoardSchema = z.object({
  course_date_id: z.number().int(),
  start_date: z.string(),
  /** From this day on, a unit not passed in a mock is flagged. */
  flag_from: z.string(),
  units: z.array(z.object({ id: z.number().int(), title: z.string(), pass_percent: z.number().int() })),
  learners: z.array(
    z.object({
      learner_id: z.number().int(),
      name: z.string(),
      flagged: z.boolean(),
      scores: z.array(
        z.object({
          unit_id: z.number().int(),
          best_percent: z.number().int().nullable(),
          latest_percent: z.number().int().nullable(),
          latest_attempt_id: z.number().int().nullable(),
          attempts: z.number().int(),
          flagged: z.boolean(),
        }),
      ),
    }),
  ),
});
export type MockBoard = z.infer<typeof MockBoardSchema>;

export const LearnerProgressSchema = z.object({
  learner_id: z.number().int(),
  name: z.string(),
  course_title: z.string(),
  end_date: z.string(),
  /** The last day the learner's portal opens (the office's date, or the default after the course). */
  portal_until: z.string(),
  certificate: CertificateProgressSchema,
  licence: LicenceProgressSchema,
  /** The first step not done and since when the learner has waited on it (last step done, or the course's end). */
  stuck_on: z.string().nullable(),
  stuck_since: z.string().nullable(),
  stuck_days: z.number().int().nullable(),
});

export type LearnerProgress = z.infer<typeof LearnerProgressSchema>;

export const CertificateProgressInputSchema = z.object({
  claimed_on: IsoDate.nullable().optional(),
  received_on: IsoDate.nullable().optional(),
  sent_on: IsoDate.nullable().optional(),
  sent_how: z
    .enum(CERTIFICATE_SENT_HOW, { errorMap: () => ({ message: "Please choose posted or collected" }) })
    .nullable()
    .optional(),
});

const IdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_INT) });

export const studyContract = c.router({
  units: {
    method: "GET",
    path: "/admin/study/units",
    query: z.object({ course_id: z.coerce.number().int().positive().max(MAX_INT).optional() }).optional(),
    responses: { 200: z.array(StudyUnitSchema), ...adminResponses },
    metadata: trainerToo,
    summary: "Study units (revision and question bank) with their paper settings",
  },
  createUnit: {
    method: "POST",
    path: "/admin/study/units",
    body: UnitInputSchema,
    responses: { 201: StudyUnitSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Adds a study unit to a course",
  },
  updateUnit: {
    method: "PUT",
    path: "/admin/study/units/:id",
    pathParams: IdParams,
    body: UnitSettingsSchema,
    responses: { 200: StudyUnitSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Changes a unit's title, order or paper settings (questions, minutes, pass mark)",
  },
  addSection: {
    method: "POST",
    path: "/admin/study/units/:id/sections",
    pathParams: IdParams,
    body: SectionInputSchema,
    responses: { 201: StudyUnitSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Adds a revision section (Markdown, sanitised to HTML)",
  },
  updateSection: {
    method: "PUT",
    path: "/admin/study/sections/:id",
    pathParams: IdParams,
    body: SectionInputSchema,
    responses: { 200: StudyUnitSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Changes a revision section",
  },
  deleteSection: {
    method: "DELETE",
    path: "/admin/study/sections/:id",
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 200: StudyUnitSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Removes a revision section",
  },
  addQuestion: {
    method: "POST",
    path: "/admin/study/units/:id/questions",
    pathParams: IdParams,
    body: QuestionInputSchema,
    responses: { 201: StudyUnitSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Adds a question to a unit's bank",
  },
  updateQuestion: {
    method: "PUT",
    path: "/admin/study/questions/:id",
    pathParams: IdParams,
    body: QuestionInputSchema,
    responses: { 200: StudyUnitSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Changes a question",
  },
  archiveQuestion: {
    method: "DELETE",
    path: "/admin/study/questions/:id",
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 200: StudyUnitSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Takes a question out of new papers (past attempts keep it)",
  },
  mockBoard: {
    method: "GET",
    path: "/admin/learners/dates/:dateId/mocks",
    pathParams: z.object({ dateId: z.coerce.number().int().positive().max(MAX_INT) }),
    responses: { 200: MockBoardSchema, 404: ErrorSchema, ...adminResponses },
    metadata: trainerToo,
    summary: "Best and latest mock score per learner and unit of a course date, with flags",
  },
  attempt: {
    method: "GET",
    path: "/admin/learners/:id/mocks/:attemptId",
    pathParams: IdParams.extend({ attemptId: z.coerce.number().int().positive().max(MAX_INT) }),
    responses: { 200: AttemptSchema, 404: ErrorSchema, ...adminResponses },
    metadata: trainerToo,
    summary: "A learner's mock paper with their answers (each view is written to the activity log)",
  },
  progress: {
    method: "GET",
    path: "/admin/learners/progress",
    query: PageQuery.optional(),
    responses: { 200: z.array(LearnerProgressSchema), ...adminResponses },
    metadata: { ...officeOnly, totalCount: true },
    summary: "Certificates and licence applications still open, longest stuck first, paged (x-total-count)",
  },
  certificateProgress: {
    method: "PUT",
    path: "/admin/learners/:id/certificate-progress",
    pathParams: IdParams,
    body: CertificateProgressInputSchema,
    responses: { 200: LearnerProgressSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Records the certificate claimed, received, and sent or collected (with dates)",
  },
  licenceStep: {
    method: "PUT",
    path: "/admin/learners/:id/licence-steps",
    pathParams: IdParams,
    body: LicenceStepInputSchema,
    responses: { 200: LearnerProgressSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Records a licence application step for the learner",
  },
  portalUntil: {
    method: "PUT",
    path: "/admin/learners/:id/portal",
    pathParams: IdParams,
    body: z.object({ until: IsoDate.nullable() }),
    responses: { 200: z.object({ open_until: z.string() }), 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Sets the last day the learner's portal opens (null: the default months after the course)",
  },
});
