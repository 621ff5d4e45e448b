/**
 * SQL of learner records: one learner with its course date and booking, the register rows, the
 * evidence file, and the retention purge. No rules here (service.ts decides).
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
  mockAttempts,
  orderAttendees,
  orderItems,
  orders,
  revisionProgress,
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

function learnerQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(learnerColumns)
    .from(learnerRecords)
    .innerJoin(orderAttendees, eq(orderAttendees.id, learnerRecords.attendeeId))
    .innerJoin(orderItems, eq(orderItems.id, orderAttendees.orderItemId))
    .innerJoin(orders, eq(orders.id, orderAttendees.orderId))
    .leftJoin(courseDates, eq(courseDates.id, orderItems.courseDateId))
    .leftJoin(courses, eq(courses.id, orderItems.courseId))
    .leftJoin(learnerEvidence, and(eq(learnerEvidence.learnerId, learnerRecords.id), eq(learnerEvidence.kind, "first_aid")))
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

/** Learner links of an order's attendees (success page, confirmation mail). */
export function learnersOfOrder(db: DbOrTx, orderId: number) {
  return learnerQuery(db, and(eq(orderAttendees.orderId, orderId), isNull(learnerRecords.purgedAt)));
}

/** Makes the records of a paid order now (the triggers do it at commit; the confirmation mail needs them earlier). */
export async function ensureLearnerRecords(db: DbOrTx, orderId: number): Promise<void> {
  await db.execute(sql`select ensure_learner_records(${orderId})`);
}

/** Dates with learners of paid bookings, with the learner ids (readiness is computed by the service). */
export async function datesWithLearners(db: DbOrTx) {
  return db
    .select({
      courseDateId: courseDates.id,
      courseTitle: sql<string>`coalesce(${courses.title}, min(${orderItems.title}))`,
      licenceKind: sql<string>`min(${learnerRecords.licenceKind})`,
      startDate: sql<string>`${courseDates.startDate}::text`,
      endDate: sql<string>`${courseDates.endDate}::text`,
      learnerIds: sql<number[]>`array_agg(${learnerRecords.id})`,
    })
    .from(learnerRecords)
    .innerJoin(orderAttendees, eq(orderAttendees.id, learnerRecords.attendeeId))
    .innerJoin(orderItems, eq(orderItems.id, orderAttendees.orderItemId))
    .innerJoin(orders, and(eq(orders.id, orderAttendees.orderId), eq(orders.status, "paid")))
    .innerJoin(courseDates, eq(courseDates.id, orderItems.courseDateId))
    .leftJoin(courses, eq(courses.id, courseDates.courseId))
    .groupBy(courseDates.id, courses.title)
    .orderBy(asc(courseDates.startDate), asc(courseDates.id));
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

export async function attendanceOf(db: DbOrTx, learnerIds: number[]) {
  if (!learnerIds.length) return [];
  return db
    .select()
    .from(learnerAttendance)
    .where(inArray(learnerAttendance.learnerId, learnerIds))
    .orderBy(asc(learnerAttendance.day));
}

export async function resultsOf(db: DbOrTx, learnerIds: number[]) {
  if (!learnerIds.length) return [];
  return db.select().from(learnerResults).where(inArray(learnerResults.learnerId, learnerIds)).orderBy(asc(learnerResults.unit));
}

export async function updateLearner(
  db: DbOrTx,
  id: number,
  values: Partial<typeof learnerRecords.$inferInsert>,
  now: Date,
): Promise<void> {
  await db
    .update(learnerRecords)
    .set({ ...values, updatedAt: now })
    .where(eq(learnerRecords.id, id));
}

export async function saveEvidence(
  db: DbOrTx,
  learnerId: number,
  file: { fileName: string; contentType: string; bytes: Buffer; sha256: string },
  now: Date,
) {
  const values = {
    learnerId,
    kind: "first_aid",
    fileName: file.fileName,
    contentType: file.contentType,
    sizeBytes: file.bytes.length,
    sha256: file.sha256,
    bytes: file.bytes,
    uploadedAt: now,
  };
  await db
    .insert(learnerEvidence)
    .values(values)
    .onConflictDoUpdate({
      target: [learnerEvidence.learnerId, learnerEvidence.kind],
      set: {
        fileName: values.fileName,
        contentType: values.contentType,
        sizeBytes: values.sizeBytes,
        sha256: values.sha256,
        bytes: values.bytes,
        uploadedAt: now,
      },
    });
}

export async function loadEvidence(db: DbOrTx, learnerId: number) {
  const [row] = await db
    .select()
    .from(learnerEvidence)
    .where(and(eq(learnerEvidence.learnerId, learnerId), eq(learnerEvidence.kind, "first_aid")));
  return row ?? null;
}

export async function setAttendance(
  db: DbOrTx,
  learnerId: number,
  day: string,
  status: string | null,
  arrivedAt: string | null,
  by: string,
  now: Date,
) {
  if (status === null) {
    await db.delete(learnerAttendance).where(and(eq(learnerAttendance.learnerId, learnerId), eq(learnerAttendance.day, day)));
    return;
  }
  await db
    .insert(learnerAttendance)
    .values({ learnerId, day, status, arrivedAt, recordedBy: by, recordedAt: now })
    .onConflictDoUpdate({
      target: [learnerAttendance.learnerId, learnerAttendance.day],
      set: { status, arrivedAt, recordedBy: by, recordedAt: now },
    });
}

export async function setResult(db: DbOrTx, learnerId: number, unit: string, result: string | null, by: string, now: Date) {
  if (result === null) {
    await db.delete(learnerResults).where(and(eq(learnerResults.learnerId, learnerId), eq(learnerResults.unit, unit)));
    return;
  }
  await db
    .insert(learnerResults)
    .values({ learnerId, unit, result, recordedBy: by, recordedAt: now })
    .onConflictDoUpdate({
      target: [learnerResults.learnerId, learnerResults.unit],
      set: { result, recordedBy: by, recordedAt: now },
    });
}

/** Form columns the retention purge clears (the learner's own answers). */
export const FORM_COLUMNS_CLEARED = {
  fullName: null,
  dateOfBirth: null,
  address: null,
  postcode: null,
  phone: null,
  email: null,
  emergencyName: null,
  emergencyPhone: null,
  adjustments: null,
  idDocumentType: null,
  idDocumentExpiry: null,
  firstAidTitle: null,
  firstAidBody: null,
  firstAidAchievedOn: null,
  firstAidExpiresOn: null,
  englishDeclaredAt: null,
  fitnessName: null,
  fitnessDeclaredAt: null,
  uln: null,
  siaLinkConsent: null,
  siaLinkConsentAt: null,
  marketingConsentAt: null,
  idCheckedDocument: null,
} as const;

/**
 * Records whose course ended before `endedBefore` ('YYYY-MM-DD') and that still hold the form or
 * evidence: locked and skipped when another instance is purging them.
 */
export async function lockExpiredLearners(db: DbOrTx, endedBefore: string, limit: number) {
  const { rows } = await db.execute<{ id: number; end_date: string; name: string; booking_ref: string; title: string }>(sql`
    select lr.id, coalesce(cd.end_date, oi.end_date, cd.start_date, oi.start_date)::text as end_date,
           a.first_name || ' ' || a.last_name as name, o.booking_ref, oi.title
    from learner_records lr
    join order_attendees a on a.id = lr.attendee_id
    join order_items oi on oi.id = a.order_item_id
    join orders o on o.id = a.order_id
    left join course_dates cd on cd.id = oi.course_date_id
    where lr.purged_at is null
      and coalesce(cd.end_date, oi.end_date, cd.start_date, oi.start_date) < ${endedBefore}::date
    order by lr.id
    limit ${limit}
    for update of lr skip locked`);
  return rows;
}

export async function purgeLearner(db: DbOrTx, id: number, now: Date): Promise<number> {
  const deleted = await db
    .delete(learnerEvidence)
    .where(eq(learnerEvidence.learnerId, id))
    .returning({ kind: learnerEvidence.kind });
  // The learner's mock answers and portal progress share the record's retention (issue 31).
  await db.delete(mockAttempts).where(eq(mockAttempts.learnerId, id));
  await db.delete(revisionProgress).where(eq(revisionProgress.learnerId, id));
  await db
    .update(learnerRecords)
    .set({ ...FORM_COLUMNS_CLEARED, purgedAt: now, updatedAt: now })
    .where(eq(learnerRecords.id, id));
  return deleted.length;
}

/**
 * Erasure on request (decision 309): the form's answers that are not qualification evidence are
 * cleared and the form's link replaced, so it opens no more; the ID check, first aid, declarations
 * of eligibility, ULN, attendance, results and evidence file stay until the retention job.
 */
export async function eraseLearnerAnswers(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(learnerRecords)
    .set({
      address: null,
      postcode: null,
      phone: null,
      email: null,
      emergencyName: null,
      emergencyPhone: null,
      adjustments: null,
      siaLinkConsent: null,
      siaLinkConsentAt: null,
      marketingConsentAt: null,
      token: sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`,
      updatedAt: now,
    })
    .where(eq(learnerRecords.id, id));
}
