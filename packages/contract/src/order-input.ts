/** What the site sends to place an order (the courses, the customer, the discount) and what it gets back. */
import { z } from "zod";
import { PaymentChoiceFields } from "./payment-plan-facts";
import { FinderAnswersSchema } from "./approvals";
import { LIST_MAX, MAX_INT, Pounds, requiredText, TEXT_MAX } from "./common";
import { MAX_PLACES_PER_ORDER } from "./order-facts";
import { AttendeeInputSchema, attendeesCountMessage, checkoutEmail, checkoutPhone } from "./checkout";

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
