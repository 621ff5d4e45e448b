/**
 * How the portal's records read out (issue 31): one unit's progress, a mock paper (with its
 * review once handed in), certificate progress and licence steps. Pure: the callers load rows.
 */
import {
  addCalendarMonths,
  LICENCE_STEP_GUIDES,
  LICENCE_STEPS,
  type Attempt,
  type LicenceStep,
  type Portal,
} from "@app/contract";
import { certificateDueOn, certificateOverdue, scorePaper } from "@app/rules";
import type { AttemptRow, QuestionRow, RecordRow, SectionRow, StepRow, UnitRow } from "./repository";

/** Months the portal stays open after the course unless the office sets a date (decision 350). */
export const PORTAL_MONTHS = 12;
/** Seconds allowed after the deadline for an answer in flight (the network, not the learner). */
export const GRACE_SECONDS = 5;

export const openUntil = (rec: RecordRow, endDate: string) => rec.portalUntil ?? addCalendarMonths(endDate, PORTAL_MONTHS);

export const percentOf = (a: AttemptRow) => scorePaper(a.correct ?? 0, a.questionIds.length, a.passPercent).percent;

export function unitView(
  unit: UnitRow,
  sections: SectionRow[],
  done: Set<number>,
  bankSize: number,
  attempts: AttemptRow[],
  now: Date,
) {
  const marked = attempts.filter((a) => a.unitId === unit.id && a.submittedAt);
  const open = attempts.find((a) => a.unitId === unit.id && !a.submittedAt && a.deadlineAt > now);
  return {
    id: unit.id,
    title: unit.title,
    question_count: unit.questionCount,
    minutes: unit.minutes,
    pass_percent: unit.passPercent,
    bank_size: bankSize,
    sections: sections
      .filter((s) => s.unitId === unit.id)
      .map((s) => ({ id: s.id, title: s.title, html: s.html, done: done.has(s.id) })),
    best_percent: marked.length ? Math.max(...marked.map(percentOf)) : null,
    latest_percent: marked.length ? percentOf(marked[marked.length - 1]!) : null,
    attempts: marked.length,
    open_attempt_id: open?.id ?? null,
  };
}

export const secondsLeft = (a: AttemptRow, now: Date) =>
  a.submittedAt ? 0 : Math.max(0, Math.ceil((a.deadlineAt.getTime() - now.getTime()) / 1000));

export function attemptView(a: AttemptRow, unitTitle: string, questions: QuestionRow[], now: Date): Attempt {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const paper = a.questionIds.map((id) => byId.get(id)).filter((q): q is QuestionRow => !!q);
  const chosen = (id: number) => {
    const v = a.answers[a.questionIds.indexOf(id)];
    return v === undefined || v === null || v < 0 ? null : v;
  };
  const submitted = a.submittedAt !== null;
  const score = scorePaper(a.correct ?? 0, a.questionIds.length, a.passPercent);
  return {
    id: a.id,
    unit_id: a.unitId,
    unit_title: unitTitle,
    started_at: a.startedAt.toISOString(),
    deadline_at: a.deadlineAt.toISOString(),
    seconds_left: secondsLeft(a, now),
    submitted_at: a.submittedAt?.toISOString() ?? null,
    questions: paper.map((q) => ({ id: q.id, question: q.question, options: q.options, chosen: chosen(q.id) })),
    score: submitted ? { ...score, pass_percent: a.passPercent } : null,
    review: submitted
      ? paper.map((q) => ({
          question_id: q.id,
          correct_option: q.correct,
          right: chosen(q.id) === q.correct,
          explanation: q.explanation,
        }))
      : null,
  };
}

/** Right answers of a paper, from the answers saved on it. */
export function countCorrect(a: Pick<AttemptRow, "questionIds" | "answers">, questions: QuestionRow[]) {
  const right = new Map(questions.map((q) => [q.id, q.correct]));
  return a.questionIds.reduce((n, id, i) => n + (a.answers[i] === right.get(id) ? 1 : 0), 0);
}

export function certificateView(rec: RecordRow, resultsOn: string | null, today: string): Portal["certificate"] {
  return {
    results_on: resultsOn,
    due_on: resultsOn ? certificateDueOn(resultsOn) : null,
    claimed_on: rec.certificateClaimedOn,
    received_on: rec.certificateReceivedOn,
    sent_on: rec.certificateSentOn,
    sent_how: (rec.certificateSentHow as "post" | "collected" | null) ?? null,
    overdue: resultsOn !== null && certificateOverdue(resultsOn, today, rec.certificateSentOn),
  };
}

export function licenceView(rec: RecordRow, steps: StepRow[]): Portal["licence"] {
  return {
    steps: LICENCE_STEPS.map((step) => {
      const done = steps.find((s) => s.learnerId === rec.id && s.step === step);
      return {
        step,
        ...LICENCE_STEP_GUIDES[step],
        done_at: done?.doneAt.toISOString() ?? null,
        recorded_by: done?.recordedBy ?? null,
      };
    }),
    licence_number: rec.licenceNumber,
    licence_expires_on: rec.licenceExpiresOn,
  };
}

/** The first step not done, and since when: the last step done before it, or the results day. */
export function stuckOf(steps: StepRow[], learnerId: number, resultsOn: string | null) {
  const mine = steps.filter((s) => s.learnerId === learnerId);
  const next = LICENCE_STEPS.find((step) => !mine.some((s) => s.step === step)) as LicenceStep | undefined;
  if (!next) return { stuck_on: null, stuck_since: null };
  const last = mine.reduce<Date | null>((at, s) => (at === null || s.doneAt > at ? s.doneAt : at), null);
  return { stuck_on: next, stuck_since: last ? last.toISOString() : resultsOn };
}
