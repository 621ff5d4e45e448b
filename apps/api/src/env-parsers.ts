/** Checks of environment values (env.ts): secret strength, REMINDER_DAYS_BEFORE and TRUST_PROXY. */
import { z } from "zod";
import proxyAddr from "proxy-addr";
import { MIN_SECRET_BITS, secretEntropyBits } from "./lib/password";
import { DEV_JWT_SECRET } from "./env-defaults";

const WEAK_SECRETS = [DEV_JWT_SECRET, "secret", "changeme", "change-me", "jwt-secret", "your-secret"];

/**
 * secretEntropyBits, remembered per secret: zxcvbn takes seconds on a busy machine, and tests and
 * commands parse the same production secrets (JWT_SECRET, every link key) more than once.
 */
const entropyCache = new Map<string, number>();
function entropyBits(secret: string): number {
  let bits = entropyCache.get(secret);
  if (bits === undefined) {
    bits = secretEntropyBits(secret);
    if (entropyCache.size > 100) entropyCache.clear();
    entropyCache.set(secret, bits);
  }
  return bits;
}

/** A secret refused in production: short, a known default, or guessable. */
export const isWeakSecret = (secret: string) =>
  secret.length < 32 || WEAK_SECRETS.includes(secret.toLowerCase()) || entropyBits(secret) < MIN_SECRET_BITS;

/** '7,1' → [7, 1]: distinct whole days from 1 to 60, largest first. */
export function parseReminderDays(raw: string, ctx: z.RefinementCtx): number[] {
  const days = raw
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean)
    .map(Number);
  if (!days.length || days.some((d) => !Number.isInteger(d) || d < 1 || d > 60) || new Set(days).size !== days.length) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: "a comma-separated list of distinct whole days from 1 to 60, e.g. 7,1",
    });
    return z.NEVER;
  }
  return days.sort((a, b) => b - a);
}

const TRUST_PROXY_HINT = "use a hop count (e.g. 1) or a comma-separated list of proxy addresses/CIDRs";

/** TRUST_PROXY → what Fastify's trustProxy takes: false, a hop count, or a list (checked with proxy-addr). */
export function parseTrustProxy(raw: string, ctx: z.RefinementCtx): false | number | string[] {
  const v = raw.trim().toLowerCase();
  if (["false", "0", "no", "off", "none"].includes(v)) return false;
  if (["true", "yes", "on", "all", "*"].includes(v)) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `'${raw}' would trust any client's X-Forwarded-For; ${TRUST_PROXY_HINT}`,
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 32) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `at most 32 hops; ${TRUST_PROXY_HINT}` });
      return z.NEVER;
    }
    return hops;
  }
  const list = raw
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(list);
  } catch (err) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `${err instanceof Error ? err.message : String(err)}; ${TRUST_PROXY_HINT}`,
    });
    return z.NEVER;
  }
  return list;
}
