-- Decision 272: payment pages that could not be opened (one row each), and the alert episodes the
-- office's bell and dashboard show when they repeat. At most one episode is open at a time: the
-- partial unique index lets only one of racing API instances open it.
-- SET LOCAL: lock limits for this transaction only (squawk, decision 299); the foreign key below
-- takes a short SHARE ROW EXCLUSIVE lock on orders.
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
SET LOCAL statement_timeout = '60s';--> statement-breakpoint
CREATE TABLE "payment_page_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"failures" integer NOT NULL,
	"recovered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_page_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"provider" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_page_failures" ADD CONSTRAINT "payment_page_failures_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_page_alerts_one_open_idx" ON "payment_page_alerts" USING btree ((recovered_at is null)) WHERE recovered_at is null;--> statement-breakpoint
CREATE INDEX "payment_page_alerts_started_idx" ON "payment_page_alerts" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "payment_page_failures_at_idx" ON "payment_page_failures" USING btree ("at");--> statement-breakpoint
CREATE INDEX "payment_page_failures_order_idx" ON "payment_page_failures" USING btree ("order_id");