/**
 * The tables that grow with the years of data (decision 460), shared by the checks that guard them:
 * no office list or search reads one whole (volume-queries.test.ts), no migration fills or rewrites
 * one inside drizzle's transaction (migration-lint.test.ts, decision 552).
 * Course dates and the catalogue stay in the thousands.
 */
export const BIG_TABLES = [
  "orders",
  "order_items",
  "order_attendees",
  "order_payments",
  "refunds",
  "booking_notes",
  "activity_log",
  "mail_outbox",
  "learner_records",
  "learner_evidence",
  "learner_attendance",
  "learner_results",
  "contact_messages",
  "waitlist_entries",
  "scheduled_mails",
  // One row per paid order or per order (decisions 368, 441).
  "order_charges",
  "order_self_service",
];
