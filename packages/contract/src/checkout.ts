/** The customer's checkout form and the names of a group booking's attendees, as the site and the API check them. */
import { z } from "zod";
import { postcodeProblem } from "@app/rules";
import { PrerequisiteAnswersSchema } from "./approvals";
import { requiredText, TEXT_MAX } from "./common";

/** Spec §5: after removing spaces, 4 digits, 3 digits, 4 digits (UK mobile style). */
export const CHECKOUT_PHONE_PATTERN = /^\d{4}\d{3}\d{4}$/;

export const checkoutPhone = requiredText("Phone number is required", TEXT_MAX.phone).pipe(
  z.string().refine((v) => CHECKOUT_PHONE_PATTERN.test(v.replace(/\s/g, "")), "Please enter a valid phone number"),
);

// The spec has no format check; we still refuse what can never receive the confirmation.
export const checkoutEmail = requiredText("Email address is required", TEXT_MAX.email).pipe(
  z
    .string()
    .max(254, "Please enter a valid email address")
    .refine((v) => /^[^\s@]+@[^\s@]+$/.test(v), "Please enter a valid email address"),
);

/** Adds the postcode's issue (field `path`) when the country is the UK and the postcode is not a UK one. */
export function postcodeIssue(
  postcode: string | null | undefined,
  country: string | null | undefined,
  ctx: z.RefinementCtx,
  path = "postcode",
) {
  const problem = postcodeProblem(postcode, country);
  if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: problem });
}

/** The buyer form of the checkout step (spec §3 and §5), as the site holds it. */
export const CheckoutFormSchema = z
  .object({
    firstName: requiredText("First name is required"),
    lastName: requiredText("Last name is required"),
    phoneNumber: checkoutPhone,
    email: checkoutEmail,
    companyName: z.string().max(TEXT_MAX.short).trim().optional(),
    country: requiredText("Country is required"),
    streetAddress: requiredText("Street address is required"),
    buildingType: z.string().max(TEXT_MAX.short).trim().optional(),
    townCity: requiredText("Town/City is required"),
    state: requiredText("State is required"),
    /** Beside the spec's fields (decision 334): checked as a UK postcode when the country is the UK. */
    postcode: z.string().max(TEXT_MAX.postcode).trim().optional(),
    orderNotes: z.string().max(TEXT_MAX.details).trim().optional(),
    deliverToDifferentAddress: z.boolean().default(false),
    differentAddress: z.string().max(TEXT_MAX.short).trim().optional(),
  })
  .superRefine((v, ctx) => {
    postcodeIssue(v.postcode, v.country, ctx);
    if (v.deliverToDifferentAddress && !v.differentAddress) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["differentAddress"],
        message: "Different delivery address is required",
      });
    }
  });
export type CheckoutForm = z.input<typeof CheckoutFormSchema>;

/** One named attendee of a group booking. */
export const AttendeeInputSchema = z.object({
  first_name: requiredText("Attendee first name is required"),
  last_name: requiredText("Attendee last name is required"),
  email: z
    .string()
    .trim()
    .max(TEXT_MAX.short)
    .email("Attendee email is invalid")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Answers to the course's prerequisite questions (issue 33); required for the questions the course asks. */
  answers: PrerequisiteAnswersSchema.optional(),
});
export type AttendeeInput = z.input<typeof AttendeeInputSchema>;

/** A group booking's names must match its places (the API and the site say the same words). */
export const attendeesCountMessage = (places: number) =>
  `Please name ${places === 1 ? "the attendee" : `all ${places} attendees`}: one name for each place booked`;
