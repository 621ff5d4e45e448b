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
import { orderSearchIds } from "../orders";

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

/**
 * The search of the list (and the export): the orders module's search rule (`orderSearchIds`,
 * company included), its matches read by id from an array computed once (an InitPlan), so the
 * orders are then read by id whatever the planner guesses of the union's size (a semi-join could
 * read every order to hash them).
 */
const searchSql = (q: string): SQL => sql`o.id = any(array(${orderSearchIds(q, { company: true })}))`;

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

function whereSql(filter: ListFilter, at: string, extra?: SQL): SQL {
  const conds: SQL[] = [];
  const status = statusSql(filter.status, at);
  if (status) conds.push(status);
  if (filter.q?.trim()) conds.push(searchSql(filter.q));
  if (filter.money) conds.push(moneyFilterSql(filter.money, at));
  if (extra) conds.push(extra);
  return conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
}

/**
 * The sorts served by an index on the order (decision 520): its own columns, and the keys derived
 * from its lines and places that the orders module keeps on it (`list_*`, null only until the
 * backfill reaches an order written before they existed: such orders come last going up, first
 * going down, as the index reads them).
 */
const INDEXED_SORT_KEYS: Record<Exclude<BookingSortField, "status">, SQL> = {
  reference: sql`o.booking_ref`,
  amount: sql`o.total_pence`,
  booked_on: sql`o.created_at`,
  date: sql`o.list_first_date`,
  learner: sql`o.list_learner`,
  course: sql`o.list_course`,
};

/**
 * The status sort as segments, one per booking status in the sort's order (decision 520): the
 * status depends on the clock and on refunds, so no index holds it, but each status is a filter
 * the status index serves, and within a status the list goes by id.
 */
const STATUS_SEGMENTS: { status: string; where: (at: string) => SQL }[] = [
  { status: "cancelled", where: () => sql`o.status = 'cancelled' and not ${hasRefund}` },
  { status: "confirmed", where: (at) => statusSql("confirmed", at)! },
  { status: "expired", where: (at) => statusSql("expired", at)! },
  { status: "pending", where: (at) => statusSql("pending", at)! },
  { status: "refunded", where: () => sql`o.status = 'cancelled' and ${hasRefund}` },
];

/** The list's columns for the orders of `chosen` (id, sort_key, total), in `chosen`'s order. */
const columnsSql = (chosen: SQL, iso: string, order: SQL) => sql`
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
      c.total::int as total_count
    from chosen c join orders o on o.id = c.id left join order_payments p on p.order_id = o.id
    ${order}`;

const countOf = async (db: DbOrTx, where: SQL) =>
  Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from orders o ${where}`)).rows[0]?.n ?? 0);

/**
 * The ids of one page of the status sort (or all: page null), and the count of all matches: the
 * statuses are read in the sort's order, by id from the page's offset within each; a status is
 * counted only to skip it whole when the page starts after it.
 */
async function statusSortedIds(
  db: DbOrTx,
  filter: ListFilter,
  iso: string,
  page: Page | null,
): Promise<{ ids: number[]; total: number }> {
  const dir = filter.dir === "asc" ? sql`asc` : sql`desc`;
  const segments = filter.dir === "asc" ? STATUS_SEGMENTS : [...STATUS_SEGMENTS].reverse();
  let skip = page?.offset ?? 0;
  let room = page?.limit ?? Number.POSITIVE_INFINITY;
  const ids: number[] = [];
  for (const segment of segments) {
    if (room <= 0) break;
    const where = whereSql(filter, iso, segment.where(iso));
    if (skip > 0) {
      const n = await countOf(db, where);
      if (skip >= n) {
        skip -= n;
        continue;
      }
    }
    const { rows } = await db.execute<{ id: number }>(sql`select o.id from orders o ${where} order by o.id ${dir}
      ${Number.isFinite(room) ? sql`limit ${room}` : sql``} offset ${skip}`);
    ids.push(...rows.map((r) => Number(r.id)));
    room -= rows.length;
    skip = 0;
  }
  return { ids, total: page ? await countOf(db, whereSql(filter, iso)) : ids.length };
}

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
  if (filter.sort === "status") {
    const { ids, total } = await statusSortedIds(db, filter, iso, page);
    const rows = await listBookingsByIds(db, ids, at);
    for (const row of rows) row.total_count = total;
    return { rows, total };
  }
  const dir = filter.dir === "asc" ? sql`asc` : sql`desc`;
  // A search's matches are all read to sort them anyway: the page counts them as it goes (one
  // search, not a second one for the count). Without a search the page is an index read of its
  // rows only, and the count its own query (decision 461).
  const searching = Boolean(filter.q?.trim());
  const { rows } = await db.execute<BookingListRow>(
    columnsSql(
      sql`select o.id, ${INDEXED_SORT_KEYS[filter.sort]} as sort_key, ${searching ? sql`count(*) over ()` : sql`0`} as total
        from orders o
        ${whereSql(filter, iso)}
        order by 2 ${dir}, o.id ${dir}
        ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
      iso,
      sql`order by c.sort_key ${dir}, o.id ${dir}`,
    ),
  );
  // Past a search's last page no row carries its count.
  const total = searching && rows.length ? Number(rows[0]!.total_count) : await countOf(db, whereSql(filter, iso));
  for (const row of rows) row.total_count = total;
  return { rows, total };
}

/** The ids of every booking of the list, in its order (the export reads them in batches: decision 464). */
export async function listBookingIds(db: DbOrTx, filter: ListFilter, at: Date): Promise<number[]> {
  const iso = at.toISOString();
  if (filter.sort === "status") return (await statusSortedIds(db, filter, iso, null)).ids;
  const dir = filter.dir === "asc" ? sql`asc` : sql`desc`;
  const { rows } = await db.execute<{ id: number }>(sql`
    select o.id from orders o ${whereSql(filter, iso)}
    order by ${INDEXED_SORT_KEYS[filter.sort]} ${dir}, o.id ${dir}`);
  return rows.map((r) => Number(r.id));
}

/** The list's rows of these bookings, in the order given. */
export async function listBookingsByIds(db: DbOrTx, ids: readonly number[], at: Date): Promise<BookingListRow[]> {
  if (!ids.length) return [];
  const { rows } = await db.execute<BookingListRow>(
    columnsSql(
      sql`select x.id, x.ord as sort_key, 0 as total from unnest(${`{${ids.map((id) => Math.trunc(id)).join(",")}}`}::int[]) with ordinality as x(id, ord)`,
      at.toISOString(),
      sql`order by c.sort_key asc`,
    ),
  );
  return rows;
}

export * from "./record-repository";
