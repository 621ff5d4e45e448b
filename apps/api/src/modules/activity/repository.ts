import { sql } from "drizzle-orm";
import { activityTotal, markBackdated } from "./counts-repository";
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
  // An entry dated before the live range changes a day whose count may be kept (decision 540).
  if (entry.at) await markBackdated(db, entry.at);
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

/**
 * Newest first, one page; `since` keeps the entries from that instant on. The page's ids come from
 * the (created_at desc, id desc) index alone, so page 500 reads 12,500 index entries and 25 rows;
 * the total is exact and counted mostly from kept day counts (counts-repository.ts, decision 540).
 */
export async function listActivity(db: DbOrTx, page: Page, since?: Date): Promise<{ items: ActivityLog[]; total: number }> {
  const from = since ? sql`a.created_at >= ${since.toISOString()}` : sql`true`;
  const { rows } = await db.execute<{
    id: number;
    type: RecordedActivityType;
    action: string;
    details: string;
    user_name: string;
    amount_pence: number | null;
    items: number | null;
    created_at: Date | string;
  }>(sql`
    select l.id, l.type, l.action, l.details, l.user_name, l.amount_pence, l.items, l.created_at
    from activity_log l
    where l.id in (
      select a.id from activity_log a where ${from}
      order by a.created_at desc, a.id desc limit ${page.limit} offset ${page.offset})
    order by l.created_at desc, l.id desc`);
  const total = await activityTotal(db, since);
  const items = rows.map((r) => ({
    id: r.id,
    ...specType(r.type),
    action: r.action,
    timestamp: new Date(r.created_at).toISOString(),
    user: r.user_name,
    details: r.details,
    ...(r.amount_pence !== null ? { amount: toPounds(r.amount_pence) } : {}),
    ...(r.items !== null ? { items: r.items } : {}),
  }));
  return { items, total };
}
