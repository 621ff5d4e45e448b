/**
 * SQL of the learner dates list (decisions 530, 534): one page of the course dates with learners of
 * paid bookings, how many there are in the window, and the page's learners with what readiness
 * needs. Readiness is not computed here: the service applies the rule (readinessOf) in TypeScript.
 */
import { sql, type SQL } from "drizzle-orm";
import type { LearnerDateWindow } from "@app/contract";
import type { DbOrTx } from "../../db/client";
import type { ReadinessRec } from "./rules";

export type LearnerDatesFilter = {
  when: LearnerDateWindow;
  /** The first day of the current window (dates ending on or after it are current). */
  from: string;
  /** A trainer's dates (decision 332); null: every date. */
  scope: number[] | null;
};

/**
 * A date has learners when one of its places of a paid booking has a learner record: the records
 * listed under it (`paid_course_date_id`, kept by the database, decision 534), one probe of
 * learner_records_paid_course_date_idx per date. `offset 0` keeps it a per-date probe: pulled up
 * into a semi-join, the planner may read the whole index instead (a few dates against every record).
 */
const hasLearners = sql`exists (select 1 from learner_records lr where lr.paid_course_date_id = d.id offset 0)`;

function whereOf(f: LearnerDatesFilter): SQL {
  const window = f.when === "past" ? sql`d.end_date < ${f.from}::date` : sql`d.end_date >= ${f.from}::date`;
  const scope = f.scope ? sql` and d.id = any(${sql.param(f.scope)}::int[])` : sql``;
  return sql`${window}${scope} and ${hasLearners}`;
}

/** A date of the page with its course's title (a date always has its course: course_id is required, deleted with it). */
export type LearnerDateRow = { id: number; course_id: number; title: string; start_date: string; end_date: string };

/** One page of the window's dates: current soonest first, past latest first (ties by id). */
export async function learnerDatesPage(db: DbOrTx, f: LearnerDatesFilter, limit: number, offset: number) {
  const order = f.when === "past" ? sql`d.start_date desc, d.id desc` : sql`d.start_date asc, d.id asc`;
  const { rows } = await db.execute<LearnerDateRow>(sql`
    select d.id, d.course_id, c.title, d.start_date::text as start_date, d.end_date::text as end_date
    from course_dates d join courses c on c.id = d.course_id
    where ${whereOf(f)}
    order by ${order}
    limit ${limit} offset ${offset}`);
  return rows.map((r) => ({ ...r, id: Number(r.id), course_id: Number(r.course_id) }));
}

/** How many dates the window holds (the list's x-total-count). */
export async function countLearnerDates(db: DbOrTx, f: LearnerDatesFilter): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from course_dates d where ${whereOf(f)}`);
  return Number(rows[0]?.n ?? 0);
}

/** A learner of the page with what the list needs: the licence and what readiness's `ready` reads. */
export type DateLearner = {
  id: number;
  courseDateId: number;
  licenceKind: string;
  rec: ReadinessRec;
  hasEvidence: boolean;
};

type DateLearnerRow = {
  id: number;
  course_date_id: number;
  licence_kind: string;
  has_evidence: boolean;
} & { [K in keyof ReadinessRec as `r_${K}`]: ReadinessRec[K] };

/**
 * The learners listed under these dates (paid bookings), read by key from the kept course date:
 * only the columns the readiness rule reads (the evidence as a flag, not its row). Not their attendance
 * or results: whether a learner is ready does not depend on them (readinessOf: they give the days
 * attended and the result, which the list does not show). The evidence is probed by its key per
 * learner (as an EXISTS, the planner may read every first-aid evidence key to hash it).
 */
export async function learnersOfDates(db: DbOrTx, courseDateIds: number[]): Promise<DateLearner[]> {
  if (!courseDateIds.length) return [];
  const { rows } = await db.execute<DateLearnerRow>(sql`
    select lr.id, lr.paid_course_date_id as course_date_id, lr.licence_kind,
      coalesce((select true from learner_evidence e where e.learner_id = lr.id and e.kind = 'first_aid'), false) as has_evidence,
      lr.full_name as "r_fullName", lr.date_of_birth::text as "r_dateOfBirth", lr.address as "r_address",
      lr.postcode as "r_postcode", lr.phone as "r_phone", lr.email as "r_email",
      lr.emergency_name as "r_emergencyName", lr.emergency_phone as "r_emergencyPhone",
      lr.id_document_type as "r_idDocumentType", lr.id_document_expiry::text as "r_idDocumentExpiry",
      lr.english_declared_at as "r_englishDeclaredAt", lr.sia_link_consent as "r_siaLinkConsent",
      lr.first_aid_required as "r_firstAidRequired", lr.first_aid_title as "r_firstAidTitle",
      lr.first_aid_body as "r_firstAidBody", lr.first_aid_achieved_on::text as "r_firstAidAchievedOn",
      lr.first_aid_expires_on::text as "r_firstAidExpiresOn", lr.fitness_declared_at as "r_fitnessDeclaredAt",
      lr.id_checked_at as "r_idCheckedAt", lr.certificate_issued_at as "r_certificateIssuedAt",
      lr.purged_at as "r_purgedAt"
    from learner_records lr
    where lr.paid_course_date_id = any(${sql.param(courseDateIds)}::int[])`);
  return rows.map((r) => ({
    id: Number(r.id),
    courseDateId: Number(r.course_date_id),
    licenceKind: r.licence_kind,
    hasEvidence: r.has_evidence,
    rec: {
      fullName: r.r_fullName,
      dateOfBirth: r.r_dateOfBirth,
      address: r.r_address,
      postcode: r.r_postcode,
      phone: r.r_phone,
      email: r.r_email,
      emergencyName: r.r_emergencyName,
      emergencyPhone: r.r_emergencyPhone,
      idDocumentType: r.r_idDocumentType,
      idDocumentExpiry: r.r_idDocumentExpiry,
      englishDeclaredAt: r.r_englishDeclaredAt,
      siaLinkConsent: r.r_siaLinkConsent,
      firstAidRequired: r.r_firstAidRequired,
      firstAidTitle: r.r_firstAidTitle,
      firstAidBody: r.r_firstAidBody,
      firstAidAchievedOn: r.r_firstAidAchievedOn,
      firstAidExpiresOn: r.r_firstAidExpiresOn,
      fitnessDeclaredAt: r.r_fitnessDeclaredAt,
      idCheckedAt: r.r_idCheckedAt,
      certificateIssuedAt: r.r_certificateIssuedAt,
      purgedAt: r.r_purgedAt,
    },
  }));
}
