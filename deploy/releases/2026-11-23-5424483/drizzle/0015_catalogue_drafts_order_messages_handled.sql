ALTER TABLE "courses" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" text;--> statement-breakpoint
CREATE INDEX "courses_position_idx" ON "courses" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "contact_messages_unhandled_idx" ON "contact_messages" USING btree ("created_at") WHERE "contact_messages"."handled_at" is null;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_status" CHECK ("courses"."status" in ('draft', 'published'));--> statement-breakpoint
-- Existing courses keep the order they had (oldest first): positions 1..n by id.
UPDATE "courses" SET "position" = ranked.n FROM (SELECT "id", row_number() OVER (ORDER BY "id") AS n FROM "courses") ranked WHERE "courses"."id" = ranked."id";
