-- Online indexes for the office's lists and figures at size (decisions 540-542), built as in
-- 0040_search_indexes.sql (decision 463): concurrently, after the migrations, once.
SET lock_timeout = '1s';
--> statement-breakpoint
SET statement_timeout = 0;
--> statement-breakpoint
-- Activity log, newest first: a page's ids, page 500 too, from the index alone.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "activity_log_created_id_idx" ON "activity_log" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
-- Scheduled mail: sent mails newest first, and planned mails by due time (both directions).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "mail_outbox_status_sent_idx" ON "mail_outbox" ("status", "sent_at" DESC NULLS LAST, "id" DESC);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "scheduled_mails_status_due_id_idx" ON "scheduled_mails" ("status", "due_at", "id");
--> statement-breakpoint
-- Dashboard: places of the bookings paid in a month (index-only on both sides of the join). Led by
-- the status, not partial on it: a partial or status-included index read whole shows no condition
-- to the EXPLAIN check, and the planner took them for other lists' status counts.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_status_paid_at_idx" ON "orders" ("status", "paid_at") INCLUDE ("id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "order_items_order_seats_idx" ON "order_items" ("order_id") INCLUDE ("seats");
--> statement-breakpoint
-- Dashboard and outstanding report: the paid bookings that still owe (status, owed > 0), a few
-- among all orders.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_owed_idx" ON "orders" ("status", ("total_pence" - coalesce("amount_paid_pence", 0))) INCLUDE ("balance_due_on", "total_pence", "amount_paid_pence");
--> statement-breakpoint
-- Reports: places booked per course date (index-only on the items and on the paid orders' ids) and
-- the discount codes used in a period (a few orders among all).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "order_items_date_seats_idx" ON "order_items" ("course_date_id") INCLUDE ("order_id", "seats");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_status_id_idx" ON "orders" ("status", "id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_discounted_paid_at_idx" ON "orders" ("paid_at") INCLUDE ("discount_code", "discount_pence", "status") WHERE "discount_code" IS NOT NULL AND "discount_pence" > 0;
