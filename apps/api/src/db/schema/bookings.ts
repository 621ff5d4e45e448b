import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { orders } from "./orders";
import { createdAt } from "./types";

/**
 * Money given back on an order (issue 13): by the office through the payment provider, or made in
 * the provider's dashboard and learnt from its `charge.refunded` webhook. The sum per order never
 * exceeds what was paid (checked under the order's row lock, and by a trigger as a last line).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountPence: integer("amount_pence").notNull(),
    /** Stripe `re_…`, local `local_re_…`, `manual_…` for money the office gave back itself. */
    providerRefundId: text("provider_refund_id"),
    /** The office's retry key: the same click twice is one refund. Null for refunds learnt from webhooks. */
    idempotencyKey: text("idempotency_key"),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Snapshot of who made it (administrator, or 'Payment provider'). */
    adminName: text("admin_name").notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    uniqueIndex("refunds_provider_refund_key").on(t.providerRefundId),
    uniqueIndex("refunds_order_idempotency_key").on(t.orderId, t.idempotencyKey),
    check("refunds_amount_positive", sql`${t.amountPence} > 0`),
  ],
);

/**
 * How an order was paid, when it is not the site's online card payment (manual bookings), and the
 * provider's payment id once learnt (refunds, webhooks). No row: an online order, nothing learnt yet.
 */
export const orderPayments = pgTable(
  "order_payments",
  {
    orderId: integer("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** card_online | card_phone | cash | bank_transfer | invoice (PAYMENT_METHODS of the contract). */
    method: text("method").notNull().default("card_online"),
    /** Stripe PaymentIntent `pi_…`. */
    providerPaymentId: text("provider_payment_id"),
    /** A manual booking whose invoice is not paid yet. */
    invoiceUnpaid: boolean("invoice_unpaid").notNull().default(false),
    /** The manual booking's retry key (one booking per key). */
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("order_payments_idempotency_key").on(t.idempotencyKey),
    index("order_payments_provider_payment_idx").on(t.providerPaymentId),
  ],
);

/** The office's notes on a booking (who wrote them, when). */
export const bookingNotes = pgTable(
  "booking_notes",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("booking_notes_order_idx").on(t.orderId),
    uniqueIndex("booking_notes_idempotency_key").on(t.orderId, t.idempotencyKey),
  ],
);

/** Retry keys of booking actions that leave no row of their own (resend confirmation). */
export const bookingActionKeys = pgTable(
  "booking_action_keys",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.action, t.idempotencyKey] })],
);
