/**
 * SQL of the saved card and the balance's due day: the card a paid checkout kept, the charges the
 * daily job makes with it (instalments, the balance), their failures, and the reminders it sends.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { orderCharges, orderInstalments, orders } from "../../db/schema";
import type { SavedCard } from "./port";

/** Keeps the card of a paid checkout (found by its session, or the order), only where the customer consented to it. */
export async function saveCard(
  tx: Tx,
  key: { sessionId: string } | { orderId: number },
  card: SavedCard,
  now: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({ providerCustomerId: card.customerId, providerPaymentMethodId: card.paymentMethodId, updatedAt: now })
    .where(
      and(
        "sessionId" in key ? eq(orders.providerSessionId, key.sessionId) : eq(orders.id, key.orderId),
        sql`${orders.cardSavedAt} is not null`,
      ),
    );
}

/** Live, part-paid orders with a kept card (the conditions every saved-card charge starts from). */
const chargeable = sql`${orders.status} = 'paid' and ${orders.releasedUnpaidAt} is null
  and ${orders.providerPaymentMethodId} is not null and coalesce(${orders.amountPaidPence}, 0) < ${orders.totalPence}`;

/** Scheduled instalments due by `today` on orders whose card can be charged, earliest first. */
export async function findDueInstalments(db: DbOrTx, today: string): Promise<{ id: number; orderId: number }[]> {
  return db
    .select({ id: orderInstalments.id, orderId: orderInstalments.orderId })
    .from(orderInstalments)
    .innerJoin(orders, eq(orders.id, orderInstalments.orderId))
    .where(sql`${orderInstalments.status} = 'scheduled' and ${orderInstalments.dueOn} <= ${today}::date and ${chargeable}`)
    .orderBy(asc(orderInstalments.dueOn), asc(orderInstalments.id));
}

/** Deposit orders whose balance is due by `today`, to be charged to the kept card (never again after a failure). */
export async function findDueBalanceCharges(db: DbOrTx, today: string): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      sql`${orders.paymentPlan} = 'deposit' and ${orders.balanceDueOn} <= ${today}::date
        and ${orders.balanceChargeFailedAt} is null and ${chargeable}`,
    )
    .orderBy(asc(orders.balanceDueOn), asc(orders.id));
  return rows.map((r) => r.id);
}

export type InstalmentRow = typeof orderInstalments.$inferSelect;

export async function lockInstalment(tx: Tx, id: number): Promise<InstalmentRow | null> {
  const [row] = await tx.select().from(orderInstalments).where(eq(orderInstalments.id, id)).for("update");
  return row ?? null;
}

export async function countInstalmentAttempt(tx: Tx, id: number, now: Date): Promise<void> {
  await tx
    .update(orderInstalments)
    .set({ attempts: sql`${orderInstalments.attempts} + 1`, updatedAt: now })
    .where(eq(orderInstalments.id, id));
}

export async function closeInstalment(
  tx: Tx,
  id: number,
  outcome: { status: "paid" | "failed" | "cancelled"; chargeId?: number; error?: string },
  now: Date,
): Promise<void> {
  await tx
    .update(orderInstalments)
    .set({ status: outcome.status, chargeId: outcome.chargeId ?? null, lastError: outcome.error ?? null, updatedAt: now })
    .where(eq(orderInstalments.id, id));
}

export async function markBalanceAttempt(tx: Tx, orderId: number, now: Date): Promise<void> {
  await tx.update(orders).set({ balanceChargeAttemptedAt: now, updatedAt: now }).where(eq(orders.id, orderId));
}

/** The kept card did not pay the balance: the link was sent instead (that mail is the due day's reminder). */
export async function markBalanceFailed(tx: Tx, orderId: number, error: string, now: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ balanceChargeFailedAt: now, balanceChargeError: error, balanceRemindedDueAt: now, updatedAt: now })
    .where(eq(orders.id, orderId));
}

/** Whether this provider payment is recorded on the order already (a retried run found it paid). */
export async function chargeRecorded(tx: DbOrTx, orderId: number, provider: string, providerRef: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderCharges.id })
    .from(orderCharges)
    .where(
      and(eq(orderCharges.orderId, orderId), eq(orderCharges.provider, provider), eq(orderCharges.providerRef, providerRef)),
    );
  return row !== undefined;
}

/** Whether one of the order's instalments failed on the card (the customer was sent the link). */
export async function hasFailedInstalment(tx: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderInstalments.id })
    .from(orderInstalments)
    .where(and(eq(orderInstalments.orderId, orderId), eq(orderInstalments.status, "failed")))
    .limit(1);
  return row !== undefined;
}

/** Live part-paid orders whose balance is due between `today` and `until`, with a reminder not yet sent. */
export async function findReminderCandidates(db: DbOrTx, today: string, until: string): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      sql`${orders.status} = 'paid' and ${orders.releasedUnpaidAt} is null
        and ${orders.balanceDueOn} between ${today}::date and ${until}::date
        and coalesce(${orders.amountPaidPence}, 0) < ${orders.totalPence}
        and (${orders.balanceRemindedBeforeAt} is null or ${orders.balanceRemindedDueAt} is null)`,
    )
    .orderBy(asc(orders.balanceDueOn), asc(orders.id));
  return rows.map((r) => r.id);
}

export async function markReminded(tx: Tx, orderId: number, which: "before" | "due", now: Date): Promise<void> {
  await tx
    .update(orders)
    .set(which === "before" ? { balanceRemindedBeforeAt: now, updatedAt: now } : { balanceRemindedDueAt: now, updatedAt: now })
    .where(eq(orders.id, orderId));
}
