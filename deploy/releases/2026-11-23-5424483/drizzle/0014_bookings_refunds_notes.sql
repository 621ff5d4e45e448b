CREATE TABLE "booking_action_keys" (
	"order_id" integer NOT NULL,
	"action" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_action_keys_order_id_action_idempotency_key_pk" PRIMARY KEY("order_id","action","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "booking_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"text" text NOT NULL,
	"author_id" integer,
	"author_name" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"method" text DEFAULT 'card_online' NOT NULL,
	"provider_payment_id" text,
	"invoice_unpaid" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"provider_refund_id" text,
	"idempotency_key" text,
	"actor_id" integer,
	"admin_name" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "booking_action_keys" ADD CONSTRAINT "booking_action_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_notes" ADD CONSTRAINT "booking_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_notes" ADD CONSTRAINT "booking_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_notes_order_idx" ON "booking_notes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_notes_idempotency_key" ON "booking_notes" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_idempotency_key" ON "order_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "order_payments_provider_payment_idx" ON "order_payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_key" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_idempotency_key" ON "refunds" USING btree ("order_id","idempotency_key");--> statement-breakpoint
-- Last line of defence (issue 13, decision 181): the refunds of an order never add up to more than it
-- was paid. The service checks the same under the order's row lock and answers 409; this trigger
-- takes that lock too, so even a writer that forgot it cannot over-refund.
CREATE FUNCTION refunds_within_paid() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid integer;
  total integer;
BEGIN
  SELECT coalesce(amount_paid_pence, 0) INTO paid FROM orders WHERE id = NEW.order_id FOR UPDATE;
  SELECT coalesce(sum(amount_pence), 0) INTO total FROM refunds WHERE order_id = NEW.order_id;
  IF total + NEW.amount_pence > paid THEN
    RAISE EXCEPTION 'refunds of order % would exceed the amount paid', NEW.order_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "refunds_within_paid" BEFORE INSERT ON "refunds" FOR EACH ROW EXECUTE FUNCTION refunds_within_paid();
