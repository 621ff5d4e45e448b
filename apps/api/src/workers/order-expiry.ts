import type { Db } from "../db/client";
import { expireDueOrders } from "../modules/orders";

/**
 * Expires every pending order whose hold has run out, batch by batch. Safe with several API
 * instances: each batch takes its rows with `FOR UPDATE SKIP LOCKED`.
 * Seats come back at the end of the hold even before this runs (the seat rule ignores pending
 * orders past `expires_at`); the worker makes the status and the activity log say so.
 */
export async function runOrderExpiry(db: Db, now: Date, batch = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await expireDueOrders(db, now, batch);
    total += n;
    if (n < batch) return total;
  }
}
