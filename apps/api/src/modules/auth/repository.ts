/** Staff accounts and their sign-in methods: users, sessions, recovery codes, passkeys, WebAuthn challenges. */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { StaffRole } from "@app/contract";
import type { Db, DbOrTx } from "../../db/client";
import { passkeys, recoveryCodes, users } from "../../db/schema";

// ---- Users

export async function userByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function userById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function setLastLogin(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}

export async function updateUserAccount(
  db: DbOrTx,
  userId: number,
  values: { name: string; passwordHash: string; isAdmin: boolean; role: StaffRole | null; updatedAt: Date },
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, disabledAt: null })
    .where(and(eq(users.id, userId)));
}

export async function insertUser(
  db: DbOrTx,
  values: { email: string; name: string; passwordHash: string; isAdmin: boolean; role: StaffRole | null },
): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

// ---- Sessions

/** Ends every open session of a user; answers how many. */
export async function endSessionsOf(db: Db, userId: number, reason: string, now: Date): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(
    sql`update sessions set ended_at = ${now.toISOString()}, end_reason = ${reason}
        where user_id = ${userId} and ended_at is null returning id`,
  );
  return rows.length;
}

/** A user's signed-in sessions that are neither expired nor idle for `idle` (an interval, e.g. '30 minutes'). */
export async function liveSessions(db: Db, userId: number, now: string, idle: string) {
  const { rows } = await db.execute<{ id: string; user_agent: string; ip: string; created_at: Date; last_seen_at: Date }>(
    sql`select id, user_agent, ip, created_at, last_seen_at from sessions
        where user_id = ${userId} and ended_at is null and stage = 'full' and expires_at > ${now}
          and last_seen_at > ${now}::timestamptz - ${idle}::interval
        order by last_seen_at desc`,
  );
  return rows;
}

/** Ends one of the user's own sessions from another; false when there was no such open session. */
export async function endOwnSession(db: Db, userId: number, sessionId: string, now: Date): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(
    sql`update sessions set ended_at = ${now.toISOString()}, end_reason = 'signed out from another session'
        where id = ${sessionId} and user_id = ${userId} and ended_at is null returning id`,
  );
  return rows.length > 0;
}

// ---- Recovery codes

export async function replaceRecoveryCodeHashes(db: Db, userId: number, hashes: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  });
}

/** Spends an unused code by its hash: true when it was unused. */
export async function spendRecoveryCode(db: Db, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}

export async function unusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from recovery_codes where user_id = ${userId} and used_at is null`,
  );
  return rows[0]?.n ?? 0;
}

// ---- Authenticator app (TOTP)

export async function setTotpPendingSecret(db: Db, userId: number, secret: string): Promise<void> {
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, userId));
}

/** The pending secret becomes the account's authenticator app. */
export async function confirmTotpSecret(db: Db, userId: number, secret: string): Promise<void> {
  await db.update(users).set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: null }).where(eq(users.id, userId));
}

export async function clearTotp(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ totpSecret: null, totpLastStep: null }).where(eq(users.id, userId));
}

/** Records the step used, atomically: two requests with the same code cannot both win. */
export async function spendTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(
    sql`update users set totp_last_step = ${step}
        where id = ${userId} and (totp_last_step is null or totp_last_step < ${step}) returning id`,
  );
  return rows.length > 0;
}

export async function secondFactorsOf(db: Db, userId: number): Promise<{ totp: boolean; passkeys: number }> {
  const { rows } = await db.execute<{ totp: boolean; n: number }>(
    sql`select (u.totp_secret is not null) as totp, (select count(*)::int from passkeys p where p.user_id = u.id) as n
        from users u where u.id = ${userId}`,
  );
  return { totp: Boolean(rows[0]?.totp), passkeys: rows[0]?.n ?? 0 };
}

// ---- Passkeys (WebAuthn)

export async function saveChallenge(db: Db, key: string, challenge: string, expires: string): Promise<void> {
  await db.execute(
    sql`insert into webauthn_challenges (session_key, challenge, expires_at) values (${key}, ${challenge}, ${expires})
        on conflict (session_key) do update set challenge = excluded.challenge, expires_at = excluded.expires_at`,
  );
}

/** Deletes and answers the session's challenge (read once). */
export async function deleteChallenge(db: Db, key: string): Promise<{ challenge: string; expires_at: Date } | undefined> {
  const { rows } = await db.execute<{ challenge: string; expires_at: Date }>(
    sql`delete from webauthn_challenges where session_key = ${key} returning challenge, expires_at`,
  );
  return rows[0];
}

export async function passkeysOf(db: Db, userId: number) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId));
}

export async function passkeyById(db: Db, id: string) {
  const [key] = await db.select().from(passkeys).where(eq(passkeys.id, id));
  return key;
}

export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert): Promise<void> {
  await db.insert(passkeys).values(values).onConflictDoNothing();
}

export async function recordPasskeyUse(db: Db, id: string, counter: number, now: Date): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, id));
}

/** Deletes one of the user's passkeys; false when they have no such passkey. */
export async function deletePasskey(db: Db, userId: number, id: string): Promise<boolean> {
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return gone.length > 0;
}
