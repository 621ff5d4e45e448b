/**
 * "Which course do I need?" (course finder and prerequisites): the SIA's licensing rules that decide which of our courses a
 * customer must book, written once for the site's course finder, the course pages' "Who is this
 * for?" line and the office's view of a booking's answers.
 *
 * SOURCES, and what was checked. Written from GOV.UK's pages "Get training" (gov.uk/guidance/
 * get-training-to-work-in-the-private-security-industry) and "Renew your SIA licence"
 * (gov.uk/guidance/renew-your-sia-licence) as the author knew them (knowledge as of early 2025;
 * written 2026-11-26). GOV.UK could NOT be reached from where this was written, so none of the
 * dates below was re-read on the live pages on that day: the office should check them against
 * GOV.UK before relying on a changed rule. Each rule names its page.
 */
import { addCalendarMonths } from "./calendar";
import { formatLongDate } from "./dates";

/** "Get training" (read: knowledge as of early 2025): door supervisors and security officers who qualified before this day took top-up training to renew. */
export const TOP_UP_FROM = "2021-04-01";
/** "Renew your SIA licence" (read: knowledge as of early 2025): from this day refresher training replaces top-up training for every door supervisor and security officer renewal. */
export const REFRESHER_FROM = "2025-04-01";
/** "Renew your SIA licence" (read: knowledge as of early 2025): a licence can be renewed from 4 months before it expires. */
export const RENEW_MONTHS_BEFORE = 4;
/** "Get training" (read: knowledge as of early 2025): door supervisor and security officer learners hold a first-aid certificate (EFAW or equivalent) valid 12 months from the course start. */
export const FIRST_AID_VALID_MONTHS = 12;

/** Course slugs of the seeded catalogue (apps/api/src/db/seed/catalogue-data.ts). */
export const FINDER_COURSES = {
  doorSupervisor: "sia-door-supervisor-course",
  cctv: "cctv-operator-course",
  doorRefresher: "door-supervisor-refresher",
  guardRefresher: "security-guard-refresher",
  firstAid: "emergency-first-aid-at-work",
  guardTopUp: "security-guard-top-ups",
  doorTopUp: "door-supervision-top-up",
  closeProtection: "close-protection-course",
  personalLicence: "personal-licence-aplh",
} as const;

export const LICENCES = ["none", "door_supervisor", "security_guard", "cctv", "close_protection"] as const;
export type Licence = (typeof LICENCES)[number];
export const JOBS = ["door_supervisor", "security_guard", "cctv", "close_protection", "personal_licence", "unsure"] as const;
export type Job = (typeof JOBS)[number];
export const TRAINED = ["before_2021", "from_2021", "unsure"] as const;
export type Trained = (typeof TRAINED)[number];
export const FIRST_AID = ["none", "date", "unsure"] as const;
export type FirstAid = (typeof FIRST_AID)[number];

/** What the finder asks; absent answers were not asked (or skipped). Dates are 'YYYY-MM-DD'. */
export interface FinderAnswers {
  licence: Licence;
  /** When the held licence expires. */
  expiry?: string;
  /** When the holder trained for that licence. */
  trained?: Trained;
  job: Job;
  firstAid?: FirstAid;
  /** When the first-aid certificate expires (firstAid = 'date'). */
  firstAidExpiry?: string;
}

export interface FinderStep {
  slug: string;
  /** Why, in one sentence. */
  reason: string;
}

export interface Recommendation {
  /** The courses to book, in the order to take them. */
  steps: FinderStep[];
  /** Set when the rules cannot settle the answers: the office should look (contact form). */
  unsettled: string | null;
  /** Facts worth knowing that change no course (e.g. when renewal opens). */
  notes: string[];
}

const LABEL: Record<Licence | Job, string> = {
  none: "no",
  door_supervisor: "door supervisor",
  security_guard: "security officer",
  cctv: "CCTV (public space surveillance)",
  close_protection: "close protection",
  personal_licence: "personal licence",
  unsure: "unsure",
};

/** Jobs whose SIA licence needs a first-aid certificate from the learner (door supervisor, security officer). */
const needsFirstAid = (job: Job) => job === "door_supervisor" || job === "security_guard";

/** The day renewal opens for a licence expiring on `expiry` ("Renew your SIA licence"). */
export const renewalOpens = (expiry: string) => addCalendarMonths(expiry, -RENEW_MONTHS_BEFORE);

/** Earliest first-aid expiry accepted on a course starting `start` ("Get training": 12 months). */
export const firstAidNeededUntil = (start: string) => addCalendarMonths(start, FIRST_AID_VALID_MONTHS);

/**
 * The first-aid step for a door supervisor or security officer course starting on `start` (or
 * none): "Get training" asks for a certificate still valid 12 months after the course starts.
 */
function firstAidStep(a: FinderAnswers, start: string): FinderStep | null {
  const until = firstAidNeededUntil(start);
  if (a.firstAid === "date" && a.firstAidExpiry && a.firstAidExpiry >= until) return null;
  const by = formatLongDate(until);
  const reason =
    a.firstAid === "date"
      ? `Your first-aid certificate runs out before ${by}, and the SIA needs it valid for 12 months from the start of your course: take Emergency First Aid at Work first.`
      : a.firstAid === "unsure"
        ? `Unless you have a first-aid certificate valid until ${by}, take Emergency First Aid at Work first: the SIA needs one valid for 12 months from the start of your course.`
        : "The SIA needs a first-aid certificate valid for 12 months from the start of your course: take Emergency First Aid at Work first.";
  return { slug: FINDER_COURSES.firstAid, reason };
}

/** The renewal course for a door supervisor or security officer licence on `today` (undefined: none is needed). */
function renewalStep(a: FinderAnswers, today: string): FinderStep | null | "unsure" {
  const door = a.licence === "door_supervisor";
  if (today >= REFRESHER_FROM) {
    return {
      slug: door ? FINDER_COURSES.doorRefresher : FINDER_COURSES.guardRefresher,
      reason: `Since 1 April 2025 the SIA asks everyone renewing a ${LABEL[a.licence]} licence to take refresher training first (it replaced the top-up).`,
    };
  }
  if (today < TOP_UP_FROM) return null;
  if (a.trained === "from_2021") return null;
  if (a.trained !== "before_2021") return "unsure";
  return {
    slug: door ? FINDER_COURSES.doorTopUp : FINDER_COURSES.guardTopUp,
    reason: `You trained before April 2021, so the SIA asks for top-up training before you renew your ${LABEL[a.licence]} licence.`,
  };
}

/** A new door supervisor qualification (also the way into security officer work: we run no separate security officer course). */
function newDoorSupervisor(a: FinderAnswers, why: string): FinderStep[] {
  return [{ slug: FINDER_COURSES.doorSupervisor, reason: why }];
}

/**
 * The recommendation for a finder's answers on `today`. `starts` gives each course's next start
 * date where known (the first-aid 12 months count from there; `today` otherwise).
 */
export function recommend(a: FinderAnswers, today: string, starts: Partial<Record<string, string>> = {}): Recommendation {
  const notes: string[] = [];
  const out = (steps: FinderStep[], unsettled: string | null = null): Recommendation => ({ steps, unsettled, notes });
  const withFirstAid = (steps: FinderStep[]): FinderStep[] => {
    const main = steps[0];
    if (!main || !needsFirstAid(a.job)) return steps;
    const aid = firstAidStep(a, starts[main.slug] ?? today);
    return aid ? [aid, ...steps] : steps;
  };

  if (a.job === "unsure")
    return out([], "You are not sure which job you want yet: tell us a little about it and we will suggest the right course.");
  if (a.job === "personal_licence")
    return out([
      {
        slug: FINDER_COURSES.personalLicence,
        reason:
          "Selling alcohol needs a personal licence from your council, and this is the qualification it asks for (no SIA licence or first aid needed).",
      },
    ]);
  if (a.job === "close_protection") {
    if (a.licence === "close_protection")
      return out([], "Renewing a close protection licence depends on your qualifications: we will check them with you.");
    notes.push("Close protection needs its own first-aid qualification (FREC 3 or equivalent), which you can add to the course.");
    return out([
      {
        slug: FINDER_COURSES.closeProtection,
        reason: "A close protection licence needs the Level 3 close protection qualification.",
      },
    ]);
  }
  if (a.job === "cctv") {
    if (a.licence === "cctv") {
      notes.push("The SIA asks for no refresher or top-up training to renew a CCTV licence: renew it through your SIA account.");
      return out([]);
    }
    if (a.licence === "door_supervisor" || a.licence === "security_guard") {
      notes.push("A door supervisor or security officer licence does not cover CCTV work in public spaces.");
    }
    return out([
      {
        slug: FINDER_COURSES.cctv,
        reason: "Public space surveillance (CCTV) work needs its own SIA licence and the CCTV operator qualification.",
      },
    ]);
  }

  // The job is door supervisor or security officer from here.
  if (a.licence === "none" || a.licence === "cctv" || a.licence === "close_protection") {
    const why =
      a.job === "door_supervisor"
        ? "A door supervisor licence needs the Level 2 door supervisor qualification."
        : "We run no separate security officer course: a door supervisor licence, from this qualification, also lets you work as a security officer.";
    return out(withFirstAid(newDoorSupervisor(a, why)));
  }
  if (a.licence === "security_guard" && a.job === "door_supervisor") {
    return out(
      withFirstAid(
        newDoorSupervisor(
          a,
          "A security officer licence does not let you work on the door: you need the door supervisor qualification.",
        ),
      ),
      "The SIA also accepts a shorter upskilling qualification from security officers, which we do not run as a public course: ask us whether it suits you.",
    );
  }

  // Renewing a door supervisor or security officer licence (or moving from door supervisor to security officer).
  if (a.licence === "door_supervisor" && a.job === "security_guard") {
    notes.push(
      "Your door supervisor licence already lets you work as a security officer: you need no new licence for that move.",
    );
  }
  if (a.expiry) {
    if (a.expiry < today)
      return out(
        [],
        "Your licence has expired, so the SIA treats this as a new application: which training you need depends on when you qualified, and we will check it with you.",
      );
    const opens = renewalOpens(a.expiry);
    notes.push(
      opens > today
        ? `You can apply to renew from ${formatLongDate(opens)}, 4 months before your licence expires.`
        : `You can apply to renew now: renewal opens 4 months before your licence expires.`,
    );
  } else {
    notes.push("Check the expiry date on your licence: you can apply to renew from 4 months before it.");
  }
  const step = renewalStep(a, today);
  if (step === "unsure")
    return out([], "Whether you need top-up training depends on when you trained: we will check your certificate with you.");
  if (!step) {
    notes.push("You need no extra training to renew.");
    return out([]);
  }
  return out(withFirstAid([step]));
}

/** "Who is this for?" for a course page, from the same rules (null: the course has none). */
export function audience(slug: string, today: string): string | null {
  const refresher = today >= REFRESHER_FROM;
  switch (slug) {
    case FINDER_COURSES.doorSupervisor:
      return "New door supervisors and security officers: the qualification for an SIA door supervisor licence, which also covers security officer work. You need a first-aid certificate valid for 12 months from the course start.";
    case FINDER_COURSES.doorRefresher:
    case FINDER_COURSES.guardRefresher: {
      const who = slug === FINDER_COURSES.doorRefresher ? "door supervisors" : "security officers";
      return `Licensed ${who} renewing their SIA licence${refresher ? ": since 1 April 2025 the SIA asks for refresher training before every renewal" : ""}. You can renew from 4 months before your licence expires, and need a first-aid certificate valid for 12 months from the course start.`;
    }
    case FINDER_COURSES.doorTopUp:
    case FINDER_COURSES.guardTopUp: {
      const who = slug === FINDER_COURSES.doorTopUp ? "door supervisors" : "security officers";
      return refresher
        ? `Since 1 April 2025 the SIA asks renewing ${who} for refresher training instead of the top-up: ask us before booking this course.`
        : `Licensed ${who} who trained before April 2021 and are renewing their SIA licence (renewal opens 4 months before expiry).`;
    }
    case FINDER_COURSES.firstAid:
      return "Anyone training as a door supervisor or security officer whose first-aid certificate will not still be valid 12 months after their course starts.";
    case FINDER_COURSES.cctv:
      return "Anyone who wants to work in a public space surveillance (CCTV) control room: the qualification for the SIA CCTV licence.";
    case FINDER_COURSES.closeProtection:
      return "Anyone seeking an SIA close protection licence; it also needs its own first-aid qualification.";
    case FINDER_COURSES.personalLicence:
      return "Anyone who will authorise sales of alcohol: the qualification for a personal licence from your council.";
    default:
      return null;
  }
}
