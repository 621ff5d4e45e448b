/**
 * A course's settings that used to be guessed from its title (decision 369): the SIA licence it
 * leads to or renews, the first aid rule, the learner form, and the course page's side box and
 * assessment text. The office sets them per course; every course was seeded to match today's.
 */
import { z } from "zod";
import { adminResponses, c, ErrorSchema, IdParams, officeOnly, requiredText } from "./common";
import { LICENCE_KINDS } from "./learner-facts";

export { DEFAULT_ASSESSMENT_TEXT, DEFAULT_SIDE_BOX_BENEFITS } from "./course-facts";

export const SIDE_BOX_MAX_LINES = 6;
export const SIDE_BOX_LINE_MAX = 120;
export const ASSESSMENT_TEXT_MAX = 1000;

export const CourseSettingsSchema = z
  .object({
    /** The SIA licence the course leads to or renews; null: not licence-linked. */
    licence: z.enum(LICENCE_KINDS, { errorMap: () => ({ message: "Choose a licence or none" }) }).nullable(),
    /** A refresher or top-up (renews a licence; licence-renewal reminders point to it). */
    licence_renewal: z.boolean({ required_error: "Say whether the course renews a licence" }),
    /** Learners show a first aid qualification valid on the first day, on the learner form. */
    first_aid_required: z.boolean({ required_error: "Say whether learners need first aid" }),
    /** Attendees fill in the learner form (ID, address, SIA account link). */
    learner_form: z.boolean({ required_error: "Say whether attendees fill in the learner form" }),
    /** The side box's lines; null: the site-wide four. */
    side_box_benefits: z
      .array(requiredText("Write the line or remove it", SIDE_BOX_LINE_MAX))
      .min(1, "Give at least one line, or use the site-wide lines")
      .max(SIDE_BOX_MAX_LINES, `At most ${SIDE_BOX_MAX_LINES} lines`)
      .nullable(),
    /** The "Assessment" section's text; null: the site-wide wording. */
    assessment_text: requiredText("Write the assessment text, or use the site-wide wording", ASSESSMENT_TEXT_MAX).nullable(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.learner_form && !s.licence)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["learner_form"],
        message: "The learner form is for licence-linked courses: choose the licence first",
      });
    if (s.first_aid_required && !s.learner_form)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["first_aid_required"],
        message: "First aid is checked on the learner form: turn the learner form on",
      });
    if (s.licence_renewal && !s.licence)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["licence_renewal"],
        message: "Only a licence course can renew a licence",
      });
  });
export type CourseSettings = z.infer<typeof CourseSettingsSchema>;

export const courseSettingsContract = c.router({
  get: {
    method: "GET",
    path: "/courses/:id/settings",
    pathParams: IdParams,
    responses: { 200: CourseSettingsSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "A course's licence, first aid rule, learner form and course-page texts",
  },
  update: {
    method: "PUT",
    path: "/courses/:id/settings",
    pathParams: IdParams,
    body: CourseSettingsSchema,
    responses: { 200: CourseSettingsSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Sets a course's licence, first aid rule, learner form and course-page texts (new bookings follow them)",
  },
});
