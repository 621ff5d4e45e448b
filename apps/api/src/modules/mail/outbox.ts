import type { DbOrTx } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { Env } from "../../env";
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
  | "ops_alert";

/**
 * Queues a mail. Call it with the transaction of the event the mail is about: the mail exists
 * exactly when the event does, and the sender worker delivers it (with retries) later.
 */
export async function enqueueMail(db: DbOrTx, mail: RenderedMail & { to: string; kind: MailKind }, now?: Date): Promise<void> {
  await db.insert(mailOutbox).values({
    to: mail.to,
    kind: mail.kind,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
    ...(now ? { nextAttemptAt: now, createdAt: now } : {}),
  });
}
