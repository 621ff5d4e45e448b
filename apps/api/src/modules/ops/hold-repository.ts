/** The outgoing hold's rows (decision 302) and the outbox rows a sent log settles. */
import { isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { outgoingHolds } from "../../db/schema";

export type HoldRow = typeof outgoingHolds.$inferSelect;

/** The hold in force (the oldest unreleased one), or null. */
export async function activeHold(db: DbOrTx): Promise<HoldRow | null> {
  const [row] = await db.select().from(outgoingHolds).where(isNull(outgoingHolds.releasedAt)).orderBy(outgoingHolds.id).limit(1);
  return row ?? null;
}

export async function insertHold(db: DbOrTx, hold: { reason: string; restoredTo: Date | null; heldAt: Date }): Promise<HoldRow> {
  const [row] = await db.insert(outgoingHolds).values(hold).returning();
  return row!;
}

/** Releases every hold in force; returns how many were. */
export async function releaseHolds(db: DbOrTx, at: Date, by: string): Promise<number> {
  const rows = await db
    .update(outgoingHolds)
    .set({ releasedAt: at, releasedBy: by })
    .where(isNull(outgoingHolds.releasedAt))
    .returning({ id: outgoingHolds.id });
  return rows.length;
}

export type SentEntry = { id: number; createdAt: string; sentAt: string };

/**
 * Marks as sent the pending outbox rows the sent log says went out (same id and same creation
 * time, so a row of another database that happens to share the id is left alone).
 */
export async function settleSentMail(db: Db, entries: SentEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const { rows } = await db.execute<{ id: number }>(sql`
    update mail_outbox m set status = 'sent', sent_at = e."sentAt"::timestamptz, last_error = null
    from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as e(id int, "createdAt" text, "sentAt" text)
    where m.id = e.id and m.created_at = e."createdAt"::timestamptz and m.status <> 'sent'
    returning m.id`);
  return rows.length;
}

/** What is waiting behind the hold: mails to send and jobs due. */
export async function heldWork(db: Db): Promise<{ mails: number }> {
  const { rows } = await db.execute<{ mails: number }>(
    sql`select count(*)::int as mails from mail_outbox where status = 'pending'`,
  );
  return { mails: Number(rows[0]?.mails ?? 0) };
}
