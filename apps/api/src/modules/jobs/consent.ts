/**
 * Marketing consent and one-click unsubscribe (decision 224, PECR and RFC 8058).
 * A marketing mail goes only to an address that opted in and has not unsubscribed since; its
 * unsubscribe link carries a signed token (HMAC of the address), so it works without signing in
 * and cannot be forged for someone else's address.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

const TOKEN_CONTEXT = "marketing-unsubscribe:v1:";

const normalise = (email: string) => email.trim().toLowerCase();

function signature(email: string, secret: string): Buffer {
  return createHmac("sha256", secret)
    .update(TOKEN_CONTEXT + normalise(email))
    .digest();
}

/** `<address, base64url>.<HMAC, base64url>`; no expiry (a mail's link must keep working). */
export function unsubscribeToken(email: string, secret: string): string {
  return `${Buffer.from(normalise(email)).toString("base64url")}.${signature(email, secret).toString("base64url")}`;
}

/** The address a token was made for, or null when it is malformed or not ours. */
export function verifyUnsubscribeToken(token: string, secret: string): string | null {
  const m = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const email = Buffer.from(m[1]!, "base64url").toString("utf8");
  if (!email.includes("@") || email.length > 254) return null;
  const given = Buffer.from(m[2]!, "base64url");
  const expected = signature(email, secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? normalise(email) : null;
}

export function unsubscribeUrl(apiUrl: string, email: string, secret: string): string {
  return `${apiUrl}/api/unsubscribe/${unsubscribeToken(email, secret)}`;
}

/** The RFC 8058 headers of a marketing mail: an https (or development http) URL, plus mailto to the office. */
export function unsubscribeHeaders(url: string, officeEmail: string): Record<string, string> {
  const mailto = /<([^>]+)>/.exec(officeEmail)?.[1] ?? officeEmail;
  return {
    "List-Unsubscribe": `<${url}>, <mailto:${mailto}?subject=unsubscribe>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

export async function isUnsubscribed(db: DbOrTx, email: string): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from marketing_unsubscribes where email = ${normalise(email)}`);
  return rows.length > 0;
}

/** Records the unsubscribe (idempotent: the first time is kept); true when this call recorded it. */
export async function unsubscribe(db: DbOrTx, email: string, via: "one-click" | "page", now: Date): Promise<boolean> {
  const { rowCount } = await db.execute(
    sql`insert into marketing_unsubscribes (email, unsubscribed_at, via) values (${normalise(email)}, ${now.toISOString()}, ${via}) on conflict (email) do nothing`,
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Where a marketing mail about an attendee may go, and the consent it rests on, or null.
 * Two opt-ins count: the learner's own on their learner form (`learner_records.marketing_consent_at`,
 * issue 14), and then the mail goes to the learner's own address (as typed on the form, else the
 * attendee's, else the buyer's); or the buyer's at checkout (`orders.marketing_consent_at`), which
 * covers the attendee only when the mail would go to the buyer's own address (decision 224).
 */
export function marketingRecipientFor(p: {
  guestEmail: string;
  orderConsentAt: Date | null;
  attendeeEmail: string | null;
  learnerEmail: string | null;
  learnerConsentAt: Date | null;
}): { to: string; consentAt: Date } | null {
  if (p.learnerConsentAt) return { to: p.learnerEmail ?? p.attendeeEmail ?? p.guestEmail, consentAt: p.learnerConsentAt };
  const to = p.attendeeEmail ?? p.guestEmail;
  if (!p.orderConsentAt || normalise(to) !== normalise(p.guestEmail)) return null;
  return { to, consentAt: p.orderConsentAt };
}
