import type { DbOrTx } from "../../db/client";
import type { Env } from "../../env";
import { insertOutboxMail } from "./outbox-repository";
import type { RenderedMail } from "./types";

/** What the templates need to know about the provider (from env, so deployments can set it). */
export type MailSettings = {
  providerEmail: string;
  providerName: string;
  providerPhone: string;
  venueAddress: string;
  siteUrl: string;
  adminUrl: string;
  /** This API as browsers reach it: the confirmation links the receipt PDF (issue 13). */
  apiUrl?: string;
};

export function mailSettings(env: Env): MailSettings {
  return {
    providerEmail: env.PROVIDER_EMAIL,
    providerName: env.PROVIDER_NAME,
    providerPhone: env.PROVIDER_PHONE,
    venueAddress: env.VENUE_ADDRESS,
    siteUrl: env.PUBLIC_SITE_URL,
    adminUrl: env.ADMIN_ORIGIN.replace(/\/$/, ""),
    apiUrl: env.PUBLIC_API_URL,
  };
}

export type MailKind =
  | "booking_confirmation"
  | "new_booking"
  | "new_message"
  | "late_payment"
  | "payment_mismatch"
  | "staff_invite"
  | "learner_result"
  | "ops_alert"
  | "attendee_place"
  | "attendee_cancelled"
  | "attendee_changed"
  | "waitlist_joined"
  | "booking_approved"
  | "booking_declined"
  | "customer_sign_in"
  | "date_change_refunded"
  | "balance_overdue"
  | "booking_released"
  | "balance_reminder"
  | "balance_card_failed"
  | "balance_paid";

/** Who a mail goes to and who a reply should reach (decision 287). */
export type MailAddressing = {
  to: string;
  /** The recipient's name for the To: header ('Alex Stone <alex@…>'); omitted when unknown. */
  toName?: string;
  /** The office's notices of a customer's message or booking: a reply goes to the customer. */
  replyTo?: { address: string; name?: string };
};

/** The outbox columns of an addressing (shared by every module that queues mail). */
export const addressingColumns = (m: MailAddressing) => ({
  to: m.to,
  toName: m.toName?.trim() || null,
  replyTo: m.replyTo?.address ?? null,
  replyToName: m.replyTo?.name?.trim() || null,
});

/** The office's own mailbox as a recipient: its address and name. */
export const officeRecipient = (settings: MailSettings): MailAddressing => ({
  to: settings.providerEmail,
  toName: settings.providerName,
});

/** The buyer of a booking as a recipient (the name they gave at checkout). */
export const customerRecipient = (order: { guestEmail: string; firstName: string; lastName: string }): MailAddressing => ({
  to: order.guestEmail,
  toName: `${order.firstName} ${order.lastName}`,
});

/** The buyer as the Reply-To of the office's notice about their booking. */
export const customerAddress = (order: { guestEmail: string; firstName: string; lastName: string }) => ({
  address: order.guestEmail,
  name: `${order.firstName} ${order.lastName}`,
});

/**
 * Queues a mail. Call it with the transaction of the event the mail is about: the mail exists
 * exactly when the event does, and the sender worker delivers it (with retries) later.
 */
export async function enqueueMail(
  db: DbOrTx,
  mail: RenderedMail & MailAddressing & { kind: MailKind },
  now?: Date,
  /** Held in the outbox until then (e.g. a result mail until the assessment day is over); default now. */
  sendAt?: Date,
): Promise<void> {
  await insertOutboxMail(db, {
    ...addressingColumns(mail),
    kind: mail.kind,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
    ...(now ? { nextAttemptAt: now, createdAt: now } : {}),
    ...(sendAt ? { nextAttemptAt: sendAt } : {}),
  });
}
