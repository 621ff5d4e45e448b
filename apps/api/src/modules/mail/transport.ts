import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

/** An address with its display name, as Nodemailer takes it (it encodes the name, RFC 2047). */
export type NamedAddress = { name: string; address: string };

export type OutgoingMail = {
  from: string;
  to: string | NamedAddress;
  replyTo?: string | NamedAddress;
  subject: string;
  html: string;
  text: string;
  messageId?: string;
  attachments?: { filename: string; contentType: string; content: string }[];
  /** Extra headers (List-Unsubscribe on marketing mail). */
  headers?: Record<string, string>;
};

/** Delivers one mail or throws; `describe` says where it went (for the log). */
export interface MailTransport {
  readonly kind: "smtp" | "file";
  send(mail: OutgoingMail): Promise<{ describe: string }>;
  close(): void;
}

/** Production: any SMTP server (`smtp://user:pass@host:587`, `smtps://…`). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // Fail fast when the server is down: the outbox retries later with backoff.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: "smtp",
    async send(mail) {
      const info = await transporter.sendMail(mail);
      return { describe: `smtp ${info.messageId ?? ""} ${String(info.response ?? "")}`.trim() };
    },
    close: () => transporter.close(),
  };
}

/**
 * The embedded default: each mail becomes an `.eml` file (open it with any mail client),
 * built by Nodemailer exactly as it would be sent.
 */
export function fileTransport(dir: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let seq = 0;
  return {
    kind: "file",
    async send(mail) {
      const info = await builder.sendMail(mail);
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const slug = mail.subject
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .slice(0, 40)
        .replace(/^-|-$/g, "");
      const file = path.join(dir, `${stamp}-${process.pid}-${++seq}-${slug || "mail"}.eml`);
      await writeFile(file, info.message as Buffer);
      return { describe: file };
    },
    close: () => undefined,
  };
}
