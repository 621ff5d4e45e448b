import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { users } from "../../db/schema";

/**
 * The dashboard's figures for this UK month (from `thisMonth` to `end`, inclusive) and the last:
 * places of paid bookings and contact messages (revenue is the invoices module's money figure).
 */
export async function dashboardCounts(db: Db, thisMonth: string, lastMonth: string, end: string) {
  const places = (from: string, to: string, toOp: "<" | "<=") => sql`
    (select coalesce(sum(oi.seats), 0) from order_items oi join orders o on o.id = oi.order_id
      where o.status = 'paid' and o.paid_at >= ${from} and o.paid_at ${sql.raw(toOp)} ${to})`;
  const { rows } = await db.execute<Record<string, number>>(sql`
    select
      ${places(thisMonth, end, "<=")} as enrol_now,
      ${places(lastMonth, thisMonth, "<")} as enrol_prev,
      (select count(*) from contact_messages where created_at >= ${thisMonth} and created_at <= ${end}) as msg_now,
      (select count(*) from contact_messages where created_at >= ${lastMonth} and created_at < ${thisMonth}) as msg_prev`);
  return rows;
}

/** When the administrator last opened the notifications (null: never). */
export async function notificationsSeenAt(db: DbOrTx, userId: number): Promise<Date | null> {
  const [user] = await db.select({ seen: users.notificationsSeenAt }).from(users).where(eq(users.id, userId));
  return user?.seen ?? null;
}

export async function setNotificationsSeenAt(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ notificationsSeenAt: at }).where(eq(users.id, userId));
}

/** New contact messages and paid bookings since a time, newest first. */
export async function recentMessagesAndBookings(db: Db, since: string, limit: number) {
  const { rows } = await db.execute<{
    kind: "message" | "booking" | "customer";
    id: number;
    at: Date | string;
    name: string;
    extra: string;
    amount: number | null;
  }>(sql`
    (select 'message' as kind, id, created_at as at, first_name || ' ' || last_name as name, left(message, 120) as extra, null::int as amount
       from contact_messages where created_at >= ${since})
    union all
    (select 'booking' as kind, o.id, o.paid_at as at, o.first_name || ' ' || o.last_name as name,
            left(o.booking_ref, 4) || '-' || right(o.booking_ref, 4) || ' · ' ||
              (select string_agg(oi.title, ', ' order by oi.id) from order_items oi where oi.order_id = o.id) as extra,
            o.amount_paid_pence as amount
       from orders o where o.status = 'paid' and o.paid_at >= ${since})
    union all
    (select 'customer' as kind, a.id, a.created_at as at, o.first_name || ' ' || o.last_name as name,
            left(o.booking_ref, 4) || '-' || right(o.booking_ref, 4) || ' · ' || a.summary as extra, null::int as amount
       from customer_actions a join orders o on o.id = a.order_id where a.created_at >= ${since} and a.summary <> '')
    order by at desc limit ${limit}`);
  return rows;
}
