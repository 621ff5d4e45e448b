/**
 * The SQL of the office's order steps: an office booking's rows (written as they are, paid at
 * once), a booking's row locked by its id, the money received later, a line moved to another
 * date, and the course dates a line can move to with the places left on each.
 */
import { eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { courseDates, orderAttendees, orderItems, orders, type OrderItemRow, type OrderRow } from "../../db/schema";
import { refreshListKeys } from "./list-keys-repository";

/** The order's row by id, locked for this transaction (every office step starts here). */
export async function lockOrderById(tx: Tx, id: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return row ?? null;
}

/** Writes an office booking's order, its one item and its attendees (ids as the database gives them). */
export async function insertOfficeOrder(
  tx: Tx,
  order: OrderRow,
  item: OrderItemRow,
  attendees: { firstName: string; lastName: string; email: string | null }[],
): Promise<{ order: OrderRow; item: OrderItemRow }> {
  const { id: _orderId, ...orderValues } = order;
  const [written] = await tx.insert(orders).values(orderValues).returning();
  const { id: _itemId, ...itemValues } = item;
  const [line] = await tx
    .insert(orderItems)
    .values({ ...itemValues, orderId: written!.id })
    .returning();
  await tx.insert(orderAttendees).values(
    attendees.map((a, n) => ({
      orderId: written!.id,
      orderItemId: line!.id,
      position: n + 1,
      firstName: a.firstName,
      lastName: a.lastName,
      email: a.email,
      createdAt: order.createdAt,
    })),
  );
  await refreshListKeys(tx, [written!.id]);
  return { order: written!, item: line! };
}

/** A transaction-scoped advisory lock on a retry key: a concurrent retry waits here. */
export async function lockRetryKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export async function setAmountPaid(tx: Tx, orderId: number, paidPence: number, now: Date): Promise<void> {
  await tx.update(orders).set({ amountPaidPence: paidPence, updatedAt: now }).where(eq(orders.id, orderId));
}

export async function findCourseDate(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(courseDates).where(eq(courseDates.id, id));
  return row ?? null;
}

/** Moves a line to another date (the counter triggers move its seats). */
export async function moveItem(
  tx: Tx,
  itemId: number,
  to: { courseDateId: number; startDate: string; endDate: string | null; dateLabel: string },
): Promise<void> {
  const moved = await tx.update(orderItems).set(to).where(eq(orderItems.id, itemId)).returning({ orderId: orderItems.orderId });
  await refreshListKeys(
    tx,
    moved.map((m) => m.orderId),
  );
}

/** Locks course dates in id order (decision 080's lock order), FOR NO KEY UPDATE like placement. */
export async function lockDates(tx: Tx, dateIds: number[]): Promise<void> {
  const ids = [...new Set(dateIds)].sort((a, b) => a - b);
  if (!ids.length) return;
  await tx.execute(sql`select id from course_dates where id = any(${sql.param(ids)}::int[]) order by id for no key update`);
}

export type DateRow = {
  id: number;
  course_id: number;
  start_date: string;
  end_date: string;
  capacity: number;
  closed_at: Date | null;
  places_left: number;
};

/** A course's dates with places left as placement counts them (seats_taken at `at`). */
export async function courseDatesWithPlaces(db: DbOrTx, courseId: number, at: Date): Promise<DateRow[]> {
  const { rows } = await db.execute<DateRow>(sql`
    select d.id, d.course_id, d.start_date::text as start_date, coalesce(d.end_date, d.start_date)::text as end_date, d.capacity, d.closed_at,
      greatest(d.capacity - seats_taken(d, ${at.toISOString()}::timestamptz), 0)::int as places_left
    from course_dates d where d.course_id = ${courseId} order by d.start_date, d.id`);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    course_id: Number(r.course_id),
    capacity: Number(r.capacity),
    places_left: Number(r.places_left),
  }));
}
