/**
 * The learner dates list (decision 530): one page of the dates with learners, each with how many
 * learners it has and how many are not ready. The page's learners, attendance, results and units
 * are read in one query each; readiness is the register's rule (registerView, readinessOf).
 */
import { LEARNER_DATES_RECENT_DAYS, type LearnerDateSummary, type LearnerDateWindow, type LicenceKind } from "@app/contract";
import type { Db } from "../../db/client";
import { addDays, ukDate } from "../../lib/dates";
import type { Page } from "../../lib/paging";
import * as repo from "./repository";
import { registerView, unitsOr } from "./register-view";
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
  const dateIds = dates.map((d) => d.id);
  const rows = await repo.learnersOfDates(db, dateIds);
  const ids = rows.map((r) => r.rec.id);
  const [attendance, results, units] = await Promise.all([
    repo.attendanceOf(db, ids),
    repo.resultsOf(db, ids),
    repo.unitsOfCourses(db, [...new Set(dates.map((d) => d.course_id))]),
  ]);
  const byLearner = <T extends { learnerId: number }>(xs: T[]) => {
    const m = new Map<number, T[]>();
    for (const x of xs) m.set(x.learnerId, [...(m.get(x.learnerId) ?? []), x]);
    return m;
  };
  const attendanceBy = byLearner(attendance);
  const resultsBy = byLearner(results);
  const items = dates.map((d): LearnerDateSummary => {
    const mine = rows.filter((r) => r.courseDateId === d.id);
    const unitTitles = unitsOr(units.filter((u) => u.courseId === d.course_id).map((u) => u.title));
    const notReady = mine.filter((r) => {
      const data = { attendance: attendanceBy.get(r.rec.id) ?? [], results: resultsBy.get(r.rec.id) ?? [] };
      return !registerView(r, data, unitTitles, today).readiness.ready;
    }).length;
    const kinds = mine.map((r) => r.rec.licenceKind).sort();
    const titles = mine.map((r) => r.itemTitle).sort();
    return {
      course_date_id: d.id,
      course_title: d.title ?? titles[0] ?? "",
      licence_kind: (kinds[0] ?? "door_supervisor") as LicenceKind,
      start_date: d.start_date,
      end_date: d.end_date,
      learners: mine.length,
      not_ready: notReady,
    };
  });
  return { items, total };
}
