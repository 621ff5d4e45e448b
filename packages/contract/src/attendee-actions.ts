/**
 * The office's actions on one attendee of a booking (attendee changes): cancel their place (with all, part
 * or none of its money back), hand it to another person, or correct the name. Each takes an
 * `idempotency_key`, so a retried click changes nothing, and answers the booking as it is now.
 */
import { z } from "zod";
import { MAX_INT, Pounds, TEXT_MAX } from "./common";
import { IdempotencyKey } from "./booking-actions";
import { AttendeeInputSchema } from "./orders";

const reason = z.string().trim().max(TEXT_MAX.details).optional();

export const AttendeeParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_INT),
  attendeeId: z.coerce.number().int().positive().max(MAX_INT),
});

/** Cancel one place: the seat is freed at once; `refund` as for a whole booking's cancel. */
export const CancelAttendeeSchema = z
  .object({
    refund: z.enum(["full", "amount", "none"]),
    amount: Pounds.optional(),
    reason,
    /** Mail the attendee (a calendar CANCEL) and the buyer. Default true. */
    notify: z.boolean().optional(),
    idempotency_key: IdempotencyKey,
  })
  .superRefine((v, ctx) => {
    if (v.refund === "amount" && !(v.amount && v.amount >= 0.01)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount"], message: "Enter the amount to refund" });
    }
  });
export type CancelAttendeeInput = z.input<typeof CancelAttendeeSchema>;

/** Hand the place to another person (the seat is kept; the new person gets their own mail and form). */
export const SwapAttendeeSchema = AttendeeInputSchema.extend({
  reason,
  notify: z.boolean().optional(),
  idempotency_key: IdempotencyKey,
});
export type SwapAttendeeInput = z.input<typeof SwapAttendeeSchema>;

/** Correct the name (and address) of the same person. */
export const RenameAttendeeSchema = SwapAttendeeSchema;
export type RenameAttendeeInput = z.input<typeof RenameAttendeeSchema>;
