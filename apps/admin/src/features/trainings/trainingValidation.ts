/**
 * The training form checked with the contract's own schemas, and the zod issues mapped back to
 * the inputs that caused them (row indexes shift when blank rows were left out).
 */
import { TrainingCreateSchema, TrainingUpdateSchema } from "@app/contract";
import type { ZodIssue } from "zod";
import { blank } from "./trainingForm";
import type { FieldErrors, TrainingDraft } from "./trainingForm";
import { prepare, toCreatePayload, toUpdatePayload } from "./trainingPayload";
import type { Prepared } from "./trainingPayload";

/** Maps a path of the payload back to the draft's input key (row indexes differ when blank rows were skipped). */
function inputKey(path: ReadonlyArray<string | number>, p: Prepared): string {
  const [head, index, ...rest] = path;
  const lists: Record<string, Array<{ index: number }>> = {
    courseDates: p.dates,
    keyPoints: p.keyPoints,
    courseUnits: p.units,
    addOns: p.addOns,
  };
  if (head === "price" || head === "fee") return "price";
  if (typeof head === "string" && typeof index === "number" && lists[head]) {
    const original = lists[head][index]?.index ?? index;
    return [head, original, ...rest].join(".");
  }
  return path.join(".");
}

/**
 * An empty start date gets a plain "required" message rather than the schema's format hint. The
 * end date may stay blank: a one-day date (issue 13).
 */
function requiredDateErrors(p: Prepared): FieldErrors {
  const errors: FieldErrors = {};
  for (const { row, index } of p.dates) {
    if (blank(row.startDate)) errors[`courseDates.${index}.startDate`] = "Start date is required";
  }
  return errors;
}

export function issuesToErrors(issues: readonly ZodIssue[], p: Prepared): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = inputKey(issue.path, p);
    // The first message per input wins (e.g. 'Course title is required' before any length rule).
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

function validateWith(
  schema: typeof TrainingCreateSchema | typeof TrainingUpdateSchema,
  payload: unknown,
  draft: TrainingDraft,
): FieldErrors {
  const p = prepare(draft);
  const result = schema.safeParse(payload);
  const errors = result.success ? {} : issuesToErrors(result.error.issues, p);
  // A blank date gives "… is required" instead of the format message.
  return { ...errors, ...requiredDateErrors(p) };
}

/** Spec §5 "Create training" rules through the contract's schema; {} when the draft can be saved. */
export function validateCreate(draft: TrainingDraft): FieldErrors {
  return validateWith(TrainingCreateSchema, toCreatePayload(draft), draft);
}

/** The edit screen sends the same data; the API applies the update schema, so the form does too. */
export function validateUpdate(draft: TrainingDraft): FieldErrors {
  return validateWith(TrainingUpdateSchema, toUpdatePayload(draft), draft);
}

/**
 * "Errors clear as the field is corrected": after an edit, keep only the errors that are
 * still true, and never add new ones until the next save attempt.
 */
export function stillWrong(previous: FieldErrors, current: FieldErrors): FieldErrors {
  const next: FieldErrors = {};
  for (const key of Object.keys(previous)) {
    const message = current[key];
    if (message !== undefined) next[key] = message;
  }
  return next;
}
