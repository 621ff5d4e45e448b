import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { orders, orderStatus } from "./orders";

/**
 * The bookings list's derived sort keys and status facts, one row per order, kept by row triggers on
 * orders, items, attendees and refunds (drizzle/0044_office_list_keys.sql, decision 500). Read-only
 * for the application.
 */
export const orderListKeys = pgTable(
  "order_list_keys",
  {
    orderId: integer("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: orderStatus("status").notNull(),
    hasRefund: boolean("has_refund").notNull(),
    /** The first attendee's name (by item and position), else the buyer's, lower-cased. */
    learner: text("learner").notNull(),
    /** The first item's course title, lower-cased ('' without items). */
    course: text("course").notNull(),
    firstDate: date("first_date"),
  },
  (t) => [
    index("order_list_keys_learner_idx").on(t.learner, t.orderId),
    index("order_list_keys_course_idx").on(t.course, t.orderId),
    index("order_list_keys_date_asc_idx").on(t.firstDate.asc().nullsLast(), t.orderId.asc()),
    index("order_list_keys_date_desc_idx").on(t.firstDate.desc().nullsLast(), t.orderId.desc()),
    index("order_list_keys_status_idx").on(t.status, t.orderId),
    index("order_list_keys_refund_idx")
      .on(t.orderId)
      .where(sql`${t.hasRefund}`),
  ],
);

/**
 * Row counts of the big lists (orders by status and refund, activity log, mail outbox and scheduled
 * mail by status, messages by handled), kept by triggers; each backend adds to its own slot so
 * concurrent writers do not queue on one row. A total is the sum over the slots.
 */
export const listCounts = pgTable(
  "list_counts",
  {
    list: text("list").notNull(),
    key: text("key").notNull(),
    slot: integer("slot").notNull(),
    n: bigint("n", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.key, t.slot] })],
);
