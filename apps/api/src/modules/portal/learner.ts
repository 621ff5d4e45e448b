/**
 * The learner's side of the portal (issue 31): everything by the attendee's own link, open until
 * the office's date (decision 350). Mock papers keep their time on the server (decision 352):
 * the deadline is set when the paper is drawn, answers after it are refused, and a paper whose
 * time ran out is marked on what was saved in time.
 */
import {
  LINK_NOT_FOUND_MESSAGE,
  PAPER_EMPTY_MESSAGE,
  PORTAL_EXPIRED_MESSAGE,
  TIME_UP_MESSAGE,
  type Attempt,
  type LicenceStep,
  type Portal,
} from "@app/contract";
import { drawPaper, scorePaper } from "@app/rules";
import type { Db, DbOrTx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { ukDate } from "../../lib/dates";
import { findLearnerByToken, formView, type LearnerRow } from "../learners";
import * as repo from "./repository";
import { attemptView, certificateView, countCorrect, GRACE_SECONDS, licenceView, openUntil, unitView } from "./views";

/** The learner by token: 404 for an unknown, cancelled or purged link, 410 once the portal has closed. */
async function openPortal(db: DbOrTx, token: string, now: Date): Promise<LearnerRow> {
  const row = /^[a-f0-9]{64}$/.test(token) ? await findLearnerByToken(db, token) : null;
  if (!row || row.orderStatus !== "paid" || row.rec.purgedAt) throw new HttpError(404, LINK_NOT_FOUND_MESSAGE);
  if (ukDate(now) > openUntil(row.rec, row.endDate)) throw new HttpError(410, PORTAL_EXPIRED_MESSAGE);
  return row;
}

/** Marks papers whose time ran out without being handed in, on the answers saved in time. */
async function closeExpired(db: DbOrTx, attempts: repo.AttemptRow[], now: Date) {
  const late = attempts.filter((a) => !a.submittedAt && a.deadlineAt.getTime() + GRACE_SECONDS * 1000 < now.getTime());
  if (!late.length) return;
  const questions = await repo.questionsById(db, [...new Set(late.flatMap((a) => a.questionIds))]);
  for (const a of late) {
    const correct = countCorrect(a, questions);
    const passed = scorePaper(correct, a.questionIds.length, a.passPercent).passed;
    Object.assign(a, { submittedAt: a.deadlineAt, correct, passed });
    await repo.updateAttempt(db, a.id, { submittedAt: a.deadlineAt, correct, passed });
  }
}

export async function portalOf(db: DbOrTx, row: LearnerRow, now: Date): Promise<Portal> {
  const units = row.courseId ? await repo.unitsOfCourse(db, row.courseId) : [];
  const ids = units.map((u) => u.id);
  const [sections, done, questions, attempts, results, steps, resultsOn] = await Promise.all([
    repo.sectionsOf(db, ids),
    repo.doneSections(db, row.rec.id),
    repo.questionsOf(db, ids),
    repo.attemptsOf(db, [row.rec.id]),
    repo.resultsOf(db, row.rec.id),
    repo.stepsOf(db, [row.rec.id]),
    repo.resultsDay(db, row.rec.id),
  ]);
  await closeExpired(db, attempts, now);
  const today = ukDate(now);
  return {
    attendee_name: `${row.attendeeFirstName} ${row.attendeeLastName}`.trim(),
    course_title: row.courseTitle,
    start_date: row.startDate,
    end_date: row.endDate,
    open_until: openUntil(row.rec, row.endDate),
    form: today <= row.endDate ? formView(row) : null,
    units: units.map((u) => unitView(u, sections, done, questions.filter((q) => q.unitId === u.id).length, attempts, now)),
    results: results.map((r) => ({
      unit: r.unit,
      result: r.result as "pass" | "fail" | "resit",
      recorded_at: r.recordedAt.toISOString(),
    })),
    certificate: certificateView(row.rec, resultsOn, today),
    licence: licenceView(row.rec, steps),
  };
}

export async function getPortal(db: Db, token: string, now: Date): Promise<Portal> {
  return db.transaction(async (tx) => portalOf(tx, await openPortal(tx, token, now), now));
}

export async function markSection(db: Db, token: string, sectionId: number, done: boolean, now: Date): Promise<Portal> {
  return db.transaction(async (tx) => {
    const row = await openPortal(tx, token, now);
    const section = await repo.findSection(tx, sectionId);
    const units = row.courseId ? await repo.unitsOfCourse(tx, row.courseId) : [];
    if (!section || !units.some((u) => u.id === section.unitId))
      throw new HttpError(404, "This revision section is not part of your course.");
    await repo.setSectionDone(tx, row.rec.id, sectionId, done, now);
    return portalOf(tx, row, now);
  });
}

export async function startMock(db: Db, token: string, unitId: number, now: Date): Promise<Attempt> {
  return db.transaction(async (tx) => {
    const row = await openPortal(tx, token, now);
    const units = row.courseId ? await repo.unitsOfCourse(tx, row.courseId) : [];
    const unit = units.find((u) => u.id === unitId);
    if (!unit) throw new HttpError(404, "This unit is not part of your course.");
    const bank = await repo.questionsOf(tx, [unit.id]);
    if (!bank.length) throw new HttpError(409, PAPER_EMPTY_MESSAGE);
    const questionIds = drawPaper(
      bank.map((q) => q.id),
      unit.questionCount,
    );
    const attempt = await repo.insertAttempt(tx, {
      learnerId: row.rec.id,
      unitId: unit.id,
      questionIds,
      answers: questionIds.map(() => -1),
      passPercent: unit.passPercent,
      startedAt: now,
      deadlineAt: new Date(now.getTime() + unit.minutes * 60_000),
    });
    return attemptView(attempt, unit.title, bank, now);
  });
}

async function openAttempt(tx: DbOrTx, token: string, attemptId: number, now: Date) {
  const row = await openPortal(tx, token, now);
  const attempt = await repo.lockAttempt(tx, row.rec.id, attemptId);
  if (!attempt) throw new HttpError(404, "This mock paper was not found.");
  const unit = await repo.findUnit(tx, attempt.unitId);
  return { row, attempt, unitTitle: unit?.unit.title ?? "" };
}

export async function getMock(db: Db, token: string, attemptId: number, now: Date): Promise<Attempt> {
  return db.transaction(async (tx) => {
    const { attempt, unitTitle } = await openAttempt(tx, token, attemptId, now);
    await closeExpired(tx, [attempt], now);
    return attemptView(attempt, unitTitle, await repo.questionsById(tx, attempt.questionIds), now);
  });
}

const inTime = (a: repo.AttemptRow, now: Date) => now.getTime() <= a.deadlineAt.getTime() + GRACE_SECONDS * 1000;

function applyAnswer(a: repo.AttemptRow, questionId: number, choice: number) {
  const i = a.questionIds.indexOf(questionId);
  if (i < 0)
    throw new HttpError(400, "This question is not on your paper.", {
      issues: [{ path: "question_id", message: "Not on this paper" }],
    });
  a.answers = a.answers.map((v, j) => (j === i ? choice : v));
}

export async function saveAnswer(
  db: Db,
  token: string,
  attemptId: number,
  answer: { question_id: number; choice: number },
  now: Date,
): Promise<{ seconds_left: number }> {
  return db.transaction(async (tx) => {
    const { attempt } = await openAttempt(tx, token, attemptId, now);
    if (attempt.submittedAt) throw new HttpError(409, "This paper has already been handed in.");
    if (!inTime(attempt, now)) throw new HttpError(409, TIME_UP_MESSAGE);
    applyAnswer(attempt, answer.question_id, answer.choice);
    await repo.updateAttempt(tx, attempt.id, { answers: attempt.answers });
    return { seconds_left: Math.max(0, Math.ceil((attempt.deadlineAt.getTime() - now.getTime()) / 1000)) };
  });
}

/**
 * Hands the paper in. In time, the answers sent with it are saved first; after the time they are
 * ignored and the paper is marked on what was saved before the deadline. Handing in twice
 * answers the same marked paper.
 */
export async function submitMock(
  db: Db,
  token: string,
  attemptId: number,
  answers: { question_id: number; choice: number }[],
  now: Date,
): Promise<Attempt> {
  return db.transaction(async (tx) => {
    const { attempt, unitTitle } = await openAttempt(tx, token, attemptId, now);
    const questions = await repo.questionsById(tx, attempt.questionIds);
    if (!attempt.submittedAt) {
      const timely = inTime(attempt, now);
      if (timely) for (const a of answers) applyAnswer(attempt, a.question_id, a.choice);
      const correct = countCorrect(attempt, questions);
      const passed = scorePaper(correct, attempt.questionIds.length, attempt.passPercent).passed;
      const submittedAt = timely ? now : attempt.deadlineAt;
      Object.assign(attempt, { submittedAt, correct, passed });
      await repo.updateAttempt(tx, attempt.id, { answers: attempt.answers, submittedAt, correct, passed });
    }
    return attemptView(attempt, unitTitle, questions, now);
  });
}

/** The learner ticks a step; 'granted' carries the licence number and expiry (they feed the renewal reminder). */
export async function tickStep(
  db: Db,
  token: string,
  input: { step: LicenceStep; done: boolean; licence_number?: string | null; licence_expires_on?: string | null },
  now: Date,
): Promise<Portal> {
  return db.transaction(async (tx) => {
    const row = await openPortal(tx, token, now);
    await recordStep(tx, row.rec.id, input, "learner", now);
    return portalOf(tx, (await findLearnerByToken(tx, token))!, now);
  });
}

/** Records a licence step for the learner or the office (one place for the licence columns). */
export async function recordStep(
  tx: DbOrTx,
  learnerId: number,
  input: { step: LicenceStep; done: boolean; licence_number?: string | null; licence_expires_on?: string | null },
  by: string,
  now: Date,
) {
  await repo.setStep(tx, learnerId, input.step, input.done, by, now);
  if (input.step === "granted")
    await repo.updateRecord(tx, learnerId, {
      licenceNumber: input.done ? input.licence_number! : null,
      licenceExpiresOn: input.done ? input.licence_expires_on! : null,
      updatedAt: now,
    });
}
