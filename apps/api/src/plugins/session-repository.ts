/** Staff sign-in sessions (table sessions), read and written by the auth plugin. */
import { sql } from "drizzle-orm";
import type { StaffRole } from "@app/contract";
import type { Db } from "../db/client";

/** full: signed in; second_factor: password given, code pending; setup: must add a second factor first. */
export type SessionStage = "full" | "second_factor" | "setup";

/** A session with its user as they are now (role, disabled). */
export type SessionRow = {
  id: number;
  name: string;
  email: string;
  is_admin: boolean;
  role: StaffRole | null;
  disabled_at: Date | null;
  stage: SessionStage;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ended_at: Date | null;
};

export async function insertSession(
  db: Db,
  s: { id: string; userId: number; stage: SessionStage; agent: string; ip: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.execute(
    sql`insert into sessions (id, user_id, stage, user_agent, ip, created_at, last_seen_at, expires_at)
      values (${s.id}, ${s.userId}, ${s.stage}, ${s.agent}, ${s.ip}, ${s.now.toISOString()}, ${s.now.toISOString()}, ${s.expiresAt.toISOString()})`,
  );
}

/** One round trip: the session row and the user as they are now. */
export async function sessionWithUser(db: Db, sessionId: string, userId: number): Promise<SessionRow | undefined> {
  const { rows } = await db.execute<SessionRow>(
    sql`select u.id, u.name, u.email, u.is_admin, u.role, u.disabled_at,
               s.stage, s.created_at, s.last_seen_at, s.expires_at, s.ended_at
        from sessions s join users u on u.id = s.user_id
        where s.id = ${sessionId} and s.user_id = ${userId}`,
  );
  return rows[0];
}

/** Ends a session still open; false when it had already ended. */
export async function endOpenSession(db: Db, sessionId: string, reason: string, now: Date): Promise<boolean> {
  const ended = await db.execute(
    sql`update sessions set ended_at = ${now.toISOString()}, end_reason = ${reason}
        where id = ${sessionId} and ended_at is null returning id`,
  );
  return ended.rows.length > 0;
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.execute(sql`update sessions set last_seen_at = ${now.toISOString()} where id = ${sessionId}`);
}

/** Rows long past their end are of no use to anyone: deleted 30 days after they expired. */
export async function deleteLongExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.execute(sql`delete from sessions where expires_at < ${now.toISOString()}::timestamptz - interval '30 days'`);
}

/** Ends every live session of a user (but `exceptId`); answers each ended session with the user's name. */
export async function endLiveSessionsOf(db: Db, userId: number, reason: string, now: string, exceptId?: string) {
  const { rows } = await db.execute<{ id: string; name: string }>(
    sql`update sessions s set ended_at = ${now}, end_reason = ${reason}
        from users u
        where u.id = s.user_id and s.user_id = ${userId} and s.ended_at is null and s.expires_at > ${now}
          ${exceptId ? sql`and s.id <> ${exceptId}` : sql``}
        returning s.id, u.name`,
  );
  return rows;
}

export async function setStage(db: Db, sessionId: string, stage: SessionStage): Promise<void> {
  await db.execute(sql`update sessions set stage = ${stage} where id = ${sessionId}`);
}
