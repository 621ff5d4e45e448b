/**
 * The bookings list's filters as SQL over an order `o` and its maintained keys `k`
 * (order_list_keys, decision 500): status, search and money. The booking status the office reads
 * is derived here, in one place (bookingStatusSql), from the order's status, its hold and its
 * refunds. The list is a read-only view over the orders module's tables (decision 371).
 */
import { sql, type SQL } from "drizzle-orm";
import type { BookingMoneyFilter, BookingSortField, BookingStatusFilter } from "@app/contract";

export type ListFilter = {
  status: BookingStatusFilter;
  q?: string;
  sort: BookingSortField;
  dir: "asc" | "desc";
  money?: BookingMoneyFilter;
};

export const refundedSql = sql`coalesce((select sum(r.amount_pence) from refunds r where r.order_id = o.id), 0)::int`;

/** The office's status of an order `o` at `at` (BOOKING_STATUSES). */
export const bookingStatusSql = (at: string) => sql`case
    when o.status = 'paid' then 'confirmed'
    when o.status = 'pending' and o.expires_at > ${at}::timestamptz then 'pending'
    when o.status in ('pending', 'expired') then 'expired'
    when ${refundedSql} > 0 then 'refunded'
    else 'cancelled' end`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search of the list (and the export): booking reference (with or without the dash, any case;
 * a part of it from 3 characters), buyer or attendee name, e-mail, phone (digits only), course
 * title, company or discount code. Written as a union of one lookup per column, so each is served
 * by its trigram index (drizzle/online/0040_search_indexes.sql, decision 461) instead of testing
 * every order in turn.
 */
export function searchIdsSql(q: string): SQL {
  const like = `%${escapeLike(q.trim())}%`;
  const compact = q.replace(/[\s-]/g, "").toUpperCase();
  const digits = q.replace(/\D/g, "");
  const phoneLike = digits.length >= 3 && digits.length === q.replace(/[\s()+-]/g, "").length;
  const parts: SQL[] = [
    sql`select s.id from orders s where (s.first_name || ' ' || s.last_name) ilike ${like}`,
    sql`select s.id from orders s where s.guest_email ilike ${like}`,
    sql`select s.id from orders s where s.discount_code ilike ${like}`,
    sql`select s.id from orders s where s.company_name ilike ${like}`,
    sql`select i.order_id from order_items i where i.title ilike ${like}`,
    sql`select a.order_id from order_attendees a where (a.first_name || ' ' || a.last_name) ilike ${like} or a.email ilike ${like}`,
  ];
  if (compact.length >= 3) parts.push(sql`select s.id from orders s where s.booking_ref like ${`%${escapeLike(compact)}%`}`);
  if (phoneLike)
    parts.push(sql`select s.id from orders s where regexp_replace(s.phone_number, '\\D', '', 'g') like ${`%${digits}%`}`);
  return sql.join(parts, sql` union `);
}

/**
 * The money filter, as the rule `balanceStatus` reads it: a live booking still owing something,
 * overdue the day after its balance's due day (London), or not yet.
 */
function moneyFilterSql(money: BookingMoneyFilter, at: string): SQL {
  const owing = sql`o.status = 'paid' and coalesce(o.amount_paid_pence, 0) < o.total_pence`;
  const late = sql`o.balance_due_on is not null and o.balance_due_on < (${at}::timestamptz at time zone 'Europe/London')::date`;
  return money === "overdue" ? sql`(${owing} and ${late})` : sql`(${owing} and not (${late}))`;
}

/**
 * The status filter on the order's own columns and its maintained "has a refund" (what
 * bookingStatusSql derives, rewritten so an index serves it): refunds hold positive amounts only,
 * so "some refund" is "refunded > 0".
 */
export function statusSql(status: BookingStatusFilter, at: string): SQL | null {
  switch (status) {
    case "all":
      return null;
    case "confirmed":
      return sql`o.status = 'paid'`;
    case "pending":
      return sql`o.status = 'pending' and o.expires_at > ${at}::timestamptz`;
    case "expired":
      return sql`(o.status = 'expired' or (o.status = 'pending' and o.expires_at <= ${at}::timestamptz))`;
    // 'refunded' lists every booking with money given back, partly refunded confirmed ones too.
    case "refunded":
      return sql`k.has_refund`;
    case "cancelled":
      return sql`o.status = 'cancelled' and not k.has_refund`;
  }
}

/**
 * The filter's conditions besides `extra` (a status segment of the status sort), as a WHERE clause;
 * without the search when the caller joins the search's ids itself (`withSearch` false).
 */
export function whereSql(filter: ListFilter, at: string, extra?: SQL, withSearch = true): SQL {
  const conds: SQL[] = [];
  const status = statusSql(filter.status, at);
  if (status) conds.push(status);
  if (extra) conds.push(extra);
  if (withSearch && filter.q?.trim()) conds.push(sql`o.id in (${searchIdsSql(filter.q)})`);
  if (filter.money) conds.push(moneyFilterSql(filter.money, at));
  return conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
}

/** Whether the list's total can come from the maintained counts (no search, no money filter). */
export const countedByStatusOnly = (filter: ListFilter) => !filter.q?.trim() && !filter.money;
