-- Issue 16 (500 orders/s): a transaction that sends NOTIFY takes one database-wide lock at
-- commit and holds it through its WAL flush, so every booking (whose inserts notified
-- 'seats') committed one after another: at 50 concurrent orders most backends waited on that
-- lock (pg_stat_activity: Lock/object) and orders/s fell from ~600 to ~360 on two cores.
-- New orders no longer notify from their own transaction: the API sends one 'seats'
-- notification after its bookings commit, shared by the bookings of one event-loop turn, in a
-- transaction of its own that writes nothing (courses/seat-signal.ts, decision 255). Deletes,
-- status and hold-end changes and item changes still notify from their transactions as before.
DROP TRIGGER IF EXISTS orders_insert_notify_catalogue ON "orders";
--> statement-breakpoint
CREATE TRIGGER orders_delete_notify_catalogue AFTER DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION notify_seats_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS order_items_notify_catalogue ON "order_items";
--> statement-breakpoint
CREATE TRIGGER order_items_delete_notify_catalogue AFTER DELETE ON "order_items"
  FOR EACH ROW EXECUTE FUNCTION notify_seats_changed();
