/**
 * The office's bookings list: one page (or every row, for the export) with its filters, search,
 * sort and total. Sorts on derived values read the keys the database keeps per order
 * (order_list_keys), and totals without a search come from the maintained counts (list_counts):
 * decision 500. The filters are in list-filter-repository.ts.
 */
import { sql, type SQL } from "drizzle-orm";
import type { BookingSortField } from "@app/contract";
import type { DbOrTx } from "../../db/client";
import type { Page } from "../../lib/paging";
import {
  bookingStatusSql,
  countedByStatusOnly,
  refundedSql,
  searchIdsSql,
  whereSql,
  type ListFilter,
} from "./list-filter-repository";

export type { ListFilter };

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

/** Each sort's key: the order's own columns, or the maintained key (an index serves each, both directions). */
const SORT_KEYS: Record<Exclude<BookingSortField, "status">, SQL> = {
  reference: sql`o.booking_ref`,
  amount: sql`o.total_pence`,
  booked_on: sql`o.created_at`,
  date: sql`k.first_date`,
  learner: sql`k.learner`,
  course: sql`k.course`,
};

/** Keys never null: no NULLS LAST, so an index read backwards serves DESC too (the date has its own DESC index). */
const NOT_NULL_SORTS = new Set<BookingSortField>(["reference", "amount", "booked_on", "learner", "course"]);

const FROM = sql`from orders o join order_list_keys k on k.order_id = o.id`;

/**
 * The orders alone when neither the sort nor the filter reads a kept key: a sort on the order's own
 * columns then reads its index without a lookup of the keys per row (12,500 of them on page 500).
 */
/**
 * With a search the keys stay joined: measured (volume-queries test), the planner then drives the
 * page from the search's matches; without them it walked the whole orders index for a common name.
 */
const filtersOnKeys = (filter: ListFilter) =>
  filter.status === "refunded" || filter.status === "cancelled" || Boolean(filter.q?.trim());
const fromFor = (filter: ListFilter, forSort = true) =>
  (forSort && ["learner", "course", "date", "status"].includes(filter.sort)) || filtersOnKeys(filter) ? FROM : sql`from orders o`;

/**
 * Which rows of the list to read, and in which direction. A page past the middle is read from the
 * other end (the same rows, in reverse, then put back in order), so the last pages cost what the
 * first ones do and no page reads more than half the list's index.
 */
type Window = { limit: number; offset: number; reverse: boolean };

function windowOf(page: Page | null, total: number): Window | null {
  if (!page) return null;
  if (page.offset <= total / 2) return { limit: page.limit, offset: page.offset, reverse: false };
  const limit = Math.max(0, Math.min(page.limit, total - page.offset));
  return { limit, offset: Math.max(0, total - page.offset - limit), reverse: true };
}

/**
 * The booking statuses in the order of their names (the status sort's order), each as conditions on
 * the order and its keys that an index serves; "expired" is two (expired, and pending past its hold).
 */
const statusSegments = (at: string): [number, SQL][] => [
  [1, sql`k.status = 'cancelled' and not k.has_refund`],
  [2, sql`k.status = 'paid'`],
  [3, sql`k.status = 'expired'`],
  [3, sql`k.status = 'pending' and o.expires_at <= ${at}::timestamptz`],
  [4, sql`k.status = 'pending' and o.expires_at > ${at}::timestamptz`],
  [5, sql`k.status = 'cancelled' and k.has_refund`],
];

/**
 * The chosen orders (id, sort_key) of the window. The status sort reads each status's orders by id
 * from its index, at most as many as the window needs, and joins them in the statuses' order.
 */
function chosenSql(filter: ListFilter, at: string, win: Window | null): SQL {
  const asc = (filter.dir === "asc") !== Boolean(win?.reverse);
  const dir = asc ? sql`asc` : sql`desc`;
  const cut = win ? sql`limit ${win.limit} offset ${win.offset}` : sql``;
  if (filter.sort === "status") {
    const enough = win ? sql`limit ${win.offset + win.limit}` : sql``;
    const branches = statusSegments(at).map(
      ([rank, cond]) =>
        sql`(select o.id, ${rank}::int as sort_key ${FROM} ${whereSql(filter, at, cond)} order by o.id ${dir} ${enough})`,
    );
    return sql`select s.id, s.sort_key from (${sql.join(branches, sql` union all `)}) s order by s.sort_key ${dir}, s.id ${dir} ${cut}`;
  }
  // Read backwards, "nulls last" becomes "nulls first": the same index, the other way.
  const nulls = NOT_NULL_SORTS.has(filter.sort) ? sql`` : win?.reverse ? sql` nulls first` : sql` nulls last`;
  return sql`select o.id, ${SORT_KEYS[filter.sort]} as sort_key ${fromFor(filter)} ${whereSql(filter, at)}
    order by 2 ${dir}${nulls}, o.id ${dir} ${cut}`;
}

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

/**
 * How many bookings match. Without a search or money filter, from the counts kept per order status
 * and "has a refund" (only the live holds, a handful, are counted here: "pending" depends on the
 * time); otherwise an exact count of the search's matches, which its indexes bound.
 */
async function countBookings(db: DbOrTx, filter: ListFilter, iso: string): Promise<number> {
  if (!countedByStatusOnly(filter) || filter.status === "pending") {
    // A search's matches drive the count (a course's title can match thousands, never every order).
    const q = filter.q?.trim();
    const from = q
      ? sql`from (${searchIdsSql(q)}) m(id) join orders o on o.id = m.id join order_list_keys k on k.order_id = o.id`
      : fromFor(filter, false);
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n ${from} ${whereSql(filter, iso, undefined, !q)}`,
    );
    return Number(rows[0]?.n ?? 0);
  }
  const counts = await orderCounts(db);
  const sum = (match: (status: string, refund: boolean) => boolean) =>
    counts.filter((c) => match(c.status, c.refund)).reduce((n, c) => n + c.n, 0);
  switch (filter.status) {
    case "expired":
      return countExpired(db, iso);
    case "all":
      return sum(() => true);
    case "confirmed":
      return sum((s) => s === "paid");
    case "refunded":
      return sum((_, refund) => refund);
    case "cancelled":
      return sum((s, refund) => s === "cancelled" && !refund);
  }
}

/** Expired: the orders the expiry job marked, and those still pending past their hold. */
async function countExpired(db: DbOrTx, iso: string): Promise<number> {
  const counts = await orderCounts(db);
  const pending = counts.filter((c) => c.status === "pending" || c.status === "expired").reduce((n, c) => n + c.n, 0);
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from orders o where o.status = 'pending' and o.expires_at > ${iso}::timestamptz`,
  );
  return pending - Number(rows[0]?.n ?? 0);
}

async function orderCounts(db: DbOrTx): Promise<{ status: string; refund: boolean; n: number }[]> {
  const { rows } = await db.execute<{ key: string; n: number }>(
    sql`select key, sum(n)::int as n from list_counts where list = 'orders' group by key`,
  );
  return rows.map((r) => {
    const [status = "", refund] = r.key.split(":");
    return { status, refund: refund === "true", n: Number(r.n) };
  });
}

/** One page of bookings (or all of them: page null), with the count of all matches (counted first: it places the page). */
export async function listBookings(
  db: DbOrTx,
  filter: ListFilter,
  at: Date,
  page: Page | null,
): Promise<{ rows: BookingListRow[]; total: number }> {
  const iso = at.toISOString();
  const dir = filter.dir === "asc" ? sql`asc` : sql`desc`;
  const total = await countBookings(db, filter, iso);
  const win = windowOf(page, total);
  const { rows } =
    win?.limit === 0 ? { rows: [] } : await db.execute<BookingListRow>(columnsSql(chosenSql(filter, iso, win), iso, dir));
  for (const row of rows) row.total_count = total;
  return { rows, total };
}

/** The ids of every booking of the list, in its order (the export reads them in batches: decision 464). */
export async function listBookingIds(db: DbOrTx, filter: ListFilter, at: Date): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(chosenSql(filter, at.toISOString(), null));
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
