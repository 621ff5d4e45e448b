/**
 * SQL of learner records: one learner with its course date and booking, and the register's reads.
 * The writes are in write-repository.ts (re-exported here). No rules here (the services decide).
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  courseDates,
  courses,
  courseUnits,
  learnerAttendance,
  learnerEvidence,
  learnerRecords,
  learnerResults,
  orderAttendees,
  orderItems,
  orders,
} from "../../db/schema";

const startDate = sql<string>`coalesce(${courseDates.startDate}, ${orderItems.startDate})::text`;
const endDate = sql<string>`coalesce(${courseDates.endDate}, ${orderItems.endDate}, ${courseDates.startDate}, ${orderItems.startDate})::text`;

const learnerColumns = {
  rec: learnerRecords,
  attendeeFirstName: orderAttendees.firstName,
  attendeeLastName: orderAttendees.lastName,
  attendeeEmail: orderAttendees.email,
  orderId: orders.id,
  orderReference: orders.reference,
  bookingRef: orders.bookingRef,
  orderStatus: orders.status,
  buyerEmail: orders.guestEmail,
  buyerFirstName: orders.firstName,
  buyerLastName: orders.lastName,
  buyerPhone: orders.phoneNumber,
  paidAt: orders.paidAt,
  totalPence: orders.totalPence,
  amountPaidPence: orders.amountPaidPence,
  paymentTerms: orders.paymentTerms,
  courseId: orderItems.courseId,
  courseDateId: orderItems.courseDateId,
  itemTitle: orderItems.title,
  courseTitle: sql<string>`coalesce(${courses.title}, ${orderItems.title})`,
  time: orderItems.time,
  startDate,
  endDate,
  evidenceName: learnerEvidence.fileName,
  evidenceType: learnerEvidence.contentType,
  evidenceSize: learnerEvidence.sizeBytes,
  evidenceAt: learnerEvidence.uploadedAt,
};

/**
 * One learner per row with its place, booking, item, date and first-aid evidence. `evidenceOf`
 * narrows the evidence join to known learners (a page read by keys: without it, the planner may
 * read all the evidence to hash it).
 */
function learnerQuery(db: DbOrTx, where: SQL | undefined, evidenceOf?: number[]) {
  const evidence = and(
    eq(learnerEvidence.learnerId, learnerRecords.id),
    eq(learnerEvidence.kind, "first_aid"),
    evidenceOf ? sql`${learnerEvidence.learnerId} = any(${sql.param(evidenceOf)}::int[])` : undefined,
  );
  return db
    .select(learnerColumns)
    .from(learnerRecords)
    .innerJoin(orderAttendees, eq(orderAttendees.id, learnerRecords.attendeeId))
    .innerJoin(orderItems, eq(orderItems.id, orderAttendees.orderItemId))
    .innerJoin(orders, eq(orders.id, orderAttendees.orderId))
    .leftJoin(courseDates, eq(courseDates.id, orderItems.courseDateId))
    .leftJoin(courses, eq(courses.id, orderItems.courseId))
    .leftJoin(learnerEvidence, evidence)
    .where(where)
    .orderBy(asc(orderAttendees.lastName), asc(orderAttendees.firstName), asc(learnerRecords.id));
}

export type LearnerRow = Awaited<ReturnType<typeof learnerQuery>>[number];

export async function findLearnerByToken(db: DbOrTx, token: string): Promise<LearnerRow | null> {
  const [row] = await learnerQuery(db, eq(learnerRecords.token, token));
  return row ?? null;
}

export async function findLearner(db: DbOrTx, id: number): Promise<LearnerRow | null> {
  const [row] = await learnerQuery(db, eq(learnerRecords.id, id));
  return row ?? null;
}

/** Locks the learner's row for an update (concurrent trainers on two tablets). */
export async function lockLearner(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: learnerRecords.id }).from(learnerRecords).where(eq(learnerRecords.id, id)).for("update");
  return rows.length > 0;
}

/** The learners of a course date whose booking is paid (cancelled and refunded bookings leave the board). */
export function learnersOfDate(db: DbOrTx, courseDateId: number) {
  return learnerQuery(db, and(eq(orderItems.courseDateId, courseDateId), eq(orders.status, "paid")));
}

export type LearnerKeys = { id: number; attendee_id: number; order_id: number; item_id: number };

/**
 * Learners by all their keys (record, place, line, order; the evidence by record): with the
 * learners' ids alone, a page of learners is cheaper to the planner as a merge over every place
 * and order (the progress list's page, whose keys its own index read gives).
 */
export async function learnersByKeys(db: DbOrTx, rows: readonly LearnerKeys[]): Promise<LearnerRow[]> {
  if (!rows.length) return [];
  const keys = (k: keyof LearnerKeys) => sql.param([...new Set(rows.map((r) => Number(r[k])))]);
  const ids = rows.map((r) => Number(r.id));
  return learnerQuery(
    db,
    and(
      sql`${learnerRecords.id} = any(${keys("id")}::int[])`,
      sql`${orderAttendees.id} = any(${keys("attendee_id")}::int[])`,
      sql`${orderItems.id} = any(${keys("item_id")}::int[])`,
      sql`${orders.id} = any(${keys("order_id")}::int[])`,
    ),
    ids,
  );
}

/** Learner links of an order's attendees (success page, confirmation mail). */
export function learnersOfOrder(db: DbOrTx, orderId: number) {
  return learnerQuery(db, and(eq(orderAttendees.orderId, orderId), isNull(learnerRecords.purgedAt)));
}

/** Makes the records of a paid order now (the triggers do it at commit; the confirmation mail needs them earlier). */
export async function ensureLearnerRecords(db: DbOrTx, orderId: number): Promise<void> {
  await db.execute(sql`select ensure_learner_records(${orderId})`);
}

export async function courseDateInfo(db: DbOrTx, courseDateId: number) {
  const [row] = await db
    .select({
      id: courseDates.id,
      courseId: courseDates.courseId,
      title: courses.title,
      time: courses.time,
      startDate: sql<string>`${courseDates.startDate}::text`,
      endDate: sql<string>`${courseDates.endDate}::text`,
    })
    .from(courseDates)
    .innerJoin(courses, eq(courses.id, courseDates.courseId))
    .where(eq(courseDates.id, courseDateId));
  return row ?? null;
}

export async function unitsOfCourse(db: DbOrTx, courseId: number | null): Promise<string[]> {
  if (courseId === null) return [];
  const rows = await db
    .select({ title: courseUnits.title })
    .from(courseUnits)
    .where(eq(courseUnits.courseId, courseId))
    .orderBy(asc(courseUnits.position), asc(courseUnits.id));
  return rows.map((r) => r.title);
}

/** The units of several courses, in their order (the learner dates list's page). */
export async function unitsOfCourses(db: DbOrTx, courseIds: number[]) {
  if (!courseIds.length) return [];
  return db
    .select({ courseId: courseUnits.courseId, title: courseUnits.title })
    .from(courseUnits)
    .where(inArray(courseUnits.courseId, courseIds))
    .orderBy(asc(courseUnits.position), asc(courseUnits.id));
}

export async function attendanceOf(db: DbOrTx, learnerIds: number[]) {
  if (!learnerIds.length) return [];
  return db
    .select()
    .from(learnerAttendance)
    .where(sql`${learnerAttendance.learnerId} = any(${sql.param(learnerIds)}::int[])`)
    .orderBy(asc(learnerAttendance.day));
}

export async function resultsOf(db: DbOrTx, learnerIds: number[]) {
  if (!learnerIds.length) return [];
  return db
    .select()
    .from(learnerResults)
    .where(sql`${learnerResults.learnerId} = any(${sql.param(learnerIds)}::int[])`)
    .orderBy(asc(learnerResults.unit));
}

export * from "./write-repository";
export * from "./dates-repository";
