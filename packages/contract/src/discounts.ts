import { z } from "zod";
import { adminResponses, c, ErrorSchema, IdParams, IsoDate, isWholePence, LIST_MAX, MAX_INT, MAX_PRICE_POUNDS, MessageSchema, officeOnly, PageQuery, requiredText, TEXT_MAX } from "./common";

export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9]+$/;
export const GENERATED_CODE_LENGTH = 8;
/** active: usable today; scheduled: starts later; expired: past its last day; used_up: no uses left. */
export const DISCOUNT_STATUSES = ["active", "scheduled", "expired", "used_up"] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

export const DiscountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  percent_off: z.number().int(),
  /** 'YYYY-MM-DD' (first day the code works) */
  valid_from: z.string(),
  /** 'YYYY-MM-DD' (last day the code works, inclusive) */
  valid_until: z.string(),
  max_uses: z.number().int(),
  /** Uses taken by pending (held) and paid orders. */
  uses: z.number().int(),
  uses_left: z.number().int(),
  /** A fixed amount off in pounds (issue 13), instead of percent_off; never takes a total below £0. */
  amount_off: z.number().nullable().optional(),
  /** Courses the code is limited to; empty means every course. */
  course_ids: z.array(z.number().int()).optional(),
  /** What the office sees instead of 'uses left' alone. */
  status: z.enum(DISCOUNT_STATUSES).optional(),
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

/** A fixed amount off, in pounds (issue 13): more than £0, whole pence. */
const amountOff = z
  .number({ invalid_type_error: "Amount off must be greater than £0" })
  .gt(0, "Amount off must be greater than £0")
  .max(MAX_PRICE_POUNDS, "Amount off is too large")
  .refine(isWholePence, "Amount off must be in whole pence");

/** Courses a code is limited to; empty or absent = every course. */
const courseIds = z
  .array(z.number().int().positive().max(MAX_INT))
  .max(LIST_MAX)
  .refine((ids) => new Set(ids).size === ids.length, "Each course once");

/** Today's date in the UK, 'YYYY-MM-DD' (the business runs on UK time). */
export function todayInLondon(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(now);
}

/**
 * A code is a percentage (`percent_off`) or a fixed amount in pounds (`amount_off`): exactly one.
 * Neither keeps the spec's message for the percentage.
 */
/** Neither kind given: the percentage is the missing one (null fails `percent` with the spec's message, beside every other field's). */
const percentWhenNeither = (v: unknown) =>
  v && typeof v === "object" && !Array.isArray(v) && (v as Record<string, unknown>).percent_off === undefined && (v as Record<string, unknown>).amount_off === undefined
    ? { ...v, percent_off: null }
    : v;

const discountCreateFields = z
  .object({
    code,
    percent_off: percent.optional(),
    amount_off: amountOff.optional(),
    course_ids: courseIds.optional(),
    valid_from: requiredText("Start date is required").pipe(
      IsoDate.refine((d) => d >= todayInLondon(), "Start date cannot be in the past"),
    ),
    valid_until: requiredText("End date is required").pipe(IsoDate),
    max_uses: maxUses,
  })
  .superRefine((d, ctx) => {
    if (d.percent_off !== undefined && d.amount_off !== undefined)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount_off"], message: "Choose a percentage or a fixed amount, not both" });
  })
  .refine((d) => d.valid_until > d.valid_from, {
    message: "End date must be after start date",
    path: ["valid_until"],
  });
export const DiscountCreateSchema = z.preprocess(percentWhenNeither, discountCreateFields) as unknown as typeof discountCreateFields;
export type DiscountCreateInput = z.input<typeof DiscountCreateSchema>;

/** Edit screen: no form rules in the spec, but the API still keeps the data sane. */
export const DiscountUpdateSchema = z
  .object({
    code,
    percent_off: percent,
    /** Switches the code to a fixed amount (and `percent_off` back to a percentage). */
    amount_off: amountOff,
    course_ids: courseIds,
    valid_from: IsoDate,
    valid_until: IsoDate,
    max_uses: maxUses,
  })
  .partial()
  .refine((d) => d.percent_off === undefined || d.amount_off === undefined, {
    message: "Choose a percentage or a fixed amount, not both",
    path: ["amount_off"],
  });
export type DiscountUpdateInput = z.input<typeof DiscountUpdateSchema>;

export const DiscountValidationSchema = z.object({
  valid: z.boolean(),
  message: z.string(),
  discount: z.object({ percent_off: z.number().int() }).nullable(),
});
export type DiscountValidation = z.infer<typeof DiscountValidationSchema>;

export const discountsContract = c.router({
  list: {
    method: "GET",
    path: "/discounts",
    query: PageQuery.optional(),
    responses: { 200: z.array(DiscountSchema), ...adminResponses },
    metadata: officeOnly,
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
    responses: { 200: DiscountValidationSchema },
    summary: "Public coupon check: valid only inside its window and under its max uses",
  },
});
