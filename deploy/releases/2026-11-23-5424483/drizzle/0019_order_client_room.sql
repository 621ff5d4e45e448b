-- Issue 16 (500 orders/s): the unpaid-hold limits of decision 101 are checked inside the order's
-- own statement instead of by a read before it and a second count after it (two round trips and
-- a cancel on every order). Called by the booking statement (and the locked path) after the
-- dates and the code are locked, last in the lock order of decision 080:
-- - one transaction-scoped advisory lock per client address and per e-mail key (two-key form,
--   class 720532, apart from the single-key locks of the migrator and the job queue), held to
--   commit: two orders from one client queue here instead of racing past each other;
-- - then each count in a fresh snapshot (a VOLATILE function's queries see everything committed
--   before they start, including an order that committed while this one waited for the lock);
-- - over a limit, it raises 'order_hold_limit' (DETAIL: the limit, and when the client's first
--   hold ends), which rolls the whole order back: nothing is written, nothing needs cancelling.
-- The counts keep the fixed shape of abuse.ts (recent order_clients rows by their index, then each
-- order by key, status and hold end tested outside the fenced lookup): a PL/pgSQL plan lives as
-- long as the connection and must not depend on how big the tables were when it was made.
CREATE FUNCTION order_client_room(
  p_ip text, p_email text, p_places integer, p_limit_ip integer, p_limit_email integer,
  p_at timestamptz, p_since timestamptz, p_except integer
) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  cap integer := greatest(p_limit_ip, p_limit_email) + 1;
  held_ip integer;
  held_email integer;
  ip_first_end timestamptz;
  over_limit integer;
BEGIN
  PERFORM pg_advisory_xact_lock(720532, hashtext('ip:' || p_ip));
  PERFORM pg_advisory_xact_lock(720532, hashtext('email:' || p_email));
  SELECT coalesce(sum(x.seats), 0)::int, min(x.expires_at) INTO held_ip, ip_first_end FROM (
    SELECT h.seats, h.expires_at
    FROM (SELECT c.order_id, c.created_at FROM order_clients c
          WHERE c.client_ip = p_ip AND c.created_at >= p_since OFFSET 0) recent
    CROSS JOIN LATERAL (
      SELECT o.id, o.status, o.expires_at, i.seats FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE o.id = recent.order_id OFFSET 0) h
    WHERE h.status = 'pending' AND h.expires_at > p_at AND h.id <> p_except
    ORDER BY recent.created_at DESC LIMIT cap) x;
  SELECT coalesce(sum(x.seats), 0)::int INTO held_email FROM (
    SELECT h.seats
    FROM (SELECT c.order_id, c.created_at FROM order_clients c
          WHERE c.email_key = p_email AND c.created_at >= p_since OFFSET 0) recent
    CROSS JOIN LATERAL (
      SELECT o.id, o.status, o.expires_at, i.seats FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE o.id = recent.order_id OFFSET 0) h
    WHERE h.status = 'pending' AND h.expires_at > p_at AND h.id <> p_except
    ORDER BY recent.created_at DESC LIMIT cap) x;
  over_limit := CASE
    WHEN held_ip + p_places > p_limit_ip THEN p_limit_ip
    WHEN held_email + p_places > p_limit_email THEN p_limit_email
  END;
  IF over_limit IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'order_hold_limit',
      DETAIL = json_build_object('limit', over_limit, 'held_by_client', held_ip, 'held_by_email', held_email,
        'first_end_ms', (extract(epoch FROM ip_first_end) * 1000)::bigint)::text;
  END IF;
  RETURN true;
END;
$$;
