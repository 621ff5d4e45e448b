ALTER TABLE "orders" ADD COLUMN "booking_ref" text;--> statement-breakpoint
-- Existing orders get a booking reference from the same alphabet (no look-alikes), retried on a clash.
DO $$
DECLARE
  r record;
  alphabet constant text := 'ACDEFGHJKMNPQRTUVWXYZ234679';
  candidate text;
BEGIN
  FOR r IN SELECT id FROM orders WHERE booking_ref IS NULL LOOP
    LOOP
      SELECT string_agg(substr(alphabet, 1 + floor(random() * 28)::int, 1), '') INTO candidate FROM generate_series(1, 8);
      EXIT WHEN NOT EXISTS (SELECT 1 FROM orders WHERE booking_ref = candidate);
    END LOOP;
    UPDATE orders SET booking_ref = candidate WHERE id = r.id;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "booking_ref" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_booking_ref_key" ON "orders" USING btree ("booking_ref");
