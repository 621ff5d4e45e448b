/**
 * The office's bookings (issue 13): list and detail pages, and the actions on a booking (cancel
 * and refund, refund, transfer, resend confirmation, manual booking, notes), receipts and the CSV
 * export. Money is pounds with at most 2 decimals, as everywhere in the contract. Every action
 * takes an `idempotency_key` (or is idempotent by its state) so a retried click changes nothing.
 */
import { z } from "zod";
import {
  adminResponses,
  c,
  ErrorSchema,
  MAX_INT,
  officeOnly,
  PageQuery,
  Pounds,
  requiredText,
  TEXT_MAX,
  trainerToo,
} from "./common";
import { AttendeeInputSchema, MAX_PLACES_PER_ORDER, postcodeIssue } from "./orders";
import { AttendeeParams, CancelAttendeeSchema, RenameAttendeeSchema, SwapAttendeeSchema } from "./attendee-actions";
import { BOOKING_MONEY_FILTERS, BookingMoneySchema, BookingRowMoneyFields } from "./balances";

/**
 * What the office reads as a booking's state. confirmed: paid (or a manual booking, even one whose
 * invoice is unpaid); pending: waiting for the online payment; expired: never paid; cancelled:
 * cancelled without money back; refunded: cancelled with money back (all or part).
 */
export const BOOKING_STATUSES = ["confirmed", "pending", "expired", "cancelled", "refunded"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** The list's filter: one status, or every booking. Default: confirmed. */
export const BOOKING_STATUS_FILTERS = [...BOOKING_STATUSES, "all"] as const;
export type BookingStatusFilter = (typeof BOOKING_STATUS_FILTERS)[number];
export const DEFAULT_BOOKING_STATUS_FILTER: BookingStatusFilter = "confirmed";

/** How much of what was paid went back: none, some (partly refunded) or all of it. */
export const REFUND_STATES = ["none", "partly_refunded", "refunded"] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  none: "",
  partly_refunded: "Partly refunded",
  refunded: "Refunded",
};
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  confirmed: "Confirmed",
  pending: "Pending",
  expired: "Expired",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** How a booking was (or will be) paid: online card on the site, or what the office took. */
export const PAYMENT_METHODS = ["card_online", "card_phone", "cash", "bank_transfer", "invoice"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What the office can choose for a manual booking. */
export const MANUAL_PAYMENT_METHODS = ["card_phone", "cash", "bank_transfer", "invoice"] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card_online: "Card (online)",
  card_phone: "Card (by phone)",
  cash: "Cash",
  bank_transfer: "Bank transfer",
  invoice: "Invoice",
};

export const BOOKING_SORT_FIELDS = ["reference", "learner", "course", "date", "amount", "booked_on", "status"] as const;
export type BookingSortField = (typeof BOOKING_SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;

/** A retry of the same click sends the same key (e.g. crypto.randomUUID() made when the form opens). */
export const IdempotencyKey = z
  .string({ required_error: "idempotency_key is required" })
  .trim()
  .min(8, "idempotency_key must be 8 to 100 characters")
  .max(TEXT_MAX.reference, "idempotency_key must be 8 to 100 characters");

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

const PdfBody = c.otherResponse({ contentType: "application/pdf", body: c.type<string>() });
const CsvBody = c.otherResponse({ contentType: "text/csv", body: c.type<string>() });

/** Actions answer the booking as it is now; 409 when its state forbids the action (e.g. more than paid). */
const actionResponses = {
  200: BookingDetailSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  502: ErrorSchema,
  ...adminResponses,
} as const;

export const bookingsContract = c.router({
  list: {
    method: "GET",
    path: "/bookings",
    query: BookingListQuery.optional(),
    responses: { 200: z.array(BookingRowSchema), ...adminResponses },
    metadata: { ...officeOnly, totalCount: true },
    summary: "Bookings, paged on the server (x-total-count), filtered by status (default confirmed), sorted and searched",
  },
  export: {
    method: "GET",
    path: "/bookings/export.csv",
    query: BookingListQuery.omit({ page: true, limit: true }).optional(),
    responses: { 200: CsvBody, ...adminResponses },
    metadata: trainerToo,
    summary:
      "CSV: one row per attendee per course (Europe/London times), same filters as the list; trainers get their own dates without contact details or money",
  },
  create: {
    method: "POST",
    path: "/bookings",
    body: ManualBookingSchema,
    responses: { 201: BookingDetailSchema, 200: BookingDetailSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary:
      "Manual booking (phone, cash, bank transfer, invoice); 200 with the same booking when the idempotency key was used before",
  },
  detail: {
    method: "GET",
    path: "/bookings/:id",
    pathParams: BookingIdParams,
    responses: { 200: BookingDetailSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  cancel: {
    method: "POST",
    path: "/bookings/:id/cancel",
    pathParams: BookingIdParams,
    body: CancelBookingSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary: "Cancels the booking (places freed at once) and refunds all, part or none through the payment provider",
  },
  refund: {
    method: "POST",
    path: "/bookings/:id/refund",
    pathParams: BookingIdParams,
    body: RefundBookingSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary: "Refunds a chosen amount without cancelling; never more than paid in all",
  },
  transferOptions: {
    method: "GET",
    path: "/bookings/:id/transfer-options",
    pathParams: BookingIdParams,
    responses: { 200: z.array(TransferOptionSchema), 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  transfer: {
    method: "POST",
    path: "/bookings/:id/transfer",
    pathParams: BookingIdParams,
    body: TransferBookingSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary: "Moves a course of the booking to another date of the same course (409 when it has too few places left)",
  },
  cancelAttendee: {
    method: "POST",
    path: "/bookings/:id/attendees/:attendeeId/cancel",
    pathParams: AttendeeParams,
    body: CancelAttendeeSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary:
      "Cancels one attendee's place (freed at once, offered to the waiting list) with all, part or none of a refund; 409 for a course's only place",
  },
  swapAttendee: {
    method: "POST",
    path: "/bookings/:id/attendees/:attendeeId/swap",
    pathParams: AttendeeParams,
    body: SwapAttendeeSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary: "Hands one attendee's place to another person (seat kept; new learner form and mails)",
  },
  renameAttendee: {
    method: "POST",
    path: "/bookings/:id/attendees/:attendeeId/rename",
    pathParams: AttendeeParams,
    body: RenameAttendeeSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary: "Corrects the name (and e-mail) of one attendee",
  },
  resendConfirmation: {
    method: "POST",
    path: "/bookings/:id/resend-confirmation",
    pathParams: BookingIdParams,
    body: ResendConfirmationSchema,
    responses: actionResponses,
    metadata: officeOnly,
  },
  recordPayment: {
    method: "POST",
    path: "/bookings/:id/payments",
    pathParams: BookingIdParams,
    body: RecordPaymentSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary: "Records money received later on a manual booking (e.g. an invoice paid); never more than the total",
  },
  addNote: {
    method: "POST",
    path: "/bookings/:id/notes",
    pathParams: BookingIdParams,
    body: BookingNoteInputSchema,
    responses: { 201: BookingNoteSchema, 200: BookingNoteSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  receipt: {
    method: "GET",
    path: "/bookings/:id/receipt.pdf",
    pathParams: BookingIdParams,
    responses: { 200: PdfBody, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "The booking's receipt/invoice PDF",
  },
  publicReceipt: {
    method: "GET",
    path: "/orders/:reference/receipt.pdf",
    pathParams: z.object({ reference: z.string().min(1).max(TEXT_MAX.reference) }),
    responses: { 200: PdfBody, 404: ErrorSchema },
    summary: "The receipt/invoice PDF by the order's secret reference (success page, confirmation mail)",
  },
});
