/**
 * The orders as others read them: the admin's enrolment list and one enrolment (mapped by
 * ./mappers.ts), and an order with its items by its public reference.
 */
import type { Enrollment, EnrollmentDate } from "@app/contract";
import type { Db } from "../../db/client";
import type { OrderItemRow, OrderRow } from "../../db/schema";
import type { Page } from "../../lib/paging";
import { toEnrollments } from "./mappers";
import { courseDatesWithBookings } from "./dates-repository";
import * as repo from "./repository";
import { filterOrders, type EnrollmentFilters } from "./search-repository";

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
 * reference with or without the dash, name, e-mail, phone, course title or discount code), a
 * course date and a status are database queries (search-repository.ts, decisions 531 and 536)
 * paged before the items are read; the total counts the matches.
 */
export async function listEnrollments(
  db: Db,
  now: Date,
  page: Page,
  filters: EnrollmentFilters = {},
): Promise<{ items: Enrollment[]; total: number }> {
  if (filters.q?.trim() || filters.courseDateId !== undefined || filters.status !== undefined) {
    const { rows, total } = await filterOrders(db, filters, page);
    return { items: await enrollmentsOf(db, now, rows), total };
  }
  const [rows, total] = await Promise.all([repo.listOrders(db, page), repo.countOrders(db)]);
  return { items: await enrollmentsOf(db, now, rows), total };
}

/**
 * The course dates with bookings, labelled by their newest booking line, soonest first (the
 * enrolments screen's date choice, decision 536): every date for the office, the given dates'
 * paid bookings for a trainer.
 */
export async function enrollmentDates(db: Db, dateIds: readonly number[] | null): Promise<EnrollmentDate[]> {
  const rows = await courseDatesWithBookings(db, dateIds);
  return rows.map((r) => ({
    course_date_id: r.courseDateId,
    title: r.title,
    date_label: r.dateLabel,
    ...(r.startDate ? { startDate: r.startDate } : {}),
    ...(r.endDate ? { endDate: r.endDate } : {}),
    time: r.time,
    duration: r.duration,
  }));
}

/** An order and its items by the public reference (null: none). */
export async function orderWithItems(db: Db, reference: string): Promise<{ order: OrderRow; items: OrderItemRow[] } | null> {
  const order = await repo.findOrderByReference(db, reference);
  return order ? { order, items: await repo.findItems(db, order.id) } : null;
}
