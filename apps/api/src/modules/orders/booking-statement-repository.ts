/**
 * The booking statement (decisions 080, 131, 253): a new order, its items, one attendee per place,
 * its activity entry and its client as CTEs of one statement, written on the fast path only when
 * the seat and code counters leave room (and the client's hold limits, decision 101), or inside
 * the caller's transaction on the locked path; and the refusals it raises, read back as values.
 */
import { sql, type SQL } from "drizzle-orm";
import { executePrepared, type Db, type Tx } from "../../db/client";
import { backdatedDayMark } from "../activity";
import type { OrderItemRow, OrderRow } from "../../db/schema";

/** Who placed an order (the hold limits of decision 101 count by these); none for office bookings. */
export type OrderClientWrite = { clientIp: string; emailKey: string };

/**
 * The unpaid-hold limits an order from a client must leave room under (decision 101), checked by
 * `order_client_room` (migration 0019) inside the booking statement: `places` is what this order
 * adds (every place of every line), `since` the oldest order that can still hold (now − the hold time).
 */
export type ClientRoom = OrderClientWrite & { places: number; perClient: number; perEmail: number; at: Date; since: Date };

/** The check as an SQL expression: true, or it raises 'order_hold_limit' and the statement rolls back. */
const clientRoomCall = (room: ClientRoom, exceptOrderId: number) =>
  sql`order_client_room(${room.clientIp}::text, ${room.emailKey}::text, ${room.places}::int, ${room.perClient}::int,
    ${room.perEmail}::int, ${room.at.toISOString()}::timestamptz, ${room.since.toISOString()}::timestamptz, ${exceptOrderId}::int)`;

/** The locked path's check, after its order is written and its dates and code are locked. */
export async function checkClientRoom(tx: Tx, room: ClientRoom, orderId: number): Promise<void> {
  await tx.execute(sql`select ${clientRoomCall(room, orderId)}`);
}

type PgError = { code?: string; message?: string; detail?: string; cause?: unknown };

/**
 * The error our SQL raised with `RAISE EXCEPTION ... MESSAGE = <message>` (SQLSTATE P0001), if
 * that is what `err` is. Drizzle's query builder wraps the driver's error (as `cause`); the
 * prepared statements do not.
 */
function raisedBy(err: unknown, message: string): PgError | null {
  const is = (e: PgError | null | undefined): e is PgError => !!e && e.code === "P0001" && e.message === message;
  const outer = err as PgError | null;
  const inner = outer?.cause as PgError | undefined;
  return is(outer) ? outer : is(inner) ? inner : null;
}

/**
 * The code's last use went to another order between the booking statement's first test and its
 * commit (migration 0022): nothing was written; the locked path decides.
 */
export const codeUsesFull = (err: unknown): boolean => raisedBy(err, "code_uses_full") !== null;

/** A hold-limit refusal raised by `order_client_room`: the limit and when the client's first hold ends. */
export function holdLimitRefusal(err: unknown): { limit: number; firstEndMs: number | null } | null {
  const e = raisedBy(err, "order_hold_limit");
  if (!e) return null;
  const detail = JSON.parse(e.detail ?? "{}") as { limit?: number; first_end_ms?: number | null };
  return { limit: Number(detail.limit), firstEndMs: detail.first_end_ms == null ? null : Number(detail.first_end_ms) };
}

/** One place's attendee as written: `item_n` is the item's 1-based position in the order. */
export type AttendeeWrite = {
  item_n: number;
  position: number;
  first_name: string;
  last_name: string;
  email: string | null;
  /** Prerequisite answers (issue 33). */
  answers: Record<string, string> | null;
};

export type ClaimedIds = { order_id: number; item_ids: number[] };

/**
 * The order, its items, one attendee per place and the `enrollment` activity entry as CTEs of one
 * statement (one round trip: this is the hot path of POST /enroll, DESIGN.md: 500 orders/s),
 * written only when `guard` (a WHERE clause) holds. Same columns as logActivity. The seat counter
 * triggers (migration 0004) add the items' seats to their dates when the statement ends.
 */
export function orderInsert(
  order: OrderRow,
  itemRows: OrderItemRow[],
  attendees: AttendeeWrite[],
  details: string,
  client: OrderClientWrite | null = null,
) {
  const at = order.createdAt.toISOString();
  const name = `${order.firstName} ${order.lastName}`;
  const keys = listKeysOf(itemRows, attendees, name);
  return {
    ctes: (guard: SQL) => sql`
      o as (
        insert into orders (reference, booking_ref, terms_version, terms_accepted_at, status, first_name, last_name, guest_name, guest_email, phone_number, country,
          street_address, town_city, state, postcode, company_name, building_type, order_notes, purchase_order, marketing_consent_at, subtotal_pence, discount_code_id,
          discount_code, percent_off, amount_off_pence, discount_pence, total_pence, expires_at, payment_provider, approval, finder_answers, created_at, updated_at,
          list_first_date, list_course, list_learner)
        select ${order.reference}, ${order.bookingRef}, ${order.termsVersion}, ${order.termsAcceptedAt?.toISOString() ?? null}::timestamptz, 'pending', ${order.firstName}, ${order.lastName}, ${order.guestName}, ${order.guestEmail},
          ${order.phoneNumber}, ${order.country}, ${order.streetAddress}, ${order.townCity}, ${order.state}, ${order.postcode}, ${order.companyName},
          ${order.buildingType}, ${order.orderNotes}, ${order.purchaseOrder}, ${order.marketingConsentAt?.toISOString() ?? null}::timestamptz, ${order.subtotalPence}::int, ${order.discountCodeId}::int, ${order.discountCode},
          ${order.percentOff}::int, ${order.amountOffPence}::int, ${order.discountPence}::int, ${order.totalPence}::int, ${order.expiresAt.toISOString()}::timestamptz,
          ${order.paymentProvider}, ${order.approval}::text, ${order.finderAnswers ? JSON.stringify(order.finderAnswers) : null}::jsonb, ${at}::timestamptz, ${at}::timestamptz,
          ${keys.firstDate}::date, lower(${keys.course}::text), lower(${keys.learner}::text)
        ${guard}
        returning id),
      i as (
        insert into order_items (order_id, course_id, course_date_id, title, duration, "time", description, start_date, end_date,
          date_label, original_price_pence, price_paid_pence, add_ons, seats, created_at)
        select o.id, x.course_id, x.course_date_id, x.title, x.duration, x."time", x.description, x.start_date::date, x.end_date::date,
          x.date_label, x.original_price_pence, x.price_paid_pence, x.add_ons, x.seats, ${at}
        from o, rows from (jsonb_to_recordset(${JSON.stringify(
          itemRows.map((r) => ({
            course_id: r.courseId,
            course_date_id: r.courseDateId,
            title: r.title,
            duration: r.duration,
            time: r.time,
            description: r.description,
            start_date: r.startDate,
            end_date: r.endDate,
            date_label: r.dateLabel,
            original_price_pence: r.originalPricePence,
            price_paid_pence: r.pricePaidPence,
            add_ons: r.addOns,
            seats: r.seats,
          })),
        )}::jsonb) as (course_id int, course_date_id int, title text, duration text, "time" text, description text,
          start_date text, end_date text, date_label text, original_price_pence int, price_paid_pence int, add_ons jsonb, seats int))
          with ordinality as x(course_id, course_date_id, title, duration, "time", description, start_date, end_date, date_label,
          original_price_pence, price_paid_pence, add_ons, seats, n)
        order by x.n
        returning id),
      att as (
        insert into order_attendees (order_id, order_item_id, position, first_name, last_name, email, prerequisite_answers, created_at)
        select o.id, ii.id, y.position, y.first_name, y.last_name, y.email, y.answers, ${at}
        from o, (select id, row_number() over (order by id) as n from i) ii
        join jsonb_to_recordset(${JSON.stringify(attendees)}::jsonb) as y(item_n int, position int, first_name text, last_name text, email text, answers jsonb)
          on y.item_n = ii.n),
      a as (
        insert into activity_log (type, action, details, actor_id, user_name, amount_pence, items, created_at)
        select 'enrollment', 'New enrollment', ${details}, null, ${name}, ${order.totalPence}, ${itemRows.length}, ${at} from o),
      -- A booking dated before the activity log's live range (tests' clocks, imports) changes a
      -- closed day's count: marked for the log's reader (decision 540). Inserts nothing on a live booking.
      ac as (${backdatedDayMark(at, sql`o`)}),
      oc as (
        insert into order_clients (order_id, client_ip, email_key, created_at)
        select o.id, ${client?.clientIp ?? null}::text, ${client?.emailKey ?? null}::text, ${at}::timestamptz from o
        where ${client?.clientIp ?? null}::text is not null)`,
    result: sql`select (select id from o) as order_id, (select array_agg(id order by id) from i) as item_ids`,
  };
}

export type OrderInsert = ReturnType<typeof orderInsert>;

/**
 * The list's sort keys of a new order (decision 520), chosen as `order_list_keys()` (migration
 * 0043) chooses them from the written rows: the earliest start date, the first line's title, the
 * first place of the first line (lower case is applied in SQL, as there). Items get their ids in
 * line order and places keep their positions, so the first here is the first there; a test
 * compares the two on placed orders.
 */
function listKeysOf(items: OrderItemRow[], attendees: AttendeeWrite[], buyer: string) {
  const dates = items.flatMap((i) => (i.startDate ? [i.startDate] : [])).sort();
  const first = [...attendees].sort((a, b) => a.item_n - b.item_n || a.position - b.position)[0];
  return {
    firstDate: dates[0] ?? null,
    course: items[0]?.title ?? null,
    learner: first ? `${first.first_name} ${first.last_name}` : buyer,
  };
}

/**
 * The one-statement booking (decisions 080, 131, 253): locks the wanted dates in id order and
 * inserts the order only if `seats_held + wanted <= capacity` for every date (wanted: the places of
 * the order's lines on that date) and the code's counter reads `uses_held + 1 <= max_uses`. That
 * read takes no lock: the use is claimed at commit by the counter's deferred trigger, which locks
 * the code's row only then (after the dates, the lock order of decision 080) and, for this
 * statement alone (`app.code_use_guard`), raises `code_uses_full` if the latest committed counter
 * has no room (migration 0022; see codeUsesFull). Both counters count every pending hold,
 * including holds that ran out but are not marked expired yet, so this never admits what the rule
 * refuses. Null when the counters say no.
 */
export async function insertOnFastPath(
  db: Db,
  seatsByDate: Map<number, number>,
  discountId: number | null,
  insert: OrderInsert,
  room: ClientRoom | null,
): Promise<ClaimedIds | null> {
  const ids = [...seatsByDate.keys()].sort((a, b) => a - b);
  // The client's hold limits are checked last (after the dates and the code are locked), and only
  // when the counters have room: CASE decides the order of evaluation.
  const guard = room
    ? sql`where (select case when ok then ${clientRoomCall(room, 0)} else false end from fits)`
    : sql`where (select ok from fits)`;
  // A prepared statement's text is fixed per name: one name per shape.
  const name = (base: string) => (room ? `${base}_client` : base);
  const locked = sql`locked as (
        select d.id, d.capacity, d.seats_held from course_dates d
        where d.id = any(${sql.param(ids)}::int[]) order by d.id for no key update)`;
  const seatsFit = sql`count(*) = cardinality(${sql.param(ids)}::int[]) and coalesce(bool_and(l.seats_held + w.n <= l.capacity), false)`;
  const wantedRows = sql`locked l join unnest(${sql.param(ids)}::int[], ${sql.param(ids.map((id) => seatsByDate.get(id)!))}::int[]) as w(id, n) on w.id = l.id`;
  const rows =
    discountId === null
      ? await executePrepared<{ order_id: number | null; item_ids: number[] | null }>(
          db,
          name("enroll_place_order"),
          sql`
      with ${locked},
      fits as (select ${seatsFit} as ok from ${wantedRows}),
      ${insert.ctes(guard)}
      ${insert.result}`,
        )
      : await executePrepared<{ order_id: number | null; item_ids: number[] | null }>(
          db,
          name("enroll_place_order_code"),
          sql`
      with ${locked},
      code as materialized (
        select dc.uses_held, dc.max_uses, set_config('app.code_use_guard', 'on', true) as guard from discount_codes dc
        where dc.id = ${discountId}::int and (select count(*) from locked) >= 0),
      fits as (select ${seatsFit} and coalesce((select c.uses_held + 1 <= c.max_uses and c.guard = 'on' from code c), false) as ok
        from ${wantedRows}),
      ${insert.ctes(guard)}
      ${insert.result}`,
        );
  const row = rows[0];
  return row?.order_id != null ? (row as ClaimedIds) : null;
}

/** The same writes without the counters' guard, inside the caller's transaction (it checks under lock after). */
export async function insertInTransaction(tx: Tx, insert: OrderInsert): Promise<ClaimedIds> {
  const { rows } = await tx.execute<ClaimedIds>(sql`with ${insert.ctes(sql``)} ${insert.result}`);
  return rows[0]!;
}
