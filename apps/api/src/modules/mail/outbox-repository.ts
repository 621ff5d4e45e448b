/** The mail outbox (table mail_outbox): mails are queued here and the sender worker delivers them. */
import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { mailOutbox } from "../../db/schema";

export type OutboxInsert = typeof mailOutbox.$inferInsert;

/** Queues one mail; answers its id. */
export async function insertOutboxMail(db: DbOrTx, values: OutboxInsert): Promise<number> {
  const [row] = await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Claims up to `batch` due mails for `leaseUntil` (skipping rows another sender holds), counting the
 * attempt and giving each a Message-ID on its first claim (kept for retries).
 */
export async function claimDueMail<T extends Record<string, unknown>>(
  db: Db,
  now: Date,
  leaseUntil: Date,
  batch: number,
  messageIdDomain: string,
): Promise<T[]> {
  const { rows } = await db.execute<T>(sql`
    update mail_outbox set attempts = attempts + 1, next_attempt_at = ${leaseUntil.toISOString()},
      message_id = coalesce(message_id, '<' || gen_random_uuid() || '@' || ${messageIdDomain} || '>')
    where id in (
      select id from mail_outbox
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}
      order by next_attempt_at, id
      limit ${batch}
      for update skip locked)
    returning id, created_at::text, "to", to_name, reply_to, reply_to_name, message_id, subject, html, text, kind, attempts, attachments, headers`);
  return rows as T[];
}

export async function markMailSent(db: Db, id: number, now: Date): Promise<void> {
  await db.update(mailOutbox).set({ status: "sent", sentAt: now, lastError: null }).where(eq(mailOutbox.id, id));
}

/** A failed attempt: tried again at `nextAttemptAt`, or given up (status failed). */
export async function markMailAttemptFailed(
  db: Db,
  id: number,
  giveUp: boolean,
  nextAttemptAt: Date,
  lastError: string,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: giveUp ? "failed" : "pending", nextAttemptAt, lastError })
    .where(eq(mailOutbox.id, id));
}
