import { z } from "zod";
import { adminResponses, c, ErrorSchema, IdParams, officeOnly, PAGE_MAX_LIMIT } from "./common";

/**
 * The office's 'Scheduled mail' view (waiting lists and reminders): what was sent, what is due, what failed, and
 * what was skipped (a reminder for a cancelled booking, a renewal mail without consent). Rows come
 * from the mail outbox (every mail the API sends) and the reminder schedule (mails not yet due).
 */
export const SCHEDULED_MAIL_VIEWS = ["due", "sent", "failed", "skipped"] as const;
export type ScheduledMailView = (typeof SCHEDULED_MAIL_VIEWS)[number];

/** Where a row lives: `outbox` (queued for sending) or `schedule` (planned, not yet queued). */
export const SCHEDULED_MAIL_SOURCES = ["outbox", "schedule"] as const;

export const SCHEDULED_MAIL_KIND_LABELS: Record<string, string> = {
  booking_confirmation: "Booking confirmation",
  new_booking: "New booking (office)",
  new_message: "New message (office)",
  late_payment: "Late payment (office)",
  payment_mismatch: "Payment mismatch (office)",
  staff_invite: "Staff invitation",
  course_reminder: "Course reminder",
  reminder_7d: "Course reminder, 7 days before",
  reminder_1d: "Course reminder, 1 day before",
  licence_renewal: "Licence renewal (marketing)",
};

export const ScheduledMailSchema = z.object({
  /** `outbox-12` or `schedule-34`: unique across both sources. */
  key: z.string(),
  source: z.enum(SCHEDULED_MAIL_SOURCES),
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  /** The outbox mail's subject; planned mails have none yet (null). */
  subject: z.string().nullable(),
  status: z.enum(SCHEDULED_MAIL_VIEWS),
  /** ISO: when it is (or was) due. */
  due_at: z.string(),
  sent_at: z.string().nullable(),
  attempts: z.number().int(),
  /** The last sending error, or why a planned mail was skipped or failed. */
  error: z.string().nullable(),
  booking_ref: z.string().nullable(),
  can_retry: z.boolean(),
});
export type ScheduledMail = z.infer<typeof ScheduledMailSchema>;

/** A background job's health, for the office to see the queue is running (decision 225). */
export const QueueJobSchema = z.object({
  name: z.string(),
  label: z.string(),
  /** ISO: the last run that finished; null = none yet (or the queue is off). */
  last_run_at: z.string().nullable(),
  /** Runs that failed for good (after their retries) in the last 24 hours. */
  failed_last_day: z.number().int(),
});
export type QueueJob = z.infer<typeof QueueJobSchema>;

export const ScheduledMailListSchema = z.object({
  items: z.array(ScheduledMailSchema),
  jobs: z.array(QueueJobSchema),
  counts: z.object({ due: z.number().int(), sent: z.number().int(), failed: z.number().int(), skipped: z.number().int() }),
});
export type ScheduledMailList = z.infer<typeof ScheduledMailListSchema>;

export const ScheduledMailQuery = z.object({
  view: z.enum(SCHEDULED_MAIL_VIEWS).default("due"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX_LIMIT).default(50),
});

export const jobsContract = c.router({
  scheduledMail: {
    method: "GET",
    path: "/scheduled-mail",
    query: ScheduledMailQuery,
    responses: { 200: ScheduledMailListSchema, ...adminResponses },
    metadata: { ...officeOnly, totalCount: true },
    summary: "Mail sent, due, failed or skipped (mail outbox and reminder schedule)",
  },
  retryOutbox: {
    method: "POST",
    path: "/scheduled-mail/outbox/:id/retry",
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 200: ScheduledMailSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Send a failed mail again (from now, with a fresh set of attempts)",
  },
  retrySchedule: {
    method: "POST",
    path: "/scheduled-mail/schedule/:id/retry",
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 200: ScheduledMailSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Plan a failed scheduled mail again (checked again when it is queued)",
  },
});
