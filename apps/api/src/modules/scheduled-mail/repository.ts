/** The 'Scheduled mail' view's rows: the mail outbox and the reminder schedule in one list. */
import { sql, type SQL } from "drizzle-orm";
import type { ScheduledMail, ScheduledMailView } from "@app/contract";
import type { DbOrTx } from "../../db/client";

type Row = {
  source: "outbox" | "schedule";
  id: number;
  kind: string;
  to: string;
  subject: string | null;
  status: ScheduledMailView;
  due_at: Date;
  sent_at: Date | null;
  attempts: number;
  error: string | null;
  booking_ref: string | null;
};

/** A mail's row as the view shows it, from the outbox (due = pending, sent, failed) ... */
const OUTBOX_ROW = sql`'outbox' as source, m.id, m.kind, m."to", m.subject,
    case m.status when 'pending' then 'due' when 'sent' then 'sent' else 'failed' end as status,
    case when m.status = 'pending' then m.next_attempt_at else m.created_at end as due_at,
    m.sent_at, m.attempts, m.last_error as error, o.booking_ref`;
const OUTBOX_JOINS = sql`left join scheduled_mails s on s.outbox_id = m.id left join orders o on o.id = s.order_id`;

/** ... or from the schedule, not queued yet (due = scheduled, skipped, failed). */
const SCHEDULE_ROW = sql`'schedule' as source, s.id, s.kind, coalesce(a.email, o.guest_email) as "to", null as subject,
    case s.status when 'scheduled' then 'due' when 'skipped' then 'skipped' else 'failed' end as status,
    s.due_at, null::timestamptz as sent_at, 0 as attempts, s.reason as error, o.booking_ref`;
const SCHEDULE_JOINS = sql`join order_attendees a on a.id = s.attendee_id join orders o on o.id = s.order_id`;

type Source = { status: string; key: SQL; order: SQL };

/**
 * Each view's rows in each source (decision 541): the status that shows there and the view's order,
 * which an index on (status, key, id) serves: mail_outbox_status_next_idx, mail_outbox_status_sent_idx,
 * scheduled_mails_status_due_id_idx (failed outbox mails are few).
 */
const VIEWS: Record<ScheduledMailView, { outbox?: Source; schedule?: Source; order: SQL }> = {
  due: {
    outbox: { status: "pending", key: sql`m.next_attempt_at`, order: sql`m.next_attempt_at asc, m.id asc` },
    schedule: { status: "scheduled", key: sql`s.due_at`, order: sql`s.due_at asc, s.id asc` },
    order: sql`order by r.due_at asc, r.id asc`,
  },
  sent: {
    outbox: { status: "sent", key: sql`m.sent_at`, order: sql`m.sent_at desc nulls last, m.id desc` },
    order: sql`order by r.sent_at desc nulls last, r.id desc`,
  },
  failed: {
    outbox: { status: "failed", key: sql`m.created_at`, order: sql`m.created_at desc, m.id desc` },
    schedule: { status: "failed", key: sql`s.due_at`, order: sql`s.due_at desc, s.id desc` },
    order: sql`order by r.due_at desc, r.id desc`,
  },
  skipped: {
    schedule: { status: "skipped", key: sql`s.due_at`, order: sql`s.due_at desc, s.id desc` },
    order: sql`order by r.due_at desc, r.id desc`,
  },
};

/**
 * One page of a view: each source's first `offset + limit` ids in the view's order (read from its
 * index), merged and cut, then the page's rows with their joins. The same rows, in the same order,
 * as sorting both sources whole.
 */
async function pageOf(db: DbOrTx, view: ScheduledMailView, limit: number, offset: number): Promise<Row[]> {
  const v = VIEWS[view];
  const n = offset + limit;
  const firsts: SQL[] = [];
  if (v.outbox)
    firsts.push(sql`(select 'outbox' as source, m.id, ${v.outbox.key} as due_at, ${v.outbox.key} as sent_at from mail_outbox m
      where m.status = ${v.outbox.status} order by ${v.outbox.order} limit ${n})`);
  if (v.schedule)
    firsts.push(sql`(select 'schedule' as source, s.id, ${v.schedule.key} as due_at, null::timestamptz as sent_at from scheduled_mails s
      where s.status = ${v.schedule.status} order by ${v.schedule.order} limit ${n})`);
  const { rows } = await db.execute<Row>(sql`
    with p as (select * from (${sql.join(firsts, sql` union all `)}) r ${v.order} limit ${limit} offset ${offset})
    select r.* from (
      select ${OUTBOX_ROW} from p join mail_outbox m on p.source = 'outbox' and m.id = p.id ${OUTBOX_JOINS}
      union all
      select ${SCHEDULE_ROW} from p join scheduled_mails s on p.source = 'schedule' and s.id = p.id ${SCHEDULE_JOINS}
    ) r ${v.order}`);
  return rows;
}

/** How many rows each view holds: one index range count per status shown (queued schedule rows are not). */
async function countsOf(db: DbOrTx): Promise<Record<ScheduledMailView, number>> {
  const outbox = (status: string) => sql`(select count(*)::int from mail_outbox where status = ${status})`;
  const schedule = (status: string) => sql`(select count(*)::int from scheduled_mails where status = ${status})`;
  const { rows } = await db.execute<Record<ScheduledMailView, number>>(sql`
    select ${outbox("pending")} + ${schedule("scheduled")} as due, ${outbox("sent")} as sent,
      ${outbox("failed")} + ${schedule("failed")} as failed, ${schedule("skipped")} as skipped`);
  const r = rows[0]!;
  return { due: Number(r.due), sent: Number(r.sent), failed: Number(r.failed), skipped: Number(r.skipped) };
}

function toApi(r: Row): ScheduledMail {
  return {
    key: `${r.source}-${r.id}`,
    source: r.source,
    id: r.id,
    kind: r.kind,
    to: r.to,
    subject: r.subject,
    status: r.status,
    due_at: new Date(r.due_at).toISOString(),
    sent_at: r.sent_at ? new Date(r.sent_at).toISOString() : null,
    attempts: r.attempts,
    error: r.error,
    booking_ref: r.booking_ref,
    can_retry: r.status === "failed",
  };
}

export async function listScheduledMail(db: DbOrTx, view: ScheduledMailView, limit: number, offset: number) {
  const [rows, counts, jobs] = await Promise.all([pageOf(db, view, limit, offset), countsOf(db), queueHealth(db)]);
  return { items: rows.map(toApi), jobs, counts };
}

export async function scheduledMailRow(db: DbOrTx, source: "outbox" | "schedule", id: number): Promise<ScheduledMail | null> {
  const { rows } = await db.execute<Row>(
    source === "outbox"
      ? sql`select ${OUTBOX_ROW} from mail_outbox m ${OUTBOX_JOINS} where m.id = ${id}`
      : sql`select ${SCHEDULE_ROW} from scheduled_mails s ${SCHEDULE_JOINS} where s.id = ${id} and s.status <> 'queued'`,
  );
  return rows[0] ? toApi(rows[0]) : null;
}

const JOB_LABELS: Record<string, string> = {
  "order-expiry": "Order expiry",
  "send-mail": "Mail sender",
  "scheduled-mail": "Reminders",
};

/** Each job's last finished run and its failures of the last day, from pg-boss's tables (live and archived jobs). */
export async function queueHealth(db: DbOrTx) {
  const names = Object.keys(JOB_LABELS);
  const { rows } = await db.execute<{ name: string; last_run_at: Date | null; failed_last_day: number }>(sql`
    select name,
      max(completed_on) filter (where state = 'completed') as last_run_at,
      (count(*) filter (where state = 'failed' and completed_on > now() - interval '1 day'))::int as failed_last_day
    from (
      select name, state::text, completed_on from pgboss.job where name = any(${sql.param(names)}::text[])
      union all
      select name, state::text, completed_on from pgboss.archive where name = any(${sql.param(names)}::text[])
    ) j
    group by name`);
  return names.map((name) => {
    const r = rows.find((x) => x.name === name);
    return {
      name,
      label: JOB_LABELS[name]!,
      last_run_at: r?.last_run_at ? new Date(r.last_run_at).toISOString() : null,
      failed_last_day: r?.failed_last_day ?? 0,
    };
  });
}
