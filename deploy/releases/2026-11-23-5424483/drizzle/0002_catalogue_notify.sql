-- Catalogue caches learn about changes by push instead of asking on every read (decision 070).
-- Every API instance LISTENs on `catalogue_changed`; these triggers NOTIFY it from inside the
-- writing transaction. Postgres delivers a notification only when its transaction commits, in
-- commit order, and it signals the listeners before the writer is told "committed": an instance
-- that then syncs its LISTEN connection has seen every change a client could know about.
-- Payloads are constant per kind so that Postgres folds the repeats of one transaction into one.

-- Catalogue tables: the statement triggers of 0001 already call this function; it now also notifies.
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_state" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM pg_notify('catalogue_changed', 'catalogue');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Places left move with orders: a new order (a hold), a status change (paid, expired, cancelled),
-- a changed hold end, a deleted order, and the order items that carry the seats.
CREATE OR REPLACE FUNCTION notify_seats_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', 'seats');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Row triggers with WHEN: an UPDATE that touches no row, or leaves status and hold end as they
-- were (payment session ids, updated_at), sends nothing. NOTIFY serialises the commits of the
-- transactions that send one, so the hot paths should only send when seats really move.
CREATE TRIGGER orders_insert_notify_catalogue AFTER INSERT OR DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION notify_seats_changed();
--> statement-breakpoint
CREATE TRIGGER orders_update_notify_catalogue AFTER UPDATE OF "status", "expires_at" ON "orders"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."expires_at" IS DISTINCT FROM NEW."expires_at")
  EXECUTE FUNCTION notify_seats_changed();
--> statement-breakpoint
CREATE TRIGGER orders_truncate_notify_catalogue AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_seats_changed();
--> statement-breakpoint
CREATE TRIGGER order_items_notify_catalogue AFTER INSERT OR DELETE ON "order_items"
  FOR EACH ROW EXECUTE FUNCTION notify_seats_changed();
--> statement-breakpoint
CREATE TRIGGER order_items_update_notify_catalogue AFTER UPDATE OF "seats", "course_date_id", "order_id" ON "order_items"
  FOR EACH ROW WHEN (OLD."seats" IS DISTINCT FROM NEW."seats" OR OLD."course_date_id" IS DISTINCT FROM NEW."course_date_id" OR OLD."order_id" IS DISTINCT FROM NEW."order_id")
  EXECUTE FUNCTION notify_seats_changed();
--> statement-breakpoint
-- TRUNCATE skips row and statement triggers for writes; it has its own.
CREATE TRIGGER courses_truncate_bump_catalogue AFTER TRUNCATE ON "courses"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER course_dates_truncate_bump_catalogue AFTER TRUNCATE ON "course_dates"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER course_add_ons_truncate_bump_catalogue AFTER TRUNCATE ON "course_add_ons"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER course_units_truncate_bump_catalogue AFTER TRUNCATE ON "course_units"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER course_key_points_truncate_bump_catalogue AFTER TRUNCATE ON "course_key_points"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER shop_items_truncate_bump_catalogue AFTER TRUNCATE ON "shop_items"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
