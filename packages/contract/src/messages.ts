import { z } from "zod";
import { adminResponses, c, ErrorSchema, IdParams, MessageSchema, officeOnly, PageQuery, requiredText, TEXT_MAX } from "./common";

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
  emailAddress: requiredText("Email address is required", TEXT_MAX.email).pipe(
    z.string().email("Please enter a valid email address"),
  ),
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
  /** When the office marked it handled (ISO time), and who; null while it waits for an answer. */
  handled_at: z.string().nullable().optional(),
  handled_by: z.string().nullable().optional(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** Which messages the office list shows: all (the default), only those still to answer, or only handled ones. */
export const MESSAGE_FILTERS = ["all", "unhandled", "handled"] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];
export const MessageListQuery = PageQuery.extend({
  status: z.enum(MESSAGE_FILTERS, { errorMap: () => ({ message: "Choose all, unhandled or handled" }) }).optional(),
});

export const MessageHandledInputSchema = z.object({
  handled: z.boolean({
    required_error: "Say whether the message is handled",
    invalid_type_error: "Say whether the message is handled",
  }),
});

export const messagesContract = c.router({
  list: {
    method: "GET",
    path: "/messages",
    query: MessageListQuery.optional(),
    responses: { 200: z.array(ContactMessageSchema), ...adminResponses },
    metadata: { ...officeOnly, totalCount: true },
  },
  setHandled: {
    method: "PUT",
    path: "/messages/:id/handled",
    pathParams: IdParams,
    body: MessageHandledInputSchema,
    responses: { 200: ContactMessageSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Marks a message handled or back to unhandled (safe to send again)",
  },
  create: {
    method: "POST",
    path: "/messages",
    body: ContactMessageCreateSchema,
    responses: { 201: MessageSchema },
    summary: "Public contact form (limited per client against floods)",
  },
});
