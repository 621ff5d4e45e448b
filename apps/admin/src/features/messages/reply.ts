/**
 * 'Reply' on a contact message: a mail to the sender in the office's own mail program, with the
 * subject 'Re: …' and the message quoted below an empty first line (where the answer goes).
 */
import type { ContactMessage } from "@app/contract";

/** Subject of a reply: 'Re: ' and the start of the message (contact messages have no subject of their own). */
export function replySubject(m: Pick<ContactMessage, "message">): string {
  const firstLine = m.message.trim().split(/\r?\n/)[0]!.trim();
  const short = firstLine.length > 60 ? `${firstLine.slice(0, 57).trimEnd()}...` : firstLine;
  return `Re: ${short}`;
}

/** The body: a greeting line, room to answer, and the original quoted line by line with '> '. */
export function replyBody(m: Pick<ContactMessage, "firstName" | "lastName" | "message" | "created_at">): string {
  const date = m.created_at.split("T")[0] ?? m.created_at;
  const quoted = m.message
    .trim()
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  return `Dear ${m.firstName},\n\n\n\nOn ${date}, ${`${m.firstName} ${m.lastName}`.trim()} wrote:\n${quoted}\n`;
}

/** mailto: link with the subject and body encoded (RFC 6068: %20 for spaces, CRLF line breaks). */
export function replyMailto(
  m: Pick<ContactMessage, "emailAddress" | "firstName" | "lastName" | "message" | "created_at">,
): string {
  const enc = (s: string) => encodeURIComponent(s.replace(/\r?\n/g, "\r\n"));
  return `mailto:${encodeURIComponent(m.emailAddress).replace(/%40/g, "@")}?subject=${enc(replySubject(m))}&body=${enc(replyBody(m))}`;
}
