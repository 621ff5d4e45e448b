/**
 * The catalogue's SQL: course writes (with their dates, add-ons, units and key points), the public
 * reads (list, detail, change times) and places left. Over 300 lines because the detail and the
 * list share their row mapping here; the office-only reads and writes are in office-repository.ts.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  DEFAULT_SEAT_CAPACITY,
  type AdminCourseDetail,
  type CourseDetail,
  type CourseListItem,
  type CourseStatus,
  type PrerequisiteKey,
} from "@app/contract";
import type { DbOrTx } from "../../db/client";
import { courseAddOns, courseDates, courseKeyPoints, courses, courseUnits } from "../../db/schema";
import { formatDateRange as dateRangeLabel, penceToPounds as toPounds } from "@app/rules";
import { ukDate } from "../../lib/dates";
import { imagePath } from "../images";

export type CourseInsert = {
  title: string;
  slug?: string;
  description: string;
  feePence: number;
  duration: string;
  time: string;
  /** Default seats per date; 0 or absent = DEFAULT_SEAT_CAPACITY. */
  capacity?: number;
  /** Absent = published (decision 190). */
  status?: CourseStatus;
  thumbnailSha?: string | null;
  dates: { id?: number; startDate: string; endDate: string; capacity?: number }[];
  addOns: { id?: number; name: string; pricePence: number; description: string }[];
  units: { title: string }[];
  keyPoints: { title: string; details: string }[];
};

export function slugify(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return base || "course";
}

/** A slug no course (live or archived) has used: slugs are permanent addresses. */
export async function uniqueSlug(db: DbOrTx, wanted: string): Promise<string> {
  const base = slugify(wanted);
  const rows = await db
    .select({ slug: courses.slug })
    .from(courses)
    .where(sql`${courses.slug} = ${base} or ${courses.slug} like ${`${base}-%`}`);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

const effectiveCapacity = (c: number | undefined) => (c && c > 0 ? c : DEFAULT_SEAT_CAPACITY);

export async function insertCourse(db: DbOrTx, input: CourseInsert): Promise<number> {
  const slug = await uniqueSlug(db, input.slug ?? input.title);
  const capacity = effectiveCapacity(input.capacity);
  const [row] = await db
    .insert(courses)
    .values({
      slug,
      status: input.status ?? "published",
      // A new course goes to the end of the office's order.
      position: sql`(select coalesce(max(${courses.position}), 0) + 1 from ${courses})`,
      title: input.title,
      description: input.description,
      feePence: input.feePence,
      duration: input.duration,
      time: input.time,
      capacity,
      thumbnailSha: input.thumbnailSha ?? null,
    })
    .returning({ id: courses.id });
  const id = row!.id;
  await writeChildren(db, id, input, capacity, { replaceDates: true });
  return id;
}

/**
 * Replaces add-ons, units and key points; merges dates: given ids are updated, new ones added,
 * dates left out are deleted when nobody booked them and closed (kept for history) otherwise.
 */
export async function writeChildren(
  db: DbOrTx,
  courseId: number,
  input: Partial<Pick<CourseInsert, "dates" | "addOns" | "units" | "keyPoints">>,
  capacity: number,
  opts: { replaceDates: boolean },
): Promise<void> {
  if (input.addOns) {
    await db.delete(courseAddOns).where(eq(courseAddOns.courseId, courseId));
    if (input.addOns.length)
      await db.insert(courseAddOns).values(
        input.addOns.map((a, i) => ({
          courseId,
          name: a.name,
          pricePence: a.pricePence,
          description: a.description,
          position: i,
        })),
      );
  }
  if (input.units) {
    await db.delete(courseUnits).where(eq(courseUnits.courseId, courseId));
    if (input.units.length)
      await db.insert(courseUnits).values(input.units.map((u, i) => ({ courseId, title: u.title, position: i })));
  }
  if (input.keyPoints) {
    await db.delete(courseKeyPoints).where(eq(courseKeyPoints.courseId, courseId));
    if (input.keyPoints.length)
      await db
        .insert(courseKeyPoints)
        .values(input.keyPoints.map((k, i) => ({ courseId, title: k.title, details: k.details, position: i })));
  }
  if (input.dates && opts.replaceDates) {
    const existing = await db.select().from(courseDates).where(eq(courseDates.courseId, courseId));
    const byId = new Map(existing.map((d) => [d.id, d]));
    const keep = new Set<number>();
    for (const d of input.dates) {
      const cap = d.capacity && d.capacity > 0 ? d.capacity : capacity;
      const current = d.id ? byId.get(d.id) : undefined;
      if (current) {
        keep.add(current.id);
        await db
          .update(courseDates)
          .set({ startDate: d.startDate, endDate: d.endDate, capacity: cap, closedAt: null })
          .where(eq(courseDates.id, current.id));
      } else {
        await db.insert(courseDates).values({ courseId, startDate: d.startDate, endDate: d.endDate, capacity: cap });
      }
    }
    const dropped = existing.filter((d) => !keep.has(d.id)).map((d) => d.id);
    if (dropped.length) {
      const booked = await db.execute<{ course_date_id: number }>(
        sql`select distinct course_date_id from order_items where course_date_id in ${sql.raw(`(${dropped.join(",")})`)}`,
      );
      const bookedIds = new Set(booked.rows.map((r) => Number(r.course_date_id)));
      const free = dropped.filter((id) => !bookedIds.has(id));
      const closed = dropped.filter((id) => bookedIds.has(id));
      if (free.length) await db.delete(courseDates).where(inArray(courseDates.id, free));
      if (closed.length)
        await db
          .update(courseDates)
          .set({ closedAt: new Date() })
          .where(and(inArray(courseDates.id, closed), isNull(courseDates.closedAt)));
    }
  }
}

/**
 * Places left per date = capacity − seats taken. THE seat rule (paid orders + pending orders whose
 * hold has not run out) is the SQL function `seats_taken` (migration 0004, decision 080), which
 * the booking check uses too; it reads the date's `seats_held` counter.
 */
export async function placesLeftByDate(db: DbOrTx, dateIds: number[], now: Date): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (!dateIds.length) return result;
  const { rows } = await db.execute<{ id: number; places_left: number }>(sql`
    select d.id, d.capacity - seats_taken(d, ${now.toISOString()}) as places_left
    from course_dates d where d.id in ${sql.raw(`(${dateIds.map(Number).join(",")})`)}`);
  for (const r of rows) result.set(Number(r.id), Math.max(0, Number(r.places_left)));
  return result;
}

type CourseRow = typeof courses.$inferSelect;

type NextDate = { start: string; end: string; placesLeft: number };

function listItem(c: CourseRow, next: NextDate | null, datesChangedAt: Date | null = null): CourseListItem {
  const changed = datesChangedAt && datesChangedAt > c.updatedAt ? datesChangedAt : c.updatedAt;
  return {
    id: c.id,
    slug: c.slug,
    title: c.title,
    description: c.description,
    thumbnail: imagePath(c.thumbnailSha),
    fee: toPounds(c.feePence),
    duration: c.duration,
    time: c.time,
    next_date: next?.start ?? null,
    next_date_end: next?.end ?? null,
    next_date_places_left: next?.placesLeft ?? null,
    updated_at: changed.toISOString(),
  };
}

/** Latest change of each course's dates (closed ones included: closing one changes the page). */
async function datesChangedAt(db: DbOrTx, courseIds: number[]): Promise<Map<number, Date>> {
  const out = new Map<number, Date>();
  if (!courseIds.length) return out;
  const rows = await db
    .select({ courseId: courseDates.courseId, at: sql<string>`max(${courseDates.updatedAt})` })
    .from(courseDates)
    .where(inArray(courseDates.courseId, courseIds))
    .groupBy(courseDates.courseId);
  for (const r of rows) if (r.at) out.set(r.courseId, new Date(r.at));
  return out;
}

/**
 * When the public catalogue last changed: courses (added, edited, archived, or any of their
 * dates changed; archived rows count, their archiving is a change) and the shop's items.
 */
export async function catalogueChanges(db: DbOrTx): Promise<{ courses: string; shop: string }> {
  const { rows } = await db.execute<{ courses: string | Date | null; shop: string | Date }>(sql`
    select greatest((select max(updated_at) from courses), (select max(updated_at) from course_dates)) as courses,
           (select shop_changed_at from catalogue_state where id = 1) as shop`);
  const row = rows[0];
  const iso = (v: string | Date | null | undefined) => (v ? new Date(v).toISOString() : new Date(0).toISOString());
  return { courses: iso(row?.courses), shop: iso(row?.shop) };
}

/** Public reads see published courses only: drafts are hidden from lists, slug/id lookups, the sitemap and /enroll. */
export const isPublic = () => and(isNull(courses.archivedAt), eq(courses.status, "published"));

/** The office's order: position, then id (the order courses were added) for ties. */
const catalogueOrder = [asc(courses.position), asc(courses.id)] as const;

/** The public catalogue: published live courses in the office's order. */
export async function listCourses(db: DbOrTx, now: Date): Promise<CourseListItem[]> {
  const base = await listCoursesBase(db, now);
  return composeList(
    base,
    await placesLeftByDate(
      db,
      base.dates.map((d) => d.id),
      now,
    ),
  );
}

/** The catalogue part of the list (decision 130): courses, and their upcoming open dates in start order. */
export type CourseListBase = {
  items: CourseListItem[];
  dates: { id: number; courseId: number; startDate: string; endDate: string }[];
};

export async function listCoursesBase(db: DbOrTx, now: Date, opts: { includeDrafts?: boolean } = {}): Promise<CourseListBase> {
  const rows = await db
    .select()
    .from(courses)
    .where(opts.includeDrafts ? isNull(courses.archivedAt) : isPublic())
    .orderBy(...catalogueOrder);
  if (!rows.length) return { items: [], dates: [] };
  const today = ukDate(now);
  const dates = await db
    .select({
      id: courseDates.id,
      courseId: courseDates.courseId,
      startDate: courseDates.startDate,
      endDate: courseDates.endDate,
    })
    .from(courseDates)
    .where(
      and(
        inArray(
          courseDates.courseId,
          rows.map((r) => r.id),
        ),
        isNull(courseDates.closedAt),
        sql`${courseDates.startDate} >= ${today}`,
      ),
    )
    .orderBy(asc(courseDates.startDate), asc(courseDates.id));
  const changed = await datesChangedAt(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((c) => listItem(c, null, changed.get(c.id) ?? null)), dates };
}

/** The list with each course's next date that has a place left, its last day and its places left. */
export function composeList(base: CourseListBase, left: ReadonlyMap<number, number>): CourseListItem[] {
  const next = new Map<number, NextDate>();
  for (const d of base.dates) {
    const placesLeft = left.get(d.id) ?? 0;
    if (!next.has(d.courseId) && placesLeft > 0) next.set(d.courseId, { start: d.startDate, end: d.endDate, placesLeft });
  }
  return base.items.map((c) => {
    const n = next.get(c.id);
    return { ...c, next_date: n?.start ?? null, next_date_end: n?.end ?? null, next_date_places_left: n?.placesLeft ?? null };
  });
}

/**
 * A detail with places left from `left` (dates it does not know, e.g. added after that snapshot
 * was taken, keep the count the detail was computed with).
 */
export function composeDetail(detail: CourseDetail | null, left: ReadonlyMap<number, number>): CourseDetail | null {
  if (!detail) return null;
  const courseDates = detail.courseDates.map((d) => ({ ...d, placesLeft: left.get(d.id) ?? d.placesLeft }));
  // Public details hold upcoming dates only (and are recomputed at UK midnight).
  const first = courseDates.find((d) => d.placesLeft > 0);
  return {
    ...detail,
    courseDates,
    next_date: first?.startDate ?? null,
    next_date_end: first?.endDate ?? null,
    next_date_places_left: first?.placesLeft ?? null,
  };
}

/**
 * Course detail by id or slug. Public answers show only upcoming open dates;
 * `includePast` (admin editing) shows every open date.
 */
export async function getCourseDetail(
  db: DbOrTx,
  where: { id: number } | { slug: string },
  now: Date,
  opts: { includeArchived?: boolean; includePast?: boolean; includeDrafts?: boolean } = {},
): Promise<CourseDetail | null> {
  const detail = await getCourseRecord(db, where, now, opts);
  if (!detail) return null;
  const { status: _status, position: _position, ...publicDetail } = detail;
  return publicDetail;
}

/**
 * Course detail with its status and position, by id or slug. Published only unless
 * `includeDrafts` (the office); upcoming open dates only unless `includePast` (admin editing).
 */
export async function getCourseRecord(
  db: DbOrTx,
  where: { id: number } | { slug: string },
  now: Date,
  opts: { includeArchived?: boolean; includePast?: boolean; includeDrafts?: boolean } = {},
): Promise<AdminCourseDetail | null> {
  const cond = "id" in where ? eq(courses.id, where.id) : eq(courses.slug, where.slug);
  const [c] = await db
    .select()
    .from(courses)
    .where(
      and(
        cond,
        opts.includeArchived ? undefined : isNull(courses.archivedAt),
        opts.includeDrafts || opts.includeArchived ? undefined : eq(courses.status, "published"),
      ),
    );
  if (!c) return null;
  const today = ukDate(now);
  const [dates, addOns, units, keyPoints] = await Promise.all([
    db
      .select()
      .from(courseDates)
      .where(
        and(
          eq(courseDates.courseId, c.id),
          isNull(courseDates.closedAt),
          opts.includePast ? undefined : sql`${courseDates.startDate} >= ${today}`,
        ),
      )
      .orderBy(asc(courseDates.startDate), asc(courseDates.id)),
    db
      .select()
      .from(courseAddOns)
      .where(eq(courseAddOns.courseId, c.id))
      .orderBy(asc(courseAddOns.position), asc(courseAddOns.id)),
    db.select().from(courseUnits).where(eq(courseUnits.courseId, c.id)).orderBy(asc(courseUnits.position), asc(courseUnits.id)),
    db
      .select()
      .from(courseKeyPoints)
      .where(eq(courseKeyPoints.courseId, c.id))
      .orderBy(asc(courseKeyPoints.position), asc(courseKeyPoints.id)),
  ]);
  const left = await placesLeftByDate(
    db,
    dates.map((d) => d.id),
    now,
  );
  const courseDatesOut = dates.map((d) => ({
    id: d.id,
    startDate: d.startDate,
    endDate: d.endDate,
    label: dateRangeLabel(d.startDate, d.endDate),
    capacity: d.capacity,
    placesLeft: left.get(d.id) ?? 0,
  }));
  const first = courseDatesOut.find((d) => d.startDate >= today && d.placesLeft > 0);
  return {
    ...listItem(c, first ? { start: first.startDate, end: first.endDate, placesLeft: first.placesLeft } : null),
    capacity: c.capacity,
    courseDates: courseDatesOut,
    addOns: addOns.map((a) => ({ id: a.id, name: a.name, price: toPounds(a.pricePence), description: a.description })),
    courseUnits: units.map((u) => ({ id: u.id, title: u.title })),
    keyPoints: keyPoints.map((k) => ({ id: k.id, title: k.title, details: k.details })),
    updated_at: c.updatedAt.toISOString(),
    needs_approval: c.needsApproval,
    prerequisites: c.prerequisites as PrerequisiteKey[],
    status: c.status as CourseStatus,
    position: c.position,
  };
}

/** Issue 33: whether the course's bookings wait for approval, and what each attendee answers at checkout. */
export async function setBookingRules(
  db: DbOrTx,
  courseId: number,
  rules: { needsApproval: boolean; prerequisites: string[] },
): Promise<{ needsApproval: boolean; prerequisites: string[] } | null> {
  const [row] = await db
    .update(courses)
    .set({ needsApproval: rules.needsApproval, prerequisites: rules.prerequisites })
    .where(and(eq(courses.id, courseId), isNull(courses.archivedAt)))
    .returning({ needsApproval: courses.needsApproval, prerequisites: courses.prerequisites });
  return row ?? null;
}
