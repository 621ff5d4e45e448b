/** The office's bookings list and one booking's page: the list's query, a row, and everything about a booking. */
import { z } from "zod";
import { MAX_INT, PageQuery, Pounds, TEXT_MAX } from "./common";
import { BOOKING_MONEY_FILTERS, BookingMoneySchema, BookingRowMoneyFields } from "./balances";
import {
  BOOKING_SORT_FIELDS,
  BOOKING_STATUS_FILTERS,
  BOOKING_STATUSES,
  PAYMENT_METHODS,
  REFUND_STATES,
  SORT_DIRECTIONS,
} from "./booking-states";

export const BookingListQuery = PageQuery.extend({
  /** Default: confirmed. 'refunded' lists every booking with money given back (partly refunded confirmed ones too). */
  status: z.enum(BOOKING_STATUS_FILTERS).optional(),
  /** Default: booked_on. */
  sort: z.enum(BOOKING_SORT_FIELDS).optional(),
  /** Default: desc. */
  dir: z.enum(SORT_DIRECTIONS).optional(),
  /** Booking reference (with or without the dash, any case), buyer or attendee name, e-mail, phone, course title or discount code. */
  q: z.string().trim().max(TEXT_MAX.short).optional(),
  /** Only bookings whose balance is overdue, or that still owe something not yet overdue. */
  money: z.enum(BOOKING_MONEY_FILTERS).optional(),
});
export type BookingListQueryInput = z.input<typeof BookingListQuery>;

/** One row of the bookings list. */
export const BookingRowSchema = z.object({
  id: z.number().int(),
  /** `XXXX-XXXX` */
  booking_reference: z.string(),
  /** Buyer's name. */
  customer_name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Attendee names ('First Last'), in place order, each once. */
  learners: z.array(z.string()),
  /** Course titles of the booking, in item order. */
  courses: z.array(z.string()),
  /** First start date of the booking's courses, 'YYYY-MM-DD' (null: no dated course). */
  first_date: z.string().nullable(),
  /** Places held in all (attendees over all items). */
  places: z.number().int(),
  /** The booking's total after discount. */
  amount: Pounds,
  /** Money received (null: nothing yet). */
  amount_paid: Pounds.nullable(),
  /** Money given back so far. */
  refunded: Pounds,
  refund_state: z.enum(REFUND_STATES),
  /** When the booking was made (ISO). */
  booked_on: z.string(),
  status: z.enum(BOOKING_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  /** A manual booking whose invoice is not paid yet. */
  invoice_unpaid: z.boolean(),
  discount_code: z.string().nullable(),
  ...BookingRowMoneyFields,
});
export type BookingRow = z.infer<typeof BookingRowSchema>;

export const BookingAttendeeSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  /** Their pre-course learner form (licence-linked courses): complete, to fill in, or none needed. */
  learner_form: z.enum(["complete", "to_fill_in", "none"]).optional(),
});

export const BookingItemSchema = z.object({
  /** The order item's id (what a transfer names). */
  id: z.number().int(),
  course_id: z.number().int().nullable(),
  course_date_id: z.number().int().nullable(),
  title: z.string(),
  date_label: z.string(),
  /** 'YYYY-MM-DD' */
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  time: z.string(),
  duration: z.string(),
  seats: z.number().int(),
  add_ons: z.array(z.object({ name: z.string(), price: Pounds })),
  /** Fee + add-ons for all places, before discount. */
  original_price: Pounds,
  /** After this item's share of the discount. */
  price_paid: Pounds,
  attendees: z.array(BookingAttendeeSchema),
});

export const RefundSchema = z.object({
  id: z.number().int(),
  amount: Pounds,
  /** The provider's refund id (Stripe `re_…`, local `local_re_…`, or `manual_…` for money given back by the office). */
  provider_refund_id: z.string().nullable(),
  reason: z.string().nullable(),
  /** Who made it: an administrator's name, or 'Payment provider' for a refund made in the provider's dashboard. */
  admin_name: z.string(),
  created_at: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const BookingPaymentSchema = z.object({
  /** 'stripe', 'local' or 'manual'. */
  provider: z.string(),
  method: z.enum(PAYMENT_METHODS),
  /** The provider's checkout session id (Stripe `cs_…`), if any. */
  provider_session_id: z.string().nullable(),
  /** The provider's payment id (Stripe PaymentIntent `pi_…`), once known (it is learnt at the first refund or webhook). */
  provider_payment_id: z.string().nullable(),
  amount_paid: Pounds.nullable(),
  paid_at: z.string().nullable(),
  invoice_unpaid: z.boolean(),
  refunded: Pounds,
  /** What can still be refunded: amount paid − refunded. */
  refundable: Pounds,
  refund_state: z.enum(REFUND_STATES),
  refunds: z.array(RefundSchema),
});

export const BookingMailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  /** pending (queued), sent or failed. */
  status: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

export const BookingHistorySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  details: z.string(),
  user_name: z.string(),
  amount: Pounds.nullable(),
  created_at: z.string(),
});

export const BookingNoteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  author_name: z.string(),
  created_at: z.string(),
});
export type BookingNote = z.infer<typeof BookingNoteSchema>;

/** Everything about one booking (its own page in the portal). */
export const BookingDetailSchema = BookingRowSchema.extend({
  /** The order's secret token (the public receipt and calendar links are built from it). */
  reference: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string().nullable(),
  purchase_order: z.string().nullable(),
  street_address: z.string(),
  town_city: z.string(),
  state: z.string(),
  postcode: z.string().nullable(),
  country: z.string(),
  order_notes: z.string().nullable(),
  marketing_consent_at: z.string().nullable(),
  terms_version: z.string().nullable(),
  terms_accepted_at: z.string().nullable(),
  expires_at: z.string(),
  cancelled_at: z.string().nullable(),
  items: z.array(BookingItemSchema),
  subtotal: Pounds,
  /** The code as the booking used it: percentage, or fixed `amount_off` in pounds (either kind); `amount`: what it took off. */
  discount: z
    .object({
      code: z.string(),
      percent_off: z.number().int().nullable(),
      amount_off: Pounds.nullable().optional(),
      amount: Pounds,
    })
    .nullable(),
  total: Pounds,
  payment: BookingPaymentSchema,
  /** Plan, money state, what is owed and when, instalments and every amount received. */
  money: BookingMoneySchema,
  /** Mails the booking's customer was sent about it (from the mail outbox), oldest first. */
  mails: z.array(BookingMailSchema),
  /** Activity-log entries about this booking, oldest first. */
  history: z.array(BookingHistorySchema),
  notes: z.array(BookingNoteSchema),
  /** API path of the receipt PDF for the portal (admin session): `/api/bookings/:id/receipt.pdf`. */
  receipt_path: z.string(),
  /** Full public URL of the receipt (the secret link the customer gets). */
  public_receipt_url: z.string(),
});
export type BookingDetail = z.infer<typeof BookingDetailSchema>;

export const BookingIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_INT) });
