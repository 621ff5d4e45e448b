/**
 * The office's side of the learner's portal (issue 31): mock scores beside the readiness board,
 * certificate progress, licence steps and the portal's date. Every change and every staff view of
 * a learner's answers goes to the activity log (decision 356).
 */
import { MOCK_FLAG_DAYS, mockFlagged } from "@app/rules";
import type { z } from "zod";
import { type Attempt, type CertificateProgressInputSchema, type LicenceStep, type MockBoard } from "@app/contract";
import type { Db, DbOrTx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { addDays, ukDate } from "../../lib/dates";
import { logActivity, type Actor } from "../activity";
import { findLearner, learnersByKeys, learnersOfDate, lockLearner, type LearnerKeys, type LearnerRow } from "../learners";
import type { Page } from "../../lib/paging";
import { logged } from "./content";
import { recordStep } from "./learner";
import * as repo from "./repository";
import { scopeOf, type Viewer } from "../trainers";
import { attemptView, certificateView, licenceView, openUntil, percentOf, stuckOf } from "./views";

/** Best and latest mock score per learner and unit of a date; flagged from 2 days before the exam. */
export async function mockBoard(db: Db, dateId: number, now: Date, viewer: Viewer): Promise<MockBoard> {
  // A trainer sees only the course dates the office gave them (decision 332), as on the board itself.
  const scope = await scopeOf(db, viewer);
  const date = scope && !scope.has(dateId) ? null : await repo.findCourseDate(db, dateId);
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
export async function attemptForStaff(db: Db, learnerId: number, attemptId: number, actor: Viewer, now: Date): Promise<Attempt> {
  return db.transaction(async (tx) => {
    const scope = await scopeOf(tx, actor);
    const found = await findLearner(tx, learnerId);
    const row = found && scope && !scope.has(found.courseDateId ?? -1) ? null : found;
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
    portal_until: openUntil(row.rec, row.endDate),
    certificate: certificateView(row.rec, resultsOn, today),
    licence: licenceView(row.rec, steps),
    ...stuck,
    stuck_days: since ? Math.max(0, Math.round((Date.parse(today) - Date.parse(since)) / 86_400_000)) : null,
  };
}

/**
 * Learners with results whose certificate or licence is still open, longest stuck first (decision
 * 533): the segments' counts give the total and where the page starts; the page is read from the
 * kept keys' index segment by segment, its learners and steps by their keys. One snapshot, so the
 * total and the page agree.
 */
export async function progressList(db: Db, now: Date, page: Page) {
  const today = ukDate(now);
  return db.transaction(
    async (tx) => {
      const counts = await repo.countProgressSegments(tx, today);
      const open: (LearnerKeys & { results_on: string | null })[] = [];
      let skip = page.offset;
      for (const segment of repo.PROGRESS_SEGMENTS) {
        const want = page.limit - open.length;
        if (want <= 0) break;
        if (skip >= counts[segment]) {
          skip -= counts[segment];
          continue;
        }
        open.push(...(await repo.progressSegmentPage(tx, segment, today, want, skip)));
        skip = 0;
      }
      const ids = open.map((o) => o.id);
      const [steps, rows] = await Promise.all([repo.stepsOf(tx, ids), learnersByKeys(tx, open)]);
      const byId = new Map(rows.map((r) => [r.rec.id, r]));
      const items = open.flatMap((o) => {
        const row = byId.get(o.id);
        return row ? [progressView(row, steps, o.results_on, now)] : [];
      });
      return { items, total: counts.past + counts.current + counts.none };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
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
    await repo.setCertificateProgress(tx, id, {
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
