/**
 * What the bookings CSV reads of a batch of orders: the orders, their items and their attendees,
 * only the columns the file shows, as plain rows (no ORM mapping: at 100,000 rows the mapping of
 * every column of every order cost more than the file; decision 560).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { AddOnSnapshot } from "../../db/schema";

export type CsvOrder = {
  id: number;
  firstName: string;
  lastName: string;
  guestEmail: string;
  /** Timestamps come as Postgres writes them (drizzle's execute leaves them as text). */
  createdAt: string;
  paidAt: string | null;
  companyName: string | null;
  purchaseOrder: string | null;
  discountCode: string | null;
};
export type CsvItem = {
  id: number;
  orderId: number;
  title: string;
  startDate: string | null;
  endDate: string | null;
  time: string;
  addOns: AddOnSnapshot[];
};
export type CsvAttendee = { orderItemId: number; firstName: string; lastName: string; email: string | null };

const idArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(",")}}`;

export async function csvRowsOf(db: Db, ids: readonly number[]) {
  const batch = idArray(ids);
  const [orderRows, items, attendees] = await Promise.all([
    db.execute<CsvOrder>(sql`
      select id, first_name as "firstName", last_name as "lastName", guest_email as "guestEmail",
        created_at as "createdAt", paid_at as "paidAt", company_name as "companyName",
        purchase_order as "purchaseOrder", discount_code as "discountCode"
      from orders where id = any(${batch}::int[])`),
    db.execute<CsvItem>(sql`
      select id, order_id as "orderId", title, start_date as "startDate", end_date as "endDate", time, add_ons as "addOns"
      from order_items where order_id = any(${batch}::int[]) order by id`),
    db.execute<CsvAttendee>(sql`
      select order_item_id as "orderItemId", first_name as "firstName", last_name as "lastName", email
      from order_attendees where order_id = any(${batch}::int[]) order by order_item_id, position`),
  ]);
  return { orderRows: orderRows.rows, items: items.rows, attendees: attendees.rows };
}
