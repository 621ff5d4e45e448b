import { createHash, randomBytes } from "node:crypto";
import type { StaffRole, User } from "@app/contract";
import type { Db } from "../../db/client";
import type { users } from "../../db/schema";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../../lib/password";
import * as repo from "./repository";
import { pruneThrottle, recordFailure, recordSuccess, throttleState, type ThrottleInput } from "./throttle";

export type LoginResult =
  | { ok: true; user: User }
  | { ok: false; status: 401; attempts: number }
  | { ok: false; status: 429; attempts: number; lockedUntil: Date };

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export type UserRow = typeof users.$inferSelect;

export const toUser = (row: Pick<UserRow, "id" | "name" | "email" | "isAdmin" | "role">): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  is_admin: row.isAdmin,
  role: row.role,
});

type Client = { ip: string; device?: string | undefined; now: Date; backoffAfter: number };

/**
 * Checks a password under the throttle of ./throttle.ts. Real and unknown accounts take the same
 * path (an unknown e-mail burns an argon2 verification; a held-back client verifies nothing).
 * A disabled account answers exactly like a wrong password.
 */
export async function attemptLogin(db: Db, emailInput: string, password: string, client: Client): Promise<LoginResult> {
  const email = normaliseEmail(emailInput);
  const key: ThrottleInput = {
    scope: "login",
    client: client.ip,
    account: email,
    now: client.now,
    backoffAfter: client.backoffAfter,
    device: client.device,
  };
  const state = await throttleState(db, key);
  if (state.blockedUntil) return { ok: false, status: 429, attempts: state.attempts, lockedUntil: state.blockedUntil };
  const user = await repo.userByEmail(db, email);
  let good = false;
  if (user) good = await verifyPassword(user.passwordHash, password);
  else await burnPasswordCheck(password);
  if (good && user && !user.disabledAt) {
    await recordSuccess(db, key);
    await pruneThrottle(db, client.now);
    await repo.setLastLogin(db, user.id, client.now);
    return { ok: true, user: toUser(user) };
  }
  const attempts = await recordFailure(db, key);
  const after = await throttleState(db, key);
  if (after.blockedUntil) return { ok: false, status: 429, attempts, lockedUntil: after.blockedUntil };
  return { ok: false, status: 401, attempts };
}

/** The same throttle for second-factor codes, keyed by the account. */
export async function secondFactorThrottle(db: Db, userId: number, client: Client) {
  const key: ThrottleInput = {
    scope: "mfa",
    client: client.ip,
    account: String(userId),
    now: client.now,
    backoffAfter: client.backoffAfter,
  };
  return {
    state: () => throttleState(db, key),
    fail: async () => {
      const attempts = await recordFailure(db, key);
      const after = await throttleState(db, key);
      return { attempts, lockedUntil: after.blockedUntil };
    },
    succeed: () => recordSuccess(db, key),
  };
}

export async function findUserByEmail(db: Db, email: string) {
  return (await repo.userByEmail(db, normaliseEmail(email))) ?? null;
}

/**
 * Creates a user, or updates name/password/role when the e-mail exists (admin:create, seed).
 * An administrator without a named role is an owner.
 */
export async function upsertUser(
  db: Db,
  input: { email: string; name: string; password: string; isAdmin: boolean; role?: StaffRole | null },
): Promise<{ id: number; created: boolean }> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const role = input.isAdmin ? (input.role ?? "owner") : null;
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await repo.updateUserAccount(db, existing.id, {
      name: input.name,
      passwordHash,
      isAdmin: input.isAdmin,
      role,
      updatedAt: new Date(),
    });
    return { id: existing.id, created: false };
  }
  const id = await repo.insertUser(db, { email, name: input.name, passwordHash, isAdmin: input.isAdmin, role });
  return { id, created: true };
}

/** Ends every session of a user (a reset from the command line): plain SQL, no app needed. */
export async function endAllSessions(db: Db, userId: number, reason: string, now = new Date()): Promise<number> {
  return repo.endSessionsOf(db, userId, reason, now);
}

// ---- Recovery codes -------------------------------------------------------------------------

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** 'abcd-efgh-ijkl' style codes without look-alike characters; 60 bits each. */
function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(12);
  let out = "";
  for (let i = 0; i < 12; i++) out += alphabet[bytes[i]! % alphabet.length];
  return `${out.slice(0, 4)}-${out.slice(4, 8)}-${out.slice(8, 12)}`;
}

const normaliseCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, "");

/** Ten new single-use codes (the old ones stop working); only their hashes are kept. */
export async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: 10 }, newRecoveryCode);
  await repo.replaceRecoveryCodeHashes(
    db,
    userId,
    codes.map((c) => sha256(normaliseCode(c))),
  );
  return codes;
}

/** Uses a recovery code once: true when it was unused and is now spent. */
export async function useRecoveryCode(db: Db, userId: number, code: string, now: Date): Promise<boolean> {
  return repo.spendRecoveryCode(db, userId, sha256(normaliseCode(code)), now);
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  return repo.unusedRecoveryCodes(db, userId);
}
