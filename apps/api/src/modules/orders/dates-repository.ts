/**
 * SQL of orders by course date (decisions 333, 536): a trainer's paid bookings on their dates, one
 * page at a time, and the course dates that have bookings, for the enrolments' date choice.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { orderItems, orders, type OrderItemRow, type OrderRow } from "../../db/schema";
import type { Page } from "../../lib/paging";

/** Paid orders with a line on one of these course dates (a trainer's bookings, decision 333). */
const paidOnDates = (db: DbOrTx, dateIds: number[]) =>
  and(
    eq(orders.status, "paid"),
    inArray(orders.id, db.select({ id: orderItems.orderId }).from(orderItems).where(inArray(orderItems.courseDateId, dateIds))),
  );

/** One page of the paid orders with a line on one of these course dates, newest first, and how many there are (a trainer's list, decisions 333 and 536). */
export async function pagePaidOrdersOnDates(
  db: DbOrTx,
  dateIds: number[],
  page: Page,
): Promise<{ rows: OrderRow[]; total: number }> {
  if (!dateIds.length) return { rows: [], total: 0 };
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(paidOnDates(db, dateIds))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(paidOnDates(db, dateIds)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** A course date with bookings and how its newest booking line labels it. */
export type BookedDate = Pick<OrderItemRow, "title" | "dateLabel" | "startDate" | "endDate" | "time" | "duration"> & {
  courseDateId: number;
};

/**
 * The course dates that have booking lines, each labelled by its newest line, soonest first
 * (decision 536). `dateIds` null: every date, found by skipping through order_items_course_date_idx
 * (the dates are thousands, the lines a hundred thousand); else these dates' paid lines.
 */
export async function courseDatesWithBookings(db: DbOrTx, dateIds: readonly number[] | null): Promise<BookedDate[]> {
  if (dateIds !== null && dateIds.length === 0) return [];
  const dates =
    dateIds === null
      ? sql`with recursive d(id) as (
            (select x.course_date_id from order_items x where x.course_date_id is not null order by x.course_date_id limit 1)
            union all
            select (select x.course_date_id from order_items x where x.course_date_id > d.id order by x.course_date_id limit 1)
            from d where d.id is not null)
          select d.id from d where d.id is not null`
      : sql`select unnest(array[${sql.join(
          dateIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::int[]) as id`;
  const paid = dateIds === null ? sql`` : sql` and exists (select 1 from orders o where o.id = i.order_id and o.status = 'paid')`;
  const res = await db.execute<{
    course_date_id: number;
    title: string;
    date_label: string;
    start_date: string | null;
    end_date: string | null;
    time: string;
    duration: string;
  }>(sql`
    select d.id as course_date_id, l.title, l.date_label, l.start_date::text, l.end_date::text, l.time, l.duration
    from (${dates}) d
    cross join lateral (
      select i.title, i.date_label, i.start_date, i.end_date, i.time, i.duration from order_items i
      where i.course_date_id = d.id${paid} order by i.id desc limit 1) l
    order by l.start_date nulls last, l.title, d.id`);
  return res.rows.map((r) => ({
    courseDateId: Number(r.course_date_id),
    title: r.title,
    dateLabel: r.date_label,
    startDate: r.start_date,
    endDate: r.end_date,
    time: r.time,
    duration: r.duration,
  }));
}
