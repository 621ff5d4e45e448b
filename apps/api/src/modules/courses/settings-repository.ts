/** A course's settings (licence, first aid rule, learner form, course-page texts; decision 369). */
import { and, eq, isNull } from "drizzle-orm";
import type { CourseSettings, LicenceKind } from "@app/contract";
import type { DbOrTx } from "../../db/client";
import { courses } from "../../db/schema";

type SettingsColumns = Pick<
  typeof courses.$inferSelect,
  "licence" | "licenceRenewal" | "firstAidRequired" | "learnerForm" | "sideBoxBenefits" | "assessmentText"
>;

const columns = {
  licence: courses.licence,
  licenceRenewal: courses.licenceRenewal,
  firstAidRequired: courses.firstAidRequired,
  learnerForm: courses.learnerForm,
  sideBoxBenefits: courses.sideBoxBenefits,
  assessmentText: courses.assessmentText,
};

export const settingsOf = (c: SettingsColumns): CourseSettings => ({
  licence: (c.licence as LicenceKind | null) ?? null,
  licence_renewal: c.licenceRenewal,
  first_aid_required: c.firstAidRequired,
  learner_form: c.learnerForm,
  side_box_benefits: c.sideBoxBenefits ?? null,
  assessment_text: c.assessmentText ?? null,
});

/** The settings of a live (not deleted) course, or null. */
export async function findCourseSettings(db: DbOrTx, courseId: number): Promise<CourseSettings | null> {
  const [row] = await db
    .select(columns)
    .from(courses)
    .where(and(eq(courses.id, courseId), isNull(courses.archivedAt)));
  return row ? settingsOf(row) : null;
}

/** The course row's columns of a course's settings. */
export const settingsColumns = (s: CourseSettings) => ({
  licence: s.licence,
  licenceRenewal: s.licence_renewal,
  firstAidRequired: s.first_aid_required,
  learnerForm: s.learner_form,
  sideBoxBenefits: s.side_box_benefits,
  assessmentText: s.assessment_text,
});

/** Writes a live course's settings (null: no such course). Bookings made from now on follow them. */
export async function writeCourseSettings(
  db: DbOrTx,
  courseId: number,
  s: CourseSettings,
): Promise<{ title: string; settings: CourseSettings } | null> {
  const [row] = await db
    .update(courses)
    .set(settingsColumns(s))
    .where(and(eq(courses.id, courseId), isNull(courses.archivedAt)))
    .returning({ ...columns, title: courses.title });
  return row ? { title: row.title, settings: settingsOf(row) } : null;
}
