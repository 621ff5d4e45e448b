/** A course's settings (decision 369): read, and written with an activity entry naming what changed. */
import { LICENCE_KIND_LABELS, type CourseSettings } from "@app/contract";
import type { Db } from "../../db/client";
import { logActivity, type Actor } from "../activity";
import { findCourseSettings, writeCourseSettings } from "./settings-repository";

export const getCourseSettings = (db: Db, courseId: number) => findCourseSettings(db, courseId);

export async function updateCourseSettings(
  db: Db,
  courseId: number,
  next: CourseSettings,
  now: Date,
  actor: Actor,
): Promise<CourseSettings | null> {
  return db.transaction(async (tx) => {
    const written = await writeCourseSettings(tx, courseId, next);
    if (!written) return null;
    const saved = written.settings;
    const licence = saved.licence
      ? `${LICENCE_KIND_LABELS[saved.licence]}${saved.licence_renewal ? " (renewal)" : ""}`
      : "not licence-linked";
    await logActivity(tx, {
      type: "other",
      action: "Course settings changed",
      details: `${written.title}: ${licence}; learner form ${saved.learner_form ? "on" : "off"}; first aid ${
        saved.first_aid_required ? "required" : "not required"
      }; ${saved.side_box_benefits ? "own side box" : "site-wide side box"}; ${saved.assessment_text ? "own assessment text" : "site-wide assessment text"}`,
      actor,
      at: now,
    });
    return saved;
  });
}
