import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { orders } from "./orders";
import { createdAt, tstz, type PaymentOptions } from "./types";

/**
 * Every amount received on an order, one row per payment event (migration 0034, decision 368): the
 * full payment at checkout, a deposit, a balance, an instalment, or money the office took itself.
 * `orders.amount_paid_pence` is kept equal to the sum of an order's rows, in the same transaction.
 */
export const orderCharges = pgTable(
  "order_charges",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ChargeKind>().notNull(),
    amountPence: integer("amount_pence").notNull(),
    /** card_online | klarna | card_saved | card_phone | cash | bank_transfer | invoice. */
    method: text("method").notNull(),
    /** stripe | local | manual (the order's payment provider, or 'manual' for the office's own takings). */
    provider: text("provider").notNull(),
    /** The provider's id of this payment (checkout session `cs_…` or payment intent `pi_…`); null for cash/transfer. */
    providerRef: text("provider_ref"),
    /** The office's retry key (one row per key and order). */
    idempotencyKey: text("idempotency_key"),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    receivedAt: tstz("received_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_charges_order_idx").on(t.orderId),
    index("order_charges_received_at_idx").on(t.receivedAt),
    uniqueIndex("order_charges_provider_ref_key")
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
    uniqueIndex("order_charges_idempotency_key")
      .on(t.orderId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check("order_charges_kind", sql`${t.kind} in ('full', 'deposit', 'balance', 'instalment', 'office')`),
    check("order_charges_amount_positive", sql`${t.amountPence} > 0`),
  ],
);

export type ChargeKind = "full" | "deposit" | "balance" | "instalment" | "office";

/** Secret links to one order in mails: 'balance' (pay what is due) and 'manage' (the customer's booking page). */
export const orderLinks = pgTable(
  "order_links",
  {
    token: text("token").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"balance" | "manage">().notNull(),
    createdAt: createdAt(),
    revokedAt: tstz("revoked_at"),
  },
  (t) => [
    index("order_links_order_idx").on(t.orderId, t.purpose),
    check("order_links_purpose", sql`${t.purpose} in ('balance', 'manage')`),
  ],
);

/** The order's own instalment plan: scheduled charges of the saved card (Klarna has no rows). */
export const orderInstalments = pgTable(
  "order_instalments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    amountPence: integer("amount_pence").notNull(),
    status: text("status").$type<"scheduled" | "paid" | "failed" | "cancelled">().notNull().default("scheduled"),
    chargeId: integer("charge_id").references(() => orderCharges.id, { onDelete: "set null" }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("order_instalments_order_seq_key").on(t.orderId, t.seq),
    index("order_instalments_due_idx")
      .on(t.dueOn)
      .where(sql`${t.status} = 'scheduled'`),
    check("order_instalments_status", sql`${t.status} in ('scheduled', 'paid', 'failed', 'cancelled')`),
    check("order_instalments_amount_positive", sql`${t.amountPence} > 0`),
  ],
);

/** The site-wide payment options (a single row, id 1); a course's own are `courses.payment_options`. */
export const paymentSettings = pgTable(
  "payment_settings",
  {
    id: integer("id").primaryKey().default(1),
    options: jsonb("options").$type<PaymentOptions>().notNull(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [check("payment_settings_single_row", sql`${t.id} = 1`)],
);

/**
 * Payments taken that nothing was due for (the balance paid by the link and by the saved card at
 * once), given back in full (decision 470). Their refunds are not refunds of the booking's money.
 */
export const unneededPayments = pgTable(
  "unneeded_payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** The provider's payment id (a Stripe PaymentIntent). */
    paymentRef: text("payment_ref").notNull(),
    amountPence: integer("amount_pence").notNull(),
    refundId: text("refund_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("unneeded_payments_payment_key").on(t.provider, t.paymentRef),
    index("unneeded_payments_order_idx").on(t.orderId),
    check("unneeded_payments_amount_positive", sql`${t.amountPence} > 0`),
  ],
);
