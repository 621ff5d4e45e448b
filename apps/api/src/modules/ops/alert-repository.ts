/** Operations alerts (table ops_alerts): one row per episode, opened and closed by the alerts job (alerts.ts). */
import { and, asc, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { opsAlerts } from "../../db/schema";

/** When the last payment-page episode ended (null: none has). */
export async function lastPaymentPageClose(db: Db): Promise<string | null> {
  const [ended] = await db
    .select({ at: sql<string | null>`max(${opsAlerts.closedAt})` })
    .from(opsAlerts)
    .where(eq(opsAlerts.kind, "payment_page"));
  return ended?.at ?? null;
}

/** One evaluation at a time across instances: held until the transaction ends. */
export async function lockAlerts(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ops-alerts'))`);
}

/** Episodes still open, oldest first. */
export async function openAlertRows(db: DbOrTx) {
  return db.select().from(opsAlerts).where(isNull(opsAlerts.closedAt)).orderBy(asc(opsAlerts.openedAt), asc(opsAlerts.id));
}

export async function insertAlert(
  tx: Tx,
  alert: { kind: string; title: string; message: string; openedAt: Date },
): Promise<void> {
  await tx.insert(opsAlerts).values(alert);
}

export async function closeAlert(tx: Tx, id: number, at: Date): Promise<void> {
  await tx.update(opsAlerts).set({ closedAt: at }).where(eq(opsAlerts.id, id));
}

export async function isKindOpen(db: DbOrTx, kind: string): Promise<boolean> {
  const rows = await db
    .select({ id: opsAlerts.id })
    .from(opsAlerts)
    .where(and(eq(opsAlerts.kind, kind), isNull(opsAlerts.closedAt)))
    .limit(1);
  return rows.length > 0;
}

/** Episodes opened or closed since `since`, newest opened first. */
export async function alertsSince(db: DbOrTx, since: Date, limit: number) {
  return db
    .select()
    .from(opsAlerts)
    .where(or(gte(opsAlerts.openedAt, since), gte(opsAlerts.closedAt, since)))
    .orderBy(desc(opsAlerts.openedAt))
    .limit(limit);
}
