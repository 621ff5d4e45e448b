/**
 * The rows behind an order's balance (deposits and balances, the office's side): its charges and
 * instalments, the payment options that apply to a course, and the overdue job's reads and writes.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { courses, orderCharges, orderInstalments, orders, paymentSettings, refunds } from "../../db/schema";
import type { PaymentOptions } from "../../db/schema/types";
import { refreshProgressKeys } from "../learners";

export type ChargeListRow = typeof orderCharges.$inferSelect;
export type InstalmentRow = typeof orderInstalments.$inferSelect;
export type OrderMoneyRow = typeof orders.$inferSelect;

export async function findCharges(db: DbOrTx, orderId: number): Promise<ChargeListRow[]> {
  return db
    .select()
    .from(orderCharges)
    .where(eq(orderCharges.orderId, orderId))
    .orderBy(asc(orderCharges.receivedAt), asc(orderCharges.id));
}

export async function findInstalments(db: DbOrTx, orderId: number): Promise<InstalmentRow[]> {
  return db.select().from(orderInstalments).where(eq(orderInstalments.orderId, orderId)).orderBy(asc(orderInstalments.seq));
}

/** The course's own payment options, or the site-wide ones (null only if the settings row is missing). */
export async function paymentOptionsOf(db: DbOrTx, courseId: number): Promise<PaymentOptions | null> {
  const [course] = await db.select({ options: courses.paymentOptions }).from(courses).where(eq(courses.id, courseId));
  if (course?.options) return course.options;
  const [site] = await db.select({ options: paymentSettings.options }).from(paymentSettings).where(eq(paymentSettings.id, 1));
  return site?.options ?? null;
}

/** Paid in full by the office: the card is not charged for instalments still scheduled. */
export async function cancelScheduledInstalments(tx: Tx, orderId: number, at: Date): Promise<void> {
  await tx
    .update(orderInstalments)
    .set({ status: "cancelled", updatedAt: at })
    .where(and(eq(orderInstalments.orderId, orderId), eq(orderInstalments.status, "scheduled")));
}

/** Live bookings whose balance's due day is before `today` and still owe something, not yet released. */
export async function findOverdueIds(db: DbOrTx, today: string): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      sql`${orders.status} = 'paid' and ${orders.balanceDueOn} < ${today}::date
        and coalesce(${orders.amountPaidPence}, 0) < ${orders.totalPence} and ${orders.releasedUnpaidAt} is null`,
    )
    .orderBy(asc(orders.balanceDueOn), asc(orders.id));
  return rows.map((r) => r.id);
}

export async function lockOrderRow(tx: Tx, id: number): Promise<OrderMoneyRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return row ?? null;
}

export async function markOverdueAlerted(tx: Tx, id: number, at: Date): Promise<void> {
  await tx.update(orders).set({ overdueAlertedAt: at, updatedAt: at }).where(eq(orders.id, id));
}

/** Cancels an order whose balance was not paid: its places are freed by the seat triggers at once. */
export async function releaseUnpaid(tx: Tx, id: number, at: Date): Promise<OrderMoneyRow> {
  const [row] = await tx
    .update(orders)
    .set({ status: "cancelled", cancelledAt: at, releasedUnpaidAt: at, updatedAt: at })
    .where(eq(orders.id, id))
    .returning();
  await tx
    .update(orderInstalments)
    .set({ status: "cancelled", updatedAt: at })
    .where(and(eq(orderInstalments.orderId, id), eq(orderInstalments.status, "scheduled")));
  // Its learners leave the progress list (decision 533).
  await refreshProgressKeys(tx, { orders: [id] });
  return row!;
}

export async function sumRefundedOf(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${refunds.amountPence}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return Number(row?.n ?? 0);
}

/**
 * Outstanding balances: what live bookings still owe (pence), in all and past their due day
 * (the dashboard's figure).
 */
export async function outstandingTotals(
  db: DbOrTx,
  today: string,
): Promise<{ outstanding: number; overdue: number; count: number }> {
  const { rows } = await db.execute<{ outstanding: number; overdue: number; count: number }>(sql`
    select coalesce(sum(o.total_pence - coalesce(o.amount_paid_pence, 0)), 0)::int as outstanding,
      coalesce(sum(o.total_pence - coalesce(o.amount_paid_pence, 0)) filter (where o.balance_due_on < ${today}::date), 0)::int as overdue,
      count(*)::int as count
    from orders o where o.status = 'paid' and o.total_pence - coalesce(o.amount_paid_pence, 0) > 0`);
  const r = rows[0];
  return { outstanding: Number(r?.outstanding ?? 0), overdue: Number(r?.overdue ?? 0), count: Number(r?.count ?? 0) };
}

/** The office's overdue alerts (bell notices) since `since`: one per booking, at the time it was alerted. */
export async function overdueAlertsSince(
  db: DbOrTx,
  since: Date,
  limit: number,
): Promise<{ id: number; at: Date; name: string; bookingRef: string; owedPence: number; released: boolean }[]> {
  const rows = await db
    .select({
      id: orders.id,
      at: orders.overdueAlertedAt,
      first: orders.firstName,
      last: orders.lastName,
      bookingRef: orders.bookingRef,
      total: orders.totalPence,
      paid: orders.amountPaidPence,
      released: orders.releasedUnpaidAt,
    })
    .from(orders)
    .where(sql`${orders.overdueAlertedAt} >= ${since.toISOString()}`)
    .orderBy(sql`${orders.overdueAlertedAt} desc`)
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    at: r.at!,
    name: `${r.first} ${r.last}`,
    bookingRef: r.bookingRef,
    owedPence: Math.max(0, r.total - (r.paid ?? 0)),
    released: r.released !== null,
  }));
}
