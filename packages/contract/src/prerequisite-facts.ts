/**
 * The prerequisite questions a course may ask each attendee at checkout (course finder and prerequisites), without zod:
 * the site's cart page reads these labels and must not load the schemas (decision 258).
 */
export const PREREQUISITE_KEYS = ["licence_number", "licence_expiry", "earlier_training_date", "earlier_training_place"] as const;
export type PrerequisiteKey = (typeof PREREQUISITE_KEYS)[number];

/** The question each key asks (the checkout's label; the office's view). */
export const PREREQUISITE_LABELS: Record<PrerequisiteKey, string> = {
  licence_number: "Current SIA licence number",
  licence_expiry: "Licence expiry date",
  earlier_training_date: "When was your earlier training?",
  earlier_training_place: "Where was your earlier training (training centre)?",
};

/** Answers typed as dates. */
export const PREREQUISITE_DATES: readonly PrerequisiteKey[] = ["licence_expiry", "earlier_training_date"];

/** The required-answer message (the API and the checkout say the same words). */
export const answerRequiredMessage = (key: PrerequisiteKey) => `${PREREQUISITE_LABELS[key]} is required for this course`;

/** The course's questions an attendee left unanswered (the API refuses the booking while any is). */
export const missingAnswers = (asked: readonly string[], answers: Partial<Record<string, string>> | null | undefined) =>
  asked.filter((k) => !answers?.[k]?.trim());
