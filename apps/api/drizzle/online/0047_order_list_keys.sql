-- The bookings list's sorts on an order's first course date, course and learner (decision 520):
-- each sort, first page or 500th, reads its index in order instead of computing every order's key.
-- Built as in 0040_search_indexes.sql (decision 463): concurrently, after the migrations, once.
SET lock_timeout = '1s';
--> statement-breakpoint
SET statement_timeout = 0;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_list_first_date_idx" ON "orders" ("list_first_date", "id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_list_course_idx" ON "orders" ("list_course", "id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_list_learner_idx" ON "orders" ("list_learner", "id");
--> statement-breakpoint
-- The search by course title: the distinct titles, then their lines (decision 520).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "order_items_title_idx" ON "order_items" ("title", "order_id");
--> statement-breakpoint
-- The messages screen's "unhandled" view: the few messages still to answer, newest first, without
-- reading past the thousands already handled.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "contact_messages_unhandled_idx" ON "contact_messages" ("created_at" DESC, "id" DESC) WHERE "handled_at" IS NULL;
