import { DiscountCreateSchema, DiscountUpdateSchema, GENERATED_CODE_LENGTH } from "@app/contract";
import type { Discount, DiscountCreateInput, DiscountStatus } from "@app/contract";
import { discountSizeLabel, generateReadableCode, poundsToPence } from "@app/rules";

/**
 * Spec §2 'Generate': an 8-character code of capital letters and digits, from the platform's
 * cryptographic source, without look-alike characters (0/O, 1/I/L, 2/Z, 5/S, 8/B: decision 195).
 */
export function generateCode(length: number = GENERATED_CODE_LENGTH): string {
  return generateReadableCode(length);
}

/** The Discount Code input is auto-uppercased as typed. */
export const toCodeInput = (value: string) => value.toUpperCase();

/** A percentage off, or a fixed amount in pounds off (never below £0: the API caps it at the total). */
export type DiscountKind = "percent" | "amount";

export interface DiscountDraft {
  code: string;
  kind: DiscountKind;
  percent: string;
  amount: string;
  validFrom: string;
  validUntil: string;
  maxUses: string;
  /** Courses the code is limited to; none ticked = every course. */
  courseIds: number[];
}

export type DiscountField = keyof DiscountDraft;
export type DiscountErrors = Partial<Record<DiscountField, string>>;

export const emptyDiscountDraft = (): DiscountDraft => ({
  code: "",
  kind: "percent",
  percent: "",
  amount: "",
  validFrom: "",
  validUntil: "",
  maxUses: "",
  courseIds: [],
});

export function draftFromDiscount(d: Discount): DiscountDraft {
  const amount = d.amount_off;
  return {
    code: d.code,
    kind: amount !== null ? "amount" : "percent",
    percent: amount !== null || d.percent_off === null ? "" : String(d.percent_off),
    amount: amount !== null ? String(amount) : "",
    validFrom: d.valid_from.slice(0, 10),
    validUntil: d.valid_until.slice(0, 10),
    maxUses: String(d.max_uses),
    courseIds: d.course_ids,
  };
}

const num = (text: string): number | undefined => (text.trim() === "" ? undefined : Number(text));

/** The API's field names: `percent_off` or `amount_off` (pounds) by the kind chosen, and the course limit. */
export function toPayload(draft: DiscountDraft): DiscountCreateInput {
  return {
    code: draft.code.trim(),
    ...(draft.kind === "amount" ? { amount_off: num(draft.amount) as number } : { percent_off: num(draft.percent) as number }),
    valid_from: draft.validFrom,
    valid_until: draft.validUntil,
    max_uses: num(draft.maxUses) as number,
    course_ids: draft.courseIds,
  };
}

const FIELD_OF: Record<string, DiscountField> = {
  code: "code",
  percent_off: "percent",
  amount_off: "amount",
  valid_from: "validFrom",
  valid_until: "validUntil",
  max_uses: "maxUses",
  course_ids: "courseIds",
};

export const AMOUNT_REQUIRED = "Amount off must be greater than £0";

/** A fixed-amount code with no amount: say so under the amount (the schema would name the percentage). */
function kindErrors(draft: DiscountDraft, errors: DiscountErrors): DiscountErrors {
  if (draft.kind !== "amount") return errors;
  const { percent: _percent, ...rest } = errors;
  return draft.amount.trim() === "" ? { ...rest, amount: AMOUNT_REQUIRED } : rest;
}

export function issuesToErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<string | number> | string; message: string }>,
): DiscountErrors {
  const errors: DiscountErrors = {};
  for (const issue of issues) {
    const head = typeof issue.path === "string" ? issue.path.split(".")[0] : issue.path[0];
    const field = FIELD_OF[String(head)];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Spec §5 "Create discount" through the contract's schema; {} when the code can be created. */
export function validateCreateDiscount(draft: DiscountDraft): DiscountErrors {
  const result = DiscountCreateSchema.safeParse(toPayload(draft));
  const errors = kindErrors(draft, result.success ? {} : issuesToErrors(result.error.issues));
  // zod runs the cross-field rule only once every field is valid; say it at once instead.
  if (!errors.validUntil && draft.validFrom && draft.validUntil && draft.validUntil <= draft.validFrom) {
    errors.validUntil = END_AFTER_START;
  }
  return errors;
}

const END_AFTER_START = "End date must be after start date";

/** The edit screen sends the same fields; the API checks them with the update schema. */
export function validateUpdateDiscount(draft: DiscountDraft): DiscountErrors {
  const result = DiscountUpdateSchema.safeParse(toPayload(draft));
  return kindErrors(draft, result.success ? {} : issuesToErrors(result.error.issues));
}

export const hasErrors = (errors: DiscountErrors) => Object.values(errors).some(Boolean);

/** "3 of 5 uses left", "No uses left". */
export function usesLeftText(d: Pick<Discount, "uses_left" | "max_uses">): string {
  if (d.uses_left <= 0) return "No uses left";
  return `${d.uses_left} of ${d.max_uses} ${d.max_uses === 1 ? "use" : "uses"} left`;
}

export const STATUS_LABELS: Record<DiscountStatus, string> = {
  active: "Active",
  scheduled: "Scheduled",
  expired: "Expired",
  used_up: "Used up",
};

/** '15% off' or '£7.50 off': the shared rule the API's messages and activity entries use too. */
export function discountSizeText(d: Pick<Discount, "percent_off" | "amount_off">): string {
  return discountSizeLabel({
    percentOff: d.percent_off,
    amountOffPence: d.amount_off == null ? null : poundsToPence(d.amount_off),
  });
}
