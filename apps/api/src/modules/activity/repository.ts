import { desc, gte, sql } from "drizzle-orm";
import {
  ACTIVITY_TYPES,
  type ActivityCategory,
  type ActivityLog,
  type ActivityType,
  type RecordedActivityType,
} from "@app/contract";
import type { DbOrTx } from "../../db/client";
import { activityLog } from "../../db/schema";
import { penceToPounds as toPounds } from "@app/rules";
import type { Page } from "../../lib/paging";

export type Actor = { id: number | null; name: string };
export const SYSTEM_ACTOR: Actor = { id: null, name: "System" };

/** Call inside the transaction of the event it records. */
export async function logActivity(
  db: DbOrTx,
  entry: {
    type: RecordedActivityType;
    action: string;
    details?: string;
    actor: Actor;
    amountPence?: number;
    items?: number;
    at?: Date;
  },
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

const SPEC_TYPES: ReadonlySet<string> = new Set(ACTIVITY_TYPES);

/**
 * The spec's type for a recorded one: the spec's own types pass through, a richer kind (e.g.
 * `security`) becomes `other` with the kind as its category (decision 289).
 */
export function specType(recorded: RecordedActivityType): { type: ActivityType; category?: ActivityCategory } {
  return SPEC_TYPES.has(recorded)
    ? { type: recorded as ActivityType }
    : { type: "other", category: recorded as ActivityCategory };
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
    ...specType(r.type),
    action: r.action,
    timestamp: r.createdAt.toISOString(),
    user: r.userName,
    details: r.details,
    ...(r.amountPence !== null ? { amount: toPounds(r.amountPence) } : {}),
    ...(r.items !== null ? { items: r.items } : {}),
  }));
  return { items, total: count?.n ?? 0 };
}
