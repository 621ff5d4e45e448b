/**
 * Customers manage their own bookings (decisions 440-446): "My bookings" by a sign-in link mailed
 * to the booking's address, each booking's page (also by its own secret link), and the customer's
 * actions (change date, cancel, correct names) under the office's booking policy, which the office
 * sets here too. Money is pounds with at most 2 decimals, as everywhere in the contract.
 */
import { z } from "zod";
import type { BookingPolicy } from "@app/rules";
import { adminResponses, c, ErrorSchema, MessageSchema, officeOnly, Pounds } from "./common";
import { CustomerDocumentSchema } from "./invoices";

const IdempotencyKey = z
  .string({ required_error: "Send an idempotency key" })
  .trim()
  .min(8, "Send an idempotency key")
  .max(100, "The idempotency key is too long");

/** A whole number typed by the office, with its own words when it is not one ("eleven", "2.5"). */
const whole = (what: string) =>
  z.number({ invalid_type_error: `Enter the ${what} as a whole number`, required_error: `Enter the ${what}` });
const days = (max: number) =>
  whole("number of days").int("Whole days only").min(0, "Days cannot be negative").max(max, `At most ${max} days`);
const FeeBandSchema = z.object({
  from_days: days(365),
  percent: whole("fee in %").int("Whole percent only").min(0, "The fee cannot be negative").max(100, "At most 100%"),
});
const Ladder = z
  .array(FeeBandSchema)
  .min(1, "Give at least one band")
  .max(10)
  .refine((l) => l.some((b) => b.from_days === 0), "One band must start at 0 days");

export const BookingPolicySchema = z.object({
  change_cutoff_days: days(90),
  max_changes: whole("number of changes")
    .int("Whole changes only")
    .min(0, "Changes cannot be negative")
    .max(10, "At most 10 changes"),
  change_fees: Ladder,
  cheaper_date: z.enum(["refund", "credit"]),
  cancel_fees: Ladder,
  cancel_rest: z.enum(["refund", "credit", "none"]),
  name_change_cutoff_days: days(90),
  business_cancel_fees: Ladder,
  business_cancel_rest: z.enum(["refund", "credit", "none"]),
}) satisfies z.ZodType<BookingPolicy>;

export const PolicyVersionSchema = z.object({
  version: z.number().int(),
  policy: BookingPolicySchema,
  terms_version: z.string(),
  /** ISO time it came into force. */
  since: z.string(),
});
export type PolicyVersion = z.infer<typeof PolicyVersionSchema>;

export const SignInRequestSchema = z.object({
  email: z.string({ required_error: "Enter your e-mail address" }).trim().email("Enter a valid e-mail address").max(254),
});

const TokenBody = z.object({ token: z.string().trim().min(20, "This link is not valid").max(200, "This link is not valid") });
const TokenParams = z.object({ token: z.string().min(20).max(200) });

export const MyBookingRowSchema = z.object({
  booking_reference: z.string(),
  /** The secret link's token of this booking's page. */
  token: z.string(),
  status: z.enum(["confirmed", "pending", "cancelled", "expired"]),
  courses: z.array(z.string()),
  first_date: z.string().nullable(),
  booked_on: z.string(),
  total: Pounds,
});

const MoneyLine = z.object({
  total: Pounds,
  paid: Pounds,
  refunded: Pounds,
  credit: Pounds,
  due: Pounds,
  balance_due_on: z.string().nullable(),
  /** The balance page when something is due and a balance link exists. */
  pay_url: z.string().nullable(),
});

export const MyBookingSchema = z.object({
  booking_reference: z.string(),
  status: z.enum(["confirmed", "pending", "cancelled", "expired"]),
  name: z.string(),
  email: z.string(),
  business: z.boolean(),
  booked_on: z.string(),
  policy_version: z.number().int().nullable(),
  terms_version: z.string().nullable(),
  date_changes: z.number().int(),
  courses: z.array(
    z.object({
      item_id: z.number().int(),
      title: z.string(),
      date_label: z.string(),
      start_date: z.string().nullable(),
      end_date: z.string().nullable(),
      time: z.string().nullable(),
      add_ons: z.array(z.string()),
      attendees: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          named: z.boolean(),
          form: z.enum(["complete", "to_fill_in", "none"]),
          form_url: z.string().nullable(),
        }),
      ),
    }),
  ),
  venue: z.object({ address: z.string(), map_url: z.string() }),
  money: MoneyLine,
  receipt_url: z.string(),
  /** The booking's invoices and credit notes, oldest first (issue 34). */
  documents: z.array(CustomerDocumentSchema),
  calendar_url: z.string(),
  waiting_list: z.array(z.object({ id: z.number().int(), course: z.string(), date_label: z.string() })),
  names_editable_until: z.string().nullable(),
  /** A date change asked for whose fee is not paid (or not confirmed by the provider) yet. */
  change_awaiting_payment: z
    .object({ course: z.string(), date_label: z.string(), fee: Pounds, pay_url: z.string().nullable() })
    .nullable(),
});
export type MyBooking = z.infer<typeof MyBookingSchema>;

export const CancelQuoteSchema = z.discriminatedUnion("allowed", [
  z.object({ allowed: z.literal(false), reason: z.string() }),
  z.object({
    allowed: z.literal(true),
    basis: z.enum(["cancellation_period", "policy", "business"]),
    kept: Pounds,
    refund: Pounds,
    credit: Pounds,
    refund_by: z.string().nullable(),
    /** The sentence the page shows before the customer confirms. */
    summary: z.string(),
  }),
]);

export const ChangeOptionSchema = z.object({
  item_id: z.number().int(),
  course_date_id: z.number().int(),
  date_label: z.string(),
  start_date: z.string(),
  places_left: z.number().int(),
  allowed: z.boolean(),
  reason: z.string().nullable(),
  fee: Pounds,
});

const ActionBody = z.object({ idempotency_key: IdempotencyKey });
export const SelfChangeSchema = ActionBody.extend({
  item_id: z.number().int().positive(),
  course_date_id: z.number().int().positive(),
});
export const SelfRenameSchema = ActionBody.extend({
  first_name: z.string().trim().min(1, "Enter the first name").max(80),
  last_name: z.string().trim().min(1, "Enter the last name").max(80),
});

/** A change with a fee: the provider's page for exactly the fee; the date changes once it is paid. */
export const ChangeCheckoutSchema = z.object({ checkout_url: z.string(), fee: Pounds, message: z.string() });

const errors = { 404: ErrorSchema, 409: ErrorSchema, 401: ErrorSchema } as const;
const html = c.otherResponse({ contentType: "text/html", body: c.type<string>() });
const byToken = "/my-bookings/booking/:token";

export const selfServiceContract = c.router({
  requestSignIn: {
    method: "POST",
    path: "/my-bookings/sign-in",
    body: SignInRequestSchema,
    responses: { 202: MessageSchema },
    summary: "Mails a one-use sign-in link when the address has bookings; the same answer either way",
  },
  signIn: {
    method: "POST",
    path: "/my-bookings/session",
    body: TokenBody,
    responses: { 200: z.object({ email: z.string() }), 401: ErrorSchema },
    summary: "Spends a sign-in link and sets the customer's session cookie (30 minutes)",
  },
  signOut: { method: "POST", path: "/my-bookings/sign-out", body: c.noBody(), responses: { 200: MessageSchema } },
  list: {
    method: "GET",
    path: "/my-bookings",
    responses: { 200: z.object({ email: z.string(), items: z.array(MyBookingRowSchema) }), 401: ErrorSchema },
    summary: "Every booking made with the signed-in address, newest first",
  },
  booking: { method: "GET", path: byToken, pathParams: TokenParams, responses: { 200: MyBookingSchema, ...errors } },
  cancelQuote: {
    method: "GET",
    path: `${byToken}/cancel`,
    pathParams: TokenParams,
    responses: { 200: CancelQuoteSchema, ...errors },
  },
  cancel: {
    method: "POST",
    path: `${byToken}/cancel`,
    pathParams: TokenParams,
    body: ActionBody,
    responses: { 200: MyBookingSchema, ...errors, 502: ErrorSchema },
  },
  changeOptions: {
    method: "GET",
    path: `${byToken}/change`,
    pathParams: TokenParams,
    responses: { 200: z.object({ items: z.array(ChangeOptionSchema) }), ...errors },
  },
  change: {
    method: "POST",
    path: `${byToken}/change`,
    pathParams: TokenParams,
    body: SelfChangeSchema,
    responses: { 200: MyBookingSchema, 202: ChangeCheckoutSchema, ...errors, 503: ErrorSchema },
    summary: "Moves a course to another date (200), or, when the policy asks a fee, answers the page to pay it (202)",
  },
  localChangePage: {
    method: "GET",
    path: `${byToken}/change-payments/:changeId/local`,
    pathParams: TokenParams.extend({ changeId: z.coerce.number().int().positive().max(2_147_483_647) }),
    responses: { 200: html, 404: ErrorSchema },
    summary: "Development payment page for a date change's fee (local provider only; off in production)",
  },
  localChangePay: {
    method: "POST",
    path: `${byToken}/change-payments/:changeId/local/pay`,
    pathParams: TokenParams.extend({ changeId: z.coerce.number().int().positive().max(2_147_483_647) }),
    body: c.noBody(),
    responses: { 303: c.noBody(), 404: ErrorSchema },
    summary: "Development payment page's Pay for a date change's fee (local provider only; off in production)",
  },
  rename: {
    method: "POST",
    path: `${byToken}/attendees/:attendeeId`,
    pathParams: TokenParams.extend({ attendeeId: z.coerce.number().int().positive().max(2_147_483_647) }),
    body: SelfRenameSchema,
    responses: { 200: MyBookingSchema, ...errors },
  },
  leaveWaitingList: {
    method: "POST",
    path: `${byToken}/waiting-list/:entryId`,
    pathParams: TokenParams.extend({ entryId: z.coerce.number().int().positive().max(2_147_483_647) }),
    body: ActionBody,
    responses: { 200: MyBookingSchema, ...errors },
    summary: "Takes the customer off one of their waiting lists (an entry of the booking's e-mail address)",
  },
  policy: {
    method: "GET",
    path: "/booking-policy",
    responses: { 200: PolicyVersionSchema },
    summary: "The booking policy in force (the booking terms page shows it)",
  },
  setPolicy: {
    method: "PUT",
    path: "/admin/booking-policy",
    body: BookingPolicySchema,
    responses: { 200: PolicyVersionSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "A new version of the booking policy; bookings keep the version they were made under",
  },
});
