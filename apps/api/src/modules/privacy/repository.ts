/**
 * The rows that hold one person's personal data, found by e-mail address (lower-cased), and the
 * statements that erase them (decision 309). One transaction runs them all (service.ts).
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

const ids = (list: number[]) =>
  sql.join(
    (list.length ? list : [0]).map((i) => sql`${i}`),
    sql`, `,
  );

/** The customer's orders, locked; `old`: placed more than `years` years before `now`. */
export async function ordersOf(db: DbOrTx, email: string, now: Date, years: number) {
  const { rows } = await db.execute<{ id: number; booking_ref: string; old: boolean }>(sql`
    select id, booking_ref, created_at < (${now.toISOString()}::timestamptz - make_interval(years => ${years})) as old
    from orders where lower(guest_email) = ${email} order by id for update`);
  return rows;
}

/**
 * Contact details of the orders erased: e-mail, phone, address, company, notes, consent. The
 * buyer's name and every amount stay (financial records); `old` orders lose the name too.
 */
export async function eraseOrders(db: DbOrTx, orderIds: number[], oldIds: number[]): Promise<void> {
  await db.execute(sql`
    update orders set guest_email = '', phone_number = '', country = '', street_address = '',
      town_city = '', state = '', company_name = null, building_type = null, order_notes = null,
      marketing_consent_at = null, updated_at = now()
    where id in (${ids(orderIds)})`);
  await db.execute(sql`
    update orders set first_name = 'Erased', last_name = 'Erased', guest_name = 'Erased'
    where id in (${ids(oldIds)})`);
  // The abuse limits' record of who placed them (decision 101).
  await db.execute(sql`update order_clients set client_ip = 'erased', email_key = 'erased' where order_id in (${ids(orderIds)})`);
}

/** Places booked with this e-mail lose it (the attendee's name stays with the qualification records). */
export async function eraseAttendeeEmails(db: DbOrTx, email: string, attendeeIds: number[]): Promise<void> {
  await db.execute(sql`update order_attendees set email = null where lower(email) = ${email} or id in (${ids(attendeeIds)})`);
}

/** Reminders and renewal mails not yet sent to these places or orders: skipped. */
export async function skipReminders(db: DbOrTx, orderIds: number[], attendeeIds: number[], now: Date): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    update scheduled_mails set status = 'skipped', reason = 'personal data erased', processed_at = ${now.toISOString()}
    where status = 'scheduled' and (order_id in (${ids(orderIds)}) or attendee_id in (${ids(attendeeIds)}))
    returning id`);
  return rows.length;
}

export async function deleteMessages(db: DbOrTx, email: string): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(
    sql`delete from contact_messages where lower(email_address) = ${email} returning id`,
  );
  return rows.length;
}

/** Mails to the person, and the office's notices that name them as Reply-To, sent or waiting. */
export async function deleteMails(db: DbOrTx, email: string): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(
    sql`delete from mail_outbox where lower("to") = ${email} or lower(reply_to) = ${email} returning id`,
  );
  return rows.length;
}

/** Waiting-list entries deleted; places an offer held are released by the table's trigger. */
export async function deleteWaitlistEntries(db: DbOrTx, email: string): Promise<number[]> {
  const { rows } = await db.execute<{ course_date_id: number }>(
    sql`delete from waitlist_entries where lower(email) = ${email} returning course_date_id`,
  );
  return rows.map((r) => r.course_date_id);
}

/**
 * The marketing opt-out of the address: with every other trace gone there is nothing left to
 * send to; a later booking with marketing consent starts afresh.
 */
export async function deleteUnsubscribe(db: DbOrTx, email: string): Promise<void> {
  await db.execute(sql`delete from marketing_unsubscribes where email = ${email}`);
}

/** Earlier activity-log entries keep their event but lose the address. */
export async function scrubActivity(db: DbOrTx, email: string): Promise<void> {
  await db.execute(sql`
    update activity_log set details = regexp_replace(details, ${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, '[erased e-mail]', 'gi')
    where details ilike ${`%${email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
}

/** Counts for the preview: what the erasure would touch, changing nothing. */
export async function heldFor(db: DbOrTx, email: string) {
  const { rows } = await db.execute<{ messages: number; mails: number; waitlist: number }>(sql`
    select
      (select count(*)::int from contact_messages where lower(email_address) = ${email}) as messages,
      (select count(*)::int from mail_outbox where lower("to") = ${email} or lower(reply_to) = ${email}) as mails,
      (select count(*)::int from waitlist_entries where lower(email) = ${email}) as waitlist`);
  return rows[0]!;
}

export async function remindersFor(db: DbOrTx, orderIds: number[], attendeeIds: number[]): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from scheduled_mails
    where status = 'scheduled' and (order_id in (${ids(orderIds)}) or attendee_id in (${ids(attendeeIds)}))`);
  return rows[0]?.n ?? 0;
}

/**
 * One batch of the outbox retention: of the mails after id `afterId`, in id order, the first
 * `limit` that were sent or given up before `before` (waiting ones stay) are deleted. Returns how
 * many and the last id deleted (null when none: the walk is over). A batch is one short statement,
 * so a night's backlog never meets the statement timeout or holds its rows for long.
 */
export async function deleteOldMailsBatch(
  db: DbOrTx,
  before: Date,
  afterId: number,
  limit: number,
): Promise<{ deleted: number; lastId: number | null }> {
  const { rows } = await db.execute<{ deleted: number; last_id: number | null }>(sql`
    with gone as (
      delete from mail_outbox where id in (
        select id from mail_outbox
        where id > ${afterId} and status in ('sent', 'failed') and created_at < ${before.toISOString()}
        order by id limit ${limit})
      returning id)
    select count(*)::int as deleted, max(id) as last_id from gone`);
  return { deleted: rows[0]?.deleted ?? 0, lastId: rows[0]?.last_id ?? null };
}

/** One batch of the activity-log retention: the oldest `limit` entries older than `before`; how many. */
export async function deleteOldActivityBatch(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const { rows } = await db.execute<{ deleted: number }>(sql`
    with gone as (
      delete from activity_log where id in (
        select id from activity_log where created_at < ${before.toISOString()} order by created_at limit ${limit})
      returning id)
    select count(*)::int as deleted from gone`);
  return rows[0]?.deleted ?? 0;
}
