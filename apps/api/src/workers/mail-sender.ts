import { appendFile } from "node:fs/promises";
import type { Db } from "../db/client";
import { claimDueMail, markMailAttemptFailed, markMailSent } from "../modules/mail";
import type { MailTransport, OutgoingMail } from "../modules/mail";
import { unwantedScheduledMail, withdrawScheduledMail } from "../modules/scheduled-mail";

/** Attempts before a mail is given up (marked failed): with the backoff below, about 9 hours. */
export const MAIL_MAX_ATTEMPTS = 12;
/** A claimed mail is not picked again for this long (a crashed sender's claim runs out). */
const CLAIM_LEASE_MS = 2 * 60_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** Wait after the n-th failed attempt: 30 s, 1, 2, 4 … minutes, capped at one hour. */
export function mailBackoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** An outbox row as the sender claims it. */
export type ClaimedMail = {
  id: number;
  to: string;
  to_name: string | null;
  reply_to: string | null;
  reply_to_name: string | null;
  message_id: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  attempts: number;
  /** As Postgres prints it: the sent log names the row by id and this (decision 302). */
  created_at: string;
  attachments: { filename: string; contentType: string; content: string }[] | null;
  headers: Record<string, string> | null;
};

/** The domain of the From address: Message-IDs are made under it (RFC 5322 §3.6.4). */
export const fromDomain = (from: string) => from.match(/@([^>\s]+)/)?.[1] ?? "localhost";

/**
 * The message Nodemailer builds from an outbox row (decision 287): To with the recipient's name,
 * Reply-To where the row has one, the row's own Message-ID, and `Auto-Submitted: auto-generated`
 * (RFC 3834) because everything in the outbox is written by the service, not typed by a person:
 * the office's personal answers go from its own mail client, so auto-responders stay quiet.
 */
export function composeMail(mail: ClaimedMail, from: string): OutgoingMail {
  return {
    from,
    to: mail.to_name ? { name: mail.to_name, address: mail.to } : mail.to,
    ...(mail.reply_to
      ? { replyTo: mail.reply_to_name ? { name: mail.reply_to_name, address: mail.reply_to } : mail.reply_to }
      : {}),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
    // List-Unsubscribe and List-Unsubscribe-Post on marketing mail (decision 224).
    headers: { ...(mail.headers ?? {}), "Auto-Submitted": "auto-generated" },
    messageId: mail.message_id,
  };
}

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

async function noteSent(file: string, mail: ClaimedMail, now: Date, log?: Log): Promise<void> {
  const line = JSON.stringify({ id: mail.id, createdAt: mail.created_at, sentAt: now.toISOString(), messageId: mail.message_id });
  // The mail is gone already: a log that cannot be written must not make it look unsent.
  await appendFile(file, line + "\n").catch((err: unknown) => log?.error({ err, file }, "could not write the sent-mail log"));
}

/**
 * Sends the mails that are due, in batches. Rows are claimed with `FOR UPDATE SKIP LOCKED`
 * and a short lease (committed before sending), so several API instances never send the same
 * mail twice at once and no transaction stays open during SMTP.
 */
export async function sendDueMail(
  db: Db,
  transport: MailTransport,
  opts: { now: Date; from: string; batch?: number; log?: Log; sentLog?: string | undefined },
): Promise<{ sent: number; failed: number }> {
  const { now, from, batch = 20, log, sentLog } = opts;
  const leaseUntil = new Date(now.getTime() + CLAIM_LEASE_MS);
  // The Message-ID is made on the first claim and kept: a retry is the same mail to every server.
  // Random, not the row number, so ids from different environments or restored databases never meet.
  const claimed = await claimDueMail<ClaimedMail>(db, now, leaseUntil, batch, fromDomain(from));

  let sent = 0;
  let failed = 0;
  // Reminders and marketing mail are checked once more right before sending (decision 221).
  const unwanted = await unwantedScheduledMail(
    db,
    claimed.map((m) => m.id),
  );
  for (const mail of claimed) {
    const reason = unwanted.get(mail.id);
    if (reason) {
      await withdrawScheduledMail(db, mail.id, reason, now);
      log?.info({ mailId: mail.id, kind: mail.kind, reason }, "scheduled mail withdrawn before sending");
      continue;
    }
    try {
      const result = await transport.send(composeMail(mail, from));
      // Written before the row is marked: a sent mail is in the log even if the database is
      // later restored to before the mark (decision 302).
      if (sentLog) await noteSent(sentLog, mail, now, log);
      await markMailSent(db, mail.id, now);
      sent++;
      log?.info({ mailId: mail.id, kind: mail.kind, to: mail.to, where: result.describe }, `mail sent: ${result.describe}`);
    } catch (err) {
      failed++;
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = mail.attempts >= MAIL_MAX_ATTEMPTS;
      await markMailAttemptFailed(
        db,
        mail.id,
        giveUp,
        new Date(now.getTime() + mailBackoffMs(mail.attempts)),
        message.slice(0, 1000),
      );
      const entry = { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, err: message };
      if (giveUp) log?.error(entry, "mail given up after the last attempt");
      else log?.warn(entry, "mail not sent; will retry");
    }
  }
  return { sent, failed };
}
