/**
 * The learner's portal (learner portal, decisions 350-359): what the learner sees by their own link
 * (the form as before, revision, mock exams, results, certificate progress, licence steps).
 * The office's routes for the same data are in study.ts.
 */
import { z } from "zod";
import { c, ErrorSchema, IsoDate, MAX_INT } from "./common";
import { LearnerFormSchema, UNIT_RESULTS } from "./learners";

export const PORTAL_EXPIRED_MESSAGE =
  "Your learner portal has closed. Please call us if you need your results or certificate details.";
export const TIME_UP_MESSAGE = "The time for this paper is up. Your answers given in time have been marked.";
export const PAPER_EMPTY_MESSAGE = "There are no practice questions for this unit yet.";

/** The licence application steps, in order, with the plain guidance the learner reads. */
export const LICENCE_STEPS = ["account", "qualification", "application", "id_check", "fee", "granted"] as const;
export type LicenceStep = (typeof LICENCE_STEPS)[number];
export const LICENCE_STEP_GUIDES: Record<LicenceStep, { title: string; guide: string }> = {
  account: {
    title: "SIA online account created",
    guide:
      "Go to the SIA's website and create your personal online account with your own e-mail address. Keep the login safe: you will use it for every licence you hold.",
  },
  qualification: {
    title: "Qualification on your SIA record",
    guide:
      "Once you pass, the awarding body sends your result to the SIA. It shows in your account within a few working days; tell us if it has not appeared after a week.",
  },
  application: {
    title: "Licence application submitted",
    guide:
      "In your SIA account choose 'Apply for a licence', pick the licence your course leads to and answer every question. Have five years of address history ready.",
  },
  id_check: {
    title: "ID checked",
    guide:
      "Prove your identity as the application asks: upload your documents or take them to the identity check you are offered. Use the same documents you brought to the course.",
  },
  fee: {
    title: "Fee paid",
    guide: "Pay the licence fee by card at the end of the application. Keep the payment confirmation.",
  },
  granted: {
    title: "Licence granted",
    guide:
      "The SIA tells you when your licence is granted. Add its number and expiry date here so we can remind you before it runs out.",
  },
};

export const CERTIFICATE_SENT_HOW = ["post", "collected"] as const;

export const UnitProgressSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  question_count: z.number().int(),
  minutes: z.number().int(),
  pass_percent: z.number().int(),
  /** Questions in the bank (a paper holds at most this many). */
  bank_size: z.number().int(),
  sections: z.array(z.object({ id: z.number().int(), title: z.string(), html: z.string(), done: z.boolean() })),
  best_percent: z.number().int().nullable(),
  latest_percent: z.number().int().nullable(),
  attempts: z.number().int(),
  /** A paper still running (reload or a second tab returns to it). */
  open_attempt_id: z.number().int().nullable(),
});

export const CertificateProgressSchema = z.object({
  results_on: IsoDate.nullable(),
  due_on: IsoDate.nullable(),
  claimed_on: IsoDate.nullable(),
  received_on: IsoDate.nullable(),
  sent_on: IsoDate.nullable(),
  sent_how: z.enum(CERTIFICATE_SENT_HOW).nullable(),
  overdue: z.boolean(),
});

export const LicenceProgressSchema = z.object({
  steps: z.array(
    z.object({
      step: z.enum(LICENCE_STEPS),
      title: z.string(),
      guide: z.string(),
      done_at: z.string().nullable(),
      recorded_by: z.string().nullable(),
    }),
  ),
  licence_number: z.string().nullable(),
  licence_expires_on: IsoDate.nullable(),
});

export const PortalSchema = z.object({
  attendee_name: z.string(),
  course_title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  open_until: z.string(),
  /** The pre-course form, while the course has not ended (null afterwards). */
  form: LearnerFormSchema.nullable(),
  units: z.array(UnitProgressSchema),
  results: z.array(z.object({ unit: z.string(), result: z.enum(UNIT_RESULTS), recorded_at: z.string() })),
  certificate: CertificateProgressSchema,
  licence: LicenceProgressSchema,
});
export type Portal = z.infer<typeof PortalSchema>;

const QuestionSchema = z.object({ id: z.number().int(), question: z.string(), options: z.array(z.string()).length(4) });

export const AttemptSchema = z.object({
  id: z.number().int(),
  unit_id: z.number().int(),
  unit_title: z.string(),
  started_at: z.string(),
  deadline_at: z.string(),
  /** Seconds left by the server's clock (0 once the time is up). */
  seconds_left: z.number().int(),
  submitted_at: z.string().nullable(),
  questions: z.array(QuestionSchema.extend({ chosen: z.number().int().min(0).max(3).nullable() })),
  /** After submitting: the score and, per question, the right option and the explanation. */
  score: z
    .object({
      correct: z.number().int(),
      total: z.number().int(),
      percent: z.number().int(),
      pass_percent: z.number().int(),
      passed: z.boolean(),
    })
    .nullable(),
  review: z
    .array(
      z.object({ question_id: z.number().int(), correct_option: z.number().int(), right: z.boolean(), explanation: z.string() }),
    )
    .nullable(),
});
export type Attempt = z.infer<typeof AttemptSchema>;

const Choice = z.object({ question_id: z.number().int().positive().max(MAX_INT), choice: z.number().int().min(0).max(3) });

export const LicenceStepInputSchema = z
  .object({
    step: z.enum(LICENCE_STEPS, { errorMap: () => ({ message: "Please choose a step from the list" }) }),
    done: z.boolean(),
    licence_number: z
      .string()
      .trim()
      .regex(/^\d{16}$/, "A licence number is 16 digits")
      .nullable()
      .optional(),
    licence_expires_on: IsoDate.nullable().optional(),
  })
  .refine((v) => v.step !== "granted" || !v.done || (!!v.licence_number && !!v.licence_expires_on), {
    message: "Please enter the licence number and its expiry date",
    path: ["licence_number"],
  });

const TokenParams = z.object({ token: z.string().min(1).max(200) });
const AttemptParams = TokenParams.extend({ attemptId: z.coerce.number().int().positive().max(MAX_INT) });
const tokenErrors = { 404: ErrorSchema, 410: ErrorSchema };

export const portalContract = c.router({
  portal: {
    method: "GET",
    path: "/learner-portal/:token",
    pathParams: TokenParams,
    responses: { 200: PortalSchema, ...tokenErrors },
    summary: "The learner's portal: form, revision, mock exams, results, certificate and licence steps",
  },
  revision: {
    method: "PUT",
    path: "/learner-portal/:token/revision/:sectionId",
    pathParams: TokenParams.extend({ sectionId: z.coerce.number().int().positive().max(MAX_INT) }),
    body: z.object({ done: z.boolean() }),
    responses: { 200: PortalSchema, ...tokenErrors },
    summary: "Marks a revision section read (or not)",
  },
  startMock: {
    method: "POST",
    path: "/learner-portal/:token/mocks",
    pathParams: TokenParams,
    body: z.object({ unit_id: z.number().int().positive().max(MAX_INT) }),
    responses: { 201: AttemptSchema, 409: ErrorSchema, ...tokenErrors },
    summary: "Draws a new mock paper for a unit at random; the server starts its clock",
  },
  mock: {
    method: "GET",
    path: "/learner-portal/:token/mocks/:attemptId",
    pathParams: AttemptParams,
    responses: { 200: AttemptSchema, ...tokenErrors },
    summary: "A mock paper: its questions and time left, or its score and review once submitted",
  },
  answer: {
    method: "PUT",
    path: "/learner-portal/:token/mocks/:attemptId/answers",
    pathParams: AttemptParams,
    body: Choice,
    responses: { 200: z.object({ seconds_left: z.number().int() }), 409: ErrorSchema, ...tokenErrors },
    summary: "Saves one answer (refused once the time is up)",
  },
  submit: {
    method: "POST",
    path: "/learner-portal/:token/mocks/:attemptId/submit",
    pathParams: AttemptParams,
    body: z.object({ answers: z.array(Choice).max(200).optional() }),
    responses: { 200: AttemptSchema, ...tokenErrors },
    summary: "Hands the paper in; after the time only the answers saved in time count",
  },
  licenceStep: {
    method: "PUT",
    path: "/learner-portal/:token/licence-steps",
    pathParams: TokenParams,
    body: LicenceStepInputSchema,
    responses: { 200: PortalSchema, ...tokenErrors },
    summary: "Ticks (or unticks) a licence application step",
  },
});
