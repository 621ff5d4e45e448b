/** The figures behind the money and bookings reports (decision 426), each one query, London calendar. */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

const num = (v: unknown) => Number(v ?? 0);

/** Money received (charges) and given back (refunds) per London month of the period. */
export async function moneyByMonth(db: DbOrTx, from: Date, to: Date) {
  const { rows } = await db.execute<{ month: string; received: string; refunded: string }>(sql`
    with months as (
      select to_char(m, 'YYYY-MM') as month from generate_series(
        date_trunc('month', ${from.toISOString()}::timestamptz at time zone 'Europe/London'),
        date_trunc('month', (${to.toISOString()}::timestamptz - interval '1 second') at time zone 'Europe/London'),
        interval '1 month') as m),
    received as (
      select to_char(received_at at time zone 'Europe/London', 'YYYY-MM') as month, sum(amount_pence) as pence
      from order_charges where received_at >= ${from.toISOString()} and received_at < ${to.toISOString()} group by 1),
    refunded as (
      select to_char(created_at at time zone 'Europe/London', 'YYYY-MM') as month, sum(amount_pence) as pence
      from refunds where created_at >= ${from.toISOString()} and created_at < ${to.toISOString()} group by 1)
    select months.month, coalesce(received.pence, 0) as received, coalesce(refunded.pence, 0) as refunded
    from months left join received using (month) left join refunded using (month) order by months.month`);
  return rows.map((r) => ({ month: r.month, received: num(r.received), refunded: num(r.refunded) }));
}

/** Money received (charges) and given back (refunds) from `from` up to, not including, `to`. */
export async function moneyBetween(db: DbOrTx, from: Date, to: Date) {
  const { rows } = await db.execute<{ received: string; refunded: string }>(sql`
    select
      (select coalesce(sum(amount_pence), 0) from order_charges
        where received_at >= ${from.toISOString()} and received_at < ${to.toISOString()}) as received,
      (select coalesce(sum(amount_pence), 0) from refunds
        where created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}) as refunded`);
  return { received: num(rows[0]?.received), refunded: num(rows[0]?.refunded) };
}

/** Places booked (paid bookings) against capacity on each course date starting in the period. */
export async function fillByDate(db: DbOrTx, fromDay: string, toDay: string) {
  const { rows } = await db.execute<{ course: string; start_date: string; places: string; booked: string }>(sql`
    select c.title as course, d.start_date::text as start_date, d.capacity as places,
      coalesce((select sum(oi.seats) from order_items oi join orders o on o.id = oi.order_id
        where oi.course_date_id = d.id and o.status = 'paid'), 0) as booked
    from course_dates d join courses c on c.id = d.course_id
    where d.start_date >= ${fromDay} and d.start_date <= ${toDay}
    order by d.start_date, c.title, d.id`);
  return rows.map((r) => ({ course: r.course, start_date: r.start_date, places: num(r.places), booked: num(r.booked) }));
}

/** Bookings paid in part: what is still due, soonest due first. */
export async function outstanding(db: DbOrTx) {
  const { rows } = await db.execute<{
    id: number;
    booking_ref: string;
    customer: string;
    total: string;
    paid: string;
    due_on: string | null;
  }>(sql`
    select o.id, o.booking_ref, trim(o.first_name || ' ' || o.last_name) as customer, o.total_pence as total,
      coalesce(o.amount_paid_pence, 0) as paid, o.balance_due_on::text as due_on
    from orders o
    where o.status = 'paid' and o.total_pence - coalesce(o.amount_paid_pence, 0) > 0
    order by o.balance_due_on nulls last, o.id
    limit 500`);
  return rows.map((r) => ({ ...r, id: num(r.id), total: num(r.total), paid: num(r.paid) }));
}

/** What each discount code gave away on bookings paid in the period (cancelled ones with money kept count too). */
export async function discountCost(db: DbOrTx, from: Date, to: Date) {
  const { rows } = await db.execute<{ code: string; uses: string; cost: string }>(sql`
    select upper(o.discount_code) as code, count(*) as uses, sum(o.discount_pence) as cost
    from orders o
    where o.discount_code is not null and o.discount_pence > 0 and o.paid_at >= ${from.toISOString()}
      and o.paid_at < ${to.toISOString()} and o.status in ('paid', 'cancelled')
    group by 1 order by sum(o.discount_pence) desc, 1`);
  return rows.map((r) => ({ code: r.code, uses: num(r.uses), cost: num(r.cost) }));
}
