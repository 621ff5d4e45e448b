import { desc, gte, sql } from "drizzle-orm";
import type { ActivityLog, ActivityType } from "@app/contract";
import type { DbOrTx } from "../../db/client";
import { activityLog } from "../../db/schema";
import { penceToPounds as toPounds } from "@app/rules";
import type { Page } from "../../lib/paging";

export type Actor = { id: number | null; name: string };
export const SYSTEM_ACTOR: Actor = { id: null, name: "System" };

/** Call inside the transaction of the event it records. */
export async function logActivity(
  db: DbOrTx,
  entry: { type: ActivityType; action: string; details?: string; actor: Actor; amountPence?: number; items?: number; at?: Date },
): Promise<void> {
  await db.insert(activityLog).values({
    type: entry.type,
    action: entry.action,
    details: entry.details ?? "",
    actorId: entry.actor.id,
    userName: entry.actor.name,
    amountPence: entry.amountPence ?? null,
    items: entry.items ?? null,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}

/** Newest first, one page; `since` keeps the entries from that instant on. */
export async function listActivity(db: DbOrTx, page: Page, since?: Date): Promise<{ items: ActivityLog[]; total: number }> {
  const where = since ? gte(activityLog.createdAt, since) : undefined;
  const rows = await db
    .select()
    .from(activityLog)
    .where(where)
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(activityLog)
    .where(where);
  const items = rows.map((r) => ({
    id: r.id,
    type: r.type,
    action: r.action,
    timestamp: r.createdAt.toISOString(),
    user: r.userName,
    details: r.details,
    ...(r.amountPence !== null ? { amount: toPounds(r.amountPence) } : {}),
    ...(r.items !== null ? { items: r.items } : {}),
  }));
  return { items, total: count?.n ?? 0 };
}
