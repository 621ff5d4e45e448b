import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { refunds } from "./bookings";
import { orderCharges } from "./money";
import { orders } from "./orders";
import { createdAt, tstz } from "./types";

/** VAT registration from a date (migration 0036, decision 420); no number = not registered from then. */
export const vatPeriods = pgTable(
  "vat_periods",
  {
    id: serial("id").primaryKey(),
    startsOn: date("starts_on", { mode: "string" }).notNull().unique(),
    vatNumber: text("vat_number"),
    ratePercent: numeric("rate_percent", { precision: 5, scale: 2 }).notNull().default("20"),
    createdAt: createdAt(),
  },
  (t) => [check("vat_periods_rate", sql`${t.ratePercent} >= 0 and ${t.ratePercent} <= 100`)],
);

/** The last number issued per document kind and London year (locked FOR UPDATE: gapless). */
export const documentCounters = pgTable(
  "document_counters",
  {
    kind: text("kind").$type<"invoice" | "credit_note">().notNull(),
    year: integer("year").notNull(),
    lastSeq: integer("last_seq").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/** Everything a document prints, fixed when it is issued (decision 421). */
export type DocumentSnapshot = {
  title: string;
  number: string;
  issuedOn: string;
  /** For credit notes: the invoice corrected. */
  corrects?: { number: string; issuedOn: string } | null;
  bookingRef: string;
  business: { name: string; address: string; phone: string; email: string; vatNumber: string | null };
  buyer: { name: string; company: string | null; address: string; email: string; purchaseOrder: string | null };
  lines: { description: string; detail: string[]; amountPence: number }[];
  subtotalPence: number;
  discount: { label: string; amountPence: number } | null;
  orderTotalPence: number;
  /** What this document is for: the payment received (invoice of a payment), the booking's total (by invoice), the amount credited. */
  amountPence: number;
  amountLabel: string;
  paymentMethod: string | null;
  paidToDatePence: number;
  duePence: number;
  dueOn: string | null;
  vat: { ratePercent: number; vatPence: number; netPence: number } | null;
  reason: string | null;
};

export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull().unique(),
    year: integer("year").notNull(),
    seq: integer("seq").notNull(),
    kind: text("kind").$type<InvoiceKind>().notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    chargeId: integer("charge_id")
      .unique()
      .references(() => orderCharges.id, { onDelete: "set null" }),
    token: text("token").notNull().unique(),
    issuedAt: tstz("issued_at").notNull(),
    amountPence: integer("amount_pence").notNull(),
    vatPence: integer("vat_pence").notNull().default(0),
    snapshot: jsonb("snapshot").$type<DocumentSnapshot>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("invoices_year_seq").on(t.year, t.seq),
    uniqueIndex("invoices_booking_key")
      .on(t.orderId)
      .where(sql`${t.kind} = 'booking'`),
    index("invoices_order_idx").on(t.orderId),
    index("invoices_issued_idx").on(t.issuedAt),
    check("invoices_kind", sql`${t.kind} in ('payment', 'booking', 'adjustment')`),
  ],
);

export const creditNotes = pgTable(
  "credit_notes",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull().unique(),
    year: integer("year").notNull(),
    seq: integer("seq").notNull(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    refundId: integer("refund_id").references(() => refunds.id, { onDelete: "set null" }),
    kind: text("kind").$type<"refund" | "price_reduction">().notNull(),
    token: text("token").notNull().unique(),
    issuedAt: tstz("issued_at").notNull(),
    amountPence: integer("amount_pence").notNull(),
    vatPence: integer("vat_pence").notNull().default(0),
    snapshot: jsonb("snapshot").$type<DocumentSnapshot>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("credit_notes_year_seq").on(t.year, t.seq),
    index("credit_notes_order_idx").on(t.orderId),
    index("credit_notes_refund_idx").on(t.refundId),
    index("credit_notes_issued_idx").on(t.issuedAt),
    check("credit_notes_kind", sql`${t.kind} in ('refund', 'price_reduction')`),
    check("credit_notes_amount_positive", sql`${t.amountPence} > 0`),
  ],
);

/** The provider's payouts (migration 0037, decision 424). */
export const payouts = pgTable("payouts", {
  id: text("id").primaryKey(),
  amountPence: integer("amount_pence").notNull(),
  currency: text("currency").notNull(),
  status: text("status").notNull(),
  arrivalDate: tstz("arrival_date").notNull(),
  created: tstz("created").notNull(),
  syncedAt: tstz("synced_at").notNull(),
});

/** One balance transaction of a payout, matched to an order when its source is one of ours. */
export const payoutLines = pgTable(
  "payout_lines",
  {
    id: text("id").primaryKey(),
    payoutId: text("payout_id")
      .notNull()
      .references(() => payouts.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    source: text("source"),
    description: text("description"),
    amountPence: integer("amount_pence").notNull(),
    feePence: integer("fee_pence").notNull(),
    netPence: integer("net_pence").notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    chargeId: integer("charge_id").references(() => orderCharges.id, { onDelete: "set null" }),
    refundId: integer("refund_id").references(() => refunds.id, { onDelete: "set null" }),
    created: tstz("created").notNull(),
  },
  (t) => [index("payout_lines_payout_idx").on(t.payoutId), index("payout_lines_order_idx").on(t.orderId)],
);

/** payment: one payment received; booking: an office booking by invoice (its total, due); adjustment: a price rise. */
export type InvoiceKind = "payment" | "booking" | "adjustment";
