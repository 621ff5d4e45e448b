/** Course-page wording shared by the API and the site, without zod (the site imports it into its course page). */

/** Spec §2: the side box's four benefit lines, shown when a course has none of its own. */
export const DEFAULT_SIDE_BOX_BENEFITS = [
  "Instant, unlimited access to our e-learning and revision portal",
  "Instant exam results on the day",
  "Results and certificate within 4 working days",
  "Free help setting up your SIA account and licence application",
] as const;

/** The course page's assessment text when a course has none of its own (licence courses). */
export const DEFAULT_ASSESSMENT_TEXT =
  "You will be assessed by multiple-choice exams and practical assessments. Practical assessments are video recorded, including your search techniques and physical intervention skills, so the awarding body can verify them.";
