-- The learner progress list and the certificate alert (decision 533), built as in
-- 0040_search_indexes.sql (decision 463): concurrently, after the migrations, once.
SET lock_timeout = '1s';
--> statement-breakpoint
SET statement_timeout = 0;
--> statement-breakpoint
-- The progress list in its order: stuck since (past days, then today and later by id, then none),
-- the open learners only; the page's place and results day from the index too, so a deep page
-- skips its offset without reading the records.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "learner_records_progress_idx" ON "learner_records" ("progress_since", "id") INCLUDE ("attendee_id", "results_on") WHERE "progress_open";
--> statement-breakpoint
-- Certificates awaited: open learners who passed every unit and have no certificate sent, by results day.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "learner_records_certificate_awaited_idx" ON "learner_records" ("results_on") WHERE "progress_open" AND "results_all_passed" AND "certificate_sent_on" IS NULL;
