-- Online index for the learner dates list (decision 530): its pages walk the course dates in start
-- order (coming soonest first, past latest first) and stop once the page is full, probing each
-- date for learners, instead of probing every date and sorting. Built as in 0040_search_indexes.sql
-- (decision 463): concurrently, after the migrations, once.
SET lock_timeout = '1s';
--> statement-breakpoint
SET statement_timeout = 0;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "course_dates_start_idx" ON "course_dates" ("start_date", "id");
