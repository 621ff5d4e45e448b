CREATE TYPE "public"."waitlist_status" AS ENUM('waiting', 'offered', 'booked', 'expired', 'removed');--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_date_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"places" integer NOT NULL,
	"position" bigserial NOT NULL,
	"status" "waitlist_status" DEFAULT 'waiting' NOT NULL,
	"offer_token" text,
	"offer_places" integer,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"offered_by" text,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_places" CHECK ("waitlist_entries"."places" between 1 and 10),
	CONSTRAINT "waitlist_entries_offer" CHECK (("waitlist_entries"."status" <> 'offered') or ("waitlist_entries"."offer_token" is not null and "waitlist_entries"."offer_places" > 0 and "waitlist_entries"."offer_expires_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_course_date_id_course_dates_id_fk" FOREIGN KEY ("course_date_id") REFERENCES "public"."course_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_date_idx" ON "waitlist_entries" USING btree ("course_date_id","status","position");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_offer_token_key" ON "waitlist_entries" USING btree ("offer_token");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_live_email_key" ON "waitlist_entries" USING btree ("course_date_id",lower("email")) WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_offer_expiry_idx" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."status" = 'offered';--> statement-breakpoint
-- A waiting-list offer is a seat hold (decision 231): while an entry is 'offered', its
-- offer_places count in course_dates.seats_held exactly like a pending order's seats, so 'places
-- left', the booking fast path and the locked check (seats_taken) never see them as free. The
-- trigger keeps the counter, whatever writes the entry (offer, booking, expiry, removal, psql).
CREATE FUNCTION waitlist_held(s waitlist_status, places integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN s = 'offered' THEN coalesce(places, 0) ELSE 0 END
$$;
--> statement-breakpoint
CREATE FUNCTION seats_held_waitlist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was integer := 0;
  now_held integer := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN was := waitlist_held(OLD.status, OLD.offer_places); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN now_held := waitlist_held(NEW.status, NEW.offer_places); END IF;
  IF TG_OP = 'UPDATE' AND OLD.course_date_id <> NEW.course_date_id THEN
    IF was <> 0 THEN PERFORM add_seats_held(ARRAY[OLD.course_date_id], ARRAY[-was]); END IF;
    IF now_held <> 0 THEN PERFORM add_seats_held(ARRAY[NEW.course_date_id], ARRAY[now_held]); END IF;
  ELSIF now_held <> was THEN
    PERFORM add_seats_held(ARRAY[coalesce(NEW.course_date_id, OLD.course_date_id)], ARRAY[now_held - was]);
  END IF;
  IF now_held <> was THEN
    PERFORM pg_notify('catalogue_changed', 'seats');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_seats_held" AFTER INSERT OR UPDATE OR DELETE ON "waitlist_entries"
  FOR EACH ROW EXECUTE FUNCTION seats_held_waitlist();
--> statement-breakpoint
-- The recount (TRUNCATE, repairs) counts held offers too.
CREATE OR REPLACE FUNCTION recount_seats_held() RETURNS void LANGUAGE sql AS $$
  UPDATE course_dates d SET seats_held = c.n FROM (
    SELECT d2.id,
      (coalesce((SELECT sum(i.seats) FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE i.course_date_id = d2.id AND order_holds_seats(o.status)), 0)
       + coalesce((SELECT sum(w.offer_places) FROM waitlist_entries w
         WHERE w.course_date_id = d2.id AND w.status = 'offered'), 0))::int AS n
    FROM course_dates d2) c
  WHERE d.id = c.id AND d.seats_held IS DISTINCT FROM c.n
$$;
--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_seats_held_truncate" AFTER TRUNCATE ON "waitlist_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION seats_held_truncated();
