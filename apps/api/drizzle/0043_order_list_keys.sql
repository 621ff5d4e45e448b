SET LOCAL lock_timeout = '1s';
--> statement-breakpoint
SET LOCAL statement_timeout = '5s';
--> statement-breakpoint
-- The bookings list's sorts on values derived from an order's items and places (decision 520):
-- its first course date, its first course's title and its first learner's name, kept on the order
-- so a sort reads one index instead of computing the key of every order. Nullable, without a
-- default: adding them rewrites nothing. Rows written before this release are filled after the
-- migrations in small batches (src/db/backfills.ts), not in this transaction.
ALTER TABLE "orders" ADD COLUMN "list_first_date" date;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "list_course" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "list_learner" text;
--> statement-breakpoint
-- The keys as the order's rows give them: the one formula the writers' refresh, the backfill and
-- the tests share. The first learner is the first place of the first line (every line keeps at
-- least one place: the last place of a line cannot be cancelled alone); the buyer's name stands in
-- for an order without places, which no writer leaves. Aggregates, not ORDER BY … LIMIT 1: an
-- order's few rows are found by its order_id index, never by walking a whole table in id order
-- (a plan the planner picks on a freshly loaded table).
CREATE FUNCTION order_list_keys(p_order_id int)
RETURNS TABLE (first_date date, course text, learner text)
LANGUAGE sql STABLE AS $$
  SELECT
    (SELECT min(i.start_date) FROM order_items i WHERE i.order_id = p_order_id),
    (SELECT lower((array_agg(i.title ORDER BY i.id))[1]) FROM order_items i WHERE i.order_id = p_order_id),
    lower(coalesce(
      (SELECT (array_agg(a.first_name || ' ' || a.last_name ORDER BY a.order_item_id, a.position))[1]
        FROM order_attendees a WHERE a.order_id = p_order_id),
      (SELECT o.first_name || ' ' || o.last_name FROM orders o WHERE o.id = p_order_id)))
$$;
--> statement-breakpoint
-- Sets the keys of these orders from their rows (the orders module calls it after changing a
-- booking's lines or places; the backfill with the ids still unset). Only rows whose keys change
-- are written. The ids are joined by key (not `id = ANY(array)`, which the planner tests against
-- every order in turn: quadratic for the generator's 60,000).
CREATE FUNCTION refresh_order_list_keys(p_order_ids int[])
RETURNS integer
LANGUAGE sql AS $$
  WITH k AS (
    SELECT o.id, x.first_date, x.course, x.learner
    FROM (SELECT DISTINCT unnest(p_order_ids) AS id) u
    JOIN orders o ON o.id = u.id
    CROSS JOIN LATERAL order_list_keys(o.id) x
  ), u AS (
    UPDATE orders o SET list_first_date = k.first_date, list_course = k.course, list_learner = k.learner
    FROM k
    WHERE o.id = k.id
      AND (o.list_first_date, o.list_course, o.list_learner) IS DISTINCT FROM (k.first_date, k.course, k.learner)
    RETURNING 1
  )
  SELECT count(*)::int FROM u
$$;
