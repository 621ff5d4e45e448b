import { hash, verify } from "@node-rs/argon2";

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

/** Refuses passwords an administrator account should never have. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < 12) return "Password must be at least 12 characters";
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  if (kinds < 3) return "Password must mix at least three of: lower case, upper case, digits, symbols";
  const lower = password.toLowerCase();
  if (["password", "admin", "qwerty", "123456", "letmein", "welcome"].some((w) => lower.includes(w)) && kinds < 4)
    return "Password is too easy to guess";
  if (email && lower.includes(email.toLowerCase().split("@")[0] ?? "\0")) return "Password must not contain the e-mail name";
  return null;
}
