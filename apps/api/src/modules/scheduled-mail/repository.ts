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

/** Outbox mails (due = pending, sent, failed) and planned mails not queued yet (due, skipped, failed). */
const ALL_ROWS = sql`(
  select 'outbox' as source, m.id, m.kind, m."to", m.subject,
    case m.status when 'pending' then 'due' when 'sent' then 'sent' else 'failed' end as status,
    case when m.status = 'pending' then m.next_attempt_at else m.created_at end as due_at,
    m.sent_at, m.attempts, m.last_error as error, o.booking_ref
  from mail_outbox m
  left join scheduled_mails s on s.outbox_id = m.id
  left join orders o on o.id = s.order_id
  union all
  select 'schedule', s.id, s.kind, coalesce(a.email, o.guest_email), null,
    case s.status when 'scheduled' then 'due' when 'skipped' then 'skipped' else 'failed' end,
    s.due_at, null, 0, s.reason, o.booking_ref
  from scheduled_mails s
  join order_attendees a on a.id = s.attendee_id
  join orders o on o.id = s.order_id
  where s.status <> 'queued'
) r`;

const ORDER: Record<ScheduledMailView, SQL> = {
  due: sql`order by r.due_at asc, r.id asc`,
  sent: sql`order by r.sent_at desc nulls last, r.id desc`,
  failed: sql`order by r.due_at desc, r.id desc`,
  skipped: sql`order by r.due_at desc, r.id desc`,
};

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
  const { rows } = await db.execute<Row>(
    sql`select * from ${ALL_ROWS} where r.status = ${view} ${ORDER[view]} limit ${limit} offset ${offset}`,
  );
  const { rows: counts } = await db.execute<{ status: ScheduledMailView; n: number }>(
    sql`select r.status, count(*)::int as n from ${ALL_ROWS} group by r.status`,
  );
  const count = (v: ScheduledMailView) => counts.find((c) => c.status === v)?.n ?? 0;
  return {
    items: rows.map(toApi),
    jobs: await queueHealth(db),
    counts: { due: count("due"), sent: count("sent"), failed: count("failed"), skipped: count("skipped") },
  };
}

export async function scheduledMailRow(db: DbOrTx, source: "outbox" | "schedule", id: number): Promise<ScheduledMail | null> {
  const { rows } = await db.execute<Row>(sql`select * from ${ALL_ROWS} where r.source = ${source} and r.id = ${id}`);
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
