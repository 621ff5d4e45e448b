CREATE TABLE "order_clients" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"client_ip" text NOT NULL,
	"email_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_clients" ADD CONSTRAINT "order_clients_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_clients_client_ip_idx" ON "order_clients" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "order_clients_email_key_idx" ON "order_clients" USING btree ("email_key","created_at");