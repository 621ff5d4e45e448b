/**
 * Front-line SIA licences and the courses that lead to them or renew them (decision 223).
 * The catalogue has no licence field yet, so a course's licence is read from its title: the
 * seeded titles and any the office is likely to type ('Door Supervisor…', 'Security Guard…',
 * 'CCTV…/Public Space Surveillance'); 'Refresher' or 'Top-Up' in the title makes it a renewal
 * course. One place to change if the catalogue gains an explicit field.
 */
import type { Db } from "../../db/client";
import { liveCourses, passedAttendeesWithoutRenewal } from "./schedule-repository";

export type Licence = "door_supervisor" | "security_guard" | "cctv";

export const LICENCE_NAMES: Record<Licence, string> = {
  door_supervisor: "door supervisor",
  security_guard: "security guard",
  cctv: "public space surveillance (CCTV)",
};

/** A front-line licence lasts 3 years; renewal can be applied for from 4 months before expiry. */
export const LICENCE_YEARS = 3;
export const RENEWAL_WINDOW_MONTHS = 4;

export function licenceOfTitle(title: string): Licence | null {
  if (/door\s+supervis/i.test(title)) return "door_supervisor";
  if (/security\s+guard/i.test(title)) return "security_guard";
  if (/\bcctv\b|public\s+space\s+surveillance/i.test(title)) return "cctv";
  return null;
}

export const isRenewalCourseTitle = (title: string) => /refresher|top[\s-]?ups?\b/i.test(title);

type CourseRef = { id: number; title: string; slug: string };

/** The refresher (preferred: the qualification learners trained since 2021 renew with) or top-up course for a licence. */
export function renewalCourseFor(licence: Licence, courses: CourseRef[]): CourseRef | null {
  const renewals = courses.filter((c) => licenceOfTitle(c.title) === licence && isRenewalCourseTitle(c.title));
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
    const licence = licenceOfTitle(r.title);
    // Refresher and top-up learners renew a licence too: theirs needs renewing again in turn.
    if (!licence) continue;
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
