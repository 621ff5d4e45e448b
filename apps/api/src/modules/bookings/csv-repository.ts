/** What the bookings CSV reads of a batch of orders: the orders, their items and their attendees. */
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderAttendees, orderItems, orders } from "../../db/schema";

export async function csvRowsOf(db: Db, ids: number[]) {
  const [orderRows, items, attendees] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, ids)),
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(orderItems.id),
    db
      .select()
      .from(orderAttendees)
      .where(inArray(orderAttendees.orderId, ids))
      .orderBy(orderAttendees.orderItemId, orderAttendees.position),
  ]);
  return { orderRows, items, attendees };
}
