SET LOCAL lock_timeout = '2s';
--> statement-breakpoint
SET LOCAL statement_timeout = '5s';
--> statement-breakpoint
-- The balance charged to the saved card on its due day (decision 470): when the charge was last
-- tried and, when the bank asked for authentication or the card failed, when and why, so the job
-- falls back to the balance link once and the reminders know the card will not pay.
ALTER TABLE "orders" ADD COLUMN "balance_charge_attempted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_charge_failed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_charge_error" text;
--> statement-breakpoint
-- The balance reminders sent (decision 471): 7 days before the due day, and on it; once each.
ALTER TABLE "orders" ADD COLUMN "balance_reminded_before_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_reminded_due_at" timestamp with time zone;
