-- Issue 31: the learner's portal. Revision and mock exams per course unit, the learner's
-- progress and attempts, certificate progress, licence application steps (decisions 350-359).
SET LOCAL lock_timeout = '5s';
--> statement-breakpoint
SET LOCAL statement_timeout = '60s';
--> statement-breakpoint
CREATE TABLE "study_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL REFERENCES "courses"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"question_count" smallint DEFAULT 20 NOT NULL,
	"minutes" smallint DEFAULT 30 NOT NULL,
	"pass_percent" smallint DEFAULT 70 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_units_question_count" CHECK ("question_count" BETWEEN 1 AND 200),
	CONSTRAINT "study_units_minutes" CHECK ("minutes" BETWEEN 1 AND 600),
	CONSTRAINT "study_units_pass_percent" CHECK ("pass_percent" BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "study_units_course_title_key" ON "study_units" USING btree ("course_id","title");
--> statement-breakpoint
CREATE TABLE "revision_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL REFERENCES "study_units"("id") ON DELETE cascade,
	"position" smallint DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"html" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "revision_sections_unit_idx" ON "revision_sections" USING btree ("unit_id","position");
--> statement-breakpoint
CREATE TABLE "revision_progress" (
	"learner_id" integer NOT NULL REFERENCES "learner_records"("id") ON DELETE cascade,
	"section_id" integer NOT NULL REFERENCES "revision_sections"("id") ON DELETE cascade,
	"done_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("learner_id","section_id")
);
--> statement-breakpoint
CREATE TABLE "mock_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL REFERENCES "study_units"("id") ON DELETE cascade,
	"question" text NOT NULL,
	"options" text[] NOT NULL,
	"correct" smallint NOT NULL,
	"explanation" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mock_questions_four_options" CHECK (cardinality("options") = 4),
	CONSTRAINT "mock_questions_correct" CHECK ("correct" BETWEEN 0 AND 3)
);
--> statement-breakpoint
CREATE INDEX "mock_questions_unit_idx" ON "mock_questions" USING btree ("unit_id");
--> statement-breakpoint
CREATE TABLE "mock_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"learner_id" integer NOT NULL REFERENCES "learner_records"("id") ON DELETE cascade,
	"unit_id" integer NOT NULL REFERENCES "study_units"("id") ON DELETE cascade,
	"question_ids" integer[] NOT NULL,
	"answers" smallint[] NOT NULL,
	"pass_percent" smallint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"correct" integer,
	"passed" boolean
);
--> statement-breakpoint
CREATE INDEX "mock_attempts_learner_idx" ON "mock_attempts" USING btree ("learner_id","unit_id");
--> statement-breakpoint
CREATE TABLE "licence_steps" (
	"learner_id" integer NOT NULL REFERENCES "learner_records"("id") ON DELETE cascade,
	"step" text NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"recorded_by" text NOT NULL,
	PRIMARY KEY ("learner_id","step"),
	CONSTRAINT "licence_steps_step" CHECK ("step" IN ('account', 'qualification', 'application', 'id_check', 'fee', 'granted'))
);
--> statement-breakpoint
ALTER TABLE "learner_records" ADD COLUMN "certificate_claimed_on" date;
--> statement-breakpoint
ALTER TABLE "learner_records" ADD COLUMN "certificate_received_on" date;
--> statement-breakpoint
ALTER TABLE "learner_records" ADD COLUMN "certificate_sent_on" date;
--> statement-breakpoint
ALTER TABLE "learner_records" ADD COLUMN "certificate_sent_how" text;
--> statement-breakpoint
ALTER TABLE "learner_records" ADD COLUMN "licence_number" text;
--> statement-breakpoint
ALTER TABLE "learner_records" ADD COLUMN "licence_expires_on" date;
--> statement-breakpoint
ALTER TABLE "learner_records" ADD COLUMN "portal_until" date;
