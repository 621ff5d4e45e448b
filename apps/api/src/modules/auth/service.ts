import { and, eq, sql } from "drizzle-orm";
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_ATTEMPTS, type User } from "@app/contract";
import type { Db } from "../../db/client";
import { rateLimits, users } from "../../db/schema";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../../lib/password";

export type LoginResult =
  | { ok: true; user: User }
  | { ok: false; status: 401; attempts: number }
  | { ok: false; status: 423; attempts: number; lockedUntil: Date };

const LOCK_MS = LOGIN_LOCK_MINUTES * 60_000;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Checks a password, counting failures per account: after LOGIN_MAX_ATTEMPTS failures the
 * account is locked for LOGIN_LOCK_MINUTES. Unknown e-mails are counted too (in rate_limits),
 * so the answers never reveal whether an account exists.
 */
export async function attemptLogin(db: Db, emailInput: string, password: string, now: Date): Promise<LoginResult> {
  const email = normaliseEmail(emailInput);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) {
    await burnPasswordCheck(password);
    return countUnknownFailure(db, email, now);
  }
  if (user.lockedUntil && user.lockedUntil > now) {
    return { ok: false, status: 423, attempts: user.failedLoginCount, lockedUntil: user.lockedUntil };
  }
  const good = await verifyPassword(user.passwordHash, password);
  return db.transaction(async (tx) => {
    // Re-read under a row lock: parallel wrong guesses must each be counted.
    const [row] = await tx.select().from(users).where(eq(users.id, user.id)).for("update");
    if (!row) return { ok: false as const, status: 401 as const, attempts: 1 };
    if (row.lockedUntil && row.lockedUntil > now) {
      return { ok: false as const, status: 423 as const, attempts: row.failedLoginCount, lockedUntil: row.lockedUntil };
    }
    if (good) {
      await tx
        .update(users)
        .set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: now })
        .where(eq(users.id, row.id));
      return { ok: true as const, user: { id: row.id, name: row.name, email: row.email, is_admin: row.isAdmin } };
    }
    // A lock that has run out starts a fresh count.
    const previous = row.lockedUntil ? 0 : row.failedLoginCount;
    const attempts = previous + 1;
    const lockedUntil = attempts >= LOGIN_MAX_ATTEMPTS ? new Date(now.getTime() + LOCK_MS) : null;
    await tx.update(users).set({ failedLoginCount: attempts, lockedUntil }).where(eq(users.id, row.id));
    return lockedUntil
      ? { ok: false as const, status: 423 as const, attempts, lockedUntil }
      : { ok: false as const, status: 401 as const, attempts };
  });
}

async function countUnknownFailure(db: Db, email: string, now: Date): Promise<LoginResult> {
  // Fixed 15-minute windows keyed by the e-mail: the same counting and lock an account gets.
  const windowStart = new Date(Math.floor(now.getTime() / LOCK_MS) * LOCK_MS);
  const key = `login:${email}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  const attempts = Math.min(row?.count ?? 1, LOGIN_MAX_ATTEMPTS);
  if ((row?.count ?? 1) >= LOGIN_MAX_ATTEMPTS) {
    return { ok: false, status: 423, attempts, lockedUntil: new Date(windowStart.getTime() + LOCK_MS) };
  }
  return { ok: false, status: 401, attempts };
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, normaliseEmail(email)));
  return row ?? null;
}

/** Creates a user, or updates name/password/admin flag when the e-mail exists. */
export async function upsertUser(
  db: Db,
  input: { email: string; name: string; password: string; isAdmin: boolean },
): Promise<{ id: number; created: boolean }> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db
      .update(users)
      .set({ name: input.name, passwordHash, isAdmin: input.isAdmin, failedLoginCount: 0, lockedUntil: null, updatedAt: new Date() })
      .where(and(eq(users.id, existing.id)));
    return { id: existing.id, created: false };
  }
  const [row] = await db.insert(users).values({ email, name: input.name, passwordHash, isAdmin: input.isAdmin }).returning({ id: users.id });
  return { id: row!.id, created: true };
}
