/**
 * Key rings for long-lived signed links (decision 268): `LINK_SIGNING_KEYS="k2:secret2,k1:secret1"`.
 * The first key signs; every key verifies, found by the key id carried in the token, so a key can be
 * rotated without breaking links already sent: add the new key first, keep the old one after it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

export type SigningKey = { id: string; secret: string };
/** Newest first: `keys[0]` signs. */
export type KeyRing = { keys: SigningKey[] };

/** Key ids travel inside tokens and URLs: short, URL-safe, no dots (the token's separator). */
export const KEY_ID = /^[A-Za-z0-9_-]{1,16}$/;

/** 'k2:secret2,k1:secret1' → the ring; every malformed entry is reported (without its secret). */
export function parseKeyRing(raw: string, ctx: z.RefinementCtx): KeyRing | typeof z.NEVER {
  const entries = raw
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
  const keys: SigningKey[] = [];
  const problems: string[] = [];
  entries.forEach((entry, i) => {
    const colon = entry.indexOf(":");
    const id = colon > 0 ? entry.slice(0, colon) : "";
    const secret = colon > 0 ? entry.slice(colon + 1) : "";
    if (!KEY_ID.test(id)) problems.push(`entry ${i + 1} needs a key id of 1-16 letters, digits, '-' or '_' before ':'`);
    else if (!secret) problems.push(`key '${id}' has no secret after ':'`);
    else if (keys.some((k) => k.id === id)) problems.push(`key id '${id}' appears twice`);
    else keys.push({ id, secret });
  });
  if (!entries.length) problems.push("lists no key");
  if (problems.length) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `${problems.join("; ")} (format: id:secret,id2:older-secret, newest first)`,
    });
    return z.NEVER;
  }
  return { keys };
}

export function hmac(secret: string, text: string): Buffer {
  return createHmac("sha256", secret).update(text).digest();
}

/** Constant-time comparison of a given signature with the expected one. */
export function sameSignature(given: Buffer, expected: Buffer): boolean {
  return given.length === expected.length && timingSafeEqual(given, expected);
}
