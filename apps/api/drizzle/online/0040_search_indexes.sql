-- Online indexes (decision 463): each statement runs on its own, outside a transaction, after the
-- migrations of drizzle/ (whose 0040_search_extension creates pg_trgm). CREATE INDEX CONCURRENTLY
-- takes no lock that stops bookings; IF NOT EXISTS makes every start after the first a no-op, and an
-- index a crash left invalid is dropped and built again by the runner. A build waits at most a
-- second for its lock (another build, a VACUUM or an ALTER of the table) and may take minutes.
SET lock_timeout = '1s';
--> statement-breakpoint
SET statement_timeout = 0;
--> statement-breakpoint
-- The bookings list's search (src/modules/bookings/repository.ts, searchSql): name, e-mail, phone
-- (digits), reference, company, discount code, course title, attendee name and e-mail.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_name_trgm_idx" ON "orders" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_guest_email_trgm_idx" ON "orders" USING gin ("guest_email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_phone_digits_trgm_idx" ON "orders" USING gin ((regexp_replace("phone_number", '\D', '', 'g')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_booking_ref_trgm_idx" ON "orders" USING gin ("booking_ref" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_company_trgm_idx" ON "orders" USING gin ("company_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_discount_code_trgm_idx" ON "orders" USING gin ("discount_code" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "order_items_title_trgm_idx" ON "order_items" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "order_attendees_name_trgm_idx" ON "order_attendees" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "order_attendees_email_trgm_idx" ON "order_attendees" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
-- A booking's page: the mails and the activity that name its reference (findMails, findHistory).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "mail_outbox_text_trgm_idx" ON "mail_outbox" USING gin ("text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "activity_log_details_trgm_idx" ON "activity_log" USING gin ("details" gin_trgm_ops);
--> statement-breakpoint
-- The bookings list's status filters and its refunded column (refunds per order exist already).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_status_created_idx" ON "orders" ("status", "created_at");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_total_pence_idx" ON "orders" ("total_pence");
