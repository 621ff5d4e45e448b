import type { DbOrTx } from "../../db/client";
import { paymentEvents } from "../../db/schema";

/**
 * Records a provider event id, once (webhook idempotency): false when it was recorded before.
 * Call it in the transaction of the event's effect, so both commit or neither does.
 */
export async function recordEventOnce(
  db: DbOrTx,
  event: { provider: string; id: string; type: string },
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values({ provider: event.provider, eventId: event.id, type: event.type, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}
