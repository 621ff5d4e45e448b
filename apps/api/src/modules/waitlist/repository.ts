import { sql } from "drizzle-orm";
import type { WaitlistDate, WaitlistEntry } from "@app/contract";
import { formatDateRange as dateRangeLabel } from "@app/rules";
import type { DbOrTx, Tx } from "../../db/client";
import { ukDate } from "../../lib/dates";
import { offerLink } from "./mail";

/** A course date as the waiting list needs it, with the course's facts for mails and links. */
export type DateFacts = {
  id: number;
  capacity: number;
  start_date: string;
  end_date: string;
  closed: boolean;
  course_id: number;
  course_title: string;
  course_slug: string;
  course_time: string;
  archived: boolean;
};

/**
 * Locks the date's row (FOR NO KEY UPDATE, the lock every booking, payment, cancel and expiry takes
 * through the seat counter, decision 080): while we hold it nobody can add or take a claim on the
 * date, so the free places counted after it stay true until we commit.
 */
export async function lockDate(tx: Tx, dateId: number): Promise<DateFacts | null> {
  const { rows } = await tx.execute<DateFacts>(sql`
    select d.id, d.capacity, d.start_date::text as start_date, d.end_date::text as end_date, d.closed_at is not null as closed,
      c.id as course_id, c.title as course_title, c.slug as course_slug, c.time as course_time, c.archived_at is not null as archived
    from course_dates d join courses c on c.id = d.course_id
    where d.id = ${dateId} for no key update of d`);
  return rows[0] ?? null;
}

/** Free places on the date (THE seat rule, seats_taken: paid, live pending holds and held offers). Fresh statement after the lock. */
export async function freePlaces(tx: DbOrTx, dateId: number, now: Date): Promise<number> {
  const { rows } = await tx.execute<{ free: number }>(sql`
    select (d.capacity - seats_taken(d, ${now.toISOString()}))::int as free from course_dates d where d.id = ${dateId}`);
  return Number(rows[0]?.free ?? 0);
}

/** Whether the date can still be booked (open, not started, course not archived). */
export const bookable = (d: DateFacts, now: Date) => !d.closed && !d.archived && d.start_date >= ukDate(now);

/** Dates whose list may need an offer: someone waiting on an open upcoming date, or an offer that ran out (its places must come back). */
export async function datesToCheck(db: DbOrTx, now: Date): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select distinct w.course_date_id as id from waitlist_entries w join course_dates d on d.id = w.course_date_id
    where (w.status = 'waiting' and d.start_date >= ${ukDate(now)} and d.closed_at is null)
      or (w.status = 'offered' and w.offer_expires_at <= ${now.toISOString()})
    order by 1`);
  return rows.map((r) => Number(r.id));
}

type EntryRow = {
  id: number;
  course_date_id: number;
  name: string;
  email: string;
  phone: string;
  places: number;
  status: WaitlistEntry["status"];
  line: number | null;
  offer_expires_at: Date | string | null;
  offered_by: string | null;
  offer_places: number | null;
  offer_token: string | null;
  created_at: Date | string;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * The office's view: each date with a list (upcoming, or any date of one course), its capacity,
 * places left and places held by offers, and its entries: the line first, then the history. The
 * dates are found through course_dates (by start or course) and probed for a list by
 * waitlist_entries_date_idx (`offset 0` keeps the EXISTS a per-date probe rather than a read of
 * every entry); the entries are matched to their dates by a map (decision 531).
 */
export async function listDates(db: DbOrTx, now: Date, siteUrl: string, courseId?: number): Promise<WaitlistDate[]> {
  const at = now.toISOString();
  const { rows: dates } = await db.execute<{
    id: number;
    course_id: number;
    title: string;
    start_date: string;
    end_date: string;
    capacity: number;
    left: number;
  }>(sql`
    select d.id, c.id as course_id, c.title, d.start_date::text as start_date, d.end_date::text as end_date, d.capacity,
      greatest(0, d.capacity - seats_taken(d, ${at}))::int as left
    from course_dates d join courses c on c.id = d.course_id
    where exists (select 1 from waitlist_entries w where w.course_date_id = d.id offset 0)
      and ${courseId === undefined ? sql`d.start_date >= ${ukDate(now)}` : sql`c.id = ${courseId}`}
    order by d.start_date, d.id`);
  if (!dates.length) return [];
  const { rows: entries } = await db.execute<EntryRow>(sql`
    select w.id, w.course_date_id, w.name, w.email, w.phone, w.places, w.status, w.offer_places,
      case when w.status in ('waiting', 'offered')
        then row_number() over (partition by w.course_date_id, w.status in ('waiting', 'offered') order by w.position, w.id) end::int as line,
      w.offer_expires_at, w.offered_by, case when w.status = 'offered' then w.offer_token end as offer_token, w.created_at
    from waitlist_entries w
    where w.course_date_id = any(${sql.param(dates.map((d) => Number(d.id)))}::int[])
    order by w.course_date_id, (w.status in ('waiting', 'offered')) desc, w.position, w.id`);
  const byDate = new Map<number, EntryRow[]>();
  for (const e of entries) byDate.set(Number(e.course_date_id), [...(byDate.get(Number(e.course_date_id)) ?? []), e]);
  return dates.map((d) => ({
    course_date_id: Number(d.id),
    course_id: Number(d.course_id),
    course_title: d.title,
    start_date: d.start_date,
    end_date: d.end_date,
    date_label: dateRangeLabel(d.start_date, d.end_date),
    capacity: Number(d.capacity),
    places_left: Number(d.left),
    // Places held by offers: the offered entries' places (read with the entries, not per date).
    places_offered: (byDate.get(Number(d.id)) ?? [])
      .filter((e) => e.status === "offered")
      .reduce((sum, e) => sum + Number(e.offer_places ?? 0), 0),
    entries: (byDate.get(Number(d.id)) ?? []).map((e) => ({
      id: Number(e.id),
      name: e.name,
      email: e.email,
      phone: e.phone,
      places: Number(e.places),
      status: e.status,
      line: e.line === null ? null : Number(e.line),
      offer_expires_at: iso(e.offer_expires_at),
      offered_by: e.offered_by,
      offer_link: e.offer_token ? offerLink(siteUrl, e.offer_token) : null,
      created_at: iso(e.created_at)!,
    })),
  }));
}
