/**
 * The orders as others read them: the admin's enrolment list and one enrolment (mapped by
 * ./mappers.ts), and an order with its items by its public reference.
 */
import type { Enrollment } from "@app/contract";
import type { Db } from "../../db/client";
import type { OrderItemRow, OrderRow } from "../../db/schema";
import type { Page } from "../../lib/paging";
import { toEnrollments } from "./mappers";
import * as repo from "./repository";
import { searchOrders } from "./search-repository";

/** The bookings of these orders (items and attendees in two more queries). */
async function enrollmentsOf(db: Db, now: Date, rows: OrderRow[]): Promise<Enrollment[]> {
  const ids = rows.map((r) => r.id);
  const [items, attendees] = await Promise.all([repo.findItemsOf(db, ids), repo.findAttendeesOf(db, ids)]);
  return toEnrollments(rows, items, attendees, now);
}

/** One booking as the admin sees it (null: no such order). */
export async function enrollmentById(db: Db, id: number, now: Date): Promise<Enrollment | null> {
  const order = await repo.findOrderById(db, id);
  return order ? ((await enrollmentsOf(db, now, [order]))[0] ?? null) : null;
}

/**
 * One page of the bookings, newest first, with their items (decision 112). A search (booking
 * reference with or without the dash, name, e-mail, phone, course title or discount code) is a
 * database query (search-repository.ts, decision 531) paged before the items are read; the total
 * counts the matches.
 */
export async function listEnrollments(
  db: Db,
  now: Date,
  page: Page,
  search?: string,
): Promise<{ items: Enrollment[]; total: number }> {
  if (search?.trim()) {
    const { rows, total } = await searchOrders(db, search, page);
    return { items: await enrollmentsOf(db, now, rows), total };
  }
  const [rows, total] = await Promise.all([repo.listOrders(db, page), repo.countOrders(db)]);
  return { items: await enrollmentsOf(db, now, rows), total };
}

/** An order and its items by the public reference (null: none). */
export async function orderWithItems(db: Db, reference: string): Promise<{ order: OrderRow; items: OrderItemRow[] } | null> {
  const order = await repo.findOrderByReference(db, reference);
  return order ? { order, items: await repo.findItems(db, order.id) } : null;
}
