SET LOCAL lock_timeout = '2s';
--> statement-breakpoint
SET LOCAL statement_timeout = '5s';
--> statement-breakpoint
-- The payment provider's payouts and what each contains (decision 424): one row per payout, one per
-- balance transaction in it, matched to an order (and its charge or refund) by the provider's ids.
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_pence" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"arrival_date" timestamp with time zone NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"payout_id" text NOT NULL REFERENCES "payouts"("id") ON DELETE CASCADE,
	"type" text NOT NULL,
	"source" text,
	"description" text,
	"amount_pence" integer NOT NULL,
	"fee_pence" integer NOT NULL,
	"net_pence" integer NOT NULL,
	"order_id" integer REFERENCES "orders"("id") ON DELETE SET NULL,
	"charge_id" integer REFERENCES "order_charges"("id") ON DELETE SET NULL,
	"refund_id" integer REFERENCES "refunds"("id") ON DELETE SET NULL,
	"created" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payout_lines_payout_idx" ON "payout_lines" ("payout_id");
--> statement-breakpoint
CREATE INDEX "payout_lines_order_idx" ON "payout_lines" ("order_id");
