import { gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { paymentPageFailures } from "../../db/schema";

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
