/**
 * What the office sends to act on a booking: cancel and refund, refund, transfer, resend, notes, a
 * manual booking and a later payment. Each takes an `idempotency_key` (or is idempotent by its
 * state) so a retried click changes nothing.
 */
import { z } from "zod";
import { MAX_INT, Pounds, requiredText, TEXT_MAX } from "./common";
import { AttendeeInputSchema, postcodeIssue } from "./checkout";
import { MAX_PLACES_PER_ORDER } from "./order-facts";
import { MANUAL_PAYMENT_METHODS } from "./booking-states";

/** A retry of the same click sends the same key (e.g. crypto.randomUUID() made when the form opens). */
export const IdempotencyKey = z
  .string({ required_error: "idempotency_key is required" })
  .trim()
  .min(8, "idempotency_key must be 8 to 100 characters")
  .max(TEXT_MAX.reference, "idempotency_key must be 8 to 100 characters");
const reason = z.string().trim().max(TEXT_MAX.details).optional();

/** Cancel a booking (its places are freed at once) and give back all, part or none of what was paid. */
export const CancelBookingSchema = z
  .object({
    /** full: everything still refundable; amount: `amount` pounds; none: keep the money (or nothing was paid). */
    refund: z.enum(["full", "amount", "none"]),
    amount: Pounds.optional(),
    reason,
    /** Mail the customer that the booking is cancelled (and refunded). Default true. */
    notify: z.boolean().optional(),
    idempotency_key: IdempotencyKey,
  })
  .superRefine((v, ctx) => {
    if (v.refund === "amount" && !(v.amount && v.amount >= 0.01)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount"], message: "Enter the amount to refund" });
    }
  });
export type CancelBookingInput = z.input<typeof CancelBookingSchema>;

/** Give money back without cancelling (e.g. an add-on not taken). */
export const RefundBookingSchema = z.object({
  amount: Pounds.refine((v) => v >= 0.01, "Enter the amount to refund"),
  reason,
  notify: z.boolean().optional(),
  idempotency_key: IdempotencyKey,
});
export type RefundBookingInput = z.input<typeof RefundBookingSchema>;

/** Move one course of the booking (all its places) to another date of the same course. */
export const TransferBookingSchema = z.object({
  item_id: z.number().int().positive().max(MAX_INT),
  course_date_id: z
    .number({ required_error: "Choose a date", invalid_type_error: "Choose a date" })
    .int()
    .positive()
    .max(MAX_INT),
  /** Mail the customer the new dates with a new calendar file. Default true. */
  notify: z.boolean().optional(),
  reason,
});
export type TransferBookingInput = z.input<typeof TransferBookingSchema>;

/** The dates a booking's item may move to (same course, open, upcoming), with places left. */
export const TransferOptionSchema = z.object({
  item_id: z.number().int(),
  course_date_id: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  date_label: z.string(),
  places_left: z.number().int(),
  /** Enough places left for all of the item's places. */
  fits: z.boolean(),
  /** The item's current date. */
  current: z.boolean(),
});

export const ResendConfirmationSchema = z.object({ idempotency_key: IdempotencyKey.optional() }).optional();

export const BookingNoteInputSchema = z.object({
  text: requiredText("Write a note", TEXT_MAX.details),
  idempotency_key: IdempotencyKey.optional(),
});

/** A booking the office takes by phone, in person, by bank transfer or for an invoiced employer. */
export const ManualBookingSchema = z
  .object({
    course_id: z
      .number({ required_error: "Choose a course", invalid_type_error: "Choose a course" })
      .int()
      .positive()
      .max(MAX_INT),
    course_date_id: z
      .number({ required_error: "Choose a date", invalid_type_error: "Choose a date" })
      .int()
      .positive()
      .max(MAX_INT),
    add_on_ids: z.array(z.number().int().positive().max(MAX_INT)).max(50).default([]),
    /** One per place (1 to 10). */
    attendees: z
      .array(AttendeeInputSchema)
      .min(1, "Add at least one attendee")
      .max(MAX_PLACES_PER_ORDER, `At most ${MAX_PLACES_PER_ORDER} places per order`),
    first_name: requiredText("First name is required"),
    last_name: requiredText("Last name is required"),
    email: requiredText("Email address is required", TEXT_MAX.email).pipe(z.string().email("Please enter a valid email address")),
    phone: requiredText("Phone number is required", TEXT_MAX.phone),
    company_name: z.string().trim().max(TEXT_MAX.short).optional(),
    purchase_order: z.string().trim().max(TEXT_MAX.reference).optional(),
    street_address: z.string().trim().max(TEXT_MAX.short).optional(),
    town_city: z.string().trim().max(TEXT_MAX.short).optional(),
    state: z.string().trim().max(TEXT_MAX.short).optional(),
    country: z.string().trim().max(TEXT_MAX.short).optional(),
    /** The invoice address's postcode (decision 334), checked as a UK one when the country is the UK or not given. */
    postcode: z.string().trim().max(TEXT_MAX.postcode).optional(),
    discount_code: z.string().trim().max(TEXT_MAX.code).optional(),
    payment_method: z.enum(MANUAL_PAYMENT_METHODS, {
      required_error: "Choose how they pay",
      invalid_type_error: "Choose how they pay",
    }),
    /** Pounds received now; null: 'unpaid, invoice sent' (invoice or bank transfer only). */
    amount_received: Pounds.nullable(),
    /** A deposit by phone: `amount_received` is part of the total; the balance is due before the course (its payment options). */
    part_payment: z.boolean().optional(),
    notes: z.string().trim().max(TEXT_MAX.details).optional(),
    /** Send the confirmation mail (with calendar file and receipt link) as for an online booking. Default true. */
    notify: z.boolean().optional(),
    idempotency_key: IdempotencyKey,
  })
  .superRefine((v, ctx) => {
    postcodeIssue(v.postcode, v.country || "United Kingdom", ctx);
    if (v.amount_received === null && v.payment_method !== "invoice" && v.payment_method !== "bank_transfer") {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount_received"], message: "Enter the amount received" });
    }
    if (v.part_payment && !(v.amount_received !== null && v.amount_received > 0)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount_received"], message: "Enter the deposit received" });
    }
  });
export type ManualBookingInput = z.input<typeof ManualBookingSchema>;

/** Money arrived later for a manual booking (an invoice paid by bank transfer, cash at the desk). */
export const RecordPaymentSchema = z.object({
  amount: Pounds.refine((v) => v >= 0.01, "Enter the amount received"),
  payment_method: z.enum(MANUAL_PAYMENT_METHODS).optional(),
  idempotency_key: IdempotencyKey,
});
export type RecordPaymentInput = z.input<typeof RecordPaymentSchema>;
