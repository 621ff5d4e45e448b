import { z } from "zod";
import { adminResponses, c, MessageSchema, officeOnly, PageQuery, requiredText, TEXT_MAX } from "./common";

export const CONTACT_NAME_MIN = 2;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_PHONE_MIN_DIGITS = 10;

const name = (label: "First" | "Last") =>
  requiredText(`${label} name is required`).pipe(
    z
      .string()
      .min(CONTACT_NAME_MIN, `${label} name must be at least ${CONTACT_NAME_MIN} characters`)
      .max(100, `${label} name is too long`),
  );

/** Contact form (spec §5), as the API receives it. */
export const ContactMessageCreateSchema = z.object({
  firstName: name("First"),
  lastName: name("Last"),
  phoneNumber: requiredText("Phone number is required", TEXT_MAX.phone).pipe(
    z
      .string()
      .refine(
        (v) => /^[+\d\s()-]+$/.test(v) && v.replace(/\D/g, "").length >= CONTACT_PHONE_MIN_DIGITS,
        "Please enter a valid phone number",
      ),
  ),
  emailAddress: requiredText("Email address is required", TEXT_MAX.email).pipe(z.string().email("Please enter a valid email address")),
  message: z
    .string({ required_error: "Message must be at least 10 characters" })
    .max(TEXT_MAX.message, `Message cannot exceed ${TEXT_MAX.message} characters`)
    .trim()
    .min(CONTACT_MESSAGE_MIN, `Message must be at least ${CONTACT_MESSAGE_MIN} characters`)
    .max(5000, "Message cannot exceed 5000 characters"),
});
export type ContactMessageCreateInput = z.input<typeof ContactMessageCreateSchema>;

/** The contact screen adds the consent box, which never reaches the API. */
export const ContactFormSchema = ContactMessageCreateSchema.extend({
  consent: z.literal(true, {
    errorMap: () => ({ message: "Please agree to our Privacy Policy and Terms of Use" }),
  }),
});

export const ContactMessageSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  emailAddress: z.string(),
  message: z.string(),
  /** ISO timestamp */
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const messagesContract = c.router({
  list: {
    method: "GET",
    path: "/messages",
    query: PageQuery.optional(),
    responses: { 200: z.array(ContactMessageSchema), ...adminResponses },
    metadata: officeOnly,
  },
  create: {
    method: "POST",
    path: "/messages",
    body: ContactMessageCreateSchema,
    responses: { 201: MessageSchema },
    summary: "Public contact form (limited per client against floods)",
  },
});
