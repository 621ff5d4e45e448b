SET LOCAL lock_timeout = '2s';
--> statement-breakpoint
SET LOCAL statement_timeout = '5s';
--> statement-breakpoint
-- VAT registration from a date (decision 420): the rate and number in force on a document's date are
-- the row with the latest starts_on on or before it; a row with no number means "not registered".
-- No row: the VAT_NUMBER/VAT_RATE of the environment, if any, as before.
CREATE TABLE "vat_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_on" date NOT NULL UNIQUE,
	"vat_number" text,
	"rate_percent" numeric(5, 2) NOT NULL DEFAULT 20,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_periods_rate" CHECK ("rate_percent" >= 0 AND "rate_percent" <= 100)
);
--> statement-breakpoint
-- One counter per document kind and year (Europe/London): locked FOR UPDATE by the transaction that
-- issues a number, so numbers are gapless (a rolled-back payment rolls back its number too).
CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_seq" integer NOT NULL DEFAULT 0,
	PRIMARY KEY ("kind", "year"),
	CONSTRAINT "document_counters_kind" CHECK ("kind" IN ('invoice', 'credit_note'))
);
--> statement-breakpoint
-- Invoices: one per payment event (order_charges row) or one per office booking by invoice. Kept at
-- least 6 years: no cascade from orders, no UPDATE, no DELETE within 6 years (trigger below).
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL UNIQUE,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer REFERENCES "orders"("id") ON DELETE SET NULL,
	"charge_id" integer UNIQUE REFERENCES "order_charges"("id") ON DELETE SET NULL,
	"token" text NOT NULL UNIQUE,
	"issued_at" timestamp with time zone NOT NULL,
	"amount_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL DEFAULT 0,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_year_seq" UNIQUE ("year", "seq"),
	CONSTRAINT "invoices_kind" CHECK ("kind" IN ('payment', 'booking', 'adjustment'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_booking_key" ON "invoices" ("order_id") WHERE "kind" = 'booking';
--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" ("order_id");
--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" ("issued_at");
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL UNIQUE,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"invoice_id" integer NOT NULL REFERENCES "invoices"("id"),
	"order_id" integer REFERENCES "orders"("id") ON DELETE SET NULL,
	"refund_id" integer REFERENCES "refunds"("id") ON DELETE SET NULL,
	"kind" text NOT NULL,
	"token" text NOT NULL UNIQUE,
	"issued_at" timestamp with time zone NOT NULL,
	"amount_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL DEFAULT 0,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_year_seq" UNIQUE ("year", "seq"),
	CONSTRAINT "credit_notes_kind" CHECK ("kind" IN ('refund', 'price_reduction')),
	CONSTRAINT "credit_notes_amount_positive" CHECK ("amount_pence" > 0)
);
--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" ("order_id");
--> statement-breakpoint
CREATE INDEX "credit_notes_refund_idx" ON "credit_notes" ("refund_id");
--> statement-breakpoint
CREATE INDEX "credit_notes_issued_idx" ON "credit_notes" ("issued_at");
--> statement-breakpoint
-- Issued documents never change (only the links to an order or charge may be cleared when those go),
-- and none is deleted before it is 6 years old (HMRC VAT Notice 700/21).
CREATE FUNCTION "issued_document_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		IF OLD.issued_at > now() - interval '6 years' THEN
			RAISE EXCEPTION '% % is kept for 6 years', TG_TABLE_NAME, OLD.number;
		END IF;
		RETURN OLD;
	END IF;
	IF NEW.number IS DISTINCT FROM OLD.number OR NEW.snapshot IS DISTINCT FROM OLD.snapshot
		OR NEW.amount_pence IS DISTINCT FROM OLD.amount_pence OR NEW.vat_pence IS DISTINCT FROM OLD.vat_pence
		OR NEW.issued_at IS DISTINCT FROM OLD.issued_at OR NEW.token IS DISTINCT FROM OLD.token THEN
		RAISE EXCEPTION '% % was issued and cannot be changed', TG_TABLE_NAME, OLD.number;
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoices_guard" BEFORE UPDATE OR DELETE ON "invoices"
	FOR EACH ROW EXECUTE FUNCTION "issued_document_guard"();
--> statement-breakpoint
CREATE TRIGGER "credit_notes_guard" BEFORE UPDATE OR DELETE ON "credit_notes"
	FOR EACH ROW EXECUTE FUNCTION "issued_document_guard"();
