-- Issue 16 (500 orders/s with 30% discount-code orders, p99 < 100 ms): the booking statement
-- locked its code's row (decision 131) from its check until its commit, WAL flush included, while
-- holding its dates: with a few popular codes every code order queued on the code's row, and the
-- orders behind it on the same dates queued behind them (pg_stat_activity: Lock/tuple). At 500
-- orders/s, p99 was 125-153 ms with codes and 89 ms without.
-- Now the booking statement reads the code's counter without a lock (a first test), and the
-- use is claimed when the counter moves: at commit, by this deferred trigger, which locks the row
-- only then (still after every date lock: the lock order of decision 080 holds) and, for the
-- booking statement (it sets `app.code_use_guard` for its own transaction), only if the
-- latest committed counter leaves room. Otherwise it raises 'code_uses_full', the whole statement
-- rolls back, and the order takes the locked path, which applies the whole rule (a counter that
-- looks full may hold run-out holds). Other writers (the locked path, payments, cancels) move the
-- counter unguarded as before.
CREATE OR REPLACE FUNCTION uses_held_orders() RETURNS trigger LANGUAGE plpgsql AS $$
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
    IF TG_OP = 'INSERT' AND current_setting('app.code_use_guard', true) = 'on' THEN
      UPDATE discount_codes SET uses_held = uses_held + 1 WHERE id = new_id AND uses_held < max_uses;
      IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'code_uses_full';
      END IF;
    ELSE
      UPDATE discount_codes SET uses_held = uses_held + 1 WHERE id = new_id;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
