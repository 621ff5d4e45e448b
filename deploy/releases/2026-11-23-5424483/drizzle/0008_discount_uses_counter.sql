ALTER TABLE "discount_codes" ADD COLUMN "uses_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_uses_held" CHECK ("discount_codes"."uses_held" >= 0);--> statement-breakpoint
-- Uses counter per discount code (decision 131), the code's twin of course_dates.seats_held
-- (decision 080): discount_codes.uses_held = orders with the code that are pending or paid. A
-- booking with a code then checks one locked row on the one-statement fast path instead of
-- counting the code's orders under lock.
--
-- Lock order everywhere is "course dates by id, then the code" (decision 080). The seat triggers
-- take the dates during the statement that writes an order; this counter is kept by a DEFERRED
-- constraint trigger, so it touches the code row only at COMMIT, after every date lock of the
-- transaction: no write path can take the code before the dates. The fast path locks the code
-- itself (after the dates) before it checks, so the commit-time update changes a row it holds.
-- The locked path (lockAndCountClaims) still recounts the code's orders, which includes its own
-- uncommitted order; the counter is only ever read committed.
CREATE FUNCTION uses_held_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_id integer;
  new_id integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.discount_code_id IS NOT NULL AND order_holds_seats(OLD.status) THEN
    old_id := OLD.discount_code_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.discount_code_id IS NOT NULL AND order_holds_seats(NEW.status) THEN
    new_id := NEW.discount_code_id;
  END IF;
  IF old_id IS NOT DISTINCT FROM new_id THEN
    RETURN NULL;
  END IF;
  IF old_id IS NOT NULL THEN
    UPDATE discount_codes SET uses_held = uses_held - 1 WHERE id = old_id;
  END IF;
  IF new_id IS NOT NULL THEN
    UPDATE discount_codes SET uses_held = uses_held + 1 WHERE id = new_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_uses_held" AFTER INSERT OR DELETE OR UPDATE OF "status", "discount_code_id" ON "orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION uses_held_orders();
--> statement-breakpoint
CREATE FUNCTION recount_uses_held() RETURNS void LANGUAGE sql AS $$
  UPDATE discount_codes dc SET uses_held = c.n FROM (
    SELECT dc2.id, count(o.id) FILTER (WHERE order_holds_seats(o.status))::int AS n
    FROM discount_codes dc2 LEFT JOIN orders o ON o.discount_code_id = dc2.id
    GROUP BY dc2.id) c
  WHERE dc.id = c.id AND dc.uses_held IS DISTINCT FROM c.n
$$;
--> statement-breakpoint
CREATE FUNCTION uses_held_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recount_uses_held();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_uses_held_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION uses_held_truncated();
--> statement-breakpoint
-- THE code rule (decision 060): uses of a code at a moment = its paid orders and its pending
-- orders whose hold has not run out. uses_held counts paid + pending; pending holds that ran out
-- but are not marked expired yet are subtracted (usually nothing: the EXISTS probe on
-- orders_status_expires_idx).
CREATE FUNCTION discount_uses_taken(dc discount_codes, at timestamptz) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT dc.uses_held - CASE
    WHEN NOT EXISTS (SELECT 1 FROM orders WHERE status = 'pending' AND expires_at <= at) THEN 0
    ELSE (SELECT count(*) FROM orders o
      WHERE o.discount_code_id = dc.id AND o.status = 'pending' AND o.expires_at <= at)::int
  END
$$;
--> statement-breakpoint
SELECT recount_uses_held();
