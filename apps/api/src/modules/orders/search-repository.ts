/**
 * The enrolments search in SQL (decision 531): the rule of `enrollmentMatches` (booking reference
 * with or without the dash from 3 characters, buyer or attendee name, e-mail, phone digits, course
 * title, discount code) as a union of one lookup per column, each served by its trigram index
 * (drizzle/online/0040_search_indexes.sql), narrowed by a course date and a status (decision
 * 536), then one page of the matching orders, newest first.
 */
import { inArray, sql, type SQL } from "drizzle-orm";
import type { OrderStatus } from "@app/contract";
import type { DbOrTx } from "../../db/client";
import { orders, type OrderRow } from "../../db/schema";
import type { Page } from "../../lib/paging";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The distinct course titles of the booking lines that match, found by skipping through the title index. */
const matchingTitles = (like: string) => sql`array(
  with recursive t(title) as (
    (select x.title from order_items x order by x.title limit 1)
    union all
    select (select x.title from order_items x where x.title > t.title order by x.title limit 1) from t where t.title is not null)
  select t.title from t where t.title ilike ${like})`;

const intArray = (ids: readonly number[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;

/**
 * The ids of the orders a search finds, as one union of lookups each served by its index: booking
 * reference (with or without the dash, any case; a part of it from 3 characters), buyer or
 * attendee name, e-mail, phone (digits only), course title, discount code, and (the office's
 * bookings list) company. The one search rule of the enrolments and the bookings list.
 */
export function orderSearchIds(search: string, opts: { company: boolean }): SQL {
  const q = search.trim();
  const like = `%${escapeLike(q)}%`;
  const compact = q.replace(/[\s-]/g, "").toUpperCase();
  const digits = q.replace(/\D/g, "");
  const phoneLike = digits.length >= 3 && digits.length === q.replace(/[\s()+-]/g, "").length;
  const parts: SQL[] = [
    sql`select s.id from orders s where (s.first_name || ' ' || s.last_name) ilike ${like}`,
    sql`select s.id from orders s where s.guest_email ilike ${like}`,
    sql`select s.id from orders s where s.discount_code ilike ${like}`,
    // Course titles are few (the catalogue's, over the years) and each is on thousands of lines:
    // the titles that match are found among the distinct ones (a skip through the title index),
    // then their lines read from that index, instead of rechecking every matching line's title.
    sql`select i.order_id from order_items i where i.title = any(${matchingTitles(like)})`,
    sql`select a.order_id from order_attendees a where (a.first_name || ' ' || a.last_name) ilike ${like} or a.email ilike ${like}`,
  ];
  if (opts.company) parts.push(sql`select s.id from orders s where s.company_name ilike ${like}`);
  if (compact.length >= 3) parts.push(sql`select s.id from orders s where s.booking_ref like ${`%${escapeLike(compact)}%`}`);
  if (phoneLike)
    parts.push(sql`select s.id from orders s where regexp_replace(s.phone_number, '\\D', '', 'g') like ${`%${digits}%`}`);
  return sql.join(parts, sql` union `);
}

/** What the enrolments list is narrowed by (decision 536): a search, a course date, a status. */
export type EnrollmentFilters = { q?: string; courseDateId?: number; status?: OrderStatus };

/**
 * One page of the orders the filters find, newest first, and how many in all (decision 536). The
 * search and the course date each give a set of order ids through their indexes (the search's
 * trigram lookups, order_items_course_date_idx); with both, their intersection. Each match is
 * then looked up by its id, where the status is checked (the lateral subquery keeps the planner
 * from reading every order to join the matches), then the page's orders are read whole. A status
 * alone reads the orders newest first and keeps that status.
 */
export async function filterOrders(db: DbOrTx, f: EnrollmentFilters, page: Page): Promise<{ rows: OrderRow[]; total: number }> {
  const sources: SQL[] = [];
  if (f.q?.trim()) sources.push(orderSearchIds(f.q, { company: false }));
  if (f.courseDateId !== undefined)
    sources.push(sql`select distinct i.order_id as id from order_items i where i.course_date_id = ${f.courseDateId}`);
  const status = f.status === undefined ? sql`` : sql` and s.status = ${f.status}`;
  let pageIds: { rows: { id: number }[] };
  let count: { rows: { n: number }[] };
  if (sources.length === 0) {
    [pageIds, count] = await Promise.all([
      db.execute<{ id: number }>(sql`
        select s.id from orders s where true${status}
        order by s.created_at desc, s.id desc limit ${page.limit} offset ${page.offset}`),
      db.execute<{ n: number }>(sql`select count(*)::int as n from orders s where true${status}`),
    ]);
  } else {
    // One set as it is (the search's union is distinct already); two intersected.
    const ids =
      sources.length === 1
        ? sources[0]!
        : sql.join(
            sources.map((s) => sql`(${s})`),
            sql` intersect `,
          );
    [pageIds, count] = await Promise.all([
      db.execute<{ id: number }>(sql`
        select o.id from (${ids}) m
        cross join lateral (select s.id, s.created_at from orders s where s.id = m.id${status} offset 0) o
        order by o.created_at desc, o.id desc
        limit ${page.limit} offset ${page.offset}`),
      db.execute<{ n: number }>(
        f.status === undefined
          ? sql`select count(*)::int as n from (${ids}) m`
          : sql`select count(*)::int as n from (${ids}) m
                cross join lateral (select 1 from orders s where s.id = m.id${status} offset 0) o`,
      ),
    ]);
  }
  const order = pageIds.rows.map((r) => Number(r.id));
  const rows = order.length ? await db.select().from(orders).where(inArray(orders.id, order)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: order.flatMap((id) => byId.get(id) ?? []), total: Number(count.rows[0]?.n ?? 0) };
}

/**
 * One page of a trainer's paid bookings on these course dates that a search finds, newest first,
 * and how many in all (decision 536). The search looks only at what a trainer sees of a booking
 * (decision 333): its reference, the buyer's name, and the course title or an attendee's name on a
 * line of one of these dates; never an e-mail, a phone or a discount code. Each match is checked
 * (paid, a line on these dates) by its id, as the office's search does.
 */
export async function trainerSearchOrders(
  db: DbOrTx,
  search: string,
  dateIds: readonly number[],
  page: Page,
): Promise<{ rows: OrderRow[]; total: number }> {
  if (!dateIds.length) return { rows: [], total: 0 };
  const q = search.trim();
  const like = `%${escapeLike(q)}%`;
  const compact = q.replace(/[\s-]/g, "").toUpperCase();
  const dates = intArray(dateIds);
  const parts: SQL[] = [
    sql`select s.id from orders s where (s.first_name || ' ' || s.last_name) ilike ${like}`,
    sql`select i.order_id from order_items i where i.title = any(${matchingTitles(like)}) and i.course_date_id = any(${dates})`,
    sql`select a.order_id from order_attendees a join order_items i on i.id = a.order_item_id
        where (a.first_name || ' ' || a.last_name) ilike ${like} and i.course_date_id = any(${dates})`,
  ];
  if (compact.length >= 3) parts.push(sql`select s.id from orders s where s.booking_ref like ${`%${escapeLike(compact)}%`}`);
  const ids = sql.join(parts, sql` union `);
  const check = sql`s.id = m.id and s.status = 'paid'
    and exists (select 1 from order_items i where i.order_id = s.id and i.course_date_id = any(${dates}))`;
  const [pageIds, count] = await Promise.all([
    db.execute<{ id: number }>(sql`
      select o.id from (${ids}) m
      cross join lateral (select s.id, s.created_at from orders s where ${check} offset 0) o
      order by o.created_at desc, o.id desc
      limit ${page.limit} offset ${page.offset}`),
    db.execute<{ n: number }>(sql`
      select count(*)::int as n from (${ids}) m cross join lateral (select 1 from orders s where ${check} offset 0) o`),
  ]);
  const order = pageIds.rows.map((r) => Number(r.id));
  const rows = order.length ? await db.select().from(orders).where(inArray(orders.id, order)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: order.flatMap((id) => byId.get(id) ?? []), total: Number(count.rows[0]?.n ?? 0) };
}
