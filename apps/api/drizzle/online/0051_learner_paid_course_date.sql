-- Online indexes for the learner dates list (decision 534), built as in 0040_search_indexes.sql
-- (decision 463): concurrently, after the migrations, once.
SET lock_timeout = '1s';
--> statement-breakpoint
SET statement_timeout = 0;
--> statement-breakpoint
-- The records listed under each course date (paid bookings): probed per date by the list's filter
-- and count, and read by key for a page's learners.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "learner_records_paid_course_date_idx" ON "learner_records" ("paid_course_date_id");
--> statement-breakpoint
-- The current window's dates (ending from a week ago on, a few hundred of ten years' thousands):
-- its count and pages read them by end date instead of walking every date from the first.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "course_dates_end_idx" ON "course_dates" ("end_date");
