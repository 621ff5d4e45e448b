-- Seat counter per course date (decision 080). course_dates.seats_held = seats of the items of
-- paid and pending orders on the date, kept here by triggers so that no write path (enrol,
-- payment, cancel, expiry worker, webhooks, psql) can forget it. A booking then checks one
-- locked row instead of counting every order item of the date.
--
-- The time part of the seat rule stays out of the counter: a pending order whose hold ran out
-- still counts in seats_held until it is marked expired; seats_taken() below subtracts those.

-- Counter writes must not look like catalogue edits: they would bump catalogue_state (one hot row
-- every booking would queue on) and send a second notification. Same trigger, every column but
-- seats_held (order items and orders already notify 'seats', migration 0002).
DROP TRIGGER "course_dates_bump_catalogue" ON "course_dates";
--> statement-breakpoint
CREATE TRIGGER "course_dates_bump_catalogue"
  AFTER INSERT OR DELETE OR UPDATE OF "id", "course_id", "start_date", "end_date", "capacity", "closed_at", "created_at" ON "course_dates"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
-- Which orders hold seats in the counter.
CREATE FUNCTION order_holds_seats(s order_status) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT s IN ('pending', 'paid')
$$;
--> statement-breakpoint
-- Adds seats to dates' counters. Locks the rows in id order first: every booking, payment,
-- cancel and expiry locks its dates in that order, so they cannot deadlock one another.
CREATE FUNCTION add_seats_held(date_ids integer[], seats integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM course_dates WHERE id = ANY (date_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE course_dates d SET seats_held = d.seats_held + x.n
    FROM unnest(date_ids, seats) AS x(id, n)
    WHERE d.id = x.id AND x.n <> 0;
END;
$$;
--> statement-breakpoint
-- Order items inserted, deleted or changed (statement triggers with transition tables: one
-- counter update per statement, whatever the number of rows). A deleted order's items are
-- counted off by its BEFORE DELETE trigger: when its cascade deletes them here, the order is
-- no longer visible and the join finds nothing.
CREATE FUNCTION seats_held_order_items() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  ns integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(x.id ORDER BY x.id), array_agg(x.n ORDER BY x.id) INTO ids, ns FROM (
      SELECT i.course_date_id AS id, sum(i.seats)::int AS n FROM new_items i JOIN orders o ON o.id = i.order_id
      WHERE i.course_date_id IS NOT NULL AND order_holds_seats(o.status) GROUP BY 1) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(x.id ORDER BY x.id), array_agg(x.n ORDER BY x.id) INTO ids, ns FROM (
      SELECT i.course_date_id AS id, -sum(i.seats)::int AS n FROM old_items i JOIN orders o ON o.id = i.order_id
      WHERE i.course_date_id IS NOT NULL AND order_holds_seats(o.status) GROUP BY 1) x;
  ELSE
    SELECT array_agg(x.id ORDER BY x.id), array_agg(x.n ORDER BY x.id) INTO ids, ns FROM (
      SELECT c.id, sum(c.n)::int AS n FROM (
        SELECT i.course_date_id AS id, -i.seats AS n FROM old_items i JOIN orders o ON o.id = i.order_id
        WHERE i.course_date_id IS NOT NULL AND order_holds_seats(o.status)
        UNION ALL
        SELECT i.course_date_id, i.seats FROM new_items i JOIN orders o ON o.id = i.order_id
        WHERE i.course_date_id IS NOT NULL AND order_holds_seats(o.status)) c
      GROUP BY 1) x;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM add_seats_held(ids, ns);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_items_seats_held_insert" AFTER INSERT ON "order_items"
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION seats_held_order_items();
--> statement-breakpoint
CREATE TRIGGER "order_items_seats_held_delete" AFTER DELETE ON "order_items"
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION seats_held_order_items();
--> statement-breakpoint
CREATE TRIGGER "order_items_seats_held_update" AFTER UPDATE ON "order_items"
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION seats_held_order_items();
--> statement-breakpoint
-- Orders changing status (paid, cancelled, expired, paid late): their items' seats come or go.
CREATE FUNCTION seats_held_orders_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  ns integer[];
BEGIN
  SELECT array_agg(x.id ORDER BY x.id), array_agg(x.n ORDER BY x.id) INTO ids, ns FROM (
    SELECT i.course_date_id AS id,
      sum(i.seats * (order_holds_seats(n.status)::int - order_holds_seats(o.status)::int))::int AS n
    FROM old_orders o JOIN new_orders n ON n.id = o.id JOIN order_items i ON i.order_id = n.id
    WHERE order_holds_seats(o.status) IS DISTINCT FROM order_holds_seats(n.status) AND i.course_date_id IS NOT NULL
    GROUP BY 1) x;
  IF ids IS NOT NULL THEN
    PERFORM add_seats_held(ids, ns);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_seats_held_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION seats_held_orders_updated();
--> statement-breakpoint
CREATE FUNCTION seats_held_order_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  ns integer[];
BEGIN
  IF order_holds_seats(OLD.status) THEN
    SELECT array_agg(x.id ORDER BY x.id), array_agg(x.n ORDER BY x.id) INTO ids, ns FROM (
      SELECT course_date_id AS id, -sum(seats)::int AS n FROM order_items
      WHERE order_id = OLD.id AND course_date_id IS NOT NULL GROUP BY 1) x;
    IF ids IS NOT NULL THEN
      PERFORM add_seats_held(ids, ns);
    END IF;
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_seats_held_delete" BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION seats_held_order_deleted();
--> statement-breakpoint
-- Recount from scratch: the backfill at the end of this file (CREATE TRIGGER above locks orders and
-- order_items against writes until the migration commits, so the count cannot race a booking), and TRUNCATE (which fires no row or statement triggers).
CREATE FUNCTION recount_seats_held() RETURNS void LANGUAGE sql AS $$
  UPDATE course_dates d SET seats_held = c.n FROM (
    SELECT d2.id, coalesce(sum(i.seats) FILTER (WHERE order_holds_seats(o.status)), 0)::int AS n
    FROM course_dates d2 LEFT JOIN order_items i ON i.course_date_id = d2.id LEFT JOIN orders o ON o.id = i.order_id
    GROUP BY d2.id) c
  WHERE d.id = c.id AND d.seats_held IS DISTINCT FROM c.n
$$;
--> statement-breakpoint
CREATE FUNCTION seats_held_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recount_seats_held();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_seats_held_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION seats_held_truncated();
--> statement-breakpoint
CREATE TRIGGER "order_items_seats_held_truncate" AFTER TRUNCATE ON "order_items"
  FOR EACH STATEMENT EXECUTE FUNCTION seats_held_truncated();
--> statement-breakpoint
-- THE seat rule (decisions 004, 060, 080): seats taken on a date at a moment = seats of paid
-- orders and of pending orders whose hold has not run out. seats_held counts paid + pending;
-- pending holds that ran out but are not marked expired yet are subtracted. The expiry worker
-- marks them within a minute, so the EXISTS probe (index orders_status_expires_idx) is usually
-- all this costs.
CREATE FUNCTION seats_taken(d course_dates, at timestamptz) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT d.seats_held - CASE
    WHEN NOT EXISTS (SELECT 1 FROM orders WHERE status = 'pending' AND expires_at <= at) THEN 0
    ELSE coalesce((
      SELECT sum(i.seats) FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE o.status = 'pending' AND o.expires_at <= at AND i.course_date_id = d.id), 0)::int
  END
$$;
--> statement-breakpoint
SELECT recount_seats_held();
