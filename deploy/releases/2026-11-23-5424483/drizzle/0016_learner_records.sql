CREATE TABLE "learner_attendance" (
	"learner_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"arrived_at" text,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_attendance_learner_id_day_pk" PRIMARY KEY("learner_id","day"),
	CONSTRAINT "learner_attendance_status" CHECK ("learner_attendance"."status" in ('present', 'absent', 'late'))
);
--> statement-breakpoint
CREATE TABLE "learner_evidence" (
	"learner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_evidence_learner_id_kind_pk" PRIMARY KEY("learner_id","kind")
);
--> statement-breakpoint
CREATE TABLE "learner_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"attendee_id" integer NOT NULL,
	"token" text NOT NULL,
	"licence_kind" text NOT NULL,
	"first_aid_required" boolean NOT NULL,
	"full_name" text,
	"date_of_birth" date,
	"address" text,
	"postcode" text,
	"phone" text,
	"email" text,
	"emergency_name" text,
	"emergency_phone" text,
	"adjustments" text,
	"id_document_type" text,
	"id_document_expiry" date,
	"first_aid_title" text,
	"first_aid_body" text,
	"first_aid_achieved_on" date,
	"first_aid_expires_on" date,
	"english_declared_at" timestamp with time zone,
	"fitness_name" text,
	"fitness_declared_at" timestamp with time zone,
	"uln" text,
	"sia_link_consent" boolean,
	"sia_link_consent_at" timestamp with time zone,
	"marketing_consent_at" timestamp with time zone,
	"id_checked_at" timestamp with time zone,
	"id_checked_by" text,
	"id_checked_document" text,
	"certificate_issued_at" timestamp with time zone,
	"certificate_issued_by" text,
	"result_mailed" text,
	"purged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learner_results" (
	"learner_id" integer NOT NULL,
	"unit" text NOT NULL,
	"result" text NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_results_learner_id_unit_pk" PRIMARY KEY("learner_id","unit"),
	CONSTRAINT "learner_results_result" CHECK ("learner_results"."result" in ('pass', 'fail', 'resit'))
);
--> statement-breakpoint
ALTER TABLE "learner_attendance" ADD CONSTRAINT "learner_attendance_learner_id_learner_records_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learner_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_evidence" ADD CONSTRAINT "learner_evidence_learner_id_learner_records_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learner_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_records" ADD CONSTRAINT "learner_records_attendee_id_order_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."order_attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_results" ADD CONSTRAINT "learner_results_learner_id_learner_records_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learner_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learner_records_attendee_key" ON "learner_records" USING btree ("attendee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "learner_records_token_key" ON "learner_records" USING btree ("token");--> statement-breakpoint
CREATE INDEX "learner_results_learner_idx" ON "learner_results" USING btree ("learner_id");--> statement-breakpoint
-- Which courses are licence-linked, decided from the course title (decision 211): door supervisor,
-- security guard (officer) and CCTV (public space surveillance), their refreshers and top-ups.
CREATE OR REPLACE FUNCTION learner_licence_kind(title text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN lower(title) ~ 'door supervis' THEN 'door_supervisor'
    WHEN lower(title) ~ 'security (guard|officer)' THEN 'security_guard'
    WHEN lower(title) ~ '(cctv|public space surveillance)' THEN 'cctv'
    ELSE NULL
  END
$$;
--> statement-breakpoint
-- Makes the learner records of a paid order (idempotent). Items that have no attendee rows yet
-- (orders placed before attendees were recorded at checkout) take the buyer, as migration 0010 did.
CREATE OR REPLACE FUNCTION ensure_learner_records(p_order_id integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM orders WHERE id = p_order_id AND status = 'paid') THEN
    RETURN;
  END IF;
  INSERT INTO order_attendees (order_id, order_item_id, position, first_name, last_name, email)
  SELECT oi.order_id, oi.id, gs.n, o.first_name, o.last_name, o.guest_email
  FROM order_items oi
  JOIN orders o ON o.id = oi.order_id
  CROSS JOIN LATERAL generate_series(1, GREATEST(oi.seats, 1)) AS gs(n)
  WHERE oi.order_id = p_order_id
    AND learner_licence_kind(oi.title) IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM order_attendees a WHERE a.order_item_id = oi.id)
  ON CONFLICT DO NOTHING;
  INSERT INTO learner_records (attendee_id, token, licence_kind, first_aid_required)
  SELECT a.id,
         replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
         k.kind,
         k.kind IN ('door_supervisor', 'security_guard')
  FROM order_attendees a
  JOIN order_items oi ON oi.id = a.order_item_id
  LEFT JOIN courses c ON c.id = oi.course_id
  CROSS JOIN LATERAL (SELECT learner_licence_kind(coalesce(c.title, oi.title)) AS kind) k
  WHERE a.order_id = p_order_id
    AND k.kind IS NOT NULL
    AND (oi.course_date_id IS NOT NULL OR oi.start_date IS NOT NULL)
  ON CONFLICT (attendee_id) DO NOTHING;
END
$$;
--> statement-breakpoint
-- Deferred to the end of the transaction, so attendees written after the order row are included.
CREATE OR REPLACE FUNCTION learner_records_on_order() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ensure_learner_records(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION learner_records_on_attendee() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ensure_learner_records(NEW.order_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER learner_records_order_paid
AFTER INSERT OR UPDATE OF status ON orders
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (NEW.status = 'paid')
EXECUTE FUNCTION learner_records_on_order();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER learner_records_attendee_added
AFTER INSERT ON order_attendees
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW
EXECUTE FUNCTION learner_records_on_attendee();
--> statement-breakpoint
-- Paid orders from before learner records existed.
SELECT ensure_learner_records(id) FROM orders WHERE status = 'paid';
