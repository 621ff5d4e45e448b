/**
 * The public page of a course the office unpublished or deleted while people hold bookings on dates
 * not yet over: it stays for them, without dates or booking (decision 369). Any other draft or
 * deleted course is not found, as before.
 */
import type { CourseDetail } from "@app/contract";
import type { DbOrTx } from "../../db/client";
import { ukDate } from "../../lib/dates";
import { openBookingsOfCourse } from "./office-repository";
import { getCourseRecord } from "./repository";

export async function withdrawnCourseDetail(db: DbOrTx, slug: string, now: Date): Promise<CourseDetail | null> {
  const record = await getCourseRecord(db, { slug }, now, { includeDrafts: true, includeArchived: true });
  if (!record) return null;
  const booked = await openBookingsOfCourse(db, record.id, ukDate(now), now);
  if (!booked.length) return null;
  const { status: _status, position: _position, ...detail } = record;
  return {
    ...detail,
    courseDates: [],
    addOns: [],
    next_date: null,
    next_date_end: null,
    next_date_places_left: null,
    withdrawn: true,
  };
}
