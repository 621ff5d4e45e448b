import { DiscountCreateSchema, DiscountUpdateSchema, GENERATED_CODE_LENGTH } from "@app/contract";
import type { Discount, DiscountCreateInput } from "@app/contract";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
// The largest multiple of 36 that fits in a byte: bytes at or above it are redrawn, so every
// character is equally likely (a plain `byte % 36` would favour the first 4 characters).
const LIMIT = 256 - (256 % ALPHABET.length);

type RandomFill = (bytes: Uint8Array) => Uint8Array;
const cryptoFill: RandomFill = (bytes) => crypto.getRandomValues(bytes);

/** Spec §2 'Generate': an 8-character code of capital letters and digits, from crypto.getRandomValues. */
export function generateCode(length: number = GENERATED_CODE_LENGTH, fill: RandomFill = cryptoFill): string {
  let code = "";
  while (code.length < length) {
    for (const byte of fill(new Uint8Array(length * 2))) {
      if (byte < LIMIT) code += ALPHABET[byte % ALPHABET.length];
      if (code.length === length) break;
    }
  }
  return code;
}

/** The Discount Code input is auto-uppercased as typed. */
export const toCodeInput = (value: string) => value.toUpperCase();

export interface DiscountDraft {
  code: string;
  percent: string;
  validFrom: string;
  validUntil: string;
  maxUses: string;
}

export type DiscountField = keyof DiscountDraft;
export type DiscountErrors = Partial<Record<DiscountField, string>>;

export const emptyDiscountDraft = (): DiscountDraft => ({ code: "", percent: "", validFrom: "", validUntil: "", maxUses: "" });

export function draftFromDiscount(d: Discount): DiscountDraft {
  return {
    code: d.code,
    percent: String(d.percent_off),
    validFrom: d.valid_from.slice(0, 10),
    validUntil: d.valid_until.slice(0, 10),
    maxUses: String(d.max_uses),
  };
}

const num = (text: string): number | undefined => (text.trim() === "" ? undefined : Number(text));

/** The API's field names. */
export function toPayload(draft: DiscountDraft): DiscountCreateInput {
  return {
    code: draft.code.trim(),
    percent_off: num(draft.percent) as number,
    valid_from: draft.validFrom,
    valid_until: draft.validUntil,
    max_uses: num(draft.maxUses) as number,
  };
}

const FIELD_OF: Record<string, DiscountField> = {
  code: "code",
  percent_off: "percent",
  valid_from: "validFrom",
  valid_until: "validUntil",
  max_uses: "maxUses",
};

export function issuesToErrors(issues: ReadonlyArray<{ path: ReadonlyArray<string | number> | string; message: string }>): DiscountErrors {
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
  const errors = result.success ? {} : issuesToErrors(result.error.issues);
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
  return result.success ? {} : issuesToErrors(result.error.issues);
}

export const hasErrors = (errors: DiscountErrors) => Object.values(errors).some(Boolean);

/** "3 of 5 uses left", "No uses left". */
export function usesLeftText(d: Pick<Discount, "uses_left" | "max_uses">): string {
  if (d.uses_left <= 0) return "No uses left";
  return `${d.uses_left} of ${d.max_uses} ${d.max_uses === 1 ? "use" : "uses"} left`;
}
