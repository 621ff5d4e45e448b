import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, serial, text, uniqueIndex, date, uuid } from "drizzle-orm/pg-core";
import { courseDates, courses, discountCodes } from "./catalogue";
import { createdAt, tstz, updatedAt, type PaymentOptions, type PaymentPlan } from "./types";

export const orderStatus = pgEnum("order_status", ["pending", "paid", "expired", "cancelled"]);

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /** Public, random and unguessable: the only handle a customer or provider sees. */
    reference: text("reference").notNull(),
    /** The booking reference people read (8 characters, see booking-reference.ts); shown as XXXX-XXXX. */
    bookingRef: text("booking_ref").notNull(),
    /** Version of the booking terms the customer agreed to at checkout, and when. */
    termsVersion: text("terms_version"),
    termsAcceptedAt: tstz("terms_accepted_at"),
    status: orderStatus("status").notNull().default("pending"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    guestName: text("guest_name").notNull(),
    guestEmail: text("guest_email").notNull(),
    phoneNumber: text("phone_number").notNull(),
    country: text("country").notNull(),
    streetAddress: text("street_address").notNull(),
    townCity: text("town_city").notNull(),
    state: text("state").notNull(),
    /** The buyer's (or employer's invoice) postcode; null on orders placed before it was asked (decision 334). */
    postcode: text("postcode"),
    companyName: text("company_name"),
    /** The employer's purchase-order number, for invoices (group and employer bookings). */
    purchaseOrder: text("purchase_order"),
    /** When the buyer ticked 'Send me course and licence-renewal reminders' (marketing consent); null if not. */
    marketingConsentAt: tstz("marketing_consent_at"),
    buildingType: text("building_type"),
    orderNotes: text("order_notes"),
    subtotalPence: integer("subtotal_pence").notNull(),
    discountCodeId: integer("discount_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    /** Snapshot of the code text as applied. */
    discountCode: text("discount_code"),
    percentOff: integer("percent_off"),
    /** Snapshot of a fixed-amount code's amount off (pence); null for percentage codes and no code. */
    amountOffPence: integer("amount_off_pence"),
    discountPence: integer("discount_pence").notNull().default(0),
    totalPence: integer("total_pence").notNull(),
    amountPaidPence: integer("amount_paid_pence"),
    paidAt: tstz("paid_at"),
    /** End of the seat and discount hold while unpaid (created + 30 minutes). */
    expiresAt: tstz("expires_at").notNull(),
    cancelledAt: tstz("cancelled_at"),
    expiredAt: tstz("expired_at"),
    paymentProvider: text("payment_provider").notNull(),
    providerSessionId: text("provider_session_id"),
    /** Issue 33: null (no approval needed), 'waiting' (places held, no payment), 'approved' or 'declined'. */
    approval: text("approval").$type<"waiting" | "approved" | "declined">(),
    declineReason: text("decline_reason"),
    /** The course finder's answers when the booking came from it (shown to the office). */
    finderAnswers: jsonb("finder_answers").$type<Record<string, string>>(),
    /** How the order is paid: in full at checkout, a deposit then the balance, our own instalments, or Klarna. */
    paymentPlan: text("payment_plan").$type<PaymentPlan>().notNull().default("full"),
    /** What is paid at checkout when the plan is not 'full' (pence). */
    depositPence: integer("deposit_pence"),
    /** London calendar day the balance is due; null when paid in full at checkout. */
    balanceDueOn: date("balance_due_on", { mode: "string" }),
    /** The payment options in force when the order was placed (changes apply to new bookings only). */
    paymentTerms: jsonb("payment_terms").$type<PaymentOptions>(),
    /** The customer's consent to keep the card for the balance, and the provider's handles for it. */
    cardSavedAt: tstz("card_saved_at"),
    providerCustomerId: text("provider_customer_id"),
    providerPaymentMethodId: text("provider_payment_method_id"),
    /** The balance charged to the saved card on its due day: last try, and the failure that sent the link instead. */
    balanceChargeAttemptedAt: tstz("balance_charge_attempted_at"),
    balanceChargeFailedAt: tstz("balance_charge_failed_at"),
    balanceChargeError: text("balance_charge_error"),
    /** The balance reminders sent: 7 days before the due day, and on it. */
    balanceRemindedBeforeAt: tstz("balance_reminded_before_at"),
    balanceRemindedDueAt: tstz("balance_reminded_due_at"),
    /** The office was alerted about the overdue balance (once per booking). */
    overdueAlertedAt: tstz("overdue_alerted_at"),
    /** The places were released because the balance stayed unpaid. */
    releasedUnpaidAt: tstz("released_unpaid_at"),
    /**
     * The bookings list's sort keys (decision 520): first course date, first course's title and
     * first learner's name (lower case), as `order_list_keys()` derives them from the order's lines
     * and places; written by the orders module with them, null until the backfill reaches an order
     * written before migration 0043.
     */
    listFirstDate: date("list_first_date", { mode: "string" }),
    listCourse: text("list_course"),
    listLearner: text("list_learner"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_reference_key").on(t.reference),
    uniqueIndex("orders_booking_ref_key").on(t.bookingRef),
    uniqueIndex("orders_provider_session_key").on(t.providerSessionId),
    index("orders_status_expires_idx").on(t.status, t.expiresAt),
    index("orders_discount_code_idx").on(t.discountCodeId),
    index("orders_created_at_idx").on(t.createdAt),
    index("orders_paid_at_idx").on(t.paidAt),
    index("orders_updated_at_idx").on(t.updatedAt),
    check("orders_amounts", sql`${t.subtotalPence} >= 0 and ${t.totalPence} >= 0 and ${t.discountPence} >= 0`),
  ],
);

export type AddOnSnapshot = { name: string; price_pence: number };

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    courseDateId: integer("course_date_id").references(() => courseDates.id, { onDelete: "set null" }),
    // Snapshot of what was bought, so history survives catalogue edits and deletions.
    title: text("title").notNull(),
    duration: text("duration").notNull(),
    time: text("time").notNull(),
    description: text("description").notNull(),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    dateLabel: text("date_label").notNull(),
    /** Course fee + chosen add-ons, before discount. */
    originalPricePence: integer("original_price_pence").notNull(),
    /** After this item's share of the discount. */
    pricePaidPence: integer("price_paid_pence").notNull(),
    addOns: jsonb("add_ons").$type<AddOnSnapshot[]>().notNull().default([]),
    seats: integer("seats").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index("order_items_order_idx").on(t.orderId), index("order_items_course_date_idx").on(t.courseDateId)],
);

/** Webhook idempotency: an event id is processed once. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: tstz("received_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_events_event_key").on(t.provider, t.eventId)],
);

/**
 * One person taking one place of an order item (group and employer bookings book several places
 * on one date). Every item has exactly `seats` attendees; a single-place order's attendee is the
 * buyer. Registers, CSV exports, learner records and reminders are per attendee.
 */
export const orderAttendees = pgTable(
  "order_attendees",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    /** 1-based place number within the item, stable for display order. */
    position: integer("position").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    /** The answers to the course's prerequisite questions (issue 33), by question key. */
    prerequisiteAnswers: jsonb("prerequisite_answers").$type<Record<string, string>>(),
    /**
     * The iCalendar UID of this place's event (RFC 5545): made once, kept for life, so every later
     * calendar file (a move, a cancellation) updates the same event in the customer's calendar.
     */
    calendarUid: uuid("calendar_uid").defaultRandom(),
    /** The event's SEQUENCE: raised on every change sent to the customer (moved, cancelled). */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_attendees_order_idx").on(t.orderId),
    uniqueIndex("order_attendees_item_position_key").on(t.orderItemId, t.position),
  ],
);

/** Row types, defined once beside their tables. */
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderAttendeeRow = typeof orderAttendees.$inferSelect;

/**
 * Each time a payment page could not be opened for an order (decision 272): the customer could not
 * pay and the order was cancelled at once. The dashboard counts these and the ops alerts
 * (decision 313) are raised from them; the order row says nothing of it (it is simply cancelled).
 */
export const paymentPageFailures = pgTable(
  "payment_page_failures",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    provider: text("provider").notNull(),
    at: tstz("at").notNull(),
  },
  (t) => [index("payment_page_failures_at_idx").on(t.at), index("payment_page_failures_order_idx").on(t.orderId)],
);

/**
 * An episode of repeated payment-page failures (decision 272): opened once when failures repeat,
 * closed (`recovered_at`) by the next payment page that opens. No longer written or read: the ops
 * alerts (`ops_alerts`, kind payment_page) own the episode (decision 313). Kept until a later
 * release drops it (expand, then contract: decision 308).
 */
export const paymentPageAlerts = pgTable(
  "payment_page_alerts",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    startedAt: tstz("started_at").notNull(),
    /** Failures in the 15 minutes before it opened (what the bell says). */
    failures: integer("failures").notNull(),
    recoveredAt: tstz("recovered_at"),
  },
  (t) => [
    uniqueIndex("payment_page_alerts_one_open_idx")
      .on(sql`(recovered_at is null)`)
      .where(sql`recovered_at is null`),
    index("payment_page_alerts_started_idx").on(t.startedAt),
  ],
);
