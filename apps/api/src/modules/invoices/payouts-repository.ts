/** Payouts and their lines in the database, and the matching of a provider id to our orders. */
import { asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { orderCharges, orderPayments, orders, payoutLines, payouts, refunds } from "../../db/schema";

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutLineRow = typeof payoutLines.$inferSelect;
export type Match = { orderId: number | null; chargeId: number | null; refundId: number | null };

/** A payment's ids (charge `ch_…`, PaymentIntent `pi_…`): the charge recorded with one of them, else the order's payment. */
export async function matchPayment(db: DbOrTx, ids: string[]): Promise<Match> {
  if (!ids.length) return { orderId: null, chargeId: null, refundId: null };
  const [charge] = await db
    .select({ id: orderCharges.id, orderId: orderCharges.orderId })
    .from(orderCharges)
    .where(inArray(orderCharges.providerRef, ids))
    .orderBy(asc(orderCharges.id))
    .limit(1);
  if (charge) return { orderId: charge.orderId, chargeId: charge.id, refundId: null };
  const [payment] = await db
    .select({ orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(inArray(orderPayments.providerPaymentId, ids))
    .limit(1);
  if (!payment) return { orderId: null, chargeId: null, refundId: null };
  const [first] = await db
    .select({ id: orderCharges.id })
    .from(orderCharges)
    .where(eq(orderCharges.orderId, payment.orderId))
    .orderBy(asc(orderCharges.id))
    .limit(1);
  return { orderId: payment.orderId, chargeId: first?.id ?? null, refundId: null };
}

/** A refund `re_…` we recorded (or, failing that, the payment it gave money back on). */
export async function matchRefund(db: DbOrTx, refundId: string, paymentIds: string[]): Promise<Match> {
  const [refund] = await db
    .select({ id: refunds.id, orderId: refunds.orderId })
    .from(refunds)
    .where(eq(refunds.providerRefundId, refundId));
  if (refund) return { orderId: refund.orderId, chargeId: null, refundId: refund.id };
  const payment = await matchPayment(db, paymentIds);
  return { ...payment, chargeId: null };
}

export async function savePayout(db: Db, payout: PayoutRow, lines: PayoutLineRow[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(payouts)
      .values(payout)
      .onConflictDoUpdate({
        target: payouts.id,
        set: { status: payout.status, amountPence: payout.amountPence, syncedAt: payout.syncedAt },
      });
    for (const line of lines)
      await tx
        .insert(payoutLines)
        .values(line)
        .onConflictDoUpdate({
          target: payoutLines.id,
          set: { orderId: line.orderId, chargeId: line.chargeId, refundId: line.refundId, feePence: line.feePence },
        });
  });
}

export async function listPayouts(db: DbOrTx) {
  const all = await db.select().from(payouts).orderBy(desc(payouts.created), desc(payouts.id)).limit(100);
  if (!all.length) return [];
  const lines = await db
    .select({ line: payoutLines, bookingRef: orders.bookingRef })
    .from(payoutLines)
    .leftJoin(orders, eq(orders.id, payoutLines.orderId))
    .where(
      inArray(
        payoutLines.payoutId,
        all.map((p) => p.id),
      ),
    )
    .orderBy(asc(payoutLines.created), asc(payoutLines.id));
  return all.map((p) => ({ payout: p, lines: lines.filter((l) => l.line.payoutId === p.id) }));
}

/** Fees the provider took in a period (reports). */
export async function feesBetween(db: DbOrTx, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${payoutLines.feePence}), 0)` })
    .from(payoutLines)
    .where(or(sql`${payoutLines.created} >= ${from.toISOString()} and ${payoutLines.created} < ${to.toISOString()}`));
  return Number(row?.sum ?? 0);
}
