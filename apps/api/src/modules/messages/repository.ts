/** Contact messages' SQL: the office's paged list (all, unhandled or handled), the handled flag, new messages. */
import { desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { ContactMessage, ContactMessageCreateInput, MessageFilter } from "@app/contract";
import type { DbOrTx } from "../../db/client";
import { contactMessages } from "../../db/schema";
import type { Page } from "../../lib/paging";

type MessageRow = typeof contactMessages.$inferSelect;

export function toContactMessage(m: MessageRow): ContactMessage {
  return {
    id: m.id,
    firstName: m.firstName,
    lastName: m.lastName,
    phoneNumber: m.phoneNumber,
    emailAddress: m.emailAddress,
    message: m.message,
    created_at: m.createdAt.toISOString(),
    handled_at: m.handledAt ? m.handledAt.toISOString() : null,
    handled_by: m.handledBy,
  };
}

const filterOf = (filter: MessageFilter) =>
  filter === "unhandled"
    ? isNull(contactMessages.handledAt)
    : filter === "handled"
      ? isNotNull(contactMessages.handledAt)
      : undefined;

/** Newest first, one page, and how many match in all. */
export async function listMessages(
  db: DbOrTx,
  filter: MessageFilter,
  page: Page,
): Promise<{ items: ContactMessage[]; total: number }> {
  const where = filterOf(filter);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contactMessages)
    .where(where);
  return { items: rows.map(toContactMessage), total: count?.n ?? 0 };
}

export async function insertMessage(db: DbOrTx, body: ContactMessageCreateInput, now: Date): Promise<void> {
  await db.insert(contactMessages).values({
    firstName: body.firstName,
    lastName: body.lastName,
    phoneNumber: body.phoneNumber,
    emailAddress: body.emailAddress,
    message: body.message,
    createdAt: now,
  });
}

/** The message, locked for the rest of the transaction, or null. */
export async function lockMessage(db: DbOrTx, id: number): Promise<MessageRow | null> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).for("update");
  return row ?? null;
}

/** Marks handled (when, by whom) or back to unhandled; answers the row as it is now. */
export async function writeHandled(db: DbOrTx, id: number, handled: { at: Date; by: string } | null): Promise<MessageRow> {
  const [row] = await db
    .update(contactMessages)
    .set(handled ? { handledAt: handled.at, handledBy: handled.by } : { handledAt: null, handledBy: null })
    .where(eq(contactMessages.id, id))
    .returning();
  return row!;
}
