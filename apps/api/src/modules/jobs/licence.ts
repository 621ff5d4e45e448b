/**
 * SIA licences and the courses that lead to them or renew them (decision 223). A course's licence
 * and whether it renews one are the office's course settings (`courses.licence`,
 * `courses.licence_renewal`, decision 369), no longer read from its title.
 */
import { sql } from "drizzle-orm";
import type { LicenceKind } from "@app/contract";
import type { Db } from "../../db/client";

export type Licence = LicenceKind;

export const LICENCE_NAMES: Record<Licence, string> = {
  door_supervisor: "door supervisor",
  security_guard: "security guard",
  cctv: "public space surveillance (CCTV)",
  close_protection: "close protection",
};

/** A front-line licence lasts 3 years; renewal can be applied for from 4 months before expiry. */
export const LICENCE_YEARS = 3;
export const RENEWAL_WINDOW_MONTHS = 4;

type CourseRef = { id: number; title: string; slug: string; licence: string | null; licence_renewal: boolean };

/**
 * The renewal course the office set for a licence; of several, a refresher first (the qualification
 * learners trained since 2021 renew with), then the catalogue's order.
 */
export function renewalCourseFor(licence: Licence, courses: CourseRef[]): CourseRef | null {
  const renewals = courses.filter((c) => c.licence === licence && c.licence_renewal);
  return renewals.find((c) => /refresher/i.test(c.title)) ?? renewals[0] ?? null;
}

export type RenewalCandidate = {
  attendeeId: number;
  orderId: number;
  courseDateId: number;
  courseId: number;
  courseTitle: string;
  endDate: string;
  licence: Licence;
  renewalCourseId: number | null;
};

/**
 * Learners who qualified for a front-line licence with us: attendees of a paid booking on an
 * ended date of a licence course who passed, that is whose learner record (issue 14) has results,
 * every one a pass, and a pass for each of the course's units, as the readiness board counts it
 * (a fail or a resit still open is no qualification; decision 223).
 */
export async function renewalCandidates(db: Db, now: Date): Promise<RenewalCandidate[]> {
  const { rows } = await db.execute<{
    attendee_id: number;
    order_id: number;
    course_date_id: number;
    course_id: number;
    title: string;
    licence: Licence;
    end_date: string;
  }>(sql`
    select a.id as attendee_id, o.id as order_id, cd.id as course_date_id, c.id as course_id, c.title, c.licence, cd.end_date
    from order_attendees a
    join orders o on o.id = a.order_id
    join order_items i on i.id = a.order_item_id
    join course_dates cd on cd.id = i.course_date_id
    join courses c on c.id = cd.course_id
    where o.status = 'paid'
      and c.licence is not null
      and cd.end_date < (${now.toISOString()}::timestamptz at time zone 'Europe/London')::date
      and exists (
        select 1 from learner_records lr join learner_results r on r.learner_id = lr.id
        where lr.attendee_id = a.id)
      and not exists (
        select 1 from learner_records lr join learner_results r on r.learner_id = lr.id
        where lr.attendee_id = a.id and r.result <> 'pass')
      -- The course's units (when it lists any; else the one 'Assessment') each have their pass.
      and not exists (
        select 1 from course_units u where u.course_id = c.id and not exists (
          select 1 from learner_records lr join learner_results r on r.learner_id = lr.id
          where lr.attendee_id = a.id and r.unit = u.title and r.result = 'pass'))
      and not exists (select 1 from scheduled_mails s where s.attendee_id = a.id and s.course_date_id = cd.id and s.kind = 'licence_renewal')`);
  if (!rows.length) return [];
  const { rows: live } = await db.execute<CourseRef>(
    sql`select id, title, slug, licence, licence_renewal from courses where archived_at is null order by position, id`,
  );
  const out: RenewalCandidate[] = [];
  for (const r of rows) {
    // Refresher and top-up learners renew a licence too: theirs needs renewing again in turn.
    const licence = r.licence;
    out.push({
      attendeeId: r.attendee_id,
      orderId: r.order_id,
      courseDateId: r.course_date_id,
      courseId: r.course_id,
      courseTitle: r.title,
      endDate: r.end_date,
      licence,
      renewalCourseId: renewalCourseFor(licence, live)?.id ?? null,
    });
  }
  return out;
}
