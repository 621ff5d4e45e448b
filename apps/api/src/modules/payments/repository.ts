import { gte, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { paymentEvents, paymentPageAlerts, paymentPageFailures } from "../../db/schema";

/**
 * Records a provider event id, once (webhook idempotency): false when it was recorded before.
 * Call it in the transaction of the event's effect, so both commit or neither does.
 */
export async function recordEventOnce(
  db: DbOrTx,
  event: { provider: string; id: string; type: string },
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values({ provider: event.provider, eventId: event.id, type: event.type, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** A payment page that could not be opened for an order (decision 272). */
export async function insertPageFailure(db: DbOrTx, failure: { orderId: number; provider: string; at: Date }): Promise<void> {
  await db.insert(paymentPageFailures).values(failure);
}

/**
 * What decides whether failures repeat (decision 272), at `now`: `inRow` failures since the
 * latest order whose payment page opened (within the last hour), and the failures and orders
 * placed with this provider in the last 15 minutes.
 */
export async function pageFailureFacts(
  db: DbOrTx,
  provider: string,
  now: Date,
): Promise<{ inRow: number; failures15: number; attempts15: number }> {
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const quarterAgo = new Date(now.getTime() - 15 * 60_000).toISOString();
  const { rows } = await db.execute<{ in_row: number; failures15: number; attempts15: number }>(sql`
    with last_open as (
      select max(o.created_at) as at from orders o
       where o.payment_provider = ${provider} and o.created_at >= ${hourAgo}
         and not exists (select 1 from payment_page_failures f where f.order_id = o.id)
    )
    select
      (select count(*)::int from payment_page_failures f, last_open
        where f.provider = ${provider} and f.at >= ${hourAgo}
          and (last_open.at is null or f.at > last_open.at)) as in_row,
      (select count(*)::int from payment_page_failures f where f.provider = ${provider} and f.at >= ${quarterAgo}) as failures15,
      (select count(*)::int from orders o where o.payment_provider = ${provider} and o.created_at >= ${quarterAgo}) as attempts15`);
  const r = rows[0];
  return { inRow: Number(r?.in_row ?? 0), failures15: Number(r?.failures15 ?? 0), attempts15: Number(r?.attempts15 ?? 0) };
}

/** Opens an episode unless one is open (the partial unique index decides between racing instances). */
export async function openPageAlert(
  db: DbOrTx,
  alert: { provider: string; startedAt: Date; failures: number },
): Promise<boolean> {
  const inserted = await db.insert(paymentPageAlerts).values(alert).onConflictDoNothing().returning({ id: paymentPageAlerts.id });
  return inserted.length > 0;
}

/** Closes the open episode, if any: a payment page opened again. True when one was closed. */
export async function closePageAlert(db: DbOrTx, at: Date): Promise<boolean> {
  const closed = await db
    .update(paymentPageAlerts)
    .set({ recoveredAt: at })
    .where(isNull(paymentPageAlerts.recoveredAt))
    .returning({ id: paymentPageAlerts.id });
  return closed.length > 0;
}

export async function hasOpenPageAlert(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ id: paymentPageAlerts.id })
    .from(paymentPageAlerts)
    .where(isNull(paymentPageAlerts.recoveredAt))
    .limit(1);
  return rows.length > 0;
}

export type PageAlertRow = typeof paymentPageAlerts.$inferSelect;

/** The open episode, and the failures since `since` (the dashboard's warning). */
export async function pageFailureSummary(
  db: DbOrTx,
  since: Date,
): Promise<{ failures: number; lastFailureAt: Date | null; open: PageAlertRow | null }> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int`, last: sql<string | null>`max(${paymentPageFailures.at})` })
    .from(paymentPageFailures)
    .where(gte(paymentPageFailures.at, since));
  const [open] = await db.select().from(paymentPageAlerts).where(isNull(paymentPageAlerts.recoveredAt)).limit(1);
  return {
    failures: Number(counted?.n ?? 0),
    lastFailureAt: counted?.last ? new Date(counted.last) : null,
    open: open ?? null,
  };
}

/** Episodes started or ended since `since`, newest first (the bell's alerts). */
export async function pageAlertsSince(db: DbOrTx, since: Date): Promise<PageAlertRow[]> {
  return db
    .select()
    .from(paymentPageAlerts)
    .where(
      sql`${paymentPageAlerts.startedAt} >= ${since.toISOString()} or ${paymentPageAlerts.recoveredAt} >= ${since.toISOString()}`,
    )
    .orderBy(sql`${paymentPageAlerts.startedAt} desc`)
    .limit(20);
}
