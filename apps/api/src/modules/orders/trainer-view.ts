/**
 * What a trainer sees of the bookings (issue 27, decision 333): paid bookings on the course dates
 * the office assigned to them, only those dates' lines, with the attendees' names; nothing about
 * contact details, addresses or money. Built by leaving fields out, never by blanking them, so a
 * new field stays hidden from trainers until someone decides otherwise.
 */
import type { Enrollment, OrderStatus } from "@app/contract";
import type { OrderRow } from "../../db/schema";
import type { Db } from "../../db/client";
import type { Page } from "../../lib/paging";
import { toEnrollments } from "./mappers";
import { pagePaidOrdersOnDates } from "./dates-repository";
import * as repo from "./repository";
import { trainerSearchOrders } from "./search-repository";

export function forTrainer(e: Enrollment, dateIds: ReadonlySet<number>): Enrollment {
  return {
    id: e.id,
    booking_reference: e.booking_reference,
    first_name: e.first_name,
    last_name: e.last_name,
    created_at: e.created_at,
    courses: e.courses
      .filter((c) => c.course_date_id !== null && dateIds.has(c.course_date_id))
      .map((c) => ({
        id: c.id,
        title: c.title,
        duration: c.duration,
        time: c.time,
        ...(c.startDate ? { startDate: c.startDate } : {}),
        ...(c.endDate ? { endDate: c.endDate } : {}),
        course_date_id: c.course_date_id,
        date_label: c.date_label,
        description: c.description,
        addOns: c.addOns.map((a) => ({ name: a.name })),
        seats: c.seats,
        attendees: c.attendees.map((a) => ({ id: a.id, first_name: a.first_name, last_name: a.last_name })),
      })),
  };
}

/**
 * One page of a trainer's bookings (search by reference, name or course title, as the office's).
 * A course date narrows them to that date when it is one of the trainer's, else to none; a status
 * other than paid finds none (a trainer's list holds paid bookings only). The page is read in SQL;
 * a search looks at the trainer's fields only (search-repository.ts `trainerSearchOrders`).
 */
export async function trainerEnrollments(
  db: Db,
  now: Date,
  page: Page,
  dateIds: ReadonlySet<number>,
  search?: string,
  filters: { courseDateId?: number; status?: OrderStatus } = {},
): Promise<{ items: Enrollment[]; total: number }> {
  if (filters.status !== undefined && filters.status !== "paid") return { items: [], total: 0 };
  const on = filters.courseDateId === undefined ? [...dateIds] : dateIds.has(filters.courseDateId) ? [filters.courseDateId] : [];
  const view = async (rows: OrderRow[]) => {
    const ids = rows.map((r) => r.id);
    const [items, attendees] = await Promise.all([repo.findItemsOf(db, ids), repo.findAttendeesOf(db, ids)]);
    return toEnrollments(rows, items, attendees, now).map((e) => forTrainer(e, dateIds));
  };
  const { rows, total } = search?.trim()
    ? await trainerSearchOrders(db, search, on, page)
    : await pagePaidOrdersOnDates(db, on, page);
  return { items: await view(rows), total };
}
