-- Calendar UIDs and mail headers (decisions 285, 287). Squawk (decision 299): a volatile default
-- on ADD COLUMN would rewrite order_attendees under an ACCESS EXCLUSIVE lock; the column is added
-- without one, existing places get their UID by an UPDATE, and the default applies to new rows.
-- It stays nullable in the database: SET NOT NULL would block reads while the table is scanned;
-- no row is ever null (default + backfill), and the writer has a stable fallback all the same.
-- SET LOCAL: the limits end with the migration's transaction, not on the pooled connection.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
SET LOCAL statement_timeout = '120s';--> statement-breakpoint
ALTER TABLE "order_attendees" ADD COLUMN "calendar_uid" uuid;--> statement-breakpoint
ALTER TABLE "order_attendees" ALTER COLUMN "calendar_uid" SET DEFAULT gen_random_uuid();--> statement-breakpoint
UPDATE "order_attendees" SET "calendar_uid" = gen_random_uuid() WHERE "calendar_uid" IS NULL;--> statement-breakpoint
ALTER TABLE "order_attendees" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "to_name" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to_name" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "message_id" text;
