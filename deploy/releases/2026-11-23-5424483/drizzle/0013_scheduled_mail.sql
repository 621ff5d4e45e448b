CREATE TYPE "public"."scheduled_mail_status" AS ENUM('scheduled', 'queued', 'skipped', 'failed');--> statement-breakpoint
CREATE TABLE "marketing_unsubscribes" (
	"email" text PRIMARY KEY NOT NULL,
	"unsubscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"via" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"attendee_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"course_date_id" integer NOT NULL,
	"renewal_course_id" integer,
	"marketing" boolean DEFAULT false NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" "scheduled_mail_status" DEFAULT 'scheduled' NOT NULL,
	"reason" text,
	"outbox_id" integer,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_mails" ADD CONSTRAINT "scheduled_mails_attendee_id_order_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."order_attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_mails" ADD CONSTRAINT "scheduled_mails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_mails" ADD CONSTRAINT "scheduled_mails_course_date_id_course_dates_id_fk" FOREIGN KEY ("course_date_id") REFERENCES "public"."course_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_mails" ADD CONSTRAINT "scheduled_mails_renewal_course_id_courses_id_fk" FOREIGN KEY ("renewal_course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_mails" ADD CONSTRAINT "scheduled_mails_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_mails_attendee_date_kind_key" ON "scheduled_mails" USING btree ("attendee_id","course_date_id","kind");--> statement-breakpoint
CREATE INDEX "scheduled_mails_status_due_idx" ON "scheduled_mails" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "scheduled_mails_outbox_idx" ON "scheduled_mails" USING btree ("outbox_id");