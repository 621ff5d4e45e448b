/**
 * Operations readings (decisions 295-296): what the status page shows and the alert evaluator
 * judges, read from the tables that already hold the facts. Every time rule takes `now` (the
 * app's clock) so tests can move time. The job queue's own timestamps are the database's clock;
 * they are compared with `now` too, which is what a test that advances the clock expects.
 */
import { statfs } from "node:fs/promises";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { JOB_QUEUE_SCHEMA } from "../../workers/queue";
import { PAYMENT_MISMATCH_ACTION } from "../payments";

const MIN = 60_000;
const iso = (d: Date) => d.toISOString();
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

export type DatabaseReading = { reachable: boolean; sizeBytes: number | null; latencyMs: number | null };

export async function readDatabase(db: Db): Promise<DatabaseReading> {
  const started = performance.now();
  try {
    const { rows } = await db.execute<{ size: string }>(sql`select pg_database_size(current_database())::text as size`);
    return { reachable: true, sizeBytes: Number(rows[0]?.size ?? 0), latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { reachable: false, sizeBytes: null, latencyMs: null };
  }
}

export type QueueReading = {
  /** Jobs due to run and not yet picked up. */
  waiting: number;
  /** Jobs that gave up (retries exhausted) in the last 24 hours. */
  failed: number;
  /** Jobs that failed and wait for a retry. */
  retrying: number;
  /** The oldest due job's creation time (null: none waiting). */
  oldestWaiting: Date | null;
  /** The newest failure in the last 24 hours. */
  lastFailedAt: Date | null;
};

/** pg-boss's table (decision 220): one row per job; `created`/`retry` are waiting, `failed` gave up. */
export async function readQueue(db: Db, now: Date): Promise<QueueReading> {
  const job = sql.raw(`${JOB_QUEUE_SCHEMA}.job`);
  const dayAgo = iso(new Date(now.getTime() - 24 * 60 * MIN));
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select
      count(*) filter (where state = 'created' and start_after <= ${iso(now)})::int as waiting,
      count(*) filter (where state = 'retry')::int as retrying,
      count(*) filter (where state = 'failed' and completed_on >= ${dayAgo})::int as failed,
      min(created_on) filter (where state = 'created' and start_after <= ${iso(now)}) as oldest_waiting,
      max(completed_on) filter (where state = 'failed' and completed_on >= ${dayAgo}) as last_failed
    from ${job}`);
  const r = rows[0] ?? {};
  return {
    waiting: Number(r.waiting ?? 0),
    retrying: Number(r.retrying ?? 0),
    failed: Number(r.failed ?? 0),
    oldestWaiting: dateOrNull(r.oldest_waiting),
    lastFailedAt: dateOrNull(r.last_failed),
  };
}

export type OutboxReading = {
  pending: number;
  /** Mails the sender gave up on in the last 7 days. */
  failed: number;
  oldestPending: Date | null;
  /** The oldest pending mail that has already failed at least once (null: every try so far worked). */
  oldestFailing: Date | null;
  lastError: string | null;
  lastSentAt: Date | null;
};

export async function readOutbox(db: Db, now: Date): Promise<OutboxReading> {
  const weekAgo = iso(new Date(now.getTime() - 7 * 24 * 60 * MIN));
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select
      count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where status = 'failed' and created_at >= ${weekAgo})::int as failed,
      min(created_at) filter (where status = 'pending') as oldest_pending,
      min(created_at) filter (where status = 'pending' and attempts > 0) as oldest_failing,
      max(sent_at) as last_sent
    from mail_outbox`);
  const { rows: errs } = await db.execute<{ last_error: string }>(sql`
    select last_error from mail_outbox where status in ('pending', 'failed') and last_error is not null
    order by next_attempt_at desc limit 1`);
  const r = rows[0] ?? {};
  return {
    pending: Number(r.pending ?? 0),
    failed: Number(r.failed ?? 0),
    oldestPending: dateOrNull(r.oldest_pending),
    oldestFailing: dateOrNull(r.oldest_failing),
    // The transport's message, cut short: enough for whoever fixes the mail server, no mail contents.
    lastError: errs[0]?.last_error ? errs[0].last_error.slice(0, 160) : null,
    lastSentAt: dateOrNull(r.last_sent),
  };
}

export type BackupReading = {
  lastOk: { finishedAt: Date; kind: string; sizeBytes: number | null } | null;
  lastFailedAt: Date | null;
};

/** The newest successful backup (and a newer failure, if any) as the backup script recorded them. */
export async function readBackups(db: Db): Promise<BackupReading> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select
      (select row_to_json(b) from (select finished_at, kind, size_bytes from backup_runs where ok
         order by finished_at desc limit 1) b) as last_ok,
      (select max(finished_at) from backup_runs where not ok) as last_failed`);
  const r = rows[0] ?? {};
  const ok = r.last_ok as { finished_at: string; kind: string; size_bytes: number | null } | null;
  return {
    lastOk: ok ? { finishedAt: new Date(ok.finished_at), kind: ok.kind, sizeBytes: ok.size_bytes } : null,
    lastFailedAt: dateOrNull(r.last_failed),
  };
}

export type PaymentPageReading = {
  /** Attempts to open the payment page in the window, and how many failed. */
  attempts: number;
  failures: number;
  /** The last attempts failed one after another (newest first, up to 3 counted). */
  failedInARow: number;
  lastFailureAt: Date | null;
  /** When the newest order (in the last day) whose payment page opened was placed: an alert ends with it (decision 313). */
  lastOpenedAt: Date | null;
};

/** How far back "recent" payment-page failures go (decision 296). */
export const PAYMENT_WINDOW_MINUTES = 15;

/**
 * Payment-page attempts and failures (decisions 296, 313), over orders whose page has an outcome:
 * it failed (the enroll route wrote the order's row in `payment_page_failures`, decision 272) or
 * it opened (the provider's checkout session is on the order; the local development provider
 * has no sessions and never fails, so its orders opened). An order still waiting for the
 * provider is neither yet: counted as "opened", it would end an alert while the provider hangs.
 * `after`: only what happened after that time counts (the attempts, failures and the run; not
 * `lastFailureAt`), for the alert evaluator after an episode ended (decision 313).
 */
export async function readPaymentPage(
  db: Db,
  now: Date,
  windowMinutes = PAYMENT_WINDOW_MINUTES,
  after: Date | null = null,
): Promise<PaymentPageReading> {
  const floor = (t: number) => iso(new Date(Math.max(t, after?.getTime() ?? 0)));
  const since = floor(now.getTime() - windowMinutes * MIN);
  const dayAgo = floor(now.getTime() - 24 * 60 * MIN);
  const until = iso(now);
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with recent as (
      select id, created_at, failed from (
        select o.id, o.created_at,
               exists (select 1 from payment_page_failures f where f.order_id = o.id) as failed,
               (o.payment_provider = 'local' or o.provider_session_id is not null) as opened
          from orders o
         where o.payment_provider <> 'manual' and o.created_at >= ${dayAgo} and o.created_at <= ${until}) a
       where failed or opened
    )
    select
      (select count(*)::int from recent where created_at >= ${since}) as attempts,
      (select count(*)::int from payment_page_failures where at >= ${since} and at <= ${until}) as failures,
      (select max(at) from payment_page_failures where at <= ${until}) as last_failure,
      (select max(created_at) from recent where not failed) as last_opened,
      (select coalesce(array_agg(failed order by created_at desc, id desc), '{}') from (
         select id, created_at, failed from recent order by created_at desc, id desc limit 3) last3) as last3`);
  const r = rows[0] ?? {};
  const last3 = (r.last3 as boolean[] | null) ?? [];
  let inARow = 0;
  for (const f of last3) {
    if (!f) break;
    inARow++;
  }
  return {
    attempts: Number(r.attempts ?? 0),
    failures: Number(r.failures ?? 0),
    failedInARow: inARow,
    lastFailureAt: dateOrNull(r.last_failure),
    lastOpenedAt: dateOrNull(r.last_opened),
  };
}

export type WebhookReading = { lastReceivedAt: Date | null; mismatches: number; lastMismatchAt: Date | null };

/** How long a payment that did not match its order keeps the webhook item red (and its alert open). */
export const MISMATCH_WINDOW_HOURS = 24;

/** The provider's webhooks (payment_events) and the mismatches payments/verify.ts records. */
export async function readWebhooks(db: Db, now: Date): Promise<WebhookReading> {
  const since = iso(new Date(now.getTime() - MISMATCH_WINDOW_HOURS * 60 * MIN));
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select
      (select max(received_at) from payment_events) as last_received,
      (select count(*)::int from activity_log where action = ${PAYMENT_MISMATCH_ACTION}
         and created_at >= ${since} and created_at <= ${iso(now)}) as mismatches,
      (select max(created_at) from activity_log where action = ${PAYMENT_MISMATCH_ACTION}
         and created_at <= ${iso(now)}) as last_mismatch`);
  const r = rows[0] ?? {};
  return {
    lastReceivedAt: dateOrNull(r.last_received),
    mismatches: Number(r.mismatches ?? 0),
    lastMismatchAt: dateOrNull(r.last_mismatch),
  };
}

export type DiskReading = { path: string; totalBytes: number; freeBytes: number; usedPercent: number } | null;

/** statfs of the watched file system: used = (blocks − free) over what ordinary users can have (as df). */
export async function readDisk(path: string): Promise<DiskReading> {
  try {
    const s = await statfs(path);
    const total = s.blocks * s.bsize;
    const used = (s.blocks - s.bfree) * s.bsize;
    const usable = used + s.bavail * s.bsize;
    return {
      path,
      totalBytes: total,
      freeBytes: s.bavail * s.bsize,
      usedPercent: usable > 0 ? Math.round((used / usable) * 1000) / 10 : 0,
    };
  } catch {
    return null;
  }
}

/** Every reading the status page and the alert evaluator judge, taken together (one set of figures for both). */
export async function readAll(db: Db, now: Date, diskPath: string, paymentsAfter: Date | null = null) {
  const [queue, outbox, backups, payments, webhooks, disk] = await Promise.all([
    readQueue(db, now),
    readOutbox(db, now),
    readBackups(db),
    readPaymentPage(db, now, PAYMENT_WINDOW_MINUTES, paymentsAfter),
    readWebhooks(db, now),
    readDisk(diskPath),
  ]);
  return { queue, outbox, backups, payments, webhooks, disk };
}
