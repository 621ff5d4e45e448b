import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, tstz } from "./types";

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phoneNumber: text("phone_number").notNull(),
    emailAddress: text("email_address").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
    /** When the office marked the message handled (null: still to answer), and who (their name, kept if the account goes). */
    handledAt: tstz("handled_at"),
    handledBy: text("handled_by"),
  },
  (t) => [
    index("contact_messages_created_at_idx").on(t.createdAt),
    index("contact_messages_unhandled_idx")
      .on(t.createdAt)
      .where(sql`${t.handledAt} is null`),
  ],
);

export const activityType = pgEnum("activity_type", [
  "enrollment",
  "payment",
  "course_addition",
  "training_deletion",
  "course_completion",
  "other",
  "security",
]);

export const activityLog = pgTable(
  "activity_log",
  {
    id: serial("id").primaryKey(),
    type: activityType("type").notNull(),
    action: text("action").notNull(),
    details: text("details").notNull().default(""),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Snapshot of who did it (administrator, customer or 'System'). */
    userName: text("user_name").notNull(),
    amountPence: integer("amount_pence"),
    items: integer("items"),
    createdAt: createdAt(),
  },
  (t) => [index("activity_log_created_at_idx").on(t.createdAt)],
);

export const mailStatus = pgEnum("mail_status", ["pending", "sent", "failed"]);

/** A text attachment of an outbox mail. */
export type MailAttachment = { filename: string; contentType: string; content: string };

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    /** The recipient's name for the To: header ('Alex Stone <alex@…>'), when known. */
    toName: text("to_name"),
    /** Reply-To (address and name): the customer, on the office's notices of their message or booking. */
    replyTo: text("reply_to"),
    replyToName: text("reply_to_name"),
    /**
     * The mail's Message-ID, random and made when the sender first claims the row, so every retry
     * of the same mail carries the same id (decision 287).
     */
    messageId: text("message_id"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    kind: text("kind").notNull(),
    /** Files sent with the mail (e.g. the booking's calendar file). */
    attachments: jsonb("attachments").$type<MailAttachment[]>().notNull().default([]),
    /** Extra headers (issue 15: List-Unsubscribe and List-Unsubscribe-Post on marketing mail). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: mailStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: tstz("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_status_next_idx").on(t.status, t.nextAttemptAt)],
);

/** Fixed-window counters shared by every API instance (contact form, coupon checks). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: tstz("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);
