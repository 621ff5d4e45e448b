-- Issue 33: a course asks for what it needs at booking (prerequisite questions per attendee) and
-- may need the office's approval before payment; a booking keeps the course finder's answers.
-- New columns only: nullable, or with a constant default (no rewrite on Postgres 11+).
-- SET LOCAL: the limits end with the migration's transaction, not on the pooled connection.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
SET LOCAL statement_timeout = '120s';--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "needs_approval" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "prerequisites" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decline_reason" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "finder_answers" jsonb;
--> statement-breakpoint
ALTER TABLE "order_attendees" ADD COLUMN "prerequisite_answers" jsonb;
