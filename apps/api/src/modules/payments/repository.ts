import { gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { paymentEvents, paymentPageFailures } from "../../db/schema";

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

/** A payment page that could not be opened for an order (decision 272). */
export async function insertPageFailure(db: DbOrTx, failure: { orderId: number; provider: string; at: Date }): Promise<void> {
  await db.insert(paymentPageFailures).values(failure);
}

/** Payment-page failures since `since` (the dashboard's warning). */
export async function pageFailureSummary(db: DbOrTx, since: Date): Promise<{ failures: number; lastFailureAt: Date | null }> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int`, last: sql<string | null>`max(${paymentPageFailures.at})` })
    .from(paymentPageFailures)
    .where(gte(paymentPageFailures.at, since));
  return { failures: Number(counted?.n ?? 0), lastFailureAt: counted?.last ? new Date(counted.last) : null };
}
