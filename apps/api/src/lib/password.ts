import { hash, verify } from "@node-rs/argon2";
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { lazyRequire } from "./lazy-require";

// The dictionaries (~20 MB resident) are loaded with the first password or secret checked
// (decision 250): an instance that only serves the catalogue and bookings never holds them.
const zxcvbnCore = lazyRequire<typeof import("@zxcvbn-ts/core")>("@zxcvbn-ts/core");
const zxcvbnCommon = lazyRequire<typeof import("@zxcvbn-ts/language-common")>("@zxcvbn-ts/language-common");
const zxcvbnEn = lazyRequire<typeof import("@zxcvbn-ts/language-en")>("@zxcvbn-ts/language-en");

// Algorithm.Argon2id (a const enum, which isolatedModules cannot import).
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

// Verifying against this keeps an unknown e-mail as slow as a known one.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password-just-timing");
  await verifyPassword(await dummyHash, password);
}

// The common-password and English dictionaries of zxcvbn-ts, built once on first use.
let zxcvbn: ZxcvbnFactory | undefined;
function strength(password: string, userInputs: string[] = []) {
  zxcvbn ??= new (zxcvbnCore().ZxcvbnFactory)({
    dictionary: { ...zxcvbnCommon().dictionary, ...zxcvbnEn().dictionary },
    graphs: zxcvbnCommon().adjacencyGraphs,
    translations: zxcvbnEn().translations,
  });
  return zxcvbn.check(password.slice(0, 100), userInputs);
}

/** At least 10^10 guesses: beyond a common-password list and its variations (l33t, years, suffixes). */
export const MIN_PASSWORD_GUESSES_LOG10 = 10;

export const PASSWORD_TOO_COMMON = "Password is too common or easy to guess: add more unrelated words";

/** Refuses passwords an administrator account should never have. */
export function passwordProblem(password: string, email?: string, name?: string): string | null {
  if (password.length < 12) return "Password must be at least 12 characters";
  if (password.length > 200) return "Password must be at most 200 characters";
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  if (kinds < 3) return "Password must mix at least three of: lower case, upper case, digits, symbols";
  const lower = password.toLowerCase();
  if (["password", "admin", "qwerty", "123456", "letmein", "welcome"].some((w) => lower.includes(w)) && kinds < 4)
    return "Password is too easy to guess";
  if (email && lower.includes(email.toLowerCase().split("@")[0] ?? "\0")) return "Password must not contain the e-mail name";
  const inputs = [
    email ?? "",
    ...(email ? email.split(/[@.]/) : []),
    ...(name ? name.split(/\s+/) : []),
    "merseyside",
    "training",
    "door",
    "guard",
  ];
  if (strength(password, inputs.filter(Boolean)).guessesLog10 < MIN_PASSWORD_GUESSES_LOG10) return PASSWORD_TOO_COMMON;
  return null;
}

/**
 * Estimated entropy of a secret in bits: the length times the Shannon entropy of its characters,
 * capped by zxcvbn's estimate (which sees repeats, sequences and words). `a` × 32 scores 0.
 */
export function secretEntropyBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / secret.length;
    perChar -= p * Math.log2(p);
  }
  const shannon = perChar * secret.length;
  const guesses = strength(secret).guessesLog10 * Math.log2(10);
  return Math.min(shannon, guesses);
}

/** JWT_SECRET must carry at least this much (a random 32-character secret carries well over 128). */
export const MIN_SECRET_BITS = 100;
