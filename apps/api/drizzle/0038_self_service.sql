SET LOCAL lock_timeout = '2s';
--> statement-breakpoint
SET LOCAL statement_timeout = '5s';
--> statement-breakpoint
-- The office's booking policy, one row per version (decision 441): the highest version is in force;
-- each booking keeps the version it was made under (order_self_service.policy_version).
CREATE TABLE "booking_policies" (
	"version" integer PRIMARY KEY NOT NULL,
	"policy" jsonb NOT NULL,
	"terms_version" text NOT NULL,
	"actor_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "booking_policies" ("version", "policy", "terms_version") VALUES (1, '{"change_cutoff_days":7,"max_changes":2,"change_fees":[{"from_days":29,"percent":0},{"from_days":14,"percent":25},{"from_days":0,"percent":50}],"cheaper_date":"refund","cancel_fees":[{"from_days":29,"percent":0},{"from_days":14,"percent":25},{"from_days":0,"percent":50}],"cancel_rest":"refund","name_change_cutoff_days":2,"business_cancel_fees":[{"from_days":29,"percent":0},{"from_days":14,"percent":50},{"from_days":0,"percent":100}],"business_cancel_rest":"credit"}', '2026-11-22');
--> statement-breakpoint
-- What self-service needs to know of each order, apart from the orders table (placement's insert is
-- the hot path and stays as it is): the policy in force when it was placed, the checkout's express
-- request to start inside the cancellation period (null: not asked), the date changes made and the
-- credit the customer holds from it.
CREATE TABLE "order_self_service" (
	"order_id" integer PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"policy_version" integer REFERENCES "booking_policies"("version"),
	"early_start_requested" boolean,
	"date_changes" integer DEFAULT 0 NOT NULL,
	"credit_pence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_self_service_credit" CHECK ("credit_pence" >= 0)
);
--> statement-breakpoint
CREATE FUNCTION "order_self_service_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "order_self_service" ("order_id", "policy_version")
	VALUES (NEW."id", (SELECT max("version") FROM "booking_policies"));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_self_service_row" AFTER INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION "order_self_service_on_insert"();
--> statement-breakpoint
-- Orders placed before this migration get the first policy after the migrations, 500 per
-- transaction, from src/db/backfills.ts ("order self-service rows", decision 552), not from an
-- INSERT … SELECT over every order inside drizzle's transaction; until then a missing row reads as
-- that policy (self-service/repository.ts). Databases past 0038 have their rows already.
-- One-use sign-in links of "My bookings" (decision 440): only a hash of the token is kept.
CREATE TABLE "customer_sign_ins" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "customer_sign_ins_expires_idx" ON "customer_sign_ins" ("expires_at");
--> statement-breakpoint
-- The signed-in customer's sessions (cookie holds the token; a hash is kept), scoped to one address.
CREATE TABLE "customer_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Each customer action once per retry key, and the office's bell notice of it.
CREATE TABLE "customer_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_actions_kind" CHECK ("kind" IN ('cancel', 'change', 'rename'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_actions_key" ON "customer_actions" ("order_id", "idempotency_key");
--> statement-breakpoint
CREATE INDEX "customer_actions_created_idx" ON "customer_actions" ("created_at");
