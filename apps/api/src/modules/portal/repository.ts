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
}

export async function updateRecord(db: DbOrTx, id: number, values: Partial<typeof learnerRecords.$inferInsert>) {
  await db.update(learnerRecords).set(values).where(eq(learnerRecords.id, id));
}

/**
 * One page of the office's progress list (decision 532): learners of paid bookings with results
 * whose certificate is not yet sent, or whose licence is not yet granted, with the day their
 * results were last recorded, longest stuck first. "Stuck since" is stuckOf's rule in SQL: the
 * last licence step done (its UTC day), or the results day; none once every step is done
 * (LICENCE_STEPS, `stepCount`). Days in the future count as today, as stuck_days does.
 */
export async function openProgressPage(
  db: DbOrTx,
  today: string,
  stepCount: number,
  limit: number,
  offset: number,
): Promise<{ rows: { id: number; results_on: string | null }[]; total: number | null }> {
  const { rows } = await db.execute<{ id: number; results_on: string | null; total: number }>(sql`
    select id, results_on::text as results_on, (count(*) over ())::int as total
    from (
      select lr.id,
        (select max(r.recorded_at at time zone 'Europe/London')::date from learner_results r where r.learner_id = lr.id) as results_on,
        (select count(distinct s.step) from licence_steps s where s.learner_id = lr.id) as steps,
        (select max(s.done_at) from licence_steps s where s.learner_id = lr.id) as last_done
      from learner_records lr
      join order_attendees a on a.id = lr.attendee_id
      join orders o on o.id = a.order_id
      where o.status = 'paid' and lr.purged_at is null
        and exists (select 1 from learner_results r where r.learner_id = lr.id)
        and (lr.certificate_sent_on is null
          or not exists (select 1 from licence_steps s where s.learner_id = lr.id and s.step = 'granted'))) open
    order by case when steps >= ${stepCount} then null
      else least(coalesce((last_done at time zone 'UTC')::date, results_on), ${today}::date) end asc nulls last, id
    limit ${limit} offset ${offset}`);
  return {
    rows: rows.map((r) => ({ id: Number(r.id), results_on: r.results_on })),
    // Past the last page no row carries the total: the caller counts then.
    total: rows.length ? Number(rows[0]!.total) : null,
  };
}

/** How many learners the progress list holds (only asked for past its last page). */
export async function countOpenProgress(db: DbOrTx, today: string, stepCount: number): Promise<number> {
  return (await openProgressPage(db, today, stepCount, 1, 0)).total ?? 0;
}

/** The day the learner's results were last recorded (Europe/London), or null. */
export async function resultsDay(db: DbOrTx, learnerId: number) {
  const { rows } = await db.execute<{ d: string | null }>(sql`
    select max(recorded_at at time zone 'Europe/London')::date::text as d from learner_results where learner_id = ${learnerId}`);
  return rows[0]?.d ?? null;
}

/** Learners whose results are all passes and whose certificate is not sent (the overdue alert reads these). */
export async function certificatesAwaited(db: DbOrTx) {
  const { rows } = await db.execute<{ id: number; results_on: string }>(sql`
    select lr.id, max(r.recorded_at at time zone 'Europe/London')::date::text as results_on
    from learner_records lr
    join learner_results r on r.learner_id = lr.id
    join order_attendees a on a.id = lr.attendee_id
    join orders o on o.id = a.order_id
    where o.status = 'paid' and lr.purged_at is null and lr.certificate_sent_on is null
    group by lr.id
    having bool_and(r.result = 'pass')`);
  return rows;
}

export async function findCourseDate(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: courseDates.id, courseId: courseDates.courseId, startDate: courseDates.startDate })
    .from(courseDates)
    .where(eq(courseDates.id, id));
  return row ?? null;
}
