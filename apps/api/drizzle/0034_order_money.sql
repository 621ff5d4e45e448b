SET LOCAL lock_timeout = '2s';
--> statement-breakpoint
SET LOCAL statement_timeout = '5s';
--> statement-breakpoint
-- Every amount received on an order, one row per payment event (decision 368): the full payment at
-- checkout, a deposit, a balance, an instalment, money the office took by phone, cash or transfer.
-- orders.amount_paid_pence stays the sum of these rows (kept in the same transaction); invoices and
-- payouts refer to a row; refunds never exceed the sum.
CREATE TABLE "order_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"idempotency_key" text,
	"actor_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_charges_kind" CHECK ("kind" IN ('full', 'deposit', 'balance', 'instalment', 'office')),
	CONSTRAINT "order_charges_amount_positive" CHECK ("amount_pence" > 0)
);
--> statement-breakpoint
CREATE INDEX "order_charges_order_idx" ON "order_charges" ("order_id");
--> statement-breakpoint
CREATE INDEX "order_charges_received_at_idx" ON "order_charges" ("received_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "order_charges_provider_ref_key" ON "order_charges" ("provider", "provider_ref") WHERE "provider_ref" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "order_charges_idempotency_key" ON "order_charges" ("order_id", "idempotency_key") WHERE "idempotency_key" IS NOT NULL;
--> statement-breakpoint
-- What was received before this table (one row per paid order) is filled after the migrations, 500
-- orders per transaction, by src/db/backfills.ts ("order charges", decision 552). An INSERT … SELECT
-- over every order here ran inside drizzle's one transaction (3 s at full size, near the 5 s
-- statement timeout) while the locks this release's migrations take on courses and orders stopped
-- bookings. (Released with that statement; drizzle's migrator never re-runs or checks an applied
-- file, so databases past 0034 keep the rows it wrote and the backfill finds nothing to do there.)
-- How the order is paid and, for part payments, when the rest is due. 'full' for every order so far.
ALTER TABLE "orders" ADD COLUMN "payment_plan" text DEFAULT 'full' NOT NULL;
--> statement-breakpoint
-- What the customer paid (or pays) at checkout when the plan is not 'full' (pence).
ALTER TABLE "orders" ADD COLUMN "deposit_pence" integer;
--> statement-breakpoint
-- The day the balance is due (London calendar day); null when paid in full at checkout.
ALTER TABLE "orders" ADD COLUMN "balance_due_on" date;
--> statement-breakpoint
-- The payment options in force when the order was placed (changes apply to new bookings only).
ALTER TABLE "orders" ADD COLUMN "payment_terms" jsonb;
--> statement-breakpoint
-- The customer's consent at checkout to keep the card for the balance, and the provider's handles.
ALTER TABLE "orders" ADD COLUMN "card_saved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_customer_id" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_payment_method_id" text;
--> statement-breakpoint
-- Overdue handling: the office is alerted once per booking; a released booking keeps this stamp.
ALTER TABLE "orders" ADD COLUMN "overdue_alerted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "released_unpaid_at" timestamp with time zone;
--> statement-breakpoint
-- Secret links to one order (in mails): 'balance' opens the payment page for what is due, 'manage'
-- the customer's own booking page. Random and unguessable, never the order's reference; a link can
-- be revoked without touching the order.
CREATE TABLE "order_links" (
	"token" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "order_links_purpose" CHECK ("purpose" IN ('balance', 'manage'))
);
--> statement-breakpoint
CREATE INDEX "order_links_order_idx" ON "order_links" ("order_id", "purpose");
--> statement-breakpoint
-- Instalments of the order's own plan (deposit, then 2-3 charges of the saved card, the last before
-- the balance is due). Klarna is paid to us in full at once and has no rows here.
CREATE TABLE "order_instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"seq" integer NOT NULL,
	"due_on" date NOT NULL,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"charge_id" integer REFERENCES "order_charges"("id") ON DELETE SET NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_instalments_status" CHECK ("status" IN ('scheduled', 'paid', 'failed', 'cancelled')),
	CONSTRAINT "order_instalments_amount_positive" CHECK ("amount_pence" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "order_instalments_order_seq_key" ON "order_instalments" ("order_id", "seq");
--> statement-breakpoint
CREATE INDEX "order_instalments_due_idx" ON "order_instalments" ("due_on") WHERE "status" = 'scheduled';
--> statement-breakpoint
-- The site-wide payment options (one row) and a course's own (null: the site-wide ones apply).
-- Keys: deposit_enabled, deposit_kind ('fixed' | 'percent'), deposit_value (pence or percent),
-- balance_due_days, instalments_enabled, klarna_enabled, overdue_action ('keep' | 'release'),
-- overdue_release_days, hold_results_until_paid.
CREATE TABLE "payment_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"options" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_single_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "payment_settings" ("id", "options") VALUES (1, '{"deposit_enabled": false, "deposit_kind": "fixed", "deposit_value": 3000, "balance_due_days": 28, "instalments_enabled": false, "klarna_enabled": false, "overdue_action": "keep", "overdue_release_days": 7, "hold_results_until_paid": false}');
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "payment_options" jsonb;
