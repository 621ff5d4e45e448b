import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { courses } from "./catalogue";
import { learnerRecords } from "./learners";
import { createdAt, tstz, updatedAt } from "./types";

/**
 * The learner's portal (issue 31, decisions 350-359): one study unit per course unit that has
 * revision or a mock paper, with its paper settings (questions, minutes, pass mark).
 */
export const studyUnits = pgTable(
  "study_units",
  {
    id: serial("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: smallint("position").notNull().default(0),
    questionCount: smallint("question_count").notNull().default(20),
    minutes: smallint("minutes").notNull().default(30),
    passPercent: smallint("pass_percent").notNull().default(70),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("study_units_course_title_key").on(t.courseId, t.title)],
);

/** A section of revision: the office's Markdown and the sanitised HTML made from it when saved. */
export const revisionSections = pgTable(
  "revision_sections",
  {
    id: serial("id").primaryKey(),
    unitId: integer("unit_id")
      .notNull()
      .references(() => studyUnits.id, { onDelete: "cascade" }),
    position: smallint("position").notNull().default(0),
    title: text("title").notNull(),
    body: text("body").notNull(),
    html: text("html").notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index("revision_sections_unit_idx").on(t.unitId, t.position)],
);

export const revisionProgress = pgTable(
  "revision_progress",
  {
    learnerId: integer("learner_id")
      .notNull()
      .references(() => learnerRecords.id, { onDelete: "cascade" }),
    sectionId: integer("section_id")
      .notNull()
      .references(() => revisionSections.id, { onDelete: "cascade" }),
    doneAt: tstz("done_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.learnerId, t.sectionId] })],
);

export const mockQuestions = pgTable(
  "mock_questions",
  {
    id: serial("id").primaryKey(),
    unitId: integer("unit_id")
      .notNull()
      .references(() => studyUnits.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    options: text("options").array().notNull(),
    /** Index (0-3) of the right option. */
    correct: smallint("correct").notNull(),
    explanation: text("explanation").notNull(),
    /** Archived questions leave new papers but stay readable in old attempts. */
    archivedAt: tstz("archived_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("mock_questions_unit_idx").on(t.unitId),
    check("mock_questions_four_options", sql`cardinality(${t.options}) = 4`),
    check("mock_questions_correct", sql`${t.correct} between 0 and 3`),
  ],
);

/**
 * One sitting of a mock paper. The server sets `deadline_at` when the paper is drawn; answers
 * saved after it are refused, so a reload or a second tab cannot extend the time (decision 352).
 * `answers[i]` is the option chosen for `question_ids[i]` (-1 = not answered).
 */
export const mockAttempts = pgTable(
  "mock_attempts",
  {
    id: serial("id").primaryKey(),
    learnerId: integer("learner_id")
      .notNull()
      .references(() => learnerRecords.id, { onDelete: "cascade" }),
    unitId: integer("unit_id")
      .notNull()
      .references(() => studyUnits.id, { onDelete: "cascade" }),
    questionIds: integer("question_ids").array().notNull(),
    answers: smallint("answers").array().notNull(),
    passPercent: smallint("pass_percent").notNull(),
    startedAt: tstz("started_at").notNull(),
    deadlineAt: tstz("deadline_at").notNull(),
    submittedAt: tstz("submitted_at"),
    correct: integer("correct"),
    passed: boolean("passed"),
  },
  (t) => [index("mock_attempts_learner_idx").on(t.learnerId, t.unitId)],
);

/** Licence application steps done, by the learner ('learner') or a member of staff (their name). */
export const licenceSteps = pgTable(
  "licence_steps",
  {
    learnerId: integer("learner_id")
      .notNull()
      .references(() => learnerRecords.id, { onDelete: "cascade" }),
    step: text("step").notNull(),
    doneAt: tstz("done_at").notNull(),
    recordedBy: text("recorded_by").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.learnerId, t.step] }),
    check("licence_steps_step", sql`${t.step} in ('account', 'qualification', 'application', 'id_check', 'fee', 'granted')`),
  ],
);
