import { boolean, index, integer, pgEnum, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { courseDates, courses } from "./catalogue";
import { orderAttendees, orders } from "./orders";
import { mailOutbox } from "./system";
import { createdAt, tstz } from "./types";

/**
 * Mail planned for a moment (issue 15): course reminders before the first day and licence-renewal
 * reminders after the course. A row is planned once per attendee, date and kind (the unique key
 * is what makes 'never sent twice' hold across API instances), and at its due time it is either
 * put into the mail outbox (status `queued`, `outbox_id` set, in the same transaction) or skipped
 * with the reason (booking cancelled, moved to another date, no consent, unsubscribed).
 */
export const scheduledMailStatus = pgEnum("scheduled_mail_status", ["scheduled", "queued", "skipped", "failed"]);

export const scheduledMails = pgTable(
  "scheduled_mails",
  {
    id: serial("id").primaryKey(),
    /** `reminder_7d`, `reminder_1d` (days before the first day), `licence_renewal`. */
    kind: text("kind").notNull(),
    attendeeId: integer("attendee_id")
      .notNull()
      .references(() => orderAttendees.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The date the mail is about; a booking moved to another date gets that date's own reminders. */
    courseDateId: integer("course_date_id")
      .notNull()
      .references(() => courseDates.id, { onDelete: "cascade" }),
    /** Licence renewal: the refresher or top-up course the mail points to (null: the course list). */
    renewalCourseId: integer("renewal_course_id").references(() => courses.id, { onDelete: "set null" }),
    /** Marketing mails carry an unsubscribe and need consent (checked at send time). */
    marketing: boolean("marketing").notNull().default(false),
    dueAt: tstz("due_at").notNull(),
    status: scheduledMailStatus("status").notNull().default("scheduled"),
    /** Why a mail was skipped, or the error of a failed rendering. */
    reason: text("reason"),
    outboxId: integer("outbox_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    processedAt: tstz("processed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("scheduled_mails_attendee_date_kind_key").on(t.attendeeId, t.courseDateId, t.kind),
    index("scheduled_mails_status_due_idx").on(t.status, t.dueAt),
    // The sender looks up the scheduled mail of each outbox mail it is about to send.
    index("scheduled_mails_outbox_idx").on(t.outboxId),
  ],
);

/** Addresses that asked for no more marketing mail (one-click unsubscribe, RFC 8058). Lower-cased. */
export const marketingUnsubscribes = pgTable("marketing_unsubscribes", {
  email: text("email").primaryKey(),
  unsubscribedAt: tstz("unsubscribed_at").notNull().defaultNow(),
  /** `one-click` (the mail client's POST) or `page` (the confirmation page's button). */
  via: text("via").notNull(),
});
