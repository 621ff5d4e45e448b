/**
 * An order as others read it: the office's enrolment record and its search, and what the site
 * learns of an order by its reference.
 */
import { z } from "zod";
import { BalanceStatusFields } from "./payment-plan-facts";
import { APPROVAL_STATES } from "./approvals";
import { Pounds } from "./common";
import { LearnerLinkSchema } from "./learners";

export const ORDER_STATUSES = ["pending", "paid", "expired", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
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
