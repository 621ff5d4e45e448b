import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { BookingPolicy } from "@app/rules";
import { users } from "./auth";
import { courseDates } from "./catalogue";
import { orderItems, orders } from "./orders";
import { createdAt, tstz } from "./types";

/** The office's booking policy, one row per version; the highest is in force (migration 0038, decision 441). */
export const bookingPolicies = pgTable("booking_policies", {
  version: integer("version").primaryKey(),
  policy: jsonb("policy").$type<BookingPolicy>().notNull(),
  termsVersion: text("terms_version").notNull(),
  actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * The policy of an order placed before order_self_service (0038 gave them the first version; the
 * backfill writes their rows after the migrations, decision 552): an order without a row is one.
 */
export const FIRST_POLICY_VERSION = 1;

/** Self-service facts of an order (a trigger adds the row, with the policy in force, when the order is placed). */
export const orderSelfService = pgTable("order_self_service", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  policyVersion: integer("policy_version").references(() => bookingPolicies.version),
  earlyStartRequested: boolean("early_start_requested"),
  dateChanges: integer("date_changes").notNull().default(0),
  creditPence: integer("credit_pence").notNull().default(0),
});

/** One-use sign-in links of "My bookings": a hash of the token only. */
export const customerSignIns = pgTable(
  "customer_sign_ins",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("customer_sign_ins_expires_idx").on(t.expiresAt)],
);

/** A signed-in customer's session, scoped to one e-mail address. */
export const customerSessions = pgTable("customer_sessions", {
  tokenHash: text("token_hash").primaryKey(),
  email: text("email").notNull(),
  expiresAt: tstz("expires_at").notNull(),
  createdAt: createdAt(),
});

/** Each customer action once per retry key; the office's bell reads them. */
export const customerActions = pgTable(
  "customer_actions",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"cancel" | "change" | "rename" | "leave_list">().notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    summary: text("summary").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("customer_actions_key").on(t.orderId, t.idempotencyKey),
    index("customer_actions_created_idx").on(t.createdAt),
  ],
);

/** A date change paid for on the provider's page, carried out on its confirmation (migration 0042, decision 480). */
export const dateChangePayments = pgTable(
  "date_change_payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    courseDateId: integer("course_date_id")
      .notNull()
      .references(() => courseDates.id, { onDelete: "cascade" }),
    feePence: integer("fee_pence").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    sessionId: text("session_id"),
    checkoutUrl: text("checkout_url"),
    status: text("status").$type<"awaiting_payment" | "moved" | "refunded">().notNull().default("awaiting_payment"),
    createdAt: createdAt(),
    settledAt: tstz("settled_at"),
  },
  (t) => [
    uniqueIndex("date_change_payments_key").on(t.orderId, t.idempotencyKey),
    uniqueIndex("date_change_payments_session").on(t.sessionId),
  ],
);
