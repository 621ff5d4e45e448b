/** The 'Scheduled mail' view's rows: the mail outbox and the reminder schedule in one list. */
import { sql, type SQL } from "drizzle-orm";
import type { ScheduledMail, ScheduledMailView } from "@app/contract";
import type { DbOrTx } from "../../db/client";
import { countedRows } from "../../db/list-counts";

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

const OUTBOX_ROWS = sql`
  select 'outbox' as source, m.id, m.kind, m."to", m.subject,
    case m.status when 'pending' then 'due' when 'sent' then 'sent' else 'failed' end as status,
    case when m.status = 'pending' then m.next_attempt_at else m.created_at end as due_at,
    m.sent_at, m.attempts, m.last_error as error, o.booking_ref
  from mail_outbox m
  left join scheduled_mails s on s.outbox_id = m.id
  left join orders o on o.id = s.order_id`;

const SCHEDULE_ROWS = sql`
  select 'schedule' as source, s.id, s.kind, coalesce(a.email, o.guest_email) as "to", null as subject,
    case s.status when 'scheduled' then 'due' when 'skipped' then 'skipped' else 'failed' end as status,
    s.due_at, null::timestamptz as sent_at, 0 as attempts, s.reason as error, o.booking_ref
  from scheduled_mails s
  join order_attendees a on a.id = s.attendee_id
  join orders o on o.id = s.order_id`;

/** Outbox mails (due = pending, sent, failed) and planned mails not queued yet (due, skipped, failed). */
const ALL_ROWS = sql`(${OUTBOX_ROWS} union all ${SCHEDULE_ROWS} where s.status <> 'queued') r`;

/**
 * Each view as one branch per source, each read in the view's order from an index and cut at what
 * the page needs (decision 500), instead of deriving every row's status first.
 */
const VIEWS: Record<ScheduledMailView, { outbox: SQL | null; schedule: SQL | null; order: SQL }> = {
  due: {
    outbox: sql`m.status = 'pending' order by m.next_attempt_at asc, m.id asc`,
    schedule: sql`s.status = 'scheduled' order by s.due_at asc, s.id asc`,
    order: sql`order by r.due_at asc, r.id asc`,
  },
  sent: {
    outbox: sql`m.status = 'sent' order by m.sent_at desc nulls last, m.id desc`,
    schedule: null,
    order: sql`order by r.sent_at desc nulls last, r.id desc`,
  },
  failed: {
    outbox: sql`m.status = 'failed' order by m.created_at desc, m.id desc`,
    schedule: sql`s.status = 'failed' order by s.due_at desc, s.id desc`,
    order: sql`order by r.due_at desc, r.id desc`,
  },
  skipped: {
    outbox: null,
    schedule: sql`s.status = 'skipped' order by s.due_at desc, s.id desc`,
    order: sql`order by r.due_at desc, r.id desc`,
  },
};

/** The keys of list_counts (each table's status) that make each view's total. */
const COUNT_KEYS: Record<ScheduledMailView, { outbox: string[]; schedule: string[] }> = {
  due: { outbox: ["pending"], schedule: ["scheduled"] },
  sent: { outbox: ["sent"], schedule: [] },
  failed: { outbox: ["failed"], schedule: ["failed"] },
  skipped: { outbox: [], schedule: ["skipped"] },
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
  const v = VIEWS[view];
  const enough = limit + offset;
  const branches = [
    v.outbox && sql`(${OUTBOX_ROWS} where ${v.outbox} limit ${enough})`,
    v.schedule && sql`(${SCHEDULE_ROWS} where ${v.schedule} limit ${enough})`,
  ].filter((b): b is SQL => b !== null);
  const { rows } = await db.execute<Row>(
    sql`select * from (${sql.join(branches, sql` union all `)}) r ${v.order} limit ${limit} offset ${offset}`,
  );
  const count = async (name: ScheduledMailView) => {
    const keys = COUNT_KEYS[name];
    return (await countedRows(db, "mail_outbox", keys.outbox)) + (await countedRows(db, "scheduled_mails", keys.schedule));
  };
  return {
    items: rows.map(toApi),
    jobs: await queueHealth(db),
    counts: {
      due: await count("due"),
      sent: await count("sent"),
      failed: await count("failed"),
      skipped: await count("skipped"),
    },
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
