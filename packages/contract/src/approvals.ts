/**
 * Booking prerequisites and approval (course finder and prerequisites): what a course asks each attendee at checkout
 * (e.g. a refresher: current licence number and expiry; a top-up: when and where the earlier
 * training was), the course finder's answers kept with a booking, and the office's approval of a
 * booking that waits for it (no payment taken, places held) before the customer gets the payment link.
 */
import { z } from "zod";
import { FIRST_AID, JOBS, LICENCES, TRAINED } from "@app/rules/course-finder";
import { PREREQUISITE_KEYS } from "./prerequisite-facts";
import { adminResponses, c, ErrorSchema, IdParams, IsoDate, officeOnly, requiredText, TEXT_MAX } from "./common";

export * from "./prerequisite-facts";

/** The 16 digits printed on an SIA licence card (spaces allowed when typed). */
export const SIA_LICENCE_NUMBER = /^\d{16}$/;
export const LICENCE_NUMBER_MESSAGE = "Enter the 16-digit number on your SIA licence";

/** One attendee's answers (only the course's questions are required; see missingAnswers). */
export const PrerequisiteAnswersSchema = z
  .object({
    licence_number: z
      .string()
      .transform((v) => v.replace(/\s+/g, ""))
      .pipe(z.string().regex(SIA_LICENCE_NUMBER, LICENCE_NUMBER_MESSAGE)),
    licence_expiry: IsoDate,
    earlier_training_date: IsoDate,
    earlier_training_place: requiredText("Say where you trained", TEXT_MAX.short),
  })
  .partial()
  .strict();
export type PrerequisiteAnswers = z.output<typeof PrerequisiteAnswersSchema>;

/** The finder's answers as a booking keeps them (nothing else from the finder is stored). */
export const FinderAnswersSchema = z
  .object({
    licence: z.enum(LICENCES),
    expiry: IsoDate.optional(),
    trained: z.enum(TRAINED).optional(),
    job: z.enum(JOBS),
    firstAid: z.enum(FIRST_AID).optional(),
    firstAidExpiry: IsoDate.optional(),
  })
  .strict();
export type FinderAnswersInput = z.input<typeof FinderAnswersSchema>;

export const APPROVAL_STATES = ["waiting", "approved", "declined"] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** Hours a booking waiting for approval holds its places (then it expires like any unpaid hold). */
export const APPROVAL_HOLD_HOURS = 72;
/** Hours the customer has to pay once approved (a Stripe checkout lives at most 24 hours). */
export const APPROVED_PAY_HOURS = 23;

export const BookingRulesSchema = z
  .object({
    needs_approval: z.boolean({ required_error: "Say whether bookings need approval" }),
    prerequisites: z
      .array(z.enum(PREREQUISITE_KEYS, { errorMap: () => ({ message: "Unknown prerequisite question" }) }))
      .max(PREREQUISITE_KEYS.length)
      .refine((ks) => new Set(ks).size === ks.length, "Each question once"),
  })
  .strict();
export type BookingRules = z.infer<typeof BookingRulesSchema>;

export const DeclineSchema = z.object({ reason: requiredText("Give the customer a reason", TEXT_MAX.details) }).strict();

/** What the office sees of a booking waiting for approval, and its answer. */
export const ApprovalSchema = z.object({
  id: z.number().int(),
  booking_reference: z.string(),
  approval: z.enum(APPROVAL_STATES),
  status: z.string(),
  decline_reason: z.string().nullable(),
  expires_at: z.string(),
  /** Set once approved: the link mailed to the customer. */
  payment_link: z.string().nullable(),
});

export const approvalsContract = c.router({
  bookingRules: {
    method: "PUT",
    path: "/courses/:id/booking-rules",
    pathParams: IdParams,
    body: BookingRulesSchema,
    responses: { 200: BookingRulesSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Sets whether a course's bookings wait for approval and which questions each attendee answers at checkout",
  },
  approve: {
    method: "POST",
    path: "/enrollments/:id/approve",
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 200: ApprovalSchema, 404: ErrorSchema, 409: ErrorSchema, 503: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Approves a booking waiting for the office: opens its payment page and mails the customer the link",
  },
  decline: {
    method: "POST",
    path: "/enrollments/:id/decline",
    pathParams: IdParams,
    body: DeclineSchema,
    responses: { 200: ApprovalSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Declines a booking waiting for the office with a reason (mailed); its places are released",
  },
});
