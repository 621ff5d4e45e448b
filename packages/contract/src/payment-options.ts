/**
 * Deposits, balances and instalments: the office's payment options (site-wide and per course;
 * they apply to new bookings only, an order keeps the terms it was placed under), the offers a
 * cart gets at checkout, and the balance page a secret link in the mails opens.
 */
import { z } from "zod";
import { adminResponses, c, ErrorSchema, IdParams, officeOnly, Pounds } from "./common";
import { TEXT_MAX } from "./order-facts";
import { OrderCourseInputSchema } from "./orders";
import { PAYMENT_PLANS } from "./payment-plan-facts";

export * from "./payment-plan-facts";

/** The most days before the first day a balance can be due (a year). */
export const MAX_BALANCE_DUE_DAYS = 365;

/**
 * The payment options as the office edits them. `deposit_value` is pounds per place for a fixed
 * deposit (e.g. 30) and a percentage of each place's price for a percentage (e.g. 25).
 */
export const PaymentOptionsSchema = z
  .object({
    deposit_enabled: z.boolean({
      required_error: "Say whether a deposit can be paid",
      invalid_type_error: "Say whether a deposit can be paid",
    }),
    deposit_kind: z.enum(["fixed", "percent"], { errorMap: () => ({ message: "Choose a fixed deposit or a percentage" }) }),
    deposit_value: z
      .number({ required_error: "Enter the deposit per place", invalid_type_error: "Enter the deposit per place" })
      .positive("The deposit must be more than 0")
      .max(100_000, "The deposit is too large"),
    balance_due_days: z
      .number({
        required_error: "Enter how many days before the course the balance is due",
        invalid_type_error: "Enter how many days before the course the balance is due",
      })
      .int("Use whole days")
      .min(0, "Use 0 or more days")
      .max(MAX_BALANCE_DUE_DAYS, `Use at most ${MAX_BALANCE_DUE_DAYS} days`),
    instalments_enabled: z.boolean({
      invalid_type_error: "Say whether instalments are offered",
      required_error: "Say whether instalments are offered",
    }),
    klarna_enabled: z.boolean({
      invalid_type_error: "Say whether Klarna is offered",
      required_error: "Say whether Klarna is offered",
    }),
    overdue_action: z.enum(["keep", "release"], { errorMap: () => ({ message: "Choose to keep or release an unpaid place" }) }),
    overdue_release_days: z
      .number({
        required_error: "Enter after how many days an unpaid place is released",
        invalid_type_error: "Enter after how many days an unpaid place is released",
      })
      .int("Use whole days")
      .min(1, "Use at least 1 day")
      .max(90, "Use at most 90 days"),
    hold_results_until_paid: z.boolean({
      invalid_type_error: "Say whether results wait until paid",
      required_error: "Say whether results wait until paid",
    }),
  })
  .strict()
  .superRefine((v, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["deposit_value"], message });
    if (v.deposit_kind === "percent") {
      if (!Number.isInteger(v.deposit_value)) issue("Use a whole percentage");
      else if (v.deposit_value > 100) issue("Use a percentage up to 100");
    } else if (Math.abs(Math.round(v.deposit_value * 100) - v.deposit_value * 100) > 1e-6) issue("Use at most 2 decimals");
  });
export type PaymentOptionsInput = z.infer<typeof PaymentOptionsSchema>;

/** A course's options: its own, or the site-wide ones (`use_site_wide`, shown as they are now). */
export const CoursePaymentOptionsSchema = z.discriminatedUnion("use_site_wide", [
  z.object({ use_site_wide: z.literal(true), options: PaymentOptionsSchema.optional() }).strict(),
  z.object({ use_site_wide: z.literal(false), options: PaymentOptionsSchema }).strict(),
]);

export const CoursePaymentOptionsAnswerSchema = z.object({
  use_site_wide: z.boolean(),
  /** The options in force for the course's new bookings. */
  options: PaymentOptionsSchema,
});

/** One way of paying a cart, as checkout shows it. */
export const PaymentOfferSchema = z.object({
  plan: z.enum(PAYMENT_PLANS),
  label: z.string(),
  pay_today: Pounds,
  due_later: Pounds,
  /** The last day anything is due ('YYYY-MM-DD'), or null. */
  due_on: z.string().nullable(),
  schedule: z.array(z.object({ due_on: z.string(), amount: Pounds })),
});

export const PaymentOffersRequestSchema = z
  .object({
    courses: z.array(OrderCourseInputSchema).min(1, "Your cart is empty").max(20, "Too many courses in one order"),
    discount_code: z
      .string()
      .max(TEXT_MAX.code, "Invalid discount code")
      .trim()
      .optional()
      .nullable()
      .transform((v) => (v ? v.toUpperCase() : undefined)),
  })
  .strict();

export const PaymentOffersSchema = z.object({
  total: Pounds,
  offers: z.array(PaymentOfferSchema),
  /** What happens to a deposit when the booking is cancelled (the booking terms' words). */
  deposit_terms: z.string(),
});

/** What the balance page shows (the token in the link is the secret). */
export const BalanceSchema = z.object({
  booking_reference: z.string(),
  name: z.string(),
  courses: z.array(z.object({ title: z.string(), date_label: z.string(), seats: z.number().int() })),
  total: Pounds,
  amount_paid: Pounds,
  amount_due: Pounds,
  /** 'YYYY-MM-DD' */
  due_on: z.string().nullable(),
  paid_in_full: z.boolean(),
  /** The order was cancelled or released: nothing can be paid. */
  closed: z.boolean(),
});

/** The words of the booking terms on deposits (also on the checkout and the terms page). */
export const DEPOSIT_TERMS =
  "A deposit secures your places. If you cancel, the deposit is not refunded; anything paid above it is refunded under our usual cancellation terms. If the balance is not paid by its due date, we may release your places.";

const TokenParams = z.object({ token: z.string().min(16, "Payment link not found").max(TEXT_MAX.reference) });

export const paymentOptionsContract = c.router({
  siteOptions: {
    method: "GET",
    path: "/payment-options",
    responses: { 200: PaymentOptionsSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "The site-wide payment options (deposits, balance due date, instalments, Klarna, overdue handling)",
  },
  setSiteOptions: {
    method: "PUT",
    path: "/payment-options",
    body: PaymentOptionsSchema,
    responses: { 200: PaymentOptionsSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Sets the site-wide payment options; they apply to new bookings only",
  },
  courseOptions: {
    method: "GET",
    path: "/courses/:id/payment-options",
    pathParams: IdParams,
    responses: { 200: CoursePaymentOptionsAnswerSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "A course's payment options: its own or the site-wide ones",
  },
  setCourseOptions: {
    method: "PUT",
    path: "/courses/:id/payment-options",
    pathParams: IdParams,
    body: CoursePaymentOptionsSchema,
    responses: { 200: CoursePaymentOptionsAnswerSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Gives a course its own payment options, or makes it use the site-wide ones; new bookings only",
  },
  offers: {
    method: "POST",
    path: "/payment-offers",
    body: PaymentOffersRequestSchema,
    responses: { 200: PaymentOffersSchema, 404: ErrorSchema, 409: ErrorSchema },
    summary: "The ways of paying a cart (Full Payment, Deposit, Installment Plan, Klarna): today, later and when",
  },
  balance: {
    method: "GET",
    path: "/balance/:token",
    pathParams: TokenParams,
    responses: { 200: BalanceSchema, 404: ErrorSchema },
    summary: "The balance a secret link in the mails is for",
  },
  payBalance: {
    method: "POST",
    path: "/balance/:token/checkout",
    pathParams: TokenParams,
    body: c.noBody(),
    responses: {
      201: z.object({ payment_link: z.string(), amount: Pounds }),
      404: ErrorSchema,
      /** Nothing due (paid in full) or the booking is closed. */
      409: ErrorSchema,
      503: ErrorSchema,
    },
    summary: "Opens a payment page for exactly the amount due on the order",
  },
  localBalancePage: {
    method: "GET",
    path: "/balance/:token/local",
    pathParams: TokenParams,
    responses: { 200: c.otherResponse({ contentType: "text/html", body: c.type<string>() }), 404: ErrorSchema },
    summary: "Development payment page for a balance (local provider only; off in production)",
  },
  localBalancePay: {
    method: "POST",
    path: "/balance/:token/local/pay",
    pathParams: TokenParams,
    body: c.noBody(),
    responses: { 303: c.noBody(), 404: ErrorSchema, 409: ErrorSchema },
    summary: "Development payment page's Pay for a balance (local provider only; off in production)",
  },
});
