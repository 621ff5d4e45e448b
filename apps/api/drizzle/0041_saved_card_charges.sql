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
--> statement-breakpoint
-- Payments taken that nothing was due for (a balance paid twice at once: by the link and by the
-- saved card), given back in full at once. The provider's refund of one is not a refund of the
-- booking's money, so its charge.refunded echo is not recorded against the booking.
CREATE TABLE "unneeded_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"provider" text NOT NULL,
	"payment_ref" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unneeded_payments_amount_positive" CHECK ("amount_pence" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "unneeded_payments_payment_key" ON "unneeded_payments" ("provider", "payment_ref");
--> statement-breakpoint
CREATE INDEX "unneeded_payments_order_idx" ON "unneeded_payments" ("order_id");
