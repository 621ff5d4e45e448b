/** Course writes: a new course, its dates, add-ons, units and key points, edits, status, archive, booking rules. */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { DEFAULT_SEAT_CAPACITY, type CourseStatus } from "@app/contract";
import type { DbOrTx, Tx } from "../../db/client";
import { courseAddOns, courseDates, courseKeyPoints, courses, courseUnits } from "../../db/schema";
import { settingsColumns } from "./settings-repository";
import { suggestedSettings } from "./settings-suggestion";

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
      // Where the office starts from; its own settings from then on (decision 369).
      ...settingsColumns(suggestedSettings(input.title)),
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

/** Whether the course's bookings wait for approval, and what each attendee answers at checkout. */
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

/** A course not archived, by id. */
export async function liveCourseById(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), isNull(courses.archivedAt)));
  return row;
}

export type CourseChange = Partial<
  Pick<
    typeof courses.$inferInsert,
    "title" | "description" | "duration" | "time" | "feePence" | "thumbnailSha" | "capacity" | "status"
  >
>;

/** Writes the changed columns and the edit time. */
export async function updateCourseRow(tx: Tx, id: number, change: CourseChange, now: Date): Promise<void> {
  await tx
    .update(courses)
    .set({ ...change, updatedAt: now })
    .where(eq(courses.id, id));
}

/** Archives a live course; answers its title, or undefined when it was not live. */
export async function archiveCourseRow(tx: Tx, id: number, now: Date): Promise<{ title: string } | undefined> {
  const [row] = await tx
    .update(courses)
    .set({ archivedAt: now, updatedAt: now })
    .where(and(eq(courses.id, id), isNull(courses.archivedAt)))
    .returning({ title: courses.title });
  return row;
}
