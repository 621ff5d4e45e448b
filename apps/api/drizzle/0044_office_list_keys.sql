-- Maintained sort keys and counts for the office's lists (decision 500).
--
-- order_list_keys: one row per order with the bookings list's derived sort keys (first learner,
-- first course, first date) and what its status filters need (the order's status, whether money was
-- given back), so each sort and filter reads an index instead of computing a key for every order.
-- Orders, items, attendees and refunds are written from several places of the orders module (checkout,
-- the office's booking, transfers, attendee changes, refunds, expiry); row triggers on those tables
-- are the one place that sees every write, so they keep the keys (refresh_order_list_keys).
--
-- list_counts: the totals of the big unfiltered lists (bookings by status, activity log, mail outbox,
-- scheduled mail, messages), kept by the same triggers. Each backend adds to its own slot
-- (pg_backend_pid() % 8) so concurrent orders do not queue on one counter row; a total is the sum of
-- the slots.
--
-- Nothing is filled here: this transaction only creates (its locks last milliseconds). The rows that
-- exist already are filled after it, in batches, by backfill_office_lists() (src/db/online-backfill.ts,
-- run as the online indexes are): the keys of orders without any, then each list's count of the rows
-- up to the id list_count_marks recorded here, which the triggers leave to the backfill.
-- Each lock within a second, or this start fails and the next one tries again: bookings never wait longer.
SET LOCAL lock_timeout = '1s';
--> statement-breakpoint
SET LOCAL statement_timeout = '5s';
--> statement-breakpoint
CREATE TABLE "order_list_keys" (
	"order_id" integer PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"status" "order_status" NOT NULL,
	"has_refund" boolean NOT NULL,
	"learner" text NOT NULL,
	"course" text NOT NULL,
	"first_date" date
);
--> statement-breakpoint
CREATE INDEX "order_list_keys_learner_idx" ON "order_list_keys" ("learner", "order_id");
--> statement-breakpoint
CREATE INDEX "order_list_keys_course_idx" ON "order_list_keys" ("course", "order_id");
--> statement-breakpoint
CREATE INDEX "order_list_keys_date_asc_idx" ON "order_list_keys" ("first_date" ASC NULLS LAST, "order_id" ASC);
--> statement-breakpoint
CREATE INDEX "order_list_keys_date_desc_idx" ON "order_list_keys" ("first_date" DESC NULLS LAST, "order_id" DESC);
--> statement-breakpoint
CREATE INDEX "order_list_keys_status_idx" ON "order_list_keys" ("status", "order_id");
--> statement-breakpoint
CREATE INDEX "order_list_keys_refund_idx" ON "order_list_keys" ("order_id") WHERE "has_refund";
--> statement-breakpoint
CREATE TABLE "list_counts" (
	"list" text NOT NULL,
	"key" text NOT NULL,
	"slot" integer NOT NULL,
	"n" bigint NOT NULL,
	PRIMARY KEY ("list", "key", "slot")
);
--> statement-breakpoint
CREATE FUNCTION bump_list_count(p_list text, p_key text, p_delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO list_counts (list, key, slot, n) VALUES (p_list, p_key, pg_backend_pid() % 8, p_delta)
  ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n
$$;
--> statement-breakpoint
CREATE TABLE "list_count_marks" (
	"list" text PRIMARY KEY NOT NULL,
	"upto" bigint NOT NULL
);
--> statement-breakpoint
-- The keys as the bookings list sorted on them before (lower-cased names and titles; the first
-- attendee by item and position, else the buyer; the first item by id; the earliest start).
CREATE FUNCTION order_list_key_rows(p_ids integer[])
RETURNS TABLE (order_id integer, status order_status, has_refund boolean, learner text, course text, first_date date)
LANGUAGE sql STABLE AS $$
  SELECT o.id, o.status,
    EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id),
    lower(coalesce((SELECT a.first_name || ' ' || a.last_name FROM order_attendees a WHERE a.order_id = o.id
      ORDER BY a.order_item_id, a.position LIMIT 1), o.first_name || ' ' || o.last_name)),
    lower(coalesce((SELECT i.title FROM order_items i WHERE i.order_id = o.id ORDER BY i.id LIMIT 1), '')),
    (SELECT min(i.start_date) FROM order_items i WHERE i.order_id = o.id)
  FROM orders o WHERE o.id = ANY (p_ids)
$$;
--> statement-breakpoint
CREATE FUNCTION refresh_order_list_keys(p_order_id integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_list_keys (order_id, status, has_refund, learner, course, first_date)
  SELECT * FROM order_list_key_rows(ARRAY[p_order_id])
  ON CONFLICT (order_id) DO UPDATE SET status = excluded.status, has_refund = excluded.has_refund,
    learner = excluded.learner, course = excluded.course, first_date = excluded.first_date
  WHERE (order_list_keys.status, order_list_keys.has_refund, order_list_keys.learner, order_list_keys.course, order_list_keys.first_date)
    IS DISTINCT FROM (excluded.status, excluded.has_refund, excluded.learner, excluded.course, excluded.first_date)
$$;
--> statement-breakpoint
CREATE FUNCTION order_list_keys_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    IF TG_OP <> 'DELETE' THEN PERFORM refresh_order_list_keys(NEW.id); END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM refresh_order_list_keys(OLD.order_id); END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.order_id IS DISTINCT FROM OLD.order_id) THEN
      PERFORM refresh_order_list_keys(NEW.order_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_list_keys_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_list_count('orders', OLD.status || ':' || OLD.has_refund, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM bump_list_count('orders', NEW.status || ':' || NEW.has_refund, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Counts of the other lists: the key is the row's status (mail outbox, scheduled mail), whether it
-- is handled (messages) or empty (activity log, counted whole).
CREATE FUNCTION list_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
  row_id bigint;
  mark bigint;
BEGIN
  IF TG_TABLE_NAME = 'contact_messages' THEN
    IF TG_OP <> 'INSERT' THEN old_key := (OLD.handled_at IS NOT NULL)::text; END IF;
    IF TG_OP <> 'DELETE' THEN new_key := (NEW.handled_at IS NOT NULL)::text; END IF;
  ELSIF TG_TABLE_NAME = 'activity_log' THEN
    old_key := ''; new_key := '';
  ELSE
    IF TG_OP <> 'INSERT' THEN old_key := OLD.status::text; END IF;
    IF TG_OP <> 'DELETE' THEN new_key := NEW.status::text; END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND old_key IS NOT DISTINCT FROM new_key THEN RETURN NULL; END IF;
  -- A row from before this migration is counted by the backfill, once: until it has run, its changes
  -- are left to it. FOR SHARE waits for a backfill counting this list right now, then sees it done.
  row_id := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
  SELECT m.upto INTO mark FROM list_count_marks m WHERE m.list = TG_TABLE_NAME;
  IF mark IS NOT NULL AND row_id <= mark THEN
    SELECT m.upto INTO mark FROM list_count_marks m WHERE m.list = TG_TABLE_NAME FOR SHARE;
    IF mark IS NOT NULL AND row_id <= mark THEN RETURN NULL; END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM bump_list_count(TG_TABLE_NAME, old_key, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM bump_list_count(TG_TABLE_NAME, new_key, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The key of a row in each counted list (as list_count_rows computes it), for the backfill.
CREATE FUNCTION list_count_key_sql(p_list text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_list WHEN 'activity_log' THEN '''''' WHEN 'contact_messages' THEN '(handled_at IS NOT NULL)::text'
    ELSE 'status::text' END
$$;
--> statement-breakpoint
-- One step of the backfill; returns 0 when there is nothing left. First the keys of up to p_batch
-- orders without any (the count trigger on order_list_keys counts them), then one list's rows up to
-- its mark, counted under the mark's lock and the mark removed in the same transaction.
CREATE FUNCTION backfill_office_lists(p_batch integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  m record;
BEGIN
  INSERT INTO order_list_keys (order_id, status, has_refund, learner, course, first_date)
  SELECT * FROM order_list_key_rows(ARRAY(
    SELECT o.id FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_list_keys k WHERE k.order_id = o.id)
    ORDER BY o.id LIMIT p_batch))
  ON CONFLICT (order_id) DO NOTHING;
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n > 0 THEN RETURN n; END IF;
  SELECT list, upto INTO m FROM list_count_marks ORDER BY list LIMIT 1 FOR UPDATE;
  IF NOT FOUND THEN RETURN 0; END IF;
  EXECUTE format('INSERT INTO list_counts (list, key, slot, n) SELECT %L, k, 0, count(*) FROM (SELECT %s AS k FROM %I WHERE id <= $1) x GROUP BY k
    ON CONFLICT (list, key, slot) DO UPDATE SET n = list_counts.n + excluded.n', m.list, list_count_key_sql(m.list), m.list) USING m.upto;
  DELETE FROM list_count_marks WHERE list = m.list;
  RETURN 1;
END $$;
--> statement-breakpoint
-- Rebuilds every key and count from the tables at once (the years-of-data generator, which loads
-- with triggers off; not for a live database: it takes the whole tables in one transaction).
CREATE FUNCTION rebuild_office_lists() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_list_keys;
  INSERT INTO order_list_keys (order_id, status, has_refund, learner, course, first_date)
  SELECT o.id, o.status, r.order_id IS NOT NULL,
    lower(coalesce(fa.name, o.first_name || ' ' || o.last_name)), lower(coalesce(fi.title, '')), md.first_date
  FROM orders o
  LEFT JOIN (SELECT DISTINCT order_id FROM refunds) r ON r.order_id = o.id
  LEFT JOIN (SELECT DISTINCT ON (order_id) order_id, first_name || ' ' || last_name AS name FROM order_attendees
    ORDER BY order_id, order_item_id, position) fa ON fa.order_id = o.id
  LEFT JOIN (SELECT DISTINCT ON (order_id) order_id, title FROM order_items ORDER BY order_id, id) fi ON fi.order_id = o.id
  LEFT JOIN (SELECT order_id, min(start_date) AS first_date FROM order_items GROUP BY order_id) md ON md.order_id = o.id;
  DELETE FROM list_count_marks;
  DELETE FROM list_counts;
  INSERT INTO list_counts (list, key, slot, n)
  SELECT 'orders', status || ':' || has_refund, 0, count(*) FROM order_list_keys GROUP BY 1, 2
  UNION ALL SELECT 'activity_log', '', 0, count(*) FROM activity_log
  UNION ALL SELECT 'mail_outbox', status::text, 0, count(*) FROM mail_outbox GROUP BY 2
  UNION ALL SELECT 'scheduled_mails', status::text, 0, count(*) FROM scheduled_mails GROUP BY 2
  UNION ALL SELECT 'contact_messages', (handled_at IS NOT NULL)::text, 0, count(*) FROM contact_messages GROUP BY 2;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_list_keys AFTER INSERT OR UPDATE OF status, first_name, last_name ON "orders"
	FOR EACH ROW EXECUTE FUNCTION order_list_keys_refresh();
--> statement-breakpoint
CREATE TRIGGER order_items_list_keys AFTER INSERT OR UPDATE OF order_id, title, start_date OR DELETE ON "order_items"
	FOR EACH ROW EXECUTE FUNCTION order_list_keys_refresh();
--> statement-breakpoint
CREATE TRIGGER order_attendees_list_keys AFTER INSERT OR UPDATE OF order_id, order_item_id, position, first_name, last_name OR DELETE ON "order_attendees"
	FOR EACH ROW EXECUTE FUNCTION order_list_keys_refresh();
--> statement-breakpoint
CREATE TRIGGER refunds_list_keys AFTER INSERT OR UPDATE OF order_id OR DELETE ON "refunds"
	FOR EACH ROW EXECUTE FUNCTION order_list_keys_refresh();
--> statement-breakpoint
CREATE TRIGGER order_list_keys_count AFTER INSERT OR UPDATE OF status, has_refund OR DELETE ON "order_list_keys"
	FOR EACH ROW EXECUTE FUNCTION order_list_keys_count();
--> statement-breakpoint
CREATE TRIGGER activity_log_count AFTER INSERT OR DELETE ON "activity_log"
	FOR EACH ROW EXECUTE FUNCTION list_count_rows();
--> statement-breakpoint
CREATE TRIGGER mail_outbox_count AFTER INSERT OR UPDATE OF status OR DELETE ON "mail_outbox"
	FOR EACH ROW EXECUTE FUNCTION list_count_rows();
--> statement-breakpoint
CREATE TRIGGER scheduled_mails_count AFTER INSERT OR UPDATE OF status OR DELETE ON "scheduled_mails"
	FOR EACH ROW EXECUTE FUNCTION list_count_rows();
--> statement-breakpoint
CREATE TRIGGER contact_messages_count AFTER INSERT OR UPDATE OF handled_at OR DELETE ON "contact_messages"
	FOR EACH ROW EXECUTE FUNCTION list_count_rows();
--> statement-breakpoint
-- After the triggers, in the same transaction: every row past these ids is counted by a trigger
-- (a writer that started before them finished before the triggers could be created), every row up
-- to them by the backfill. Each max(id) is one index lookup.
INSERT INTO list_count_marks (list, upto)
SELECT 'activity_log', coalesce(max(id), 0) FROM activity_log
UNION ALL SELECT 'mail_outbox', coalesce(max(id), 0) FROM mail_outbox
UNION ALL SELECT 'scheduled_mails', coalesce(max(id), 0) FROM scheduled_mails
UNION ALL SELECT 'contact_messages', coalesce(max(id), 0) FROM contact_messages;
