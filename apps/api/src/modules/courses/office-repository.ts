/** The office's side of the catalogue: drafts included, locks for status, order and series writes. */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { AdminCourseListItem, CourseStatus } from "@app/contract";
import type { DbOrTx } from "../../db/client";
import { courseDates, courses } from "../../db/schema";
import { composeList, listCoursesBase, placesLeftByDate } from "./repository";

/** The office's list: every live course, drafts included, with status and position, in the office's order. */
export async function listCoursesForOffice(db: DbOrTx, now: Date): Promise<AdminCourseListItem[]> {
  const base = await listCoursesBase(db, now, { includeDrafts: true });
  const rows = await db
    .select({ id: courses.id, status: courses.status, position: courses.position })
    .from(courses)
    .where(isNull(courses.archivedAt));
  const extra = new Map(rows.map((r) => [r.id, r]));
  return composeList(
    base,
    await placesLeftByDate(
      db,
      base.dates.map((d) => d.id),
      now,
    ),
  ).map((c) => ({
    ...c,
    status: extra.get(c.id)!.status as CourseStatus,
    position: extra.get(c.id)!.position,
  }));
}

/** The live course, locked for the rest of the transaction (status changes, new dates), or null. */
export async function lockLiveCourse(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: courses.id, title: courses.title, status: courses.status })
    .from(courses)
    .where(and(eq(courses.id, id), isNull(courses.archivedAt)))
    .for("update");
  return row ?? null;
}

/** Every live course id, locked (a reorder checks and writes the whole order under these locks). */
export async function liveCourseIdsForUpdate(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(isNull(courses.archivedAt))
    .orderBy(asc(courses.id))
    .for("update");
  return rows.map((r) => r.id);
}

/** Positions 1..n in the given order; answers how many rows moved (0: the order was already this). */
export async function setCoursePositions(db: DbOrTx, ids: number[], now: Date): Promise<number> {
  const { rowCount } = await db.execute(sql`
    update courses c set position = wanted.n, updated_at = ${now.toISOString()}
    from unnest(${sql.param(ids)}::int[]) with ordinality as wanted(id, n)
    where c.id = wanted.id and c.position <> wanted.n`);
  return rowCount ?? 0;
}

/** Adds the dates the course does not already have open (same first and last day); answers how many. */
export async function insertDatesSkippingExisting(
  db: DbOrTx,
  courseId: number,
  dates: { startDate: string; endDate: string }[],
  capacity: number,
): Promise<number> {
  if (!dates.length) return 0;
  const existing = await db
    .select({ startDate: courseDates.startDate, endDate: courseDates.endDate })
    .from(courseDates)
    .where(and(eq(courseDates.courseId, courseId), isNull(courseDates.closedAt)));
  const have = new Set(existing.map((d) => `${d.startDate}/${d.endDate}`));
  const fresh = dates.filter((d) => !have.has(`${d.startDate}/${d.endDate}`));
  if (fresh.length)
    await db.insert(courseDates).values(fresh.map((d) => ({ courseId, startDate: d.startDate, endDate: d.endDate, capacity })));
  return fresh.length;
}

export async function countOpenUpcomingDates(db: DbOrTx, courseId: number, today: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(courseDates)
    .where(and(eq(courseDates.courseId, courseId), isNull(courseDates.closedAt), sql`${courseDates.startDate} >= ${today}`));
  return row?.n ?? 0;
}

/** Paid and pending (unexpired) bookings of a course on dates not yet over: what unpublishing or deleting would touch. */
export async function openBookingsOfCourse(db: DbOrTx, courseId: number, today: string, now: Date) {
  const { rows } = await db.execute<{ booking_ref: string; name: string; start_date: string | null; places: number }>(sql`
    select o.booking_ref, o.first_name || ' ' || o.last_name as name,
      min(coalesce(cd.start_date, i.start_date))::text as start_date, sum(i.seats)::int as places
    from order_items i
    join orders o on o.id = i.order_id
    left join course_dates cd on cd.id = i.course_date_id
    where i.course_id = ${courseId}
      and (o.status = 'paid' or (o.status = 'pending' and o.expires_at > ${now.toISOString()}::timestamptz))
      and coalesce(cd.end_date, i.end_date, cd.start_date, i.start_date, ${today}::date) >= ${today}::date
    group by o.id
    order by min(coalesce(cd.start_date, i.start_date)), o.id`);
  return rows;
}
