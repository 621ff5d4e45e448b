/**
 * The learner dates list (decisions 530, 534): one page of the dates with learners, each with how
 * many learners it has and how many are not ready. The page's learners and units are read in one
 * query each; readiness is the register's rule (readinessOf), given what registerView gives it but
 * attendance and results, which `ready` does not read.
 */
import { LEARNER_DATES_RECENT_DAYS, type LearnerDateSummary, type LearnerDateWindow, type LicenceKind } from "@app/contract";
import type { Db } from "../../db/client";
import { addDays, ukDate } from "../../lib/dates";
import type { Page } from "../../lib/paging";
import * as repo from "./repository";
import { unitsOr } from "./register-view";
import { courseDays, readinessOf } from "./rules";
import { scopeOf, type Viewer } from "../trainers";

/** The office sees every date; a trainer only the dates assigned to them (decision 332). */
export async function listDates(
  db: Db,
  now: Date,
  viewer: Viewer,
  page: Page,
  when: LearnerDateWindow = "current",
): Promise<{ items: LearnerDateSummary[]; total: number }> {
  const today = ukDate(now);
  const scope = await scopeOf(db, viewer);
  const filter = { when, from: addDays(today, -LEARNER_DATES_RECENT_DAYS), scope: scope ? [...scope] : null };
  const [dates, total] = await Promise.all([
    repo.learnerDatesPage(db, filter, page.limit, page.offset),
    repo.countLearnerDates(db, filter),
  ]);
  const [learners, units] = await Promise.all([
    repo.learnersOfDates(
      db,
      dates.map((d) => d.id),
    ),
    repo.unitsOfCourses(db, [...new Set(dates.map((d) => d.course_id))]),
  ]);
  const items = dates.map((d): LearnerDateSummary => {
    const mine = learners.filter((r) => r.courseDateId === d.id);
    const unitTitles = unitsOr(units.filter((u) => u.courseId === d.course_id).map((u) => u.title));
    // A listed learner's place is on this date, so its course runs the date's days.
    const days = courseDays(d.start_date, d.end_date);
    // Attendance and results are left out: `ready` does not read them (a test compares with the board).
    const notReady = mine.filter((r) => {
      const { rec, hasEvidence } = r;
      const input = { rec, hasEvidence, courseStart: d.start_date, today, days, units: unitTitles, attendance: [], results: [] };
      return !readinessOf(input).ready;
    }).length;
    const kinds = mine.map((r) => r.licenceKind).sort();
    return {
      course_date_id: d.id,
      course_title: d.title,
      licence_kind: (kinds[0] ?? "door_supervisor") as LicenceKind,
      start_date: d.start_date,
      end_date: d.end_date,
      learners: mine.length,
      not_ready: notReady,
    };
  });
  return { items, total };
}
