import { z } from "zod";
import { c, ErrorSchema, ownerOnly, requiredText, adminResponses } from "./common";

/** Whose personal data: the e-mail address a customer booked with or a learner gave (decision 309). */
export const ErasureRequestSchema = z.object({
  email: requiredText("Email is required").pipe(
    z.string().trim().toLowerCase().max(254).email("Please enter a valid email address"),
  ),
});
export type ErasureRequest = z.infer<typeof ErasureRequestSchema>;

/** The erasure itself: the owner confirms after reading what will be erased and what kept. */
export const ErasureConfirmSchema = ErasureRequestSchema.extend({
  confirm: z.literal(true, { errorMap: () => ({ message: "Please confirm the erasure" }) }),
});

/** What is held for an e-mail address and what the erasure does with it. */
export const ErasureSummarySchema = z.object({
  email: z.string(),
  /** Orders of this customer: contact details erased; names and amounts kept 6 years (financial records). */
  orders: z.number().int(),
  /** Of those, orders older than 6 years: the name goes too. */
  orders_anonymised: z.number().int(),
  /** Booking references of those orders (what stays in the books). */
  booking_references: z.array(z.string()),
  /** Learner records: form answers erased; qualification evidence kept until `evidence_kept_until`. */
  learner_records: z.number().int(),
  /** Learner records already past their keep date: deleted whole, with their evidence files. */
  learner_records_deleted: z.number().int(),
  evidence_files_deleted: z.number().int(),
  evidence_kept_until: z.string().nullable(),
  /** Contact-form messages deleted. */
  messages: z.number().int(),
  /** Mails to or about this address deleted from the outbox (sent or waiting). */
  mails: z.number().int(),
  /** Course reminders and renewal mails that will no longer be sent. */
  reminders: z.number().int(),
  waiting_list_entries: z.number().int(),
  /** Null for the preview; when the erasure was done. */
  erased_at: z.string().nullable(),
});
export type ErasureSummary = z.infer<typeof ErasureSummarySchema>;

export const privacyContract = c.router({
  erasurePreview: {
    method: "POST",
    path: "/privacy/erasure/preview",
    body: ErasureRequestSchema,
    responses: { 200: ErasureSummarySchema, ...adminResponses },
    metadata: ownerOnly,
    summary: "What an erasure on request would erase and keep for an e-mail address (nothing changes)",
  },
  erase: {
    method: "POST",
    path: "/privacy/erasure",
    body: ErasureConfirmSchema,
    responses: { 200: ErasureSummarySchema, 404: ErrorSchema, ...adminResponses },
    metadata: ownerOnly,
    summary: "Erases a customer's or learner's personal data on request, keeping what the law requires; logged",
  },
});
