-- Issue 16 (500 orders/s): Postgres planned three statements of every booking again on every
-- call (pg_stat_statements: plans = calls), ~0.4 ms of planning per order:
-- - add_seats_held (every booking's seat counter): `id = ANY (date_ids)` made the generic plan look
--   dearer than a fresh one, so PL/pgSQL planned both statements anew each time. Now one UPDATE
--   per date in id order (the same lock order as before: dates by id), whose `id = $1` plan is
--   kept for the connection, and it is a lookup by primary key whatever the table's size.
-- - discount_uses_taken and seats_taken (THE code and seat rules): SQL functions with
--   subqueries are not inlined, and such a function is planned on each query that calls it (every
--   order with a code asks for its uses). As PL/pgSQL, the same rules keep their plans.
CREATE OR REPLACE FUNCTION add_seats_held(date_ids integer[], seats integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  x record;
BEGIN
  FOR x IN SELECT u.id, sum(u.n)::int AS n FROM unnest(date_ids, seats) AS u(id, n) GROUP BY u.id HAVING sum(u.n) <> 0 ORDER BY u.id LOOP
    UPDATE course_dates SET seats_held = seats_held + x.n WHERE id = x.id;
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seats_taken(d course_dates, at timestamptz) RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM orders WHERE status = 'pending' AND expires_at <= at) THEN
    RETURN d.seats_held;
  END IF;
  RETURN d.seats_held - coalesce((
    SELECT sum(i.seats) FROM orders o JOIN order_items i ON i.order_id = o.id
    WHERE o.status = 'pending' AND o.expires_at <= at AND i.course_date_id = d.id), 0)::int;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION discount_uses_taken(dc discount_codes, at timestamptz) RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM orders WHERE status = 'pending' AND expires_at <= at) THEN
    RETURN dc.uses_held;
  END IF;
  RETURN dc.uses_held - (SELECT count(*) FROM orders o
    WHERE o.discount_code_id = dc.id AND o.status = 'pending' AND o.expires_at <= at)::int;
END;
$$;
