/**
 * The order rows of the orders module (decision 170): rows by key, the status writes of the
 * lifecycle, expiry and the admin list. No rule is decided here: the lifecycle (lifecycle.ts)
 * decides, this file reads and writes. The booking statement is in booking-statement-repository.ts,
 * the count under lock in claims-repository.ts, the pricing read in pricing-repository.ts.
 */
import { and, asc, desc, eq, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import {
  activityLog,
  orderAttendees,
  orderItems,
  orders,
  type OrderAttendeeRow,
  type OrderItemRow,
  type OrderRow,
} from "../../db/schema";
import type { Page } from "../../lib/paging";
import { markBackdated } from "../activity";
import { refreshProgressKeys } from "../learners";

/** How to find an order: by its public reference or by the provider's session id. */
export type OrderKey = { reference: string } | { sessionId: string };
const whereKey = (key: OrderKey) =>
  "reference" in key ? eq(orders.reference, key.reference) : eq(orders.providerSessionId, key.sessionId);

/** Records the provider's checkout session on the order (webhooks find the order by it). */
export async function attachCheckoutSession(db: DbOrTx, orderId: number, sessionId: string): Promise<void> {
  await db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, orderId));
}

export async function findOrderByReference(db: DbOrTx, reference: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.reference, reference));
  return row ?? null;
}

export async function findOrderById(db: DbOrTx, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

export async function findItems(db: DbOrTx, orderId: number): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/** The items of several orders, in id order. */
export async function findItemsOf(db: DbOrTx, orderIds: number[]): Promise<OrderItemRow[]> {
  if (!orderIds.length) return [];
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
}

/** The attendees of several orders, by item and place. */
export async function findAttendeesOf(db: DbOrTx, orderIds: number[]): Promise<OrderAttendeeRow[]> {
  if (!orderIds.length) return [];
  return db
    .select()
    .from(orderAttendees)
    .where(inArray(orderAttendees.orderId, orderIds))
    .orderBy(asc(orderAttendees.orderItemId), asc(orderAttendees.position));
}

/**
 * Raises the calendar SEQUENCE of a booking's places (all of them, or one item's) before a changed
 * or cancelled event is sent (decision 285), and answers the booking's attendees as they are now.
 */
export async function raiseCalendarSequence(tx: DbOrTx, orderId: number, itemId?: number): Promise<OrderAttendeeRow[]> {
  await tx
    .update(orderAttendees)
    .set({ calendarSequence: sql`${orderAttendees.calendarSequence} + 1` })
    .where(
      itemId === undefined
        ? eq(orderAttendees.orderId, orderId)
        : and(eq(orderAttendees.orderId, orderId), eq(orderAttendees.orderItemId, itemId)),
    );
  return findAttendeesOf(tx, [orderId]);
}

/** The order row, locked for the rest of the transaction (every status change starts here). */
export async function lockOrder(tx: Tx, key: OrderKey): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(whereKey(key)).for("update");
  return row ?? null;
}

/**
 * Marks the order paid. An order paid again after it was cancelled (a late payment accepted) may
 * hold learner records from its first payment: their progress keys follow the status (decision
 * 533). A pending order has none yet (they are made at commit), so the booking's own payment
 * sends no second statement.
 */
export async function setPaid(
  tx: Tx,
  orderId: number,
  amountPence: number,
  now: Date,
  from: OrderRow["status"] = "pending",
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ status: "paid", paidAt: now, amountPaidPence: amountPence, cancelledAt: null, expiredAt: null, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  if (from !== "pending") await refreshProgressKeys(tx, { orders: [orderId] });
  return row!;
}

/** Marks the order cancelled; its learners leave the progress list (their keys follow the status, decision 533). */
export async function setCancelled(tx: Tx, orderId: number, now: Date): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  await refreshProgressKeys(tx, { orders: [orderId] });
  return row!;
}

/** Marks the order as looked at (a late payment refused: the office's lists show it moved). */
export async function touch(tx: Tx, orderId: number, now: Date): Promise<void> {
  await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId));
}

/**
 * Pending orders to expire, locked: every one whose hold has run out (the worker, in batches,
 * skipping rows another instance holds), or the one order a key names.
 */
export async function lockExpiring(tx: Tx, due: { batch: number } | { key: OrderKey }, now: Date): Promise<OrderRow[]> {
  if ("key" in due)
    return tx
      .select()
      .from(orders)
      .where(and(whereKey(due.key), eq(orders.status, "pending")))
      .for("update");
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.status, "pending"), sql`${orders.expiresAt} <= ${now.toISOString()}`))
    .orderBy(asc(orders.expiresAt))
    .limit(due.batch)
    .for("update", { skipLocked: true });
}

/** Marks orders expired and writes one activity entry each (`details` per order); returns the rows. */
export async function setExpired(
  tx: Tx,
  picked: OrderRow[],
  now: Date,
  entry: (o: OrderRow) => { action: string; details: string; userName: string },
  opts: { countItems: boolean } = { countItems: true },
): Promise<OrderRow[]> {
  const ids = picked.map((o) => o.id);
  const expired = await tx
    .update(orders)
    .set({ status: "expired", expiredAt: now, updatedAt: now })
    .where(inArray(orders.id, ids))
    .returning();
  const counts = opts.countItems
    ? await tx
        .select({ orderId: orderItems.orderId, n: sql<number>`count(*)::int` })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .groupBy(orderItems.orderId)
    : null;
  await tx.insert(activityLog).values(
    picked.map((o) => ({
      type: "other" as const,
      ...entry(o),
      actorId: null,
      amountPence: o.totalPence,
      ...(counts ? { items: counts.find((c) => c.orderId === o.id)?.n ?? 0 } : {}),
      createdAt: now,
    })),
  );
  await markBackdated(tx, now);
  return expired;
}

/** Pending orders created before `cutoff` whose payment page never opened (no session; not the local provider), locked. */
export async function lockUnsessioned(tx: Tx, cutoff: Date, now: Date, batch: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        isNull(orders.providerSessionId),
        ne(orders.paymentProvider, "local"),
        lte(orders.createdAt, cutoff),
        sql`${orders.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(batch)
    .for("update", { skipLocked: true });
}

/** Orders newest first: one page, or all of them (a search filters on the mapped bookings). */
export async function listOrders(db: DbOrTx, page: Page | null): Promise<OrderRow[]> {
  const q = db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id));
  return page ? q.limit(page.limit).offset(page.offset) : q;
}

export async function countOrders(db: DbOrTx): Promise<number> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return count?.n ?? 0;
}

/** The order a provider's checkout session was opened for (null: none). */
export async function findOrderBySession(db: DbOrTx, sessionId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.providerSessionId, sessionId));
  return row ?? null;
}

/** An order by reference that never got its checkout session recorded (the API stopped after opening it). */
export async function findUnsessionedByReference(db: DbOrTx, reference: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.reference, reference), isNull(orders.providerSessionId)));
  return row ?? null;
}

/** Records a session on an order that has none yet (a verified payment found it by reference). */
export async function recordSessionIfMissing(db: DbOrTx, reference: string, sessionId: string): Promise<void> {
  await db
    .update(orders)
    .set({ providerSessionId: sessionId })
    .where(and(eq(orders.reference, reference), isNull(orders.providerSessionId)));
}

/** Issue 33: the office approved a booking that waited; the customer pays until `payUntil`. */
export async function setApproved(tx: Tx, orderId: number, payUntil: Date, now: Date): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ approval: "approved", expiresAt: payUntil, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}

/** Issue 33: the office declined a booking that waited (the caller cancelled it, releasing its places). */
export async function setDeclined(tx: Tx, orderId: number, reason: string, now: Date): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ approval: "declined", declineReason: reason, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}
