/**
 * The SQL of the office's bookings: the list with its filters, search, sort and paging (a read-only
 * view over the orders module's tables, docs/decisions/371); the notes, mails and history a
 * booking's page shows and the module's own rows (notes, retry keys) are in record-repository.ts,
 * re-exported here so the module's files import one repository. The
 * booking status the office reads is derived here, in one place (bookingStatusSql), from the
 * order's status, its hold and its refunds. Orders, their items, attendees, payments and refunds
 * are written only by the orders module (orders/index.ts).
 */
import { sql, type SQL } from "drizzle-orm";
import type { BookingMoneyFilter, BookingSortField, BookingStatusFilter } from "@app/contract";
import type { DbOrTx } from "../../db/client";
import type { OrderRow } from "../../db/schema";
import type { Page } from "../../lib/paging";

export type { OrderRow };

/** A list row as the database answers it. */
export type BookingListRow = {
  id: number;
  booking_ref: string;
  first_name: string;
  last_name: string;
  guest_email: string;
  phone_number: string;
  status: string;
  booking_status: string;
  total_pence: number;
  amount_paid_pence: number | null;
  refunded_pence: number;
  method: string;
  invoice_unpaid: boolean;
  discount_code: string | null;
  created_at: Date | string;
  first_date: string | null;
  courses: string[] | null;
  learners: string[] | null;
  places: number;
  balance_due_on: string | null;
  payment_plan: string;
  total_count: number;
};

const refundedSql = sql`coalesce((select sum(r.amount_pence) from refunds r where r.order_id = o.id), 0)::int`;

/** The office's status of an order `o` at `at` (BOOKING_STATUSES). */
const bookingStatusSql = (at: string) => sql`case
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
function searchSql(q: string): SQL {
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
  return sql`o.id in (${sql.join(parts, sql` union `)})`;
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

export type ListFilter = {
  status: BookingStatusFilter;
  q?: string;
  sort: BookingSortField;
  dir: "asc" | "desc";
  money?: BookingMoneyFilter;
};

const hasRefund = sql`exists (select 1 from refunds r where r.order_id = o.id)`;

/**
 * The status filter on the order's own columns (what bookingStatusSql derives, rewritten so the
 * status index serves it): refunds hold positive amounts only, so "some refund" is "refunded > 0".
 */
function statusSql(status: BookingStatusFilter, at: string): SQL | null {
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
      return hasRefund;
    case "cancelled":
      return sql`o.status = 'cancelled' and not ${hasRefund}`;
  }
}

function whereSql(filter: ListFilter, at: string): SQL {
  const conds: SQL[] = [];
  const status = statusSql(filter.status, at);
  if (status) conds.push(status);
  if (filter.q?.trim()) conds.push(searchSql(filter.q));
  if (filter.money) conds.push(moneyFilterSql(filter.money, at));
  return conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
}

/**
 * Each sort's key from the order alone: the order's columns use their indexes (the first page and
 * the 500th read only the rows before them in the index); the derived ones look up the order's
 * first item or place.
 */
const sortKeySql = (sort: BookingSortField, at: string): SQL => {
  switch (sort) {
    case "reference":
      return sql`o.booking_ref`;
    case "amount":
      return sql`o.total_pence`;
    case "booked_on":
      return sql`o.created_at`;
    case "date":
      return sql`(select min(i.start_date) from order_items i where i.order_id = o.id)`;
    case "learner":
      return sql`lower(coalesce((select a.first_name || ' ' || a.last_name from order_attendees a where a.order_id = o.id
        order by a.order_item_id, a.position limit 1), o.first_name || ' ' || o.last_name))`;
    case "course":
      return sql`lower(coalesce((select i.title from order_items i where i.order_id = o.id order by i.id limit 1), ''))`;
    case "status":
      return bookingStatusSql(at);
  }
};

/** The list's columns for the orders of `chosen` (id, sort_key), in `chosen`'s order. */
const columnsSql = (chosen: SQL, iso: string, dir: SQL) => sql`
    with chosen as (${chosen})
    select o.id, o.booking_ref, o.first_name, o.last_name, o.guest_email, o.phone_number, o.status,
      ${bookingStatusSql(iso)} as booking_status,
      o.total_pence, o.amount_paid_pence, ${refundedSql} as refunded_pence,
      coalesce(p.method, 'card_online') as method, coalesce(p.invoice_unpaid, false) as invoice_unpaid,
      o.discount_code, o.created_at, o.balance_due_on::text as balance_due_on, o.payment_plan,
      (select min(i.start_date)::text from order_items i where i.order_id = o.id) as first_date,
      (select array_agg(i.title order by i.id) from order_items i where i.order_id = o.id) as courses,
      (select array_agg(x.name order by x.pos) from (
        select a.first_name || ' ' || a.last_name as name, min(a.order_item_id::bigint * 1000 + a.position) as pos
        from order_attendees a where a.order_id = o.id group by 1) x) as learners,
      coalesce((select sum(i.seats) from order_items i where i.order_id = o.id), 0)::int as places,
      0 as total_count
    from chosen c join orders o on o.id = c.id left join order_payments p on p.order_id = o.id
    order by c.sort_key ${dir} nulls last, o.id ${dir}`;

/** Sorts on columns that are never null: no NULLS LAST, so an index read backwards serves DESC too. */
const NOT_NULL_SORTS = new Set<BookingSortField>(["reference", "amount", "booked_on"]);

/**
 * One page of bookings (or all of them: page null), with the count of all matches. The page's
 * orders are chosen first (filter, sort key, limit), and only they get the list's columns; the
 * count is its own query on the same filter (decision 461).
 */
export async function listBookings(
  db: DbOrTx,
  filter: ListFilter,
  at: Date,
  page: Page | null,
): Promise<{ rows: BookingListRow[]; total: number }> {
  const iso = at.toISOString();
  const dir = filter.dir === "asc" ? sql`asc` : sql`desc`;
  const { rows } = await db.execute<BookingListRow>(
    columnsSql(
      sql`select o.id, ${sortKeySql(filter.sort, iso)} as sort_key from orders o
        ${whereSql(filter, iso)}
        order by 2 ${dir}${NOT_NULL_SORTS.has(filter.sort) ? sql`` : sql` nulls last`}, o.id ${dir}
        ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
      iso,
      dir,
    ),
  );
  const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from orders o ${whereSql(filter, iso)}`);
  const total = Number(counted.rows[0]?.n ?? 0);
  for (const row of rows) row.total_count = total;
  return { rows, total };
}

/** The ids of every booking of the list, in its order (the export reads them in batches: decision 464). */
export async function listBookingIds(db: DbOrTx, filter: ListFilter, at: Date): Promise<number[]> {
  const iso = at.toISOString();
  const dir = filter.dir === "asc" ? sql`asc` : sql`desc`;
  const { rows } = await db.execute<{ id: number }>(sql`
    select o.id from orders o ${whereSql(filter, iso)}
    order by ${sortKeySql(filter.sort, iso)} ${dir} nulls last, o.id ${dir}`);
  return rows.map((r) => Number(r.id));
}

/** The list's rows of these bookings, in the order given. */
export async function listBookingsByIds(db: DbOrTx, ids: readonly number[], at: Date): Promise<BookingListRow[]> {
  if (!ids.length) return [];
  const { rows } = await db.execute<BookingListRow>(
    columnsSql(
      sql`select x.id, x.ord as sort_key from unnest(${`{${ids.map((id) => Math.trunc(id)).join(",")}}`}::int[]) with ordinality as x(id, ord)`,
      at.toISOString(),
      sql`asc`,
    ),
  );
  return rows;
}

export * from "./record-repository";
