/** The SQL of the booking's customer links and checkout answers (decisions 440, 442). */
import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { FIRST_POLICY_VERSION, orderItems, orderLinks, orderSelfService } from "../../db/schema";

export const newToken = () => randomBytes(32).toString("base64url");

export async function startDatesOf(db: DbOrTx, orderId: number) {
  return db
    .select({ startDate: orderItems.startDate })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [orderId]));
}

/** The order's live 'manage' link, made now when it has none. */
export async function manageToken(db: DbOrTx, orderId: number, at: Date): Promise<string> {
  const [found] = await db
    .select({ token: orderLinks.token })
    .from(orderLinks)
    .where(and(eq(orderLinks.orderId, orderId), eq(orderLinks.purpose, "manage"), isNull(orderLinks.revokedAt)))
    .limit(1);
  if (found) return found.token;
  const token = newToken();
  await db.insert(orderLinks).values({ token, orderId, purpose: "manage", createdAt: at });
  return token;
}

export async function updateSelfFacts(
  db: DbOrTx,
  orderId: number,
  set: { earlyStartRequested?: boolean | null; addChange?: boolean; addCreditPence?: number },
) {
  // The row exists (the order's insert trigger) unless the order predates 0038 and the backfill has
  // not reached it (decision 552): the row it would write.
  await db
    .insert(orderSelfService)
    .values({ orderId, policyVersion: FIRST_POLICY_VERSION, earlyStartRequested: set.earlyStartRequested ?? null })
    .onConflictDoNothing();
  await db
    .update(orderSelfService)
    .set({
      ...(set.earlyStartRequested !== undefined ? { earlyStartRequested: set.earlyStartRequested } : {}),
      ...(set.addChange ? { dateChanges: sql`${orderSelfService.dateChanges} + 1` } : {}),
      ...(set.addCreditPence ? { creditPence: sql`${orderSelfService.creditPence} + ${set.addCreditPence}` } : {}),
    })
    .where(eq(orderSelfService.orderId, orderId));
}
