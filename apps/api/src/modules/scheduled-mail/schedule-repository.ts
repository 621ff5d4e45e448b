/**
 * The reminder schedule (table scheduled_mails) and what planning and sending read about bookings,
 * learners and marketing consent. The rules (what is planned, when a mail is skipped) are in
 * scheduled-mail.ts and due-mail.ts.
 */
import { sql } from "drizzle-orm";
import type { LicenceKind } from "@app/contract";
import type { Db, DbOrTx, Tx } from "../../db/client";

/**
 * Plans the `kind` reminder `days` before the first day, at `sendHour` UK time, for paid bookings
 * whose date is after `today` (only those paid from `paidSince` on, when given).
 */
export async function insertCourseReminders(
  db: Db,
  kind: string,
  days: number,
  sendHour: number,
  today: string,
  paidSince?: Date,
): Promise<number> {
  const { rowCount } = await db.execute(sql`
    insert into scheduled_mails (kind, attendee_id, order_id, course_date_id, due_at)
    select ${kind}, a.id, o.id, cd.id, due.at
    from order_attendees a
    join orders o on o.id = a.order_id and o.status = 'paid'
    join order_items i on i.id = a.order_item_id
    join course_dates cd on cd.id = i.course_date_id
    cross join lateral (
      select ((cd.start_date - ${days}::int)::timestamp + make_interval(hours => ${sendHour}::int)) at time zone 'Europe/London' as at
    ) due
    where cd.start_date > ${today}::date
      and due.at > coalesce(o.paid_at, o.created_at)
      ${paidSince ? sql`and o.paid_at >= ${paidSince.toISOString()}` : sql``}
    on conflict (attendee_id, course_date_id, kind) do nothing`);
  return rowCount ?? 0;
}

export type RenewalPlan = {
  kind: string;
  attendeeId: number;
  orderId: number;
  courseDateId: number;
  renewalCourseId: number | null;
  endDate: string;
};

/** Plans a renewal reminder `months` after the course's last day, at `sendHour` UK time (once per attendee and date). */
export async function insertRenewalReminder(db: Db, c: RenewalPlan, months: number, sendHour: number): Promise<number> {
  const { rowCount } = await db.execute(sql`
    insert into scheduled_mails (kind, attendee_id, order_id, course_date_id, renewal_course_id, marketing, due_at)
    values (${c.kind}, ${c.attendeeId}, ${c.orderId}, ${c.courseDateId}, ${c.renewalCourseId}, true,
      ((${c.endDate}::date + make_interval(months => ${months}::int))::date::timestamp
        + make_interval(hours => ${sendHour}::int)) at time zone 'Europe/London')
    on conflict (attendee_id, course_date_id, kind) do nothing`);
  return rowCount ?? 0;
}

/** Moves renewal reminders not yet sent to `windowMonths` before the learner's recorded licence expiry. */
export async function moveRenewalsToExpiry(db: Db, kind: string, windowMonths: number, sendHour: number): Promise<void> {
  await db.execute(sql`
    update scheduled_mails s
    set due_at = due.at
    from learner_records lr
    cross join lateral (
      select ((lr.licence_expires_on - make_interval(months => ${windowMonths}::int))::date::timestamp
        + make_interval(hours => ${sendHour}::int)) at time zone 'Europe/London' as at
    ) due
    where s.kind = ${kind} and s.status = 'scheduled' and lr.attendee_id = s.attendee_id
      and lr.licence_expires_on is not null and s.due_at <> due.at`);
}

/**
 * Attendees of paid bookings whose course ended before `now` (UK date), who passed every unit, and
 * who have no `kind` reminder for that date yet.
 */
export async function passedAttendeesWithoutRenewal(db: Db, kind: string, now: Date) {
  const { rows } = await db.execute<{
    attendee_id: number;
    order_id: number;
    course_date_id: number;
    course_id: number;
    title: string;
    licence: LicenceKind;
    end_date: string;
  }>(sql`
    select a.id as attendee_id, o.id as order_id, cd.id as course_date_id, c.id as course_id, c.title, c.licence, cd.end_date
    from order_attendees a
    join orders o on o.id = a.order_id
    join order_items i on i.id = a.order_item_id
    join course_dates cd on cd.id = i.course_date_id
    join courses c on c.id = cd.course_id
    where o.status = 'paid'
      and c.licence is not null
      and cd.end_date < (${now.toISOString()}::timestamptz at time zone 'Europe/London')::date
      and exists (
        select 1 from learner_records lr join learner_results r on r.learner_id = lr.id
        where lr.attendee_id = a.id)
      and not exists (
        select 1 from learner_records lr join learner_results r on r.learner_id = lr.id
        where lr.attendee_id = a.id and r.result <> 'pass')
      -- The course's units (when it lists any; else the one 'Assessment') each have their pass.
      and not exists (
        select 1 from course_units u where u.course_id = c.id and not exists (
          select 1 from learner_records lr join learner_results r on r.learner_id = lr.id
          where lr.attendee_id = a.id and r.unit = u.title and r.result = 'pass'))
      and not exists (select 1 from scheduled_mails s where s.attendee_id = a.id and s.course_date_id = cd.id and s.kind = ${kind})`);
  return rows;
}

/** Courses on sale (not archived). */
export async function liveCourses(db: Db) {
  const { rows } = await db.execute<{
    id: number;
    title: string;
    slug: string;
    licence: string | null;
    licence_renewal: boolean;
  }>(sql`select id, title, slug, licence, licence_renewal from courses where archived_at is null order by position, id`);
  return rows;
}

/** The order an attendee belongs to. */
export async function orderIdOfAttendee(db: DbOrTx, attendeeId: number): Promise<number | null> {
  const { rows } = await db.execute<{ order_id: number }>(sql`select order_id from order_attendees where id = ${attendeeId}`);
  return rows[0]?.order_id ?? null;
}

// ---- Marketing consent

export async function isUnsubscribed(db: DbOrTx, normalisedEmail: string): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from marketing_unsubscribes where email = ${normalisedEmail}`);
  return rows.length > 0;
}

/** Records the unsubscribe (the first is kept); true when this call recorded it. */
export async function insertUnsubscribe(db: DbOrTx, normalisedEmail: string, via: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.execute(
    sql`insert into marketing_unsubscribes (email, unsubscribed_at, via) values (${normalisedEmail}, ${now.toISOString()}, ${via}) on conflict (email) do nothing`,
  );
  return (rowCount ?? 0) > 0;
}

// ---- Due mails

/** Ids of planned mails due by `now`, oldest first (at most 500 a run). */
export async function dueIds(db: Db, now: Date): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from scheduled_mails where status = 'scheduled' and due_at <= ${now.toISOString()} order by due_at, id limit 500`,
  );
  return rows.map((r) => r.id);
}

export async function markSkipped(tx: Tx, id: number, reason: string, now: Date): Promise<void> {
  await tx.execute(
    sql`update scheduled_mails set status = 'skipped', reason = ${reason}, processed_at = ${now.toISOString()} where id = ${id}`,
  );
}

export async function markQueued(tx: Tx, id: number, outboxId: number, now: Date): Promise<void> {
  await tx.execute(
    sql`update scheduled_mails set status = 'queued', reason = null, outbox_id = ${outboxId}, processed_at = ${now.toISOString()} where id = ${id}`,
  );
}

export async function markFailed(db: Db, id: number, reason: string, now: Date): Promise<void> {
  await db.execute(
    sql`update scheduled_mails set status = 'failed', reason = ${reason}, processed_at = ${now.toISOString()} where id = ${id} and status = 'scheduled'`,
  );
}

/** Whether the attendee has any result other than a pass. */
export async function hasResultOtherThanPass(tx: Tx, attendeeId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    select 1 from learner_records lr join learner_results r on r.learner_id = lr.id
    where lr.attendee_id = ${attendeeId} and r.result <> 'pass' limit 1`);
  return rows.length > 0;
}

export async function liveCourse(tx: Tx, courseId: number): Promise<{ title: string; slug: string } | undefined> {
  const { rows } = await tx.execute<{ title: string; slug: string }>(
    sql`select title, slug from courses where id = ${courseId} and archived_at is null`,
  );
  return rows[0];
}

/** The next three open dates of a course after `today`. */
export async function nextOpenDates(tx: Tx, courseId: number, today: string) {
  const { rows } = await tx.execute<{ start_date: string; end_date: string }>(sql`
    select start_date, end_date from course_dates
    where course_id = ${courseId} and closed_at is null and start_date > ${today}::date
    order by start_date limit 3`);
  return rows;
}

/** Scheduled mails of these outbox mails, with their booking's state now and whether the address unsubscribed. */
export async function scheduleOfOutboxMails(db: DbOrTx, outboxIds: number[]) {
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
  return rows;
}

/** Takes an outbox mail back (while still pending) and marks its scheduled mail skipped with the reason. */
export async function withdrawOutboxMail(db: Db, outboxId: number, reason: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update scheduled_mails set status = 'skipped', reason = ${reason}, outbox_id = null, processed_at = ${now.toISOString()} where outbox_id = ${outboxId}`,
    );
    await tx.execute(sql`delete from mail_outbox where id = ${outboxId} and status = 'pending'`);
  });
}

// ---- Retries from the office's view

/** A failed outbox mail back to pending with fresh attempts; undefined when it is not failed (or not there). */
export async function resetFailedOutboxMail(tx: Tx, id: number, now: Date) {
  const { rows } = await tx.execute<{ id: number; kind: string }>(sql`
    update mail_outbox set status = 'pending', attempts = 0, next_attempt_at = ${now.toISOString()}
    where id = ${id} and status = 'failed' returning id, kind`);
  return rows[0];
}

/** A failed scheduled mail back to planned; undefined when it is not failed (or not there). */
export async function resetFailedSchedule(tx: Tx, id: number) {
  const { rows } = await tx.execute<{ id: number; kind: string }>(sql`
    update scheduled_mails set status = 'scheduled', reason = null, processed_at = null
    where id = ${id} and status = 'failed' returning id, kind`);
  return rows[0];
}

export async function scheduleExists(tx: Tx, id: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`select 1 from scheduled_mails where id = ${id}`);
  return rows.length > 0;
}

/** Locks a planned mail that is due (skipping one another instance holds), with its booking, attendee and learner. */
export async function lockDueRow<T extends Record<string, unknown>>(tx: Tx, id: number, now: Date): Promise<T | undefined> {
  const { rows } = await tx.execute<T>(sql`
    select s.id, s.kind, s.attendee_id, s.course_date_id, s.renewal_course_id,
      o.status as order_status, o.id as order_id, o.booking_ref, o.guest_email, o.marketing_consent_at,
      a.first_name as attendee_first_name, a.last_name as attendee_last_name, a.email as attendee_email,
      o.first_name || ' ' || o.last_name as buyer_name,
      lr.email as learner_email, lr.marketing_consent_at as learner_consent_at,
      i.course_date_id as item_date_id, c.title as course_title, c.licence as course_licence, i.time, cd.start_date, cd.end_date
    from scheduled_mails s
    join orders o on o.id = s.order_id
    join order_attendees a on a.id = s.attendee_id
    join order_items i on i.id = a.order_item_id
    join course_dates cd on cd.id = s.course_date_id
    join courses c on c.id = cd.course_id
    left join learner_records lr on lr.attendee_id = a.id
    where s.id = ${id} and s.status = 'scheduled' and s.due_at <= ${now.toISOString()}
    for update of s skip locked`);
  return rows[0] as T | undefined;
}
