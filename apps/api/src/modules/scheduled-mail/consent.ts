/**
 * Marketing consent and one-click unsubscribe (decision 224, PECR and RFC 8058).
 * A marketing mail goes only to an address that opted in and has not unsubscribed since; its
 * unsubscribe link carries a signed token (HMAC of the address), so it works without signing in
 * and cannot be forged for someone else's address.
 */
import type { DbOrTx } from "../../db/client";
import * as repo from "./schedule-repository";
import type { Db } from "../../db/client";
import { logActivity } from "../activity";
import { hmac, KEY_ID, sameSignature, type KeyRing } from "../../lib/key-ring";

/**
 * Signing contexts: v2 tokens name their key (the key ring, decision 268); v1 tokens (sent before
 * the key ring) were signed with JWT_SECRET and carry no key id. The key id is inside the signed
 * text, so a signature cannot be moved to another key's id.
 */
const V1_CONTEXT = "marketing-unsubscribe:v1:";
const v2Context = (keyId: string) => `marketing-unsubscribe:v2:${keyId}:`;

const normalise = (email: string) => email.trim().toLowerCase();

/** The secrets an unsubscribe token is signed and checked with. */
export type UnsubscribeKeys = {
  ring: KeyRing;
  /** Secrets that signed v1 tokens (the JWT secrets of the time): they verify, never sign. */
  legacy: string[];
};

/** The keys from the parsed environment. */
export const unsubscribeKeys = (env: { LINK_SIGNING_KEYS: KeyRing; LEGACY_LINK_SECRETS: string[] }): UnsubscribeKeys => ({
  ring: env.LINK_SIGNING_KEYS,
  legacy: env.LEGACY_LINK_SECRETS,
});

/** `<key id>.<address, base64url>.<HMAC, base64url>`; no expiry (a mail's link must keep working for years). */
export function unsubscribeToken(email: string, keys: UnsubscribeKeys): string {
  const key = keys.ring.keys[0]!;
  const address = normalise(email);
  return `${key.id}.${Buffer.from(address).toString("base64url")}.${hmac(key.secret, v2Context(key.id) + address).toString("base64url")}`;
}

/**
 * The address a token was made for, or null when it is malformed, names a key the ring does not
 * hold (a retired or invented one), or its signature does not match.
 */
export function verifyUnsubscribeToken(token: string, keys: UnsubscribeKeys): string | null {
  const m = /^(?:([A-Za-z0-9_-]{1,16})\.)?([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, keyId, encoded, sig] = m;
  const email = Buffer.from(encoded!, "base64url").toString("utf8");
  if (!email.includes("@") || email.length > 254 || email !== normalise(email)) return null;
  const given = Buffer.from(sig!, "base64url");
  if (keyId !== undefined) {
    const key = KEY_ID.test(keyId) ? keys.ring.keys.find((k) => k.id === keyId) : undefined;
    return key && sameSignature(given, hmac(key.secret, v2Context(key.id) + email)) ? email : null;
  }
  // A link from before the key ring: any JWT secret of the time, or one kept in the ring for it.
  const secrets = [...keys.legacy, ...keys.ring.keys.map((k) => k.secret)];
  return secrets.some((secret) => sameSignature(given, hmac(secret, V1_CONTEXT + email))) ? email : null;
}

export function unsubscribeUrl(apiUrl: string, email: string, keys: UnsubscribeKeys): string {
  return `${apiUrl}/api/unsubscribe/${unsubscribeToken(email, keys)}`;
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
  return repo.isUnsubscribed(db, normalise(email));
}

/** Records the unsubscribe (idempotent: the first time is kept); true when this call recorded it. */
export async function unsubscribe(db: DbOrTx, email: string, via: "one-click" | "page", now: Date): Promise<boolean> {
  return repo.insertUnsubscribe(db, normalise(email), via, now);
}

/** An unsubscribe from a link, with its activity entry (no address in the log: only that someone did, and how). */
export async function unsubscribeFromLink(db: Db, email: string, oneClick: boolean, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await unsubscribe(tx, email, oneClick ? "one-click" : "page", now))) return;
    // No address in the log: the office sees that someone unsubscribed, and how.
    await logActivity(tx, {
      type: "other",
      action: "Unsubscribed from marketing mail",
      details: oneClick ? "one-click (mail client)" : "unsubscribe page",
      actor: { id: null, name: "Customer" },
      at: now,
    });
  });
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
