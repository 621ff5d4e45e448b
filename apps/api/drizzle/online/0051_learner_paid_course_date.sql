-- Online index for the learner dates list (decision 534): the records listed under each course
-- date (paid bookings), probed per date by the list's filter and count and read by key for a
-- page's learners. Built as in 0040_search_indexes.sql (decision 463): concurrently, after the
-- migrations, once.
SET lock_timeout = '1s';
--> statement-breakpoint
SET statement_timeout = 0;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "learner_records_paid_course_date_idx" ON "learner_records" ("paid_course_date_id");
