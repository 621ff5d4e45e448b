import { and, eq, isNull } from "drizzle-orm";
import { DEFAULT_SEAT_CAPACITY, type TrainingCreateSchema, type TrainingUpdateSchema } from "@app/contract";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { courses } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import { poundsToPence as toPence } from "@app/rules";
import { logActivity, type Actor } from "../activity/repository";
import { storedShaFromPath, storeDataUrl } from "../images/service";
import { getCourseDetail, insertCourse, writeChildren } from "./repository";

type CreateInput = z.output<typeof TrainingCreateSchema>;
type UpdateInput = z.output<typeof TrainingUpdateSchema>;

const mapDates = (d: CreateInput["courseDates"]) =>
  d.map((x) => ({ ...(x.id ? { id: x.id } : {}), startDate: x.startDate, endDate: x.endDate, capacity: x.capacity }));
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
      thumbnailSha,
      dates: mapDates(input.courseDates),
      addOns: mapAddOns(input.addOns),
      units: input.courseUnits,
      keyPoints: input.keyPoints.map((k) => ({ title: k.title, details: k.details ?? "" })),
    });
    await logActivity(tx, { type: "course_addition", action: "Course added", details: input.title, actor, at: now });
    return courseId;
  });
  return (await getCourseDetail(db, { id }, now, { includePast: true }))!;
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
  const [current] = await db.select().from(courses).where(and(eq(courses.id, id), isNull(courses.archivedAt)));
  if (!current) throw new HttpError(404, "Course not found");
  const picture = await pictureOf(db, input);
  const fee = input.fee ?? input.price;
  const capacity = input.capacity !== undefined ? (input.capacity > 0 ? input.capacity : DEFAULT_SEAT_CAPACITY) : current.capacity;
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
  return (await getCourseDetail(db, { id }, now, { includePast: true }))!;
}

/** Archives the course: it leaves the catalogue; its slug, dates and every order snapshot stay. */
export async function archiveCourse(db: Db, id: number, actor: Actor, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(courses)
      .set({ archivedAt: now, updatedAt: now })
      .where(and(eq(courses.id, id), isNull(courses.archivedAt)))
      .returning({ title: courses.title });
    if (!row) throw new HttpError(404, "Course not found");
    await logActivity(tx, { type: "training_deletion", action: "Course deleted", details: row.title, actor, at: now });
  });
}
