/**
 * The enrolments search in SQL (decision 531): the rule of `enrollmentMatches` (booking reference
 * with or without the dash from 3 characters, buyer or attendee name, e-mail, phone digits, course
 * title, discount code) as a union of one lookup per column, each served by its trigram index
 * (drizzle/online/0040_search_indexes.sql), then one page of the matching orders, newest first.
 */
import { inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { orders, type OrderRow } from "../../db/schema";
import type { Page } from "../../lib/paging";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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
    sql`select i.order_id from order_items i where i.title = any(array(
      with recursive t(title) as (
        (select x.title from order_items x order by x.title limit 1)
        union all
        select (select x.title from order_items x where x.title > t.title order by x.title limit 1) from t where t.title is not null)
      select t.title from t where t.title ilike ${like}))`,
    sql`select a.order_id from order_attendees a where (a.first_name || ' ' || a.last_name) ilike ${like} or a.email ilike ${like}`,
  ];
  if (opts.company) parts.push(sql`select s.id from orders s where s.company_name ilike ${like}`);
  if (compact.length >= 3) parts.push(sql`select s.id from orders s where s.booking_ref like ${`%${escapeLike(compact)}%`}`);
  if (phoneLike)
    parts.push(sql`select s.id from orders s where regexp_replace(s.phone_number, '\\D', '', 'g') like ${`%${digits}%`}`);
  return sql.join(parts, sql` union `);
}

/**
 * One page of the orders the search finds, newest first, and how many it finds in all. Each match
 * is looked up by its id (the lateral subquery keeps the planner from reading every order to join
 * the matches), then the page's orders are read whole.
 */
export async function searchOrders(db: DbOrTx, search: string, page: Page): Promise<{ rows: OrderRow[]; total: number }> {
  const ids = orderSearchIds(search, { company: false });
  const [pageIds, count] = await Promise.all([
    db.execute<{ id: number }>(sql`
      select o.id from (${ids}) m
      cross join lateral (select s.id, s.created_at from orders s where s.id = m.id offset 0) o
      order by o.created_at desc, o.id desc
      limit ${page.limit} offset ${page.offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (${ids}) m`),
  ]);
  const order = pageIds.rows.map((r) => Number(r.id));
  const rows = order.length ? await db.select().from(orders).where(inArray(orders.id, order)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: order.flatMap((id) => byId.get(id) ?? []), total: Number(count.rows[0]?.n ?? 0) };
}
