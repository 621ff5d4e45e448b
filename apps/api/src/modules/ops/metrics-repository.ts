/** The database figures behind the Prometheus metrics (metrics.ts). */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { JOB_QUEUE_SCHEMA } from "../../workers/queue";

/** Jobs by state: waiting, retry, active, and failed in the last 24 hours. */
export async function jobsByState(db: Db) {
  const job = sql.raw(`${JOB_QUEUE_SCHEMA}.job`);
  const { rows } = await db.execute<{ state: string; n: number }>(sql`
    select state::text as state, count(*)::int as n from ${job}
    where state in ('created', 'retry', 'active') or (state = 'failed' and completed_on > now() - interval '24 hours')
    group by state`);
  return rows;
}

/** Outbox mails pending and failed. */
export async function outboxByStatus(db: Db) {
  const { rows } = await db.execute<{ status: string; n: number }>(sql`
    select status::text as status, count(*)::int as n from mail_outbox where status in ('pending', 'failed') group by status`);
  return rows;
}

/** Seconds since the oldest pending mail was queued (null: none pending). */
export async function oldestPendingMailAge(db: Db): Promise<number | null> {
  const { rows } = await db.execute<{ age: number | null }>(sql`
    select extract(epoch from (now() - min(created_at)))::float8 as age from mail_outbox where status = 'pending'`);
  return rows[0]?.age ?? null;
}

/** The business totals: orders by channel, payments, refunds and their amounts in pence. */
export async function businessTotals(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.execute<Record<string, number | string>>(sql`
    select
      (select count(*) from orders where payment_provider <> 'manual')::int as orders_online,
      (select count(*) from orders where payment_provider = 'manual')::int as orders_office,
      (select count(*) from orders where paid_at is not null)::int as payments,
      (select coalesce(sum(amount_paid_pence), 0) from orders where paid_at is not null)::bigint as paid_pence,
      (select count(*) from refunds)::int as refunds,
      (select coalesce(sum(amount_pence), 0) from refunds)::bigint as refunded_pence`);
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
}
