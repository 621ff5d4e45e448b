/**
 * The orders resource: placing an order from the site, its status by reference, the office's
 * enrolment list, and the payment provider's pages and webhook. The schemas live in their own
 * files by use (checkout, order input, order read, booking reference) and are re-exported here.
 */
import { z } from "zod";
import { adminResponses, c, ErrorSchema, MAX_INT, officeOnly, PageQuery, TEXT_MAX, trainerToo } from "./common";
import { postcodeIssue } from "./checkout";
import { EnrollResponseSchema, OrderSchema } from "./order-input";
import { EnrollmentSchema, ORDER_STATUSES, OrderStatusSchema } from "./order-read";

export {
  BOOKING_TERMS_REQUIRED_MESSAGE,
  BOOKING_TERMS_VERSION,
  COUNTRIES,
  DEFAULT_COUNTRY,
  MAX_PLACES_PER_ORDER,
  ORDER_HOLD_MINUTES,
  STATES,
} from "./order-facts";
export * from "./booking-ref";
export * from "./checkout";
export * from "./order-input";
export * from "./order-read";

/** GET /enrollments: a page of the bookings, narrowed by search, course date and status (decision 536). */
export const EnrollmentsQuery = PageQuery.extend({
  /** Booking reference (with or without the dash, any case), name, e-mail, phone, course title or discount code. */
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe("Booking reference (with or without the dash, any case), name, e-mail, phone, course title or discount code"),
  /** Only bookings with a line on this course date (a trainer: one of their own dates, else none). */
  course_date_id: z.coerce
    .number({ invalid_type_error: "course_date_id must be a course date's id" })
    .int("course_date_id must be a course date's id")
    .positive("course_date_id must be a course date's id")
    .max(MAX_INT, "course_date_id must be a course date's id")
    .optional()
    .describe("Only bookings with a line on this course date (a trainer: one of their own dates, else none)"),
  /** Only bookings in this state (a trainer's list holds paid ones only). */
  status: z
    .enum(ORDER_STATUSES, { errorMap: () => ({ message: `status must be one of ${ORDER_STATUSES.join(", ")}` }) })
    .optional()
    .describe("Only bookings in this state (a trainer's list holds paid bookings only)"),
});
export type EnrollmentsQueryInput = z.input<typeof EnrollmentsQuery>;

/** A course date with bookings, labelled as its booking lines label it (the enrolments screen's date choice). */
export const EnrollmentDateSchema = z.object({
  course_date_id: z.number().int(),
  title: z.string(),
  date_label: z.string(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  time: z.string(),
  duration: z.string(),
});
export type EnrollmentDate = z.infer<typeof EnrollmentDateSchema>;

export const ordersContract = c.router({
  enroll: {
    method: "POST",
    path: "/enroll",
    body: OrderSchema.superRefine((v, ctx) => postcodeIssue(v.postcode, v.country, ctx)),
    responses: {
      201: EnrollResponseSchema,
      404: ErrorSchema,
      /** A chosen date is full, or the discount code ran out meanwhile. */
      409: ErrorSchema,
      /** The payment provider could not open a payment page; the order was cancelled, seats released. */
      503: ErrorSchema,
    },
    summary: "Prices the order from the database, holds seats, answers the payment link",
  },
  enrollments: {
    method: "GET",
    path: "/enrollments",
    query: EnrollmentsQuery.optional(),
    responses: { 200: z.array(EnrollmentSchema), ...adminResponses },
    metadata: { ...trainerToo, totalCount: true },
    summary:
      "Bookings, newest first, paged (x-total-count); a trainer gets the paid ones on their own course dates, without contact details or money",
  },
  enrollmentDates: {
    method: "GET",
    path: "/enrollments/course-dates",
    responses: { 200: z.array(EnrollmentDateSchema), ...adminResponses },
    metadata: trainerToo,
    summary:
      "The course dates that have bookings the viewer may see (a trainer: paid ones on their own dates), soonest first: the enrolments screen's date choice",
  },
  status: {
    method: "GET",
    path: "/orders/:reference/status",
    pathParams: z.object({ reference: z.string().min(1).max(100) }),
    responses: { 200: OrderStatusSchema, 404: ErrorSchema },
    summary: "Order status for the payment success page",
  },
  calendar: {
    method: "GET",
    path: "/orders/:reference/calendar.ics",
    pathParams: z.object({ reference: z.string().min(1).max(100) }),
    responses: { 200: c.otherResponse({ contentType: "text/calendar", body: c.type<string>() }), 404: ErrorSchema },
    summary: "The paid booking's courses as an iCalendar file (RFC 5545, Europe/London)",
  },
  customerCancel: {
    method: "POST",
    path: "/orders/:reference/cancel",
    pathParams: z.object({ reference: z.string().min(1).max(100) }),
    body: c.noBody(),
    responses: {
      /** Cancelled now, or already cancelled / expired (idempotent): the order's current status. */
      200: OrderStatusSchema,
      404: ErrorSchema,
      /** Paid, or the provider says the payment was completed (its webhook marks the order paid). */
      409: ErrorSchema,
    },
    summary:
      "The customer's cancel on return from the payment page: releases a pending order's seats and discount use at once (the reference is the secret)",
  },
  cancel: {
    method: "POST",
    path: "/enrollments/:id/cancel",
    pathParams: z.object({ id: z.coerce.number().int().positive().max(MAX_INT) }),
    body: c.noBody(),
    responses: { 200: EnrollmentSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Cancels a pending order, giving its seats and discount use back",
  },
});

const HtmlBody = c.otherResponse({ contentType: "text/html", body: c.type<string>() });

export const paymentsContract = c.router({
  localPage: {
    method: "GET",
    path: "/payments/local/:reference",
    pathParams: z.object({ reference: z.string().max(TEXT_MAX.reference) }),
    responses: { 200: HtmlBody, 404: HtmlBody },
    summary: "Development payment page (local provider only; off in production)",
  },
  localPay: {
    method: "POST",
    path: "/payments/local/:reference/pay",
    pathParams: z.object({ reference: z.string().max(TEXT_MAX.reference) }),
    body: c.noBody(),
    responses: { 303: c.noBody(), 404: ErrorSchema, 409: ErrorSchema },
  },
  localCancel: {
    method: "POST",
    path: "/payments/local/:reference/cancel",
    pathParams: z.object({ reference: z.string().max(TEXT_MAX.reference) }),
    body: c.noBody(),
    responses: { 303: c.noBody(), 404: ErrorSchema },
  },
  stripeWebhook: {
    method: "POST",
    path: "/payments/stripe/webhook",
    body: c.type<unknown>(),
    responses: { 200: z.object({ received: z.boolean() }), 400: ErrorSchema },
    summary: "Stripe events, verified by signature on the raw body",
  },
});
