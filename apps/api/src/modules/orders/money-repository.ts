/**
 * The SQL of the orders' money records: amounts received (`order_charges`, decision 368), refunds
 * (never more than was paid: the database refuses more by trigger), the provider's payment id and
 * the office's payment method (`order_payments`), and provider events recorded once (`payment_events`).
 */
import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { orderCharges, orderPayments, paymentEvents, refunds, unneededPayments, type ChargeKind } from "../../db/schema";

export type RefundRow = typeof refunds.$inferSelect;
export type PaymentRow = typeof orderPayments.$inferSelect;

export async function sumRefunded(tx: DbOrTx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${refunds.amountPence}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return Number(row?.n ?? 0);
}

export async function findRefundByKey(tx: DbOrTx, orderId: number, key: string): Promise<RefundRow | null> {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(sql`${refunds.orderId} = ${orderId} and ${refunds.idempotencyKey} = ${key}`);
  return row ?? null;
}

/** Records a refund once: a provider id seen before (our own refund's webhook) adds nothing. Null when it was known. */
export async function insertRefund(tx: Tx, row: typeof refunds.$inferInsert): Promise<RefundRow | null> {
  const [inserted] = await tx.insert(refunds).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findPayment(db: DbOrTx, orderId: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
  return row ?? null;
}

/** Remembers the provider's payment id of an order (learnt at a refund or from a webhook). */
export async function rememberPaymentId(tx: Tx, orderId: number, paymentId: string): Promise<void> {
  await tx
    .insert(orderPayments)
    .values({ orderId, providerPaymentId: paymentId })
    .onConflictDoUpdate({ target: orderPayments.orderId, set: { providerPaymentId: paymentId } });
}

export async function findOrderByPaymentId(tx: DbOrTx, paymentId: string): Promise<number | null> {
  const [row] = await tx
    .select({ orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(eq(orderPayments.providerPaymentId, paymentId));
  return row?.orderId ?? null;
}

/** The office booking made with this retry key, if any. */
export async function findOfficeBookingByKey(tx: DbOrTx, key: string): Promise<number | null> {
  const [row] = await tx
    .select({ orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(eq(orderPayments.idempotencyKey, key));
  return row?.orderId ?? null;
}

/** How an office booking was paid (its method, and whether its invoice is still unpaid). */
export async function insertOfficePayment(tx: Tx, row: typeof orderPayments.$inferInsert): Promise<void> {
  await tx.insert(orderPayments).values(row);
}

export async function updateOfficePayment(
  tx: Tx,
  orderId: number,
  set: { invoiceUnpaid: boolean; method?: string },
): Promise<void> {
  await tx.update(orderPayments).set(set).where(eq(orderPayments.orderId, orderId));
}

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

/** An order's refunds, oldest first. */
export async function findRefunds(db: DbOrTx, orderId: number): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export type ChargeRow = typeof orderCharges.$inferSelect;

/** One amount received on an order (a payment event): invoices and payouts refer to it (decision 368). */
export type NewCharge = {
  orderId: number;
  kind: ChargeKind;
  amountPence: number;
  method: string;
  provider: string;
  providerRef?: string | null;
  idempotencyKey?: string | null;
  actorId?: number | null;
  at: Date;
};

/**
 * Records a payment event. Idempotent on the provider's id (a redelivered payment is one row) and on
 * the office's retry key; returns null when the row already existed.
 */
export async function insertCharge(tx: Tx, charge: NewCharge): Promise<ChargeRow | null> {
  const [row] = await tx
    .insert(orderCharges)
    .values({
      orderId: charge.orderId,
      kind: charge.kind,
      amountPence: charge.amountPence,
      method: charge.method,
      provider: charge.provider,
      providerRef: charge.providerRef ?? null,
      idempotencyKey: charge.idempotencyKey ?? null,
      actorId: charge.actorId ?? null,
      receivedAt: charge.at,
      createdAt: charge.at,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Whether this provider payment was one nothing was due for (its refund is not the booking's). */
export async function isUnneededPayment(tx: DbOrTx, provider: string, paymentRef: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: unneededPayments.id })
    .from(unneededPayments)
    .where(sql`${unneededPayments.provider} = ${provider} and ${unneededPayments.paymentRef} = ${paymentRef}`);
  return row !== undefined;
}

/** Notes a payment nothing was due for, once; answers false when it was noted before. */
export async function insertUnneededPayment(tx: DbOrTx, row: typeof unneededPayments.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(unneededPayments).values(row).onConflictDoNothing().returning({ id: unneededPayments.id });
  return inserted.length > 0;
}

export async function setUnneededRefund(tx: DbOrTx, provider: string, paymentRef: string, refundId: string): Promise<void> {
  await tx
    .update(unneededPayments)
    .set({ refundId })
    .where(sql`${unneededPayments.provider} = ${provider} and ${unneededPayments.paymentRef} = ${paymentRef}`);
}
