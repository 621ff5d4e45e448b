SET LOCAL lock_timeout = '1s';
--> statement-breakpoint
SET LOCAL statement_timeout = '5s';
--> statement-breakpoint
-- The learner dates list (decisions 530, 534): which course date a learner record is listed under,
-- kept on the record itself: its place's course date while the place's booking is paid, else null.
-- The list's filter and count then read one index of learner records instead of probing every
-- date's items, places, records and orders. Nullable, without a default: adding it rewrites
-- nothing. Records made before this release are filled after the migrations in small batches
-- (src/db/backfills.ts); the index is built online (drizzle/online/0051).
ALTER TABLE "learner_records" ADD COLUMN "paid_course_date_id" integer;
--> statement-breakpoint
-- The one formula (the triggers, the backfill and the tests share it). Written as lookups by key
-- (decision 018's rule for trigger plans): the place by id, its item and its order by primary key.
CREATE FUNCTION learner_paid_course_date(p_attendee_id integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT (SELECT i.course_date_id FROM order_items i WHERE i.id = a.order_item_id)
  FROM order_attendees a
  WHERE a.id = p_attendee_id
    AND coalesce((SELECT o.status = 'paid' FROM orders o WHERE o.id = a.order_id), false)
$$;
--> statement-breakpoint
-- A new record (ensure_learner_records, or any insert) takes its key as it is written.
CREATE FUNCTION learner_paid_course_date_on_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.paid_course_date_id := learner_paid_course_date(NEW.attendee_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER learner_records_paid_course_date
BEFORE INSERT OR UPDATE OF attendee_id ON learner_records
FOR EACH ROW EXECUTE FUNCTION learner_paid_course_date_on_record();
--> statement-breakpoint
-- What moves a record's key: its booking entering or leaving 'paid' (payment, refund, cancel),
-- its place's item moving to another date (transfer, date change) and the place moving to another
-- item or order (swap). Each rewrites only the records of that order, item or place, each found by
-- key; no row shared between orders is written (the course date's own row is not touched).
CREATE FUNCTION learner_paid_course_date_refresh() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  aid integer;
BEGIN
  FOR aid IN
    SELECT a.id FROM order_attendees a WHERE TG_TABLE_NAME = 'orders' AND a.order_id = NEW.id
    UNION ALL
    SELECT a.id FROM order_attendees a WHERE TG_TABLE_NAME = 'order_items' AND a.order_item_id = NEW.id
    UNION ALL
    SELECT NEW.id WHERE TG_TABLE_NAME = 'order_attendees'
  LOOP
    UPDATE learner_records lr SET paid_course_date_id = k.id
    FROM (SELECT learner_paid_course_date(aid) AS id) k
    WHERE lr.attendee_id = aid AND lr.paid_course_date_id IS DISTINCT FROM k.id;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_learner_paid_course_date
AFTER UPDATE OF status ON orders
FOR EACH ROW WHEN ((OLD.status = 'paid') IS DISTINCT FROM (NEW.status = 'paid'))
EXECUTE FUNCTION learner_paid_course_date_refresh();
--> statement-breakpoint
CREATE TRIGGER order_items_learner_paid_course_date
AFTER UPDATE OF course_date_id ON order_items
FOR EACH ROW WHEN (OLD.course_date_id IS DISTINCT FROM NEW.course_date_id)
EXECUTE FUNCTION learner_paid_course_date_refresh();
--> statement-breakpoint
CREATE TRIGGER order_attendees_learner_paid_course_date
AFTER UPDATE OF order_item_id, order_id ON order_attendees
FOR EACH ROW WHEN (OLD.order_item_id IS DISTINCT FROM NEW.order_item_id OR OLD.order_id IS DISTINCT FROM NEW.order_id)
EXECUTE FUNCTION learner_paid_course_date_refresh();
