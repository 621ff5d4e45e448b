import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { StaffRole } from "@app/contract";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { staffInvites, users } from "../../db/schema";

export type MemberRow = {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  disabled_at: Date | null;
  invited: boolean;
  second_factor: boolean;
  last_active_at: Date | null;
};

/** The staff list (or one member): status inputs (invited, second factor) and last activity. */
export async function memberRows(db: DbOrTx, id?: number): Promise<MemberRow[]> {
  const { rows } = await db.execute<MemberRow>(
    sql`select u.id, u.name, u.email, u.role, u.disabled_at,
               (u.last_login_at is null and exists(select 1 from staff_invites i where i.user_id = u.id and i.used_at is null)) as invited,
               (u.totp_secret is not null or exists(select 1 from passkeys p where p.user_id = u.id)) as second_factor,
               (select max(last_seen_at) from sessions s where s.user_id = u.id) as last_active_at
        from users u where u.is_admin and u.role is not null ${id ? sql`and u.id = ${id}` : sql``}
        order by u.disabled_at nulls first, u.name`,
  );
  return rows;
}

/** An unused, unexpired invitation by its token's hash, with the invited account. */
export async function findOpenInvite(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: staffInvites.id,
      userId: staffInvites.userId,
      name: users.name,
      email: users.email,
      disabledAt: users.disabledAt,
    })
    .from(staffInvites)
    .innerJoin(users, eq(users.id, staffInvites.userId))
    .where(and(eq(staffInvites.tokenHash, tokenHash), isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, now)));
  return row;
}

export async function userByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function staffUserById(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.isAdmin, true)));
  return row;
}

/** Makes an existing account staff again (with this name and role) and retires its open invitations. */
export async function reinviteUser(tx: Tx, userId: number, name: string, role: StaffRole, now: Date): Promise<void> {
  await tx.update(users).set({ name, isAdmin: true, role, disabledAt: null, updatedAt: now }).where(eq(users.id, userId));
  // An earlier invitation stops working when a new one is sent.
  await tx
    .update(staffInvites)
    .set({ usedAt: now })
    .where(and(eq(staffInvites.userId, userId), isNull(staffInvites.usedAt)));
}

export async function insertStaffUser(
  tx: Tx,
  values: { email: string; name: string; passwordHash: string; role: StaffRole },
): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, isAdmin: true })
    .returning({ id: users.id });
  return row!.id;
}

export async function insertInvite(tx: Tx, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await tx.insert(staffInvites).values({ userId, tokenHash, expiresAt });
}

/** Active owners other than this account. */
export async function otherActiveOwners(db: DbOrTx, userId: number): Promise<number> {
  const [{ n } = { n: 0 }] = (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where is_admin and role = 'owner' and disabled_at is null and id <> ${userId}`,
    )
  ).rows;
  return n;
}

export async function setRole(db: DbOrTx, userId: number, role: StaffRole, now: Date): Promise<void> {
  await db.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
}

export async function setDisabled(db: DbOrTx, userId: number, disabledAt: Date | null, now: Date): Promise<void> {
  await db.update(users).set({ disabledAt, updatedAt: now }).where(eq(users.id, userId));
}

/** Marks the invitation used; false when another request used it first. */
export async function useInvite(db: Db, inviteId: number, now: Date): Promise<boolean> {
  const used = await db
    .update(staffInvites)
    .set({ usedAt: now })
    .where(and(eq(staffInvites.id, inviteId), isNull(staffInvites.usedAt)))
    .returning({ id: staffInvites.id });
  return used.length > 0;
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}
