/**
 * SQL of the learner's portal (issue 31): study units and their content, revision progress,
 * mock attempts and licence steps. No rules here (learner.ts and office.ts decide).
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  courseDates,
  courses,
  learnerRecords,
  learnerResults,
  licenceSteps,
  mockAttempts,
  mockQuestions,
  revisionProgress,
  revisionSections,
  studyUnits,
} from "../../db/schema";
import { refreshProgressKeys } from "../learners";

export type UnitRow = typeof studyUnits.$inferSelect;
export type SectionRow = typeof revisionSections.$inferSelect;
export type QuestionRow = typeof mockQuestions.$inferSelect;
export type AttemptRow = typeof mockAttempts.$inferSelect;
export type StepRow = typeof licenceSteps.$inferSelect;
export type RecordRow = typeof learnerRecords.$inferSelect;

// ---------------------------------------------------------------- units and content

export function unitsOfCourse(db: DbOrTx, courseId: number) {
  return db
    .select()
    .from(studyUnits)
    .where(eq(studyUnits.courseId, courseId))
    .orderBy(asc(studyUnits.position), asc(studyUnits.id));
}

export async function listUnits(db: DbOrTx, courseId?: number) {
  return db
    .select({ unit: studyUnits, courseTitle: courses.title })
    .from(studyUnits)
    .innerJoin(courses, eq(courses.id, studyUnits.courseId))
    .where(courseId ? eq(studyUnits.courseId, courseId) : undefined)
    .orderBy(asc(courses.title), asc(studyUnits.position), asc(studyUnits.id));
}

export async function findUnit(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ unit: studyUnits, courseTitle: courses.title })
    .from(studyUnits)
    .innerJoin(courses, eq(courses.id, studyUnits.courseId))
    .where(eq(studyUnits.id, id));
  return row ?? null;
}

export async function courseExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, id));
  return !!row;
}

export async function insertUnit(db: DbOrTx, values: typeof studyUnits.$inferInsert) {
  const [row] = await db.insert(studyUnits).values(values).onConflictDoNothing().returning({ id: studyUnits.id });
  return row?.id ?? null;
}

export async function updateUnit(db: DbOrTx, id: number, values: Partial<typeof studyUnits.$inferInsert>) {
  await db.update(studyUnits).set(values).where(eq(studyUnits.id, id));
}

export function sectionsOf(db: DbOrTx, unitIds: number[]) {
  if (!unitIds.length) return Promise.resolve([] as SectionRow[]);
  return db
    .select()
    .from(revisionSections)
    .where(inArray(revisionSections.unitId, unitIds))
    .orderBy(asc(revisionSections.position), asc(revisionSections.id));
}

export async function findSection(db: DbOrTx, id: number) {
  const [row] = await db.select().from(revisionSections).where(eq(revisionSections.id, id));
  return row ?? null;
}

export async function insertSection(db: DbOrTx, values: typeof revisionSections.$inferInsert) {
  await db.insert(revisionSections).values(values);
}

export async function updateSection(db: DbOrTx, id: number, values: Partial<typeof revisionSections.$inferInsert>) {
  await db.update(revisionSections).set(values).where(eq(revisionSections.id, id));
}

export async function deleteSection(db: DbOrTx, id: number) {
  await db.delete(revisionSections).where(eq(revisionSections.id, id));
}

/** Live questions (not archived) of the units. */
export function questionsOf(db: DbOrTx, unitIds: number[]) {
  if (!unitIds.length) return Promise.resolve([] as QuestionRow[]);
  return db
    .select()
    .from(mockQuestions)
    .where(and(inArray(mockQuestions.unitId, unitIds), isNull(mockQuestions.archivedAt)))
    .orderBy(asc(mockQuestions.id));
}

/** Questions by id, archived ones too (an old attempt still shows them). */
export function questionsById(db: DbOrTx, ids: number[]) {
  if (!ids.length) return Promise.resolve([] as QuestionRow[]);
  return db.select().from(mockQuestions).where(inArray(mockQuestions.id, ids));
}

export async function findQuestion(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(mockQuestions)
    .where(and(eq(mockQuestions.id, id), isNull(mockQuestions.archivedAt)));
  return row ?? null;
}

export async function insertQuestion(db: DbOrTx, values: typeof mockQuestions.$inferInsert) {
  await db.insert(mockQuestions).values(values);
}

export async function updateQuestion(db: DbOrTx, id: number, values: Partial<typeof mockQuestions.$inferInsert>) {
  await db.update(mockQuestions).set(values).where(eq(mockQuestions.id, id));
}

// ---------------------------------------------------------------- the learner's progress

export async function doneSections(db: DbOrTx, learnerId: number) {
  const rows = await db
    .select({ id: revisionProgress.sectionId })
    .from(revisionProgress)
    .where(eq(revisionProgress.learnerId, learnerId));
  return new Set(rows.map((r) => r.id));
}

export async function setSectionDone(db: DbOrTx, learnerId: number, sectionId: number, done: boolean, now: Date) {
  if (done) await db.insert(revisionProgress).values({ learnerId, sectionId, doneAt: now }).onConflictDoNothing();
  else
    await db
      .delete(revisionProgress)
      .where(and(eq(revisionProgress.learnerId, learnerId), eq(revisionProgress.sectionId, sectionId)));
}

export function attemptsOf(db: DbOrTx, learnerIds: number[]) {
  if (!learnerIds.length) return Promise.resolve([] as AttemptRow[]);
  return db
    .select()
    .from(mockAttempts)
    .where(inArray(mockAttempts.learnerId, learnerIds))
    .orderBy(asc(mockAttempts.startedAt), asc(mockAttempts.id));
}

export async function insertAttempt(db: DbOrTx, values: typeof mockAttempts.$inferInsert) {
  const [row] = await db.insert(mockAttempts).values(values).returning();
  return row!;
}

/** The attempt, locked for the answer or submit that changes it (two tabs answering at once). */
export async function lockAttempt(db: DbOrTx, learnerId: number, id: number) {
  const [row] = await db
    .select()
    .from(mockAttempts)
    .where(and(eq(mockAttempts.id, id), eq(mockAttempts.learnerId, learnerId)))
    .for("update");
  return row ?? null;
}

export async function updateAttempt(db: DbOrTx, id: number, values: Partial<typeof mockAttempts.$inferInsert>) {
  await db.update(mockAttempts).set(values).where(eq(mockAttempts.id, id));
}

export function resultsOf(db: DbOrTx, learnerId: number) {
  return db.select().from(learnerResults).where(eq(learnerResults.learnerId, learnerId)).orderBy(asc(learnerResults.unit));
}

export function stepsOf(db: DbOrTx, learnerIds: number[]) {
  if (!learnerIds.length) return Promise.resolve([] as StepRow[]);
  return db.select().from(licenceSteps).where(inArray(licenceSteps.learnerId, learnerIds)).orderBy(desc(licenceSteps.doneAt));
}

export async function setStep(db: DbOrTx, learnerId: number, step: string, done: boolean, by: string, now: Date) {
  if (done)
    await db
      .insert(licenceSteps)
      .values({ learnerId, step, doneAt: now, recordedBy: by })
      .onConflictDoUpdate({ target: [licenceSteps.learnerId, licenceSteps.step], set: { doneAt: now, recordedBy: by } });
  else await db.delete(licenceSteps).where(and(eq(licenceSteps.learnerId, learnerId), eq(licenceSteps.step, step)));
  await refreshProgressKeys(db, { learners: [learnerId] });
}

/** Certificate progress (claimed, received, sent or collected), then the learner's progress keys. */
export async function setCertificateProgress(
  db: DbOrTx,
  id: number,
  values: Pick<
    typeof learnerRecords.$inferInsert,
    "certificateClaimedOn" | "certificateReceivedOn" | "certificateSentOn" | "certificateSentHow" | "updatedAt"
  >,
) {
  await db.update(learnerRecords).set(values).where(eq(learnerRecords.id, id));
  await refreshProgressKeys(db, { learners: [id] });
}

export async function updateRecord(db: DbOrTx, id: number, values: Partial<typeof learnerRecords.$inferInsert>) {
  await db.update(learnerRecords).set(values).where(eq(learnerRecords.id, id));
}

/** The progress list's segments in its order (decision 533): since before today, today or later, none. */
export const PROGRESS_SEGMENTS = ["past", "current", "none"] as const;
export type ProgressSegment = (typeof PROGRESS_SEGMENTS)[number];

/** Each segment's filter on the kept keys (the open learners' partial index serves every one). */
function segmentWhere(segment: ProgressSegment, today: string) {
  const where = {
    past: sql`progress_since < ${today}::date`,
    current: sql`progress_since >= ${today}::date`,
    none: sql`progress_since is null`,
  }[segment];
  return sql`progress_open and ${where}`;
}

/**
 * How many learners the progress list holds in each segment (decision 533): open learners (paid
 * booking, not purged, results recorded, certificate not sent or licence not granted, all kept in
 * `progress_open`) by their "stuck since" day: before `today`, from today on (future days count as
 * today), none (every licence step done). Three index range counts.
 */
export async function countProgressSegments(db: DbOrTx, today: string): Promise<Record<ProgressSegment, number>> {
  const count = (segment: ProgressSegment) =>
    sql`(select count(*)::int from learner_records where ${segmentWhere(segment, today)})`;
  const { rows } = await db.execute<Record<ProgressSegment, number>>(
    sql`select ${count("past")} as past, ${count("current")} as current, ${count("none")} as none`,
  );
  const r = rows[0]!;
  return { past: Number(r.past), current: Number(r.current), none: Number(r.none) };
}

/**
 * Rows `offset`.. of one segment in the list's order (longest stuck first, ties by id; from today
 * on and none by id alone), each with its place, line and order keys (for `learnersByKeys`) and
 * results day. An index read stopped at the page.
 */
export async function progressSegmentPage(db: DbOrTx, segment: ProgressSegment, today: string, limit: number, offset: number) {
  const order = segment === "past" ? sql`lr.progress_since, lr.id` : sql`lr.id`;
  const { rows } = await db.execute<{
    id: number;
    attendee_id: number;
    order_id: number;
    item_id: number;
    results_on: string | null;
  }>(sql`
    select lr.id, lr.attendee_id, a.order_id, a.order_item_id as item_id, lr.results_on::text as results_on
    from (select id, attendee_id, results_on, progress_since from learner_records
          where ${segmentWhere(segment, today)}
          order by ${segment === "past" ? sql`progress_since, id` : sql`id`}
          limit ${limit} offset ${offset}) lr
    join order_attendees a on a.id = lr.attendee_id
    order by ${order}`);
  return rows.map((r) => ({
    id: Number(r.id),
    attendee_id: Number(r.attendee_id),
    order_id: Number(r.order_id),
    item_id: Number(r.item_id),
    results_on: r.results_on,
  }));
}

/** The day the learner's results were last recorded (Europe/London), or null. */
export async function resultsDay(db: DbOrTx, learnerId: number) {
  const { rows } = await db.execute<{ d: string | null }>(sql`
    select max(recorded_at at time zone 'Europe/London')::date::text as d from learner_results where learner_id = ${learnerId}`);
  return rows[0]?.d ?? null;
}

/**
 * Learners awaiting their certificate whose results were recorded on or before `resultsBy`: an
 * open learner (paid, not purged) whose results are all passes and whose certificate is not sent
 * (decision 533), counted in the certificate index's range.
 */
export async function countCertificatesAwaited(db: DbOrTx, resultsBy: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from learner_records
    where progress_open and results_all_passed and certificate_sent_on is null and results_on <= ${resultsBy}::date`);
  return Number(rows[0]?.n ?? 0);
}

export async function findCourseDate(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: courseDates.id, courseId: courseDates.courseId, startDate: courseDates.startDate })
    .from(courseDates)
    .where(eq(courseDates.id, id));
  return row ?? null;
}
