/**
 * The office's content of the learner's portal (issue 31): study units with their paper
 * settings, revision sections (Markdown made safe HTML, decision 351) and the question bank.
 * Every change is written to the activity log with it.
 */
import type { z } from "zod";
import type { QuestionInputSchema, SectionInputSchema, StudyUnit, UnitInputSchema, UnitSettingsSchema } from "@app/contract";
import type { Db, DbOrTx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { logActivity, type Actor } from "../activity";
import { renderMarkdown } from "./markdown";
import * as repo from "./repository";

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

export async function logged<T>(
  db: Db,
  actor: Actor,
  now: Date,
  action: string,
  details: string,
  work: (tx: DbOrTx) => Promise<T>,
) {
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
