/**
 * SIA licences and the courses that lead to them or renew them (decision 223). A course's licence
 * and whether it renews one are the office's course settings (`courses.licence`,
 * `courses.licence_renewal`, decision 369), no longer read from its title.
 */
import type { LicenceKind } from "@app/contract";
import type { Db } from "../../db/client";
import { liveCourses, passedAttendeesWithoutRenewal } from "./schedule-repository";

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
  const rows = await passedAttendeesWithoutRenewal(db, "licence_renewal", now);
  if (!rows.length) return [];
  const live: CourseRef[] = await liveCourses(db);
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
