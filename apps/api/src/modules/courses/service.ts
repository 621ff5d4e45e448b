import { and, eq, isNull } from "drizzle-orm";
import {
  courseHasBookingsMessage,
  DEFAULT_SEAT_CAPACITY,
  endDateOf,
  formatBookingRef,
  LIST_MAX,
  seriesDates,
  type CourseSeriesInputSchema,
  type CourseStatus,
  type TrainingCreateSchema,
  type TrainingUpdateSchema,
} from "@app/contract";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client";
import { courses } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import { poundsToPence as toPence } from "@app/rules";
import { logActivity, type Actor } from "../activity";
import { storedShaFromPath, storeDataUrl } from "../images";
import { ukDate } from "../../lib/dates";
import { getCourseRecord, insertCourse, setBookingRules, writeChildren } from "./repository";
import {
  countOpenUpcomingDates,
  insertDatesSkippingExisting,
  listCoursesForOffice,
  liveCourseIdsForUpdate,
  lockLiveCourse,
  openBookingsOfCourse,
  setCoursePositions,
} from "./office-repository";

type CreateInput = z.output<typeof TrainingCreateSchema>;
type UpdateInput = z.output<typeof TrainingUpdateSchema>;
type SeriesInput = z.output<typeof CourseSeriesInputSchema>;

/** What the office sees of a course after a change: drafts included, every open date. */
const officeRecord = async (db: Db, id: number, now: Date) =>
  (await getCourseRecord(db, { id }, now, { includePast: true, includeDrafts: true }))!;

const mapDates = (d: CreateInput["courseDates"]) =>
  d.map((x) => ({ ...(x.id ? { id: x.id } : {}), startDate: x.startDate, endDate: endDateOf(x), capacity: x.capacity }));
const mapAddOns = (a: CreateInput["addOns"]) =>
  a.map((x) => ({ name: x.name, pricePence: toPence(x.price), description: x.description ?? "" }));

export async function createCourse(db: Db, input: CreateInput, actor: Actor, now: Date) {
  // Validate and store the picture before the transaction: re-encoding takes a moment.
  const thumbnailSha = input.thumbnail ? await storeDataUrl(db, input.thumbnail) : null;
  const id = await db.transaction(async (tx) => {
    const courseId = await insertCourse(tx, {
      title: input.title,
      description: input.description,
      feePence: toPence(input.price),
      duration: input.duration,
      time: input.time,
      capacity: input.capacity,
      status: input.status,
      thumbnailSha,
      dates: mapDates(input.courseDates),
      addOns: mapAddOns(input.addOns),
      units: input.courseUnits,
      keyPoints: input.keyPoints.map((k) => ({ title: k.title, details: k.details ?? "" })),
    });
    const draft = input.status === "draft" ? " (draft)" : "";
    await logActivity(tx, { type: "course_addition", action: "Course added", details: `${input.title}${draft}`, actor, at: now });
    return courseId;
  });
  return officeRecord(db, id, now);
}

/** Which picture an update asks for: undefined = keep, null = remove, string = this sha. */
async function pictureOf(db: Db, input: UpdateInput): Promise<string | null | undefined> {
  if (typeof input.image === "string") return storeDataUrl(db, input.image);
  const t = input.thumbnail;
  if (t === null || input.image === null) return null;
  if (typeof t === "string") {
    if (t.startsWith("data:")) return storeDataUrl(db, t);
    // The current path sent back unchanged (or another stored image's path).
    return storedShaFromPath(db, t);
  }
  return undefined;
}

export async function updateCourse(db: Db, id: number, input: UpdateInput, actor: Actor, now: Date) {
  const [current] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), isNull(courses.archivedAt)));
  if (!current) throw new HttpError(404, "Course not found");
  const picture = await pictureOf(db, input);
  const fee = input.fee ?? input.price;
  const capacity =
    input.capacity !== undefined ? (input.capacity > 0 ? input.capacity : DEFAULT_SEAT_CAPACITY) : current.capacity;
  await db.transaction(async (tx) => {
    await tx
      .update(courses)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.duration !== undefined ? { duration: input.duration } : {}),
        ...(input.time !== undefined ? { time: input.time } : {}),
        ...(fee !== undefined ? { feePence: toPence(fee) } : {}),
        ...(picture !== undefined ? { thumbnailSha: picture } : {}),
        capacity,
        updatedAt: now,
      })
      .where(eq(courses.id, id));
    await writeChildren(
      tx,
      id,
      {
        ...(input.courseDates ? { dates: mapDates(input.courseDates) } : {}),
        ...(input.addOns ? { addOns: mapAddOns(input.addOns) } : {}),
        ...(input.courseUnits ? { units: input.courseUnits } : {}),
        ...(input.keyPoints ? { keyPoints: input.keyPoints.map((k) => ({ title: k.title, details: k.details ?? "" })) } : {}),
      },
      capacity,
      { replaceDates: Boolean(input.courseDates) },
    );
    await logActivity(tx, { type: "other", action: "Course updated", details: input.title ?? current.title, actor, at: now });
  });
  return officeRecord(db, id, now);
}

/**
 * Unpublishing or deleting a course with bookings on dates not yet over needs the office's
 * confirmation (decision 336): without it, 409 naming the bookings; with it, the bookings are
 * named in the activity log (their pages and mails keep working from the order's snapshot).
 */
async function bookingsNeedingConfirm(tx: DbOrTx, id: number, title: string, now: Date, confirm: boolean, actor: Actor) {
  const rows = await openBookingsOfCourse(tx, id, ukDate(now), now);
  if (!rows.length) return;
  const bookings = rows.map((r) => ({
    booking_reference: formatBookingRef(r.booking_ref),
    customer_name: r.name,
    start_date: r.start_date,
    places: Number(r.places),
  }));
  if (!confirm) throw new HttpError(409, courseHasBookingsMessage(bookings.length), { bookings });
  await logActivity(tx, {
    type: "other",
    action: "Course with bookings withdrawn",
    details: `${title}: bookings ${bookings.map((b) => b.booking_reference).join(", ")} kept`,
    actor,
    at: now,
  });
}

/**
 * Publishes a draft or takes a course back to draft (hidden from the public site at once: the
 * status write bumps the catalogue version like any course edit). Sending the status it already
 * has changes nothing and logs nothing: safe to retry.
 */
export async function setCourseStatus(db: Db, id: number, status: CourseStatus, actor: Actor, now: Date, confirm = false) {
  await db.transaction(async (tx) => {
    const current = await lockLiveCourse(tx, id);
    if (!current) throw new HttpError(404, "Course not found");
    if (current.status === status) return;
    if (status === "draft") await bookingsNeedingConfirm(tx, id, current.title, now, confirm, actor);
    await tx.update(courses).set({ status, updatedAt: now }).where(eq(courses.id, id));
    const action = status === "published" ? "Course published" : "Course taken back to draft";
    await logActivity(tx, { type: "other", action, details: current.title, actor, at: now });
  });
  return officeRecord(db, id, now);
}

/**
 * Sets the catalogue order from the whole list of live course ids (first shown first). The list
 * must name every live course exactly once, checked under lock so two offices reordering at once
 * end with one of their orders, never a mix.
 */
export async function reorderCourses(db: Db, ids: number[], actor: Actor, now: Date) {
  await db.transaction(async (tx) => {
    const live = await liveCourseIdsForUpdate(tx);
    const wanted = new Set(ids);
    if (live.length !== ids.length || live.some((id) => !wanted.has(id))) {
      throw new HttpError(400, "The course list has changed. Please reload and try again.", {
        issues: [{ path: "ids", message: "Send every course once" }],
      });
    }
    const changed = await setCoursePositions(tx, ids, now);
    if (changed > 0)
      await logActivity(tx, { type: "other", action: "Course order changed", details: `${ids.length} courses`, actor, at: now });
  });
  return listCoursesForOffice(db, now);
}

const seriesIssue = (message: string, path = "startDate") => new HttpError(400, message, { issues: [{ path, message }] });

/**
 * 'Add repeating dates': every date of the series with one capacity, in one transaction with its
 * activity entry. Dates the course already has (same first and last day, open) are skipped, so
 * sending the same series again adds nothing.
 */
export async function addCourseSeries(db: Db, id: number, input: SeriesInput, actor: Actor, now: Date) {
  if (input.startDate < ukDate(now)) throw seriesIssue("The first date cannot be in the past");
  const dates = seriesDates(input);
  const added = await db.transaction(async (tx) => {
    const course = await lockLiveCourse(tx, id);
    if (!course) throw new HttpError(404, "Course not found");
    const inserted = await insertDatesSkippingExisting(tx, id, dates, input.capacity);
    // The edit form sends every open upcoming date back: keep that list within its limit.
    if ((await countOpenUpcomingDates(tx, id, ukDate(now))) > LIST_MAX) {
      throw seriesIssue(`A course can have at most ${LIST_MAX} upcoming dates`, "until");
    }
    if (inserted > 0) {
      await tx.update(courses).set({ updatedAt: now }).where(eq(courses.id, id));
      const first = dates[0]!.startDate;
      const last = dates.at(-1)!.startDate;
      await logActivity(tx, {
        type: "other",
        action: "Repeating dates added",
        details: `${course.title}: ${inserted} date${inserted === 1 ? "" : "s"} from ${first} to ${last}, ${input.capacity} places each`,
        actor,
        at: now,
      });
    }
    return inserted;
  });
  return { added, course: await officeRecord(db, id, now) };
}

/** Archives the course: it leaves the catalogue; its slug, dates and every order snapshot stay. */
export async function archiveCourse(db: Db, id: number, actor: Actor, now: Date, confirm = false) {
  await db.transaction(async (tx) => {
    const live = await lockLiveCourse(tx, id);
    if (!live) throw new HttpError(404, "Course not found");
    await bookingsNeedingConfirm(tx, id, live.title, now, confirm, actor);
    const [row] = await tx
      .update(courses)
      .set({ archivedAt: now, updatedAt: now })
      .where(and(eq(courses.id, id), isNull(courses.archivedAt)))
      .returning({ title: courses.title });
    if (!row) throw new HttpError(404, "Course not found");
    await logActivity(tx, {
      type: "training_deletion",
      action: "Course deleted",
      details: row.title,
      actor,
      at: now,
    });
  });
}

/** Issue 33: sets whether a course's bookings wait for approval and its prerequisite questions (null: no such course). */
export async function updateBookingRules(db: Db, courseId: number, rules: { needsApproval: boolean; prerequisites: string[] }) {
  return setBookingRules(db, courseId, rules);
}
