-- Online indexes for the money figures (decision 491): the dashboard's revenue and the money report
-- sum what was refunded in a month, so refunds are read by their date, not end to end. Built as in
-- 0040_search_indexes.sql (decision 463): concurrently, after the migrations, once.
SET lock_timeout = '1s';
--> statement-breakpoint
SET statement_timeout = 0;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "refunds_created_at_idx" ON "refunds" ("created_at");
