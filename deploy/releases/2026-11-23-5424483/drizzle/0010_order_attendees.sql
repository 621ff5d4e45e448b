CREATE TABLE "order_attendees" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"position" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_order" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "marketing_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_attendees" ADD CONSTRAINT "order_attendees_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attendees" ADD CONSTRAINT "order_attendees_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_attendees_order_idx" ON "order_attendees" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_attendees_item_position_key" ON "order_attendees" USING btree ("order_item_id","position");--> statement-breakpoint
-- Orders placed before attendees existed: each place was taken by the buyer.
INSERT INTO "order_attendees" ("order_id", "order_item_id", "position", "first_name", "last_name", "email")
SELECT oi."order_id", oi."id", gs.n, o."first_name", o."last_name", o."guest_email"
FROM "order_items" oi
JOIN "orders" o ON o."id" = oi."order_id"
CROSS JOIN LATERAL generate_series(1, GREATEST(oi."seats", 1)) AS gs(n);
