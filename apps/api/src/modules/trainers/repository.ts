/** SQL of trainer assignments: who teaches which course date (decision 332). */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { courseDates, courseDateTrainers, users } from "../../db/schema";

export async function dateIdsOfTrainer(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: courseDateTrainers.courseDateId })
    .from(courseDateTrainers)
    .where(eq(courseDateTrainers.userId, userId));
  return rows.map((r) => r.id);
}

export async function dateExists(db: DbOrTx, dateId: number): Promise<boolean> {
  const rows = await db.select({ id: courseDates.id }).from(courseDates).where(eq(courseDates.id, dateId));
  return rows.length > 0;
}

export function trainersOfDate(db: DbOrTx, dateId: number) {
  return db
    .select({ id: users.id, name: users.name })
    .from(courseDateTrainers)
    .innerJoin(users, eq(users.id, courseDateTrainers.userId))
    .where(eq(courseDateTrainers.courseDateId, dateId))
    .orderBy(asc(users.name), asc(users.id));
}

/** Enabled trainer accounts (the ones a date can be given to). */
export function trainerAccounts(db: DbOrTx, ids?: number[]) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.role, "trainer"), isNull(users.disabledAt), ids ? inArray(users.id, ids) : undefined))
    .orderBy(asc(users.name), asc(users.id));
}

export async function replaceTrainers(db: DbOrTx, dateId: number, userIds: number[], by: string, now: Date) {
  await db.delete(courseDateTrainers).where(eq(courseDateTrainers.courseDateId, dateId));
  if (userIds.length)
    await db
      .insert(courseDateTrainers)
      .values(userIds.map((userId) => ({ courseDateId: dateId, userId, assignedBy: by, assignedAt: now })));
}
