/**
 * SQL of learner records, the writes: form answers, evidence, attendance, results, the retention
 * purge and erasure, and the activity entries about a learner (subject access).
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  learnerAttendance,
  learnerEvidence,
  learnerRecords,
  learnerResults,
  mockAttempts,
  revisionProgress,
} from "../../db/schema";
import { refreshProgressKeys } from "./progress-keys-repository";

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

/** Records or clears the learner's results (unit → result, null clears), then their progress keys. */
export async function setResults(
  db: DbOrTx,
  learnerId: number,
  results: readonly { unit: string; result: string | null }[],
  by: string,
  now: Date,
) {
  for (const { unit, result } of results) {
    if (result === null) {
      await db.delete(learnerResults).where(and(eq(learnerResults.learnerId, learnerId), eq(learnerResults.unit, unit)));
      continue;
    }
    await db
      .insert(learnerResults)
      .values({ learnerId, unit, result, recordedBy: by, recordedAt: now })
      .onConflictDoUpdate({
        target: [learnerResults.learnerId, learnerResults.unit],
        set: { result, recordedBy: by, recordedAt: now },
      });
  }
  await refreshProgressKeys(db, { learners: [learnerId] });
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
  // A purged record leaves the progress list and the certificate alert.
  await refreshProgressKeys(db, { learners: [id] });
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

/**
 * The learner records of `email`: places booked with that e-mail, records whose form gave it, and
 * the buyer's own place on the orders `orderIds` (the buyer booking a place for themselves).
 */
export async function learnersOf(db: DbOrTx, email: string, orderIds: number[]) {
  const ids = orderIds.length ? orderIds : [0];
  const { rows } = await db.execute<{ id: number; attendee_id: number; end_date: string; files: number }>(sql`
    select lr.id, lr.attendee_id, coalesce(cd.end_date, oi.end_date, cd.start_date, oi.start_date)::text as end_date,
           (select count(*)::int from learner_evidence e where e.learner_id = lr.id) as files
    from learner_records lr
    join order_attendees a on a.id = lr.attendee_id
    join order_items oi on oi.id = a.order_item_id
    join orders o on o.id = a.order_id
    left join course_dates cd on cd.id = oi.course_date_id
    where lr.purged_at is null
      and (lower(a.email) = ${email} or lower(lr.email) = ${email}
           or (o.id in (${sql.join(
             ids.map((i) => sql`${i}`),
             sql`, `,
           )})
               and lower(a.first_name) = lower(o.first_name) and lower(a.last_name) = lower(o.last_name)))
    order by lr.id
    for update of lr`);
  return rows;
}

/** Activity entries whose details contain `text` (LIKE wildcards in it taken literally), oldest first, at most 500. */
export async function activityNaming(db: DbOrTx, text: string) {
  const { rows } = await db.execute<{ action: string; user_name: string; created_at: Date }>(
    sql`select action, user_name, created_at from activity_log where details like ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} order by created_at, id limit 500`,
  );
  return rows;
}
