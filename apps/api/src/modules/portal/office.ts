/**
 * The office's side of the learner's portal (issue 31): study units, revision and the question
 * bank; mock scores beside the readiness board; certificate progress and licence steps. Every
 * change and every staff view of a learner's answers goes to the activity log (decision 357).
 */
import { addDays } from "../../lib/dates";
import { MOCK_FLAG_DAYS, mockFlagged } from "@app/rules";
import type { z } from "zod";
import type {
  Attempt,
  CertificateProgressInputSchema,
  LicenceStep,
  MockBoard,
  QuestionInputSchema,
  SectionInputSchema,
  StudyUnit,
  UnitInputSchema,
  UnitSettingsSchema,
} from "@app/contract";
import type { Db, DbOrTx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { ukDate } from "../../lib/dates";
import { logActivity, type Actor } from "../activity/repository";
import { findLearner, learnersOfDate, lockLearner, type LearnerRow } from "../learners";
import { renderMarkdown } from "./markdown";
import { recordStep } from "./learner";
import * as repo from "./repository";
import { attemptView, certificateView, licenceView, openUntil, percentOf, stuckOf } from "./views";

const UNIT_NOT_FOUND = "Study unit not found";

async function unitsView(db: DbOrTx, courseId?: number, only?: number): Promise<StudyUnit[]> {
  const rows = (await repo.listUnits(db, courseId)).filter((r) => only === undefined || r.unit.id === only);
  const ids = rows.map((r) => r.unit.id);
  const [sections, questions] = await Promise.all([repo.sectionsOf(db, ids), repo.questionsOf(db, ids)]);
  return rows.map(({ unit, courseTitle }) => ({
    id: unit.id,
    course_id: unit.courseId,
    course_title: courseTitle,
    title: unit.title,
    position: unit.position,
    question_count: unit.questionCount,
    minutes: unit.minutes,
    pass_percent: unit.passPercent,
    bank_size: questions.filter((q) => q.unitId === unit.id).length,
    sections: sections
      .filter((s) => s.unitId === unit.id)
      .map((s) => ({ id: s.id, title: s.title, body: s.body, html: s.html, position: s.position })),
    questions: questions
      .filter((q) => q.unitId === unit.id)
      .map((q) => ({ id: q.id, question: q.question, options: q.options, correct: q.correct, explanation: q.explanation })),
  }));
}

const oneUnit = async (db: DbOrTx, id: number) => (await unitsView(db, undefined, id))[0]!;

export const listUnits = (db: Db, courseId?: number) => unitsView(db, courseId);

async function logged<T>(db: Db, actor: Actor, now: Date, action: string, details: string, work: (tx: DbOrTx) => Promise<T>) {
  return db.transaction(async (tx) => {
    const out = await work(tx);
    await logActivity(tx, { type: "other", action, details, actor, at: now });
    return out;
  });
}

export async function createUnit(db: Db, input: z.infer<typeof UnitInputSchema>, actor: Actor, now: Date) {
  return logged(db, actor, now, "Study unit added", input.title, async (tx) => {
    if (!(await repo.courseExists(tx, input.course_id))) throw new HttpError(404, "Course not found");
    const id = await repo.insertUnit(tx, {
      courseId: input.course_id,
      title: input.title,
      position: input.position,
      questionCount: input.question_count,
      minutes: input.minutes,
      passPercent: input.pass_percent,
      createdAt: now,
      updatedAt: now,
    });
    if (id === null) throw new HttpError(409, "This course already has a unit with that title.");
    return oneUnit(tx, id);
  });
}

async function needUnit(tx: DbOrTx, id: number) {
  const unit = await repo.findUnit(tx, id);
  if (!unit) throw new HttpError(404, UNIT_NOT_FOUND);
  return unit.unit;
}

export async function updateUnit(db: Db, id: number, input: z.infer<typeof UnitSettingsSchema>, actor: Actor, now: Date) {
  return logged(db, actor, now, "Study unit changed", `Unit ${id}`, async (tx) => {
    await needUnit(tx, id);
    try {
      await repo.updateUnit(tx, id, {
        title: input.title,
        position: input.position,
        questionCount: input.question_count,
        minutes: input.minutes,
        passPercent: input.pass_percent,
        updatedAt: now,
      });
    } catch (err) {
      if ((err as { code?: string }).code === "23505")
        throw new HttpError(409, "This course already has a unit with that title.");
      throw err;
    }
    return oneUnit(tx, id);
  });
}

type SectionInput = z.infer<typeof SectionInputSchema>;
const sectionValues = (input: SectionInput, actor: Actor, now: Date) => ({
  title: input.title,
  body: input.body,
  html: renderMarkdown(input.body),
  position: input.position,
  updatedBy: actor.name,
  updatedAt: now,
});

export async function addSection(db: Db, unitId: number, input: SectionInput, actor: Actor, now: Date) {
  return logged(db, actor, now, "Revision section added", input.title, async (tx) => {
    await needUnit(tx, unitId);
    await repo.insertSection(tx, { unitId, ...sectionValues(input, actor, now) });
    return oneUnit(tx, unitId);
  });
}

async function needSection(tx: DbOrTx, id: number) {
  const section = await repo.findSection(tx, id);
  if (!section) throw new HttpError(404, "Revision section not found");
  return section;
}

export async function updateSection(db: Db, id: number, input: SectionInput, actor: Actor, now: Date) {
  return logged(db, actor, now, "Revision section changed", input.title, async (tx) => {
    const section = await needSection(tx, id);
    await repo.updateSection(tx, id, sectionValues(input, actor, now));
    return oneUnit(tx, section.unitId);
  });
}

export async function deleteSection(db: Db, id: number, actor: Actor, now: Date) {
  return logged(db, actor, now, "Revision section removed", `Section ${id}`, async (tx) => {
    const section = await needSection(tx, id);
    await repo.deleteSection(tx, id);
    return oneUnit(tx, section.unitId);
  });
}

type QuestionInput = z.infer<typeof QuestionInputSchema>;

export async function addQuestion(db: Db, unitId: number, input: QuestionInput, actor: Actor, now: Date) {
  return logged(db, actor, now, "Practice question added", input.question.slice(0, 120), async (tx) => {
    await needUnit(tx, unitId);
    await repo.insertQuestion(tx, { unitId, ...input, createdAt: now, updatedAt: now });
    return oneUnit(tx, unitId);
  });
}

async function needQuestion(tx: DbOrTx, id: number) {
  const question = await repo.findQuestion(tx, id);
  if (!question) throw new HttpError(404, "Question not found");
  return question;
}

export async function updateQuestion(db: Db, id: number, input: QuestionInput, actor: Actor, now: Date) {
  return logged(db, actor, now, "Practice question changed", input.question.slice(0, 120), async (tx) => {
    const question = await needQuestion(tx, id);
    await repo.updateQuestion(tx, id, { ...input, updatedAt: now });
    return oneUnit(tx, question.unitId);
  });
}

export async function archiveQuestion(db: Db, id: number, actor: Actor, now: Date) {
  return logged(db, actor, now, "Practice question removed", `Question ${id}`, async (tx) => {
    const question = await needQuestion(tx, id);
    await repo.updateQuestion(tx, id, { archivedAt: now, updatedAt: now });
    return oneUnit(tx, question.unitId);
  });
}

/** Best and latest mock score per learner and unit of a date; flagged from 2 days before the exam. */
export async function mockBoard(db: Db, dateId: number, now: Date): Promise<MockBoard> {
  const date = await repo.findCourseDate(db, dateId);
  if (!date) throw new HttpError(404, "Course date not found");
  const units = await repo.unitsOfCourse(db, date.courseId);
  const learners = await learnersOfDate(db, dateId);
  const attempts = (
    await repo.attemptsOf(
      db,
      learners.map((l) => l.rec.id),
    )
  ).filter((a) => a.submittedAt);
  const flagFrom = addDays(date.startDate, -MOCK_FLAG_DAYS);
  const today = ukDate(now);
  return {
    course_date_id: dateId,
    start_date: date.startDate,
    flag_from: flagFrom,
    units: units.map((u) => ({ id: u.id, title: u.title, pass_percent: u.passPercent })),
    learners: learners.map((l) => {
      const scores = units.map((u) => {
        const mine = attempts.filter((a) => a.learnerId === l.rec.id && a.unitId === u.id);
        const latest = mine[mine.length - 1] ?? null;
        const best = mine.length ? Math.max(...mine.map(percentOf)) : null;
        const passed = mine.length ? mine.some((a) => a.passed) : null;
        return {
          unit_id: u.id,
          best_percent: best,
          latest_percent: latest ? percentOf(latest) : null,
          latest_attempt_id: latest?.id ?? null,
          attempts: mine.length,
          flagged: mockFlagged(today, flagFrom, passed),
        };
      });
      return {
        learner_id: l.rec.id,
        name: `${l.attendeeFirstName} ${l.attendeeLastName}`.trim(),
        flagged: scores.some((s) => s.flagged),
        scores,
      };
    }),
  };
}

/** A learner's paper with their answers, for staff: each view is logged (decision 357). */
export async function attemptForStaff(db: Db, learnerId: number, attemptId: number, actor: Actor, now: Date): Promise<Attempt> {
  return db.transaction(async (tx) => {
    const row = await findLearner(tx, learnerId);
    const attempt = row ? await repo.lockAttempt(tx, learnerId, attemptId) : null;
    if (!row || !attempt) throw new HttpError(404, "Mock paper not found");
    const unit = await repo.findUnit(tx, attempt.unitId);
    await logActivity(tx, {
      type: "other",
      action: "Learner's mock answers viewed",
      details: `${row.attendeeFirstName} ${row.attendeeLastName}: ${unit?.unit.title ?? "unit"} (paper ${attempt.id})`,
      actor,
      at: now,
    });
    return attemptView(attempt, unit?.unit.title ?? "", await repo.questionsById(tx, attempt.questionIds), now);
  });
}

async function progressOf(db: DbOrTx, row: LearnerRow, now: Date) {
  const [steps, resultsOn] = await Promise.all([repo.stepsOf(db, [row.rec.id]), repo.resultsDay(db, row.rec.id)]);
  return progressView(row, steps, resultsOn, now);
}

function progressView(row: LearnerRow, steps: repo.StepRow[], resultsOn: string | null, now: Date) {
  const today = ukDate(now);
  const stuck = stuckOf(steps, row.rec.id, resultsOn);
  const since = stuck.stuck_since?.slice(0, 10) ?? null;
  return {
    learner_id: row.rec.id,
    name: `${row.attendeeFirstName} ${row.attendeeLastName}`.trim(),
    course_title: row.courseTitle,
    end_date: row.endDate,
    certificate: certificateView(row.rec, resultsOn, today),
    licence: licenceView(row.rec, steps),
    ...stuck,
    stuck_days: since ? Math.max(0, Math.round((Date.parse(today) - Date.parse(since)) / 86_400_000)) : null,
  };
}

/** Learners with results whose certificate or licence is still open, longest stuck first. */
export async function progressList(db: Db, now: Date) {
  const open = await repo.openProgress(db);
  const steps = await repo.stepsOf(
    db,
    open.map((o) => o.id),
  );
  const out = [];
  for (const o of open) {
    const row = await findLearner(db, o.id);
    if (row) out.push(progressView(row, steps, o.results_on, now));
  }
  return out.sort((a, b) => (b.stuck_days ?? -1) - (a.stuck_days ?? -1));
}

async function needLearner(tx: DbOrTx, id: number) {
  if (!(await lockLearner(tx, id))) throw new HttpError(404, "Learner not found");
  return (await findLearner(tx, id))!;
}

export async function setCertificateProgress(
  db: Db,
  id: number,
  input: z.infer<typeof CertificateProgressInputSchema>,
  actor: Actor,
  now: Date,
) {
  return logged(db, actor, now, "Certificate progress recorded", `Learner ${id}`, async (tx) => {
    await needLearner(tx, id);
    await repo.updateRecord(tx, id, {
      certificateClaimedOn: input.claimed_on,
      certificateReceivedOn: input.received_on,
      certificateSentOn: input.sent_on,
      certificateSentHow: input.sent_how,
      updatedAt: now,
    });
    return progressOf(tx, (await findLearner(tx, id))!, now);
  });
}

export async function staffStep(
  db: Db,
  id: number,
  input: { step: LicenceStep; done: boolean; licence_number?: string | null; licence_expires_on?: string | null },
  actor: Actor,
  now: Date,
) {
  return logged(
    db,
    actor,
    now,
    "Licence step recorded",
    `Learner ${id}: ${input.step} ${input.done ? "done" : "undone"}`,
    async (tx) => {
      await needLearner(tx, id);
      await recordStep(tx, id, input, actor.name, now);
      return progressOf(tx, (await findLearner(tx, id))!, now);
    },
  );
}

export async function setPortalUntil(db: Db, id: number, until: string | null, actor: Actor, now: Date) {
  return logged(db, actor, now, "Learner portal date set", `Learner ${id}: ${until ?? "default"}`, async (tx) => {
    const row = await needLearner(tx, id);
    await repo.updateRecord(tx, id, { portalUntil: until, updatedAt: now });
    return { open_until: openUntil({ ...row.rec, portalUntil: until }, row.endDate) };
  });
}
