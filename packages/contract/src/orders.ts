import { z } from "zod";
import { BalanceStatusFields, PaymentChoiceFields } from "./payment-plan-facts";
import { postcodeProblem } from "@app/rules";
import { APPROVAL_STATES, FinderAnswersSchema, PrerequisiteAnswersSchema } from "./approvals";
import {
  adminResponses,
  c,
  ErrorSchema,
  LIST_MAX,
  MAX_INT,
  officeOnly,
  PageQuery,
  Pounds,
  requiredText,
  TEXT_MAX,
  trainerToo,
} from "./common";
import { LearnerLinkSchema } from "./learners";
import { MAX_PLACES_PER_ORDER } from "./order-facts";

export {
  BOOKING_TERMS_REQUIRED_MESSAGE,
  BOOKING_TERMS_VERSION,
  COUNTRIES,
  DEFAULT_COUNTRY,
  MAX_PLACES_PER_ORDER,
  ORDER_HOLD_MINUTES,
  STATES,
} from "./order-facts";

/** Spec §5: after removing spaces, 4 digits, 3 digits, 4 digits (UK mobile style). */
export const CHECKOUT_PHONE_PATTERN = /^\d{4}\d{3}\d{4}$/;
export const ORDER_STATUSES = ["pending", "paid", "expired", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Booking references: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L, 5/S, 8/B). */
export const BOOKING_REF_ALPHABET = "ACDEFGHJKMNPQRTUVWXYZ234679";
export const BOOKING_REF_LENGTH = 8;
/** A reference as people read it: `XXXX-XXXX`. */
export const BOOKING_REF_PATTERN = /^[ACDEFGHJKMNPQRTUVWXYZ234679]{4}-[ACDEFGHJKMNPQRTUVWXYZ234679]{4}$/;
/** 'ACDE2346' → 'ACDE-2346' (the one way a person ever sees it). */
export const formatBookingRef = (ref: string) => `${ref.slice(0, 4)}-${ref.slice(4)}`;
/**
 * What someone typed ('acde-2346', 'ACDE 2346', 'acde2346') as the stored 8 characters, or null
 * when it cannot be a reference.
 */
export function normalizeBookingRef(typed: string): string | null {
  const s = typed.replace(/[\s-]/g, "").toUpperCase();
  return s.length === BOOKING_REF_LENGTH && [...s].every((ch) => BOOKING_REF_ALPHABET.includes(ch)) ? s : null;
}

const checkoutPhone = requiredText("Phone number is required", TEXT_MAX.phone).pipe(
  z.string().refine((v) => CHECKOUT_PHONE_PATTERN.test(v.replace(/\s/g, "")), "Please enter a valid phone number"),
);

// The spec has no format check; we still refuse what can never receive the confirmation.
const checkoutEmail = requiredText("Email address is required", TEXT_MAX.email).pipe(
  z
    .string()
    .max(254, "Please enter a valid email address")
    .refine((v) => /^[^\s@]+@[^\s@]+$/.test(v), "Please enter a valid email address"),
);

/** Adds the postcode's issue (field `path`) when the country is the UK and the postcode is not a UK one. */
export function postcodeIssue(
  postcode: string | null | undefined,
  country: string | null | undefined,
  ctx: z.RefinementCtx,
  path = "postcode",
) {
  const problem = postcodeProblem(postcode, country);
  if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: problem });
}

/** The buyer form of the checkout step (spec §3 and §5), as the site holds it. */
export const CheckoutFormSchema = z
  .object({
    firstName: requiredText("First name is required"),
    lastName: requiredText("Last name is required"),
    phoneNumber: checkoutPhone,
    email: checkoutEmail,
    companyName: z.string().max(TEXT_MAX.short).trim().optional(),
    country: requiredText("Country is required"),
    streetAddress: requiredText("Street address is required"),
    buildingType: z.string().max(TEXT_MAX.short).trim().optional(),
    townCity: requiredText("Town/City is required"),
    state: requiredText("State is required"),
    /** Beside the spec's fields (decision 334): checked as a UK postcode when the country is the UK. */
    postcode: z.string().max(TEXT_MAX.postcode).trim().optional(),
    orderNotes: z.string().max(TEXT_MAX.details).trim().optional(),
    deliverToDifferentAddress: z.boolean().default(false),
    differentAddress: z.string().max(TEXT_MAX.short).trim().optional(),
  })
  .superRefine((v, ctx) => {
    postcodeIssue(v.postcode, v.country, ctx);
    if (v.deliverToDifferentAddress && !v.differentAddress) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["differentAddress"],
        message: "Different delivery address is required",
      });
    }
  });
export type CheckoutForm = z.input<typeof CheckoutFormSchema>;

/** One named attendee of a group booking. */
export const AttendeeInputSchema = z.object({
  first_name: requiredText("Attendee first name is required"),
  last_name: requiredText("Attendee last name is required"),
  email: z
    .string()
    .trim()
    .max(TEXT_MAX.short)
    .email("Attendee email is invalid")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Answers to the course's prerequisite questions (issue 33); required for the questions the course asks. */
  answers: PrerequisiteAnswersSchema.optional(),
});
export type AttendeeInput = z.input<typeof AttendeeInputSchema>;

/** A group booking's names must match its places (the API and the site say the same words). */
export const attendeesCountMessage = (places: number) =>
  `Please name ${places === 1 ? "the attendee" : `all ${places} attendees`}: one name for each place booked`;

export const OrderCourseInputSchema = z
  .object({
    id: z.number({ invalid_type_error: "Unknown course" }).int().positive().max(MAX_INT, "Unknown course"),
    /** Our clients send the course date's id; the original's label ('12 - 14th Mar 2025') is accepted too. */
    selectedDate: z.union([z.number().int().positive().max(MAX_INT), z.string().max(TEXT_MAX.reference)]),
    selectedAddons: z.array(z.number().int().positive().max(MAX_INT)).max(LIST_MAX).default([]),
    /** Places on this date (group and employer bookings): 1 up to the places left, at most 10 per order. */
    quantity: z
      .number({ invalid_type_error: "Choose how many places" })
      .int("Choose how many places")
      .min(1, "Choose at least 1 place")
      .max(MAX_PLACES_PER_ORDER, `At most ${MAX_PLACES_PER_ORDER} places per order`)
      .optional(),
    /** Who takes each place (first and last name; e-mail optional). Omitted: every place is the buyer's. */
    attendees: z.array(AttendeeInputSchema).max(MAX_PLACES_PER_ORDER).optional(),
  })
  .superRefine((line, ctx) => {
    const places = line.quantity ?? 1;
    if (line.attendees && line.attendees.length !== places) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["attendees"], message: attendeesCountMessage(places) });
    }
  });

/** Order payload of POST /enroll (spec §7), with the checkout rules of spec §5. */
export const OrderSchema = z.object({
  courses: z
    .array(OrderCourseInputSchema, { required_error: "Your cart is empty" })
    .min(1, "Your cart is empty")
    .max(20, "Too many courses in one order")
    .refine((cs) => new Set(cs.map((x) => x.id)).size === cs.length, "The same course cannot be booked twice in one order"),
  guest_email: checkoutEmail,
  guest_name: requiredText("First name is required"),
  discount_code: z
    .string()
    .max(TEXT_MAX.code, "Invalid discount code")
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
  first_name: requiredText("First name is required"),
  last_name: requiredText("Last name is required"),
  phone_number: checkoutPhone,
  country: requiredText("Country is required"),
  street_address: requiredText("Street address is required"),
  town_city: requiredText("Town/City is required"),
  state: requiredText("State is required"),
  /** Beside the spec's fields (decision 334): checked as a UK postcode when the country is the UK. */
  postcode: z.string().trim().max(TEXT_MAX.postcode).optional().nullable(),
  company_name: z.string().trim().max(200).optional().nullable(),
  building_type: z.string().trim().max(200).optional().nullable(),
  order_notes: z.string().trim().max(2000).optional().nullable(),
  /** Employer's purchase-order number (optional, printed on the receipt/invoice). */
  purchase_order: z.string().trim().max(TEXT_MAX.reference).optional().nullable(),
  /** The unticked 'Send me course and licence-renewal reminders' box (marketing consent, time stored). */
  marketing_opt_in: z.boolean().optional(),
  /** 'I agree to the booking terms' (our site always sends it; recorded with the terms version and time). */
  accept_terms: z.boolean().optional(),
  /**
   * The customer expressly asked for the course to start within the 14-day cancellation period
   * (asked only when it does; decision 442). Cancelling after the start then keeps the part delivered.
   */
  early_start_requested: z.boolean().optional(),
  /** The token of a waiting-list offer (its link): the order takes the places held for it (issue 15). */
  waitlist_offer: z.string().trim().max(TEXT_MAX.reference).optional(),
  /** The course finder's answers when the cart came from it (kept with the booking for the office; issue 33). */
  finder_answers: FinderAnswersSchema.optional(),
  ...PaymentChoiceFields,
});
export type OrderInput = z.input<typeof OrderSchema>;

export const EnrollResponseSchema = z.object({
  /** The external (or local) payment page to send the browser to. */
  payment_link: z.string(),
  /** Public order reference, used by /payment/success to ask for the status. */
  reference: z.string(),
  /** The booking reference people read, `XXXX-XXXX`. */
  booking_reference: z.string(),
  total: Pounds,
  /** When the seat hold ends if unpaid (ISO). */
  expires_at: z.string(),
  /**
   * True when a course needs the office's approval (issue 33): no payment page yet (`payment_link`
   * is empty), the places are held until `expires_at`, and the customer is mailed the link once approved.
   */
  awaiting_approval: z.boolean(),
  /** What the payment page takes now (the deposit or first part for a part payment; else the total). */
  pay_today: Pounds.optional(),
});

export const EnrolledCourseSchema = z.object({
  /** Course id (null once the course was deleted from the catalogue). */
  id: z.number().int().nullable(),
  title: z.string(),
  duration: z.string(),
  time: z.string(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  course_date_id: z.number().int().nullable(),
  date_label: z.string(),
  description: z.string(),
  /** Prices absent for trainers. */
  addOns: z.array(z.object({ name: z.string(), price: Pounds.optional() })),
  /** Places held on this date (1 unless a group booking). */
  seats: z.number().int(),
  /** Who takes each place, in place order. */
  attendees: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string().nullable().optional(),
      /** Answers to the course's prerequisite questions (issue 33), by question key. */
      answers: z.record(z.string()).nullable().optional(),
    }),
  ),
  /** Absent for trainers (no prices). */
  pivot: z
    .object({
      price_paid: Pounds,
      original_price: Pounds,
      created_at: z.string(),
    })
    .optional(),
});

/**
 * An enrolment record (spec §3) extended with the order's life cycle. For a trainer (decision
 * 333) the contact, address and payment fields are left out (optional here for that reason): the
 * office always gets them.
 */
export const EnrollmentSchema = z.object({
  id: z.number().int(),
  /** Internal payment token (kept for compatibility; never shown to people). */
  reference: z.string().optional(),
  /** The booking reference people read, `XXXX-XXXX`. */
  booking_reference: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  guest_email: z.string().optional(),
  phone_number: z.string().optional(),
  country: z.string().optional(),
  town_city: z.string().optional(),
  state: z.string().optional(),
  street_address: z.string().optional(),
  postcode: z.string().nullable().optional(),
  company_name: z.string().optional(),
  building_type: z.string().optional(),
  order_notes: z.string().optional(),
  purchase_order: z.string().nullable().optional(),
  marketing_consent_at: z.string().nullable().optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  subtotal: Pounds.optional(),
  discount_code: z.string().nullable().optional(),
  percent_off: z.number().int().nullable().optional(),
  /** A fixed-amount code's pounds off (null for a percentage code or none). */
  amount_off: Pounds.nullable().optional(),
  /** What the discount took off this order, in pounds. */
  discount: Pounds.optional(),
  total: Pounds.optional(),
  amount_paid: Pounds.nullable().optional(),
  paid_at: z.string().nullable().optional(),
  expires_at: z.string().optional(),
  created_at: z.string(),
  /** Booking terms version agreed at checkout, and when (null for orders placed without). */
  terms_version: z.string().nullable().optional(),
  terms_accepted_at: z.string().nullable().optional(),
  /** Issue 33: null (none needed), or whether the office approved a booking that waits for it. */
  approval: z.enum(APPROVAL_STATES).nullable().optional(),
  decline_reason: z.string().nullable().optional(),
  /** The course finder's answers, in words, when the booking came from it. */
  finder_answers: z.record(z.string()).nullable().optional(),
  courses: z.array(EnrolledCourseSchema),
});
export type Enrollment = z.infer<typeof EnrollmentSchema>;

/** What the site learns of an order by its reference (status page, customer cancel). */
export const OrderStatusSchema = z.object({
  reference: z.string(),
  /** The booking reference people read, `XXXX-XXXX`. */
  booking_reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: Pounds,
  amount_paid: Pounds.nullable(),
  paid_at: z.string().nullable(),
  /** What was booked (for the confirmation page); dates as 'YYYY-MM-DD'. */
  courses: z
    .array(
      z.object({
        title: z.string(),
        date_label: z.string(),
        start_date: z.string().nullable(),
        end_date: z.string().nullable(),
        time: z.string(),
        add_ons: z.array(z.string()),
        /** Places booked on this date. */
        seats: z.number().int().optional(),
      }),
    )
    .optional(),
  /** Personal learner-form links of the attendees of licence-linked courses (paid orders; issue 14). */
  learner_links: z.array(LearnerLinkSchema).optional(),
  ...BalanceStatusFields,
});

/** The answer (409) when a customer cancels an order whose payment went through. */
export const ORDER_ALREADY_PAID_MESSAGE = "This order has already been paid.";

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
    /** `q`: booking reference (with or without the dash, any case), name, e-mail, course title or discount code. */
    query: PageQuery.extend({ q: z.string().trim().max(200).optional() }).optional(),
    responses: { 200: z.array(EnrollmentSchema), ...adminResponses },
    metadata: { ...trainerToo, totalCount: true },
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

const searchDigits = (s: string) => s.replace(/\D/g, "");

/**
 * The admin's enrolment search, one rule for the API (`GET /enrollments?q=`) and the portal: the
 * booking reference (with or without the dash, any case; a part of it from 3 characters), name,
 * e-mail, phone (digits only), course title or discount code.
 */
export function enrollmentMatches(
  e: Pick<
    Enrollment,
    "booking_reference" | "first_name" | "last_name" | "guest_email" | "phone_number" | "discount_code" | "courses"
  >,
  search: string,
): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const compact = q.replace(/[\s-]/g, "").toUpperCase();
  if (compact.length >= 3 && e.booking_reference.replace("-", "").includes(compact)) return true;
  if (`${e.first_name} ${e.last_name}`.toLowerCase().includes(q)) return true;
  if ((e.guest_email ?? "").toLowerCase().includes(q)) return true;
  if (e.discount_code && e.discount_code.toLowerCase().includes(q)) return true;
  if (e.courses.some((c) => c.title.toLowerCase().includes(q))) return true;
  // A group booking is found by any attendee's name or e-mail too.
  if (
    e.courses.some((c) =>
      c.attendees?.some(
        (a) => `${a.first_name} ${a.last_name}`.toLowerCase().includes(q) || (a.email ?? "").toLowerCase().includes(q),
      ),
    )
  )
    return true;
  const qDigits = searchDigits(q);
  return (
    qDigits.length >= 3 &&
    qDigits.length === q.replace(/[\s()+-]/g, "").length &&
    searchDigits(e.phone_number ?? "").includes(qDigits)
  );
}
