-- Issue 16 (every order on the fast path): the seat counter's statement triggers (0004) joined
-- their transition tables to orders / order_items and left the join method to the planner.
-- PL/pgSQL keeps a trigger's plan for the life of the connection, made when the tables were
-- small, so on a young database every booking's trigger scanned the whole orders table (a
-- sequential scan per order: ~3 ms at 2,000 orders, growing with every order). The same rules,
-- now written so that the plan cannot be anything but a lookup by key: a scalar subquery on the
-- order's primary key per new item, and a LATERAL read of the changed orders' items by order_id.
CREATE OR REPLACE FUNCTION seats_held_order_items() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  ns integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(x.id ORDER BY x.id), array_agg(x.n ORDER BY x.id) INTO ids, ns FROM (
      SELECT i.course_date_id AS id, sum(i.seats)::int AS n FROM new_items i
      WHERE i.course_date_id IS NOT NULL AND (SELECT order_holds_seats(o.status) FROM orders o WHERE o.id = i.order_id)
      GROUP BY 1) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(x.id ORDER BY x.id), array_agg(x.n ORDER BY x.id) INTO ids, ns FROM (
      SELECT i.course_date_id AS id, -sum(i.seats)::int AS n FROM old_items i
      WHERE i.course_date_id IS NOT NULL AND (SELECT order_holds_seats(o.status) FROM orders o WHERE o.id = i.order_id)
      GROUP BY 1) x;
  ELSE
    SELECT array_agg(x.id ORDER BY x.id), array_agg(x.n ORDER BY x.id) INTO ids, ns FROM (
      SELECT c.id, sum(c.n)::int AS n FROM (
        SELECT i.course_date_id AS id, -i.seats AS n FROM old_items i
        WHERE i.course_date_id IS NOT NULL AND (SELECT order_holds_seats(o.status) FROM orders o WHERE o.id = i.order_id)
        UNION ALL
        SELECT i.course_date_id, i.seats FROM new_items i
        WHERE i.course_date_id IS NOT NULL AND (SELECT order_holds_seats(o.status) FROM orders o WHERE o.id = i.order_id)) c
      GROUP BY 1) x;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM add_seats_held(ids, ns);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seats_held_orders_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  ns integer[];
BEGIN
  SELECT array_agg(x.id ORDER BY x.id), array_agg(x.n ORDER BY x.id) INTO ids, ns FROM (
    SELECT i.course_date_id AS id,
      sum(i.seats * (order_holds_seats(n.status)::int - order_holds_seats(o.status)::int))::int AS n
    FROM old_orders o JOIN new_orders n ON n.id = o.id
    CROSS JOIN LATERAL (
      SELECT oi.course_date_id, oi.seats FROM order_items oi WHERE oi.order_id = n.id OFFSET 0) i
    WHERE order_holds_seats(o.status) IS DISTINCT FROM order_holds_seats(n.status) AND i.course_date_id IS NOT NULL
    GROUP BY 1) x;
  IF ids IS NOT NULL THEN
    PERFORM add_seats_held(ids, ns);
  END IF;
  RETURN NULL;
END;
$$;

--> statement-breakpoint
-- Learner records (0016) run this for every attendee written, so for every booking. Its first
-- check named both the order's id and status = 'paid', and the kept plan walked the status index
-- through every paid order to find one id: a cost that grew with the business. It now reads the
-- one order by its key and looks at its status.
CREATE OR REPLACE FUNCTION ensure_learner_records(p_order_id integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT coalesce((SELECT o.status = 'paid' FROM orders o WHERE o.id = p_order_id), false) THEN
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
