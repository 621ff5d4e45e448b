-- Issue 27 part B (decisions 330-339): trainers assigned to course dates (a trainer's register and
-- enrolments show only these), the trainer's "seen" mark on a learner's evidence, and the buyer's
-- postcode on an order. New table and nullable columns only: no rewrite, brief locks.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
SET LOCAL statement_timeout = '60s';
--> statement-breakpoint
CREATE TABLE "course_date_trainers" (
	"course_date_id" integer NOT NULL REFERENCES "course_dates"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"assigned_by" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("course_date_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "course_date_trainers_user_idx" ON "course_date_trainers" ("user_id");
--> statement-breakpoint
ALTER TABLE "learner_records" ADD COLUMN "evidence_seen_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "learner_records" ADD COLUMN "evidence_seen_by" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "postcode" text;
