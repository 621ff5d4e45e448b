import { z } from "zod";
import { ukDate } from "@app/rules";
import {
  adminResponses,
  c,
  ErrorSchema,
  IdParams,
  isWholePence,
  IsoDate,
  LIST_MAX,
  MAX_INT,
  MAX_PRICE_POUNDS,
  MessageSchema,
  officeOnly,
  PageQuery,
  Pounds,
  requiredText,
  TEXT_MAX,
} from "./common";

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9]+$/;
export const GENERATED_CODE_LENGTH = 8;
/** active: usable today; scheduled: starts later; expired: past its last day; used_up: no uses left. */
export const DISCOUNT_STATUSES = ["active", "scheduled", "expired", "used_up"] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

export const DiscountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** Percent off (1-100), or null for a fixed-amount code. */
  percent_off: z.number().int().nullable(),
  /** 'YYYY-MM-DD' (first day the code works) */
  valid_from: z.string(),
  /** 'YYYY-MM-DD' (last day the code works, inclusive) */
  valid_until: z.string(),
  max_uses: z.number().int(),
  /** Uses taken by pending (held) and paid orders. */
  uses: z.number().int(),
  uses_left: z.number().int(),
  /** A fixed amount off in pounds (office booking tools), instead of percent_off; never takes a total below £0. */
  amount_off: Pounds.nullable(),
  /** Courses the code is limited to; empty means every course. */
  course_ids: z.array(z.number().int()),
  /** What the office sees instead of 'uses left' alone. */
  status: z.enum(DISCOUNT_STATUSES),
});
export type Discount = z.infer<typeof DiscountSchema>;

const code = requiredText("Discount code is required").pipe(
  z
    .string()
    .min(3, "Code must be at least 3 characters")
    .max(TEXT_MAX.code, `Code must be at most ${TEXT_MAX.code} characters`)
    .regex(DISCOUNT_CODE_PATTERN, "Code must contain only uppercase letters and numbers"),
);

const percent = z
  .number({ required_error: "Discount must be greater than 0%", invalid_type_error: "Discount must be greater than 0%" })
  .int("Discount must be a whole number")
  .gt(0, "Discount must be greater than 0%")
  .max(100, "Discount cannot exceed 100%");

const maxUses = z
  .number({ required_error: "Max uses must be greater than 0", invalid_type_error: "Max uses must be greater than 0" })
  .int("Max uses must be a whole number")
  .gt(0, "Max uses must be greater than 0")
  .max(MAX_INT, "Max uses is too large");

/** A fixed amount off, in pounds (at most 2 decimals). */
const amountOff = z
  .number({ invalid_type_error: "Amount off must be greater than £0" })
  .gt(0, "Amount off must be greater than £0")
  .max(MAX_PRICE_POUNDS, "Amount off is too large")
  .refine(isWholePence, "Use at most 2 decimals");

/** The courses a code is limited to (none: every course). */
const courseIds = z
  .array(
    z
      .number({ invalid_type_error: "Unknown course" })
      .int("Unknown course")
      .positive("Unknown course")
      .max(MAX_INT, "Unknown course"),
    {
      invalid_type_error: "Choose the courses from the list",
    },
  )
  .max(LIST_MAX, "Too many courses")
  .transform((ids) => [...new Set(ids)]);

export const ONE_DISCOUNT_KIND_MESSAGE = "Give either a percentage or an amount off, not both";

/** Exactly one kind: a percentage or a fixed amount (with neither, the percentage's own message). */
function oneKind(d: { percent_off?: number | null; amount_off?: number | null }, ctx: z.RefinementCtx, required: boolean) {
  const hasPercent = d.percent_off != null;
  const hasAmount = d.amount_off != null;
  if (hasPercent && hasAmount)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount_off"], message: ONE_DISCOUNT_KIND_MESSAGE });
  if (required && !hasPercent && !hasAmount)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["percent_off"], message: "Discount must be greater than 0%" });
}

/**
 * The kind of a new code, checked apart from the other fields (an intersection), so an empty form
 * is told every required field at once, the percentage included.
 */
const DiscountKindSchema = z
  .object({
    percent_off: percent.optional().nullable(),
    /** Pounds off instead of a percentage (exactly one of the two). */
    amount_off: amountOff.optional().nullable(),
  })
  .superRefine((d, ctx) => oneKind(d, ctx, true));

export const DiscountCreateSchema = z
  .object({
    code,
    valid_from: requiredText("Start date is required").pipe(
      IsoDate.refine((d) => d >= ukDate(), "Start date cannot be in the past"),
    ),
    valid_until: requiredText("End date is required").pipe(IsoDate),
    max_uses: maxUses,
    course_ids: courseIds.optional(),
  })
  .refine((d) => d.valid_until > d.valid_from, {
    message: "End date must be after start date",
    path: ["valid_until"],
  })
  .and(DiscountKindSchema);
export type DiscountCreateInput = z.input<typeof DiscountCreateSchema>;

/** Edit screen: no form rules in the spec, but the API still keeps the data sane. */
export const DiscountUpdateSchema = z
  .object({
    code,
    /** Setting one kind switches the code to it (the other is cleared); null: not this kind. */
    percent_off: percent.nullable(),
    amount_off: amountOff.nullable(),
    valid_from: IsoDate,
    valid_until: IsoDate,
    max_uses: maxUses,
    /** Replaces the course limit ([]: every course). */
    course_ids: courseIds,
  })
  .partial()
  .superRefine((d, ctx) => oneKind(d, ctx, false));
export type DiscountUpdateInput = z.input<typeof DiscountUpdateSchema>;

export const DiscountValidationSchema = z.object({
  valid: z.boolean(),
  message: z.string(),
  discount: z
    .object({
      /** Percent off, or null for a fixed-amount code. */
      percent_off: z.number().int().nullable(),
      /** Pounds off the order (the courses it applies to), or null for a percentage code. */
      amount_off: Pounds.nullable(),
      /** The courses it applies to; empty: every course. */
      course_ids: z.array(z.number().int()),
    })
    .nullable(),
});

/** The cart's course ids for /discounts/validate ('3,7'): a code limited to other courses is refused. */
export const DiscountValidateQuery = z.object({
  course_ids: z
    .string()
    .max(TEXT_MAX.details)
    .regex(/^\d{1,10}(,\d{1,10})*$/, "Unknown course")
    .transform((v) => v.split(",").map(Number))
    .optional(),
});
export type DiscountValidation = z.infer<typeof DiscountValidationSchema>;

export const discountsContract = c.router({
  list: {
    method: "GET",
    path: "/discounts",
    query: PageQuery.optional(),
    responses: { 200: z.array(DiscountSchema), ...adminResponses },
    metadata: { ...officeOnly, totalCount: true },
  },
  byId: {
    method: "GET",
    path: "/discounts/:id",
    pathParams: IdParams,
    responses: { 200: DiscountSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  create: {
    method: "POST",
    path: "/discounts",
    body: DiscountCreateSchema,
    responses: { 201: DiscountSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  update: {
    method: "PUT",
    path: "/discounts/:id",
    pathParams: IdParams,
    body: DiscountUpdateSchema,
    responses: { 200: DiscountSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  remove: {
    method: "DELETE",
    path: "/discounts/:id",
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 200: MessageSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  validate: {
    method: "GET",
    path: "/discounts/validate/:code",
    pathParams: z.object({ code: z.string().max(TEXT_MAX.reference) }),
    query: DiscountValidateQuery.optional(),
    responses: { 200: DiscountValidationSchema },
    summary: "Public coupon check: valid only inside its window and under its max uses",
  },
});
