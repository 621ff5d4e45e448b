/**
 * Scheduled mail (issue 15, decisions 221-223): plans course reminders and licence-renewal
 * reminders into `scheduled_mails`, and at their due time puts each into the mail outbox, or
 * skips it with the reason. Everything is decided at send time from the booking as it is then
 * (cancelled, moved to another date, consent withdrawn), never only when the row was planned.
 *
 * Safe with several API instances: planning inserts with `on conflict do nothing` on the
 * (attendee, date, kind) key, and each due row is taken with `FOR UPDATE SKIP LOCKED` in the
 * transaction that queues its mail, so a mail is queued once.
 */
import { sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { Env } from "../../env";
import { ukDate, ukMidnight } from "../../lib/dates";
import { addressingColumns, type MailSettings } from "../mail";
import type { RenderedMail } from "../mail";
import { isUnsubscribed, marketingRecipientFor, unsubscribeHeaders, unsubscribeKeys, unsubscribeUrl } from "./consent";
import { learnerFormLinkFor } from "./learner-form";
import { LICENCE_YEARS, licenceOfTitle, RENEWAL_WINDOW_MONTHS, renewalCandidates } from "./licence";
import { courseReminder, licenceRenewalReminder } from "./templates";

export type ScheduledMailRun = { planned: number; queued: number; skipped: number; failed: number };

/** `reminder_7d` for 7 days before the first day. */
export const reminderKind = (days: number) => `reminder_${days}d`;
export const RENEWAL_KIND = "licence_renewal";
const reminderDays = (kind: string) => Number(/^reminder_(\d+)d$/.exec(kind)?.[1] ?? NaN);

type Settings = Pick<
  Env,
  | "REMINDER_DAYS_BEFORE"
  | "REMINDER_SEND_HOUR"
  | "RENEWAL_REMINDER_MONTHS"
  | "LINK_SIGNING_KEYS"
  | "LEGACY_LINK_SECRETS"
  | "PUBLIC_API_URL"
>;

/**
 * Course reminders for every attendee of a paid booking whose date has not started. Only the
 * reminders still ahead when the booking was paid are planned: a booking made 3 days before the
 * course gets the 1-day reminder and not the 7-day one.
 */
async function planCourseReminders(db: Db, env: Settings, now: Date): Promise<number> {
  let planned = 0;
  for (const days of env.REMINDER_DAYS_BEFORE) {
    const { rowCount } = await db.execute(sql`
      insert into scheduled_mails (kind, attendee_id, order_id, course_date_id, due_at)
      select ${reminderKind(days)}, a.id, o.id, cd.id, due.at
      from order_attendees a
      join orders o on o.id = a.order_id and o.status = 'paid'
      join order_items i on i.id = a.order_item_id
      join course_dates cd on cd.id = i.course_date_id
      cross join lateral (
        select ((cd.start_date - ${days}::int)::timestamp + make_interval(hours => ${env.REMINDER_SEND_HOUR}::int)) at time zone 'Europe/London' as at
      ) due
      where cd.start_date > ${ukDate(now)}::date
        and due.at > coalesce(o.paid_at, o.created_at)
      on conflict (attendee_id, course_date_id, kind) do nothing`);
    planned += rowCount ?? 0;
  }
  return planned;
}

/** A renewal reminder for each candidate (renewalCandidates), RENEWAL_REMINDER_MONTHS after the course's last day. */
async function planRenewals(db: Db, env: Settings, now: Date): Promise<number> {
  let planned = 0;
  for (const c of await renewalCandidates(db, now)) {
    const { rowCount } = await db.execute(sql`
      insert into scheduled_mails (kind, attendee_id, order_id, course_date_id, renewal_course_id, marketing, due_at)
      values (${RENEWAL_KIND}, ${c.attendeeId}, ${c.orderId}, ${c.courseDateId}, ${c.renewalCourseId}, true,
        ((${c.endDate}::date + make_interval(months => ${env.RENEWAL_REMINDER_MONTHS}::int))::date::timestamp
          + make_interval(hours => ${env.REMINDER_SEND_HOUR}::int)) at time zone 'Europe/London')
      on conflict (attendee_id, course_date_id, kind) do nothing`);
    planned += rowCount ?? 0;
  }
  // A licence granted with its expiry (the learner's portal, issue 31) moves a reminder not yet
  // sent to the start of the renewal window, RENEWAL_WINDOW_MONTHS before that expiry.
  await db.execute(sql`
    update scheduled_mails s
    set due_at = due.at
    from learner_records lr
    cross join lateral (
      select ((lr.licence_expires_on - make_interval(months => ${RENEWAL_WINDOW_MONTHS}::int))::date::timestamp
        + make_interval(hours => ${env.REMINDER_SEND_HOUR}::int)) at time zone 'Europe/London' as at
    ) due
    where s.kind = ${RENEWAL_KIND} and s.status = 'scheduled' and lr.attendee_id = s.attendee_id
      and lr.licence_expires_on is not null and s.due_at <> due.at`);
  return planned;
}

type DueRow = {
  id: number;
  kind: string;
  attendee_id: number;
  course_date_id: number;
  renewal_course_id: number | null;
  order_status: string;
  booking_ref: string;
  guest_email: string;
  marketing_consent_at: Date | null;
  attendee_first_name: string;
  attendee_last_name: string;
  attendee_email: string | null;
  buyer_name: string;
  /** From the learner form (issue 14), when the attendee has a learner record. */
  learner_email: string | null;
  learner_consent_at: Date | null;
  item_date_id: number | null;
  course_title: string;
  time: string;
  start_date: string;
  end_date: string;
};

type Outcome =
  | { skip: string }
  | { mail: RenderedMail & { to: string; toName: string; kind: string; headers?: Record<string, string> } };

/** The name for the To: header: the attendee's at their own address, otherwise the buyer's (whose address it is). */
const nameFor = (row: DueRow, to: string) =>
  to === row.guest_email && to !== row.attendee_email ? row.buyer_name : `${row.attendee_first_name} ${row.attendee_last_name}`;

async function courseReminderOutcome(tx: Tx, row: DueRow, settings: MailSettings, now: Date): Promise<Outcome> {
  if (row.order_status !== "paid") return { skip: `booking ${row.order_status}` };
  if (row.item_date_id !== row.course_date_id) return { skip: "booking moved to another date" };
  if (now.getTime() >= ukMidnight(row.start_date).getTime()) return { skip: "course already started" };
  const mail = courseReminder(
    {
      firstName: row.attendee_first_name,
      bookingRef: row.booking_ref,
      courseTitle: row.course_title,
      startDate: row.start_date,
      endDate: row.end_date,
      time: row.time,
      daysBefore: reminderDays(row.kind),
      learnerFormUrl: await learnerFormLinkFor(row.attendee_id, tx, settings.siteUrl),
    },
    settings,
  );
  const to = row.attendee_email ?? row.guest_email;
  return { mail: { ...mail, to, toName: nameFor(row, to), kind: "course_reminder" } };
}

async function renewalOutcome(tx: Tx, row: DueRow, env: Settings, settings: MailSettings, now: Date): Promise<Outcome> {
  if (row.order_status !== "paid") return { skip: `booking ${row.order_status}` };
  const recipient = marketingRecipientFor({
    guestEmail: row.guest_email,
    orderConsentAt: row.marketing_consent_at,
    attendeeEmail: row.attendee_email,
    learnerEmail: row.learner_email,
    learnerConsentAt: row.learner_consent_at,
  });
  if (!recipient) return { skip: "no marketing consent" };
  // Planned after a pass; a result changed since (a unit now failed or to resit) stops it.
  const { rows: notPassed } = await tx.execute(sql`
    select 1 from learner_records lr join learner_results r on r.learner_id = lr.id
    where lr.attendee_id = ${row.attendee_id} and r.result <> 'pass' limit 1`);
  if (notPassed.length) return { skip: "learner has not passed" };
  const { to } = recipient;
  if (await isUnsubscribed(tx, to)) return { skip: "unsubscribed" };
  const expiry = new Date(`${row.end_date}T12:00:00Z`);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + LICENCE_YEARS);
  if (now > expiry) return { skip: "licence already expired" };
  const licence = licenceOfTitle(row.course_title);
  if (!licence) return { skip: "not a licence course" };
  let renewalCourse = null;
  if (row.renewal_course_id) {
    const { rows: course } = await tx.execute<{ title: string; slug: string }>(
      sql`select title, slug from courses where id = ${row.renewal_course_id} and archived_at is null`,
    );
    if (course[0]) {
      const { rows: nextDates } = await tx.execute<{ start_date: string; end_date: string }>(sql`
        select start_date, end_date from course_dates
        where course_id = ${row.renewal_course_id} and closed_at is null and start_date > ${ukDate(now)}::date
        order by start_date limit 3`);
      renewalCourse = {
        title: course[0].title,
        url: `${settings.siteUrl}/course/${encodeURIComponent(course[0].slug)}`,
        nextDates: nextDates.map((d) => ({ startDate: d.start_date, endDate: d.end_date })),
      };
    }
  }
  const link = unsubscribeUrl(env.PUBLIC_API_URL, to, unsubscribeKeys(env));
  const mail = licenceRenewalReminder(
    {
      firstName: row.attendee_first_name,
      courseTitle: row.course_title,
      endDate: row.end_date,
      licence,
      renewalCourse,
      allCoursesUrl: `${settings.siteUrl}/all-courses`,
      unsubscribeUrl: link,
    },
    settings,
  );
  return {
    mail: {
      ...mail,
      to,
      toName: nameFor(row, to),
      kind: "licence_renewal",
      headers: unsubscribeHeaders(link, settings.providerEmail),
    },
  };
}

/** Takes one due row (if no other instance has it) and queues or skips it, in one transaction. */
async function processDue(
  db: Db,
  id: number,
  env: Settings,
  settings: MailSettings,
  now: Date,
): Promise<"queued" | "skipped" | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<DueRow>(sql`
      select s.id, s.kind, s.attendee_id, s.course_date_id, s.renewal_course_id,
        o.status as order_status, o.booking_ref, o.guest_email, o.marketing_consent_at,
        a.first_name as attendee_first_name, a.last_name as attendee_last_name, a.email as attendee_email,
        o.first_name || ' ' || o.last_name as buyer_name,
        lr.email as learner_email, lr.marketing_consent_at as learner_consent_at,
        i.course_date_id as item_date_id, c.title as course_title, i.time, cd.start_date, cd.end_date
      from scheduled_mails s
      join orders o on o.id = s.order_id
      join order_attendees a on a.id = s.attendee_id
      join order_items i on i.id = a.order_item_id
      join course_dates cd on cd.id = s.course_date_id
      join courses c on c.id = cd.course_id
      left join learner_records lr on lr.attendee_id = a.id
      where s.id = ${id} and s.status = 'scheduled' and s.due_at <= ${now.toISOString()}
      for update of s skip locked`);
    const row = rows[0];
    if (!row) return null;
    const consentAt = row.marketing_consent_at;
    row.marketing_consent_at = consentAt ? new Date(consentAt) : null;
    row.learner_consent_at = row.learner_consent_at ? new Date(row.learner_consent_at) : null;
    const outcome =
      row.kind === RENEWAL_KIND
        ? await renewalOutcome(tx, row, env, settings, now)
        : await courseReminderOutcome(tx, row, settings, now);
    if ("skip" in outcome) {
      await tx.execute(
        sql`update scheduled_mails set status = 'skipped', reason = ${outcome.skip}, processed_at = ${now.toISOString()} where id = ${id}`,
      );
      return "skipped";
    }
    const { mail } = outcome;
    const [queued] = await tx
      .insert(mailOutbox)
      .values({
        ...addressingColumns(mail),
        kind: mail.kind,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers ?? {},
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning({ id: mailOutbox.id });
    await tx.execute(
      sql`update scheduled_mails set status = 'queued', reason = null, outbox_id = ${queued!.id}, processed_at = ${now.toISOString()} where id = ${id}`,
    );
    return "queued";
  });
}

/** Plans what is missing (idempotent); the office's view calls it too, so a booking paid a minute ago shows its reminders. */
export async function planScheduledMail(db: Db, env: Settings, now: Date): Promise<number> {
  return (await planCourseReminders(db, env, now)) + (await planRenewals(db, env, now));
}

/** One run: plan what is missing, then queue or skip every due mail. */
export async function runScheduledMail(db: Db, env: Settings, settings: MailSettings, now: Date): Promise<ScheduledMailRun> {
  const planned = await planScheduledMail(db, env, now);
  const run: ScheduledMailRun = { planned, queued: 0, skipped: 0, failed: 0 };
  const { rows: due } = await db.execute<{ id: number }>(
    sql`select id from scheduled_mails where status = 'scheduled' and due_at <= ${now.toISOString()} order by due_at, id limit 500`,
  );
  for (const { id } of due) {
    try {
      const result = await processDue(db, id, env, settings, now);
      if (result) run[result]++;
    } catch (err) {
      // Kept visible to the office (Scheduled mail → Failed) with the error; a retry plans it again.
      run.failed++;
      const message = err instanceof Error ? err.message : String(err);
      await db.execute(
        sql`update scheduled_mails set status = 'failed', reason = ${message.slice(0, 500)}, processed_at = ${now.toISOString()} where id = ${id} and status = 'scheduled'`,
      );
    }
  }
  return run;
}

/**
 * The last check, by the sender just before it sends: of the given outbox mails, those made from
 * scheduled mail that is no longer wanted (booking cancelled or moved since it was queued, or the
 * address unsubscribed from marketing), with the reason. Other mails are not in the map.
 */
export async function unwantedScheduledMail(db: DbOrTx, outboxIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!outboxIds.length) return out;
  const { rows } = await db.execute<{
    outbox_id: number;
    kind: string;
    order_status: string;
    same_date: boolean | null;
    marketing: boolean;
    unsubscribed: boolean;
  }>(sql`
    select s.outbox_id, s.kind, o.status as order_status, (i.course_date_id = s.course_date_id) as same_date, s.marketing,
      exists (select 1 from marketing_unsubscribes u where u.email = lower(m."to")) as unsubscribed
    from scheduled_mails s
    join mail_outbox m on m.id = s.outbox_id
    join orders o on o.id = s.order_id
    left join order_attendees a on a.id = s.attendee_id
    left join order_items i on i.id = a.order_item_id
    where s.outbox_id = any(${sql.param(outboxIds)}::int[])`);
  for (const r of rows) {
    if (r.order_status !== "paid") out.set(r.outbox_id, `booking ${r.order_status}`);
    else if (r.kind !== RENEWAL_KIND && r.same_date === false) out.set(r.outbox_id, "booking moved to another date");
    else if (r.marketing && r.unsubscribed) out.set(r.outbox_id, "unsubscribed");
  }
  return out;
}

/** Takes an unwanted mail back out of the outbox; its scheduled mail says why (Skipped in the admin). */
export async function withdrawScheduledMail(db: Db, outboxId: number, reason: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update scheduled_mails set status = 'skipped', reason = ${reason}, outbox_id = null, processed_at = ${now.toISOString()} where outbox_id = ${outboxId}`,
    );
    await tx.execute(sql`delete from mail_outbox where id = ${outboxId} and status = 'pending'`);
  });
}
