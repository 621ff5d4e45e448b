/**
 * Every SQL statement of the orders module (decision 170): the pricing read, the one-statement
 * booking and its locked fallback, the seat and code check under lock, order rows by key, the
 * status writes of the lifecycle and the admin list. No rule is decided here: the lifecycle
 * (service.ts) decides, this file reads and writes. Over 300 lines because the booking statement
 * (decisions 080, 131) is one long piece of SQL that only makes sense read whole.
 */
import { and, asc, desc, eq, inArray, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { executePrepared, type Db, type DbOrTx, type Tx } from "../../db/client";
import { batched, perKey } from "../../lib/batch";
import {
  activityLog,
  orderAttendees,
  orderItems,
  orders,
  type OrderAttendeeRow,
  type OrderItemRow,
  type OrderRow,
} from "../../db/schema";
import type { Page } from "../../lib/paging";
import type { CourseForPricing } from "./pricing";

/** How to find an order: by its public reference or by the provider's session id. */
export type OrderKey = { reference: string } | { sessionId: string };
const whereKey = (key: OrderKey) =>
  "reference" in key ? eq(orders.reference, key.reference) : eq(orders.providerSessionId, key.sessionId);

/**
 * The wanted courses in one query, shared by the carts priced at the same moment (course, its open
 * dates from `today` on, its add-ons), without locks: the booking statement re-checks what
 * matters under lock. Draft courses (decision 190) are left out, so /enroll answers them as unknown courses.
 */
export async function coursesForPricing(db: Db, ids: number[], today: string): Promise<CourseForPricing[]> {
  return pricingReadsOf(db)({ ids, today });
}

/**
 * The carts priced during one turn of the event loop read their courses in one query (decision
 * 254): the union of their course ids, then each cart gets the rows it asked for.
 */
const pricingReadsOf = perKey((db: Db) =>
  batched(async (asks: { ids: number[]; today: string }[]) => {
    const byDay = new Map<string, Map<number, CourseForPricing>>();
    for (const today of new Set(asks.map((a) => a.today))) {
      const ids = [...new Set(asks.filter((a) => a.today === today).flatMap((a) => a.ids))];
      const rows = await executePrepared<CourseForPricing>(
        db,
        "enroll_price_items",
        sql`
        select c.id, c.title, c.description, c.fee_pence, c.duration, c.time, c.needs_approval, c.prerequisites,
          coalesce((select jsonb_agg(jsonb_build_object('id', d.id, 'start', d.start_date, 'end', d.end_date))
            from course_dates d where d.course_id = c.id and d.closed_at is null and d.start_date >= ${today}), '[]') as dates,
          coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name, 'price', a.price_pence))
            from course_add_ons a where a.course_id = c.id), '[]') as add_ons
        from courses c where c.id = any(${sql.param(ids)}::int[]) and c.archived_at is null and c.status = 'published'`,
      );
      byDay.set(today, new Map(rows.map((r) => [Number(r.id), r])));
    }
    return asks.map((a) => {
      const found = byDay.get(a.today)!;
      return [...new Set(a.ids)].flatMap((id) => found.get(id) ?? []);
    });
  }),
);

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
  return {
    ctes: (guard: SQL) => sql`
      o as (
        insert into orders (reference, booking_ref, terms_version, terms_accepted_at, status, first_name, last_name, guest_name, guest_email, phone_number, country,
          street_address, town_city, state, postcode, company_name, building_type, order_notes, purchase_order, marketing_consent_at, subtotal_pence, discount_code_id,
          discount_code, percent_off, amount_off_pence, discount_pence, total_pence, expires_at, payment_provider, approval, finder_answers, created_at, updated_at)
        select ${order.reference}, ${order.bookingRef}, ${order.termsVersion}, ${order.termsAcceptedAt?.toISOString() ?? null}::timestamptz, 'pending', ${order.firstName}, ${order.lastName}, ${order.guestName}, ${order.guestEmail},
          ${order.phoneNumber}, ${order.country}, ${order.streetAddress}, ${order.townCity}, ${order.state}, ${order.postcode}, ${order.companyName},
          ${order.buildingType}, ${order.orderNotes}, ${order.purchaseOrder}, ${order.marketingConsentAt?.toISOString() ?? null}::timestamptz, ${order.subtotalPence}::int, ${order.discountCodeId}::int, ${order.discountCode},
          ${order.percentOff}::int, ${order.amountOffPence}::int, ${order.discountPence}::int, ${order.totalPence}::int, ${order.expiresAt.toISOString()}::timestamptz,
          ${order.paymentProvider}, ${order.approval}::text, ${order.finderAnswers ? JSON.stringify(order.finderAnswers) : null}::jsonb, ${at}::timestamptz, ${at}::timestamptz
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
      oc as (
        insert into order_clients (order_id, client_ip, email_key, created_at)
        select o.id, ${client?.clientIp ?? null}::text, ${client?.emailKey ?? null}::text, ${at}::timestamptz from o
        where ${client?.clientIp ?? null}::text is not null)`,
    result: sql`select (select id from o) as order_id, (select array_agg(id order by id) from i) as item_ids`,
  };
}

export type OrderInsert = ReturnType<typeof orderInsert>;

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

/**
 * Seat and discount-use check under lock (docs/decisions/060, 080). Call AFTER the transaction has
 * written the claim it wants to check (a new pending order, or an order turned paid): the seat
 * counter triggers have then already locked the claim's course-date rows (in id order) and added
 * its seats to `seats_held`. This locks the dates (again, a no-op for rows we hold, so the order
 * is the same with or without a claim) and then the discount row, and checks in a fresh
 * statement. In READ COMMITTED each statement sees everything committed before it started, so
 * once we hold the locks the check includes every earlier claim and our own uncommitted one;
 * nobody else can add a claim to these rows until we commit or roll back.
 *
 * Lock order everywhere: course dates by id, then the discount code. The counter triggers take
 * the dates first whenever an order is written, so the code must come after them.
 *
 * `FOR NO KEY UPDATE` rather than `FOR UPDATE`: it serialises claimants just the same but does not
 * block the `KEY SHARE` locks that inserting order rows (foreign keys) take.
 *
 * Seats: the rule `seats_taken(date, at)` (migration 0004, summing each item's seats). Codes: the
 * rule of `usesByDiscount` (paid, or pending with a hold that has not run out). Neither clamped at
 * 0: we need to see "one too many".
 */
export async function lockAndCountClaims(
  tx: Tx,
  target: { dateIds: number[]; discountId: number | null },
  now: Date,
): Promise<{ overbookedDateIds: number[]; discountOverused: boolean }> {
  const dateIds = [...new Set(target.dateIds.map(Number))].sort((a, b) => a - b);
  if (dateIds.length) {
    await tx.execute(
      sql`select id from course_dates where id in ${sql.raw(`(${dateIds.join(",")})`)} order by id for no key update`,
    );
  }
  if (target.discountId !== null) {
    await tx.execute(sql`select id from discount_codes where id = ${target.discountId} for no key update`);
  }
  const at = now.toISOString();
  const holding = sql`(o.status = 'paid' or (o.status = 'pending' and o.expires_at > ${at}))`;
  const { rows } = await tx.execute<{ kind: "date" | "code"; id: number; cap: number; used: number }>(sql`
    select 'date' as kind, d.id, d.capacity as cap, seats_taken(d, ${at}) as used
    from course_dates d where d.id in ${sql.raw(`(${dateIds.length ? dateIds.join(",") : "null"})`)}
    union all
    select 'code', dc.id, dc.max_uses, (select count(*) from orders o where o.discount_code_id = dc.id and ${holding})
    from discount_codes dc where dc.id = ${target.discountId ?? -1}`);
  const over = rows.filter((r) => Number(r.used) > Number(r.cap));
  return {
    overbookedDateIds: over.filter((r) => r.kind === "date").map((r) => Number(r.id)),
    discountOverused: over.some((r) => r.kind === "code"),
  };
}

/** Records the provider's checkout session on the order (webhooks find the order by it). */
export async function attachCheckoutSession(db: DbOrTx, orderId: number, sessionId: string): Promise<void> {
  await db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, orderId));
}

export async function findOrderByReference(db: DbOrTx, reference: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.reference, reference));
  return row ?? null;
}

export async function findOrderById(db: DbOrTx, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

export async function findItems(db: DbOrTx, orderId: number): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/** The items of several orders, in id order. */
export async function findItemsOf(db: DbOrTx, orderIds: number[]): Promise<OrderItemRow[]> {
  if (!orderIds.length) return [];
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
}

/** The attendees of several orders, by item and place. */
export async function findAttendeesOf(db: DbOrTx, orderIds: number[]): Promise<OrderAttendeeRow[]> {
  if (!orderIds.length) return [];
  return db
    .select()
    .from(orderAttendees)
    .where(inArray(orderAttendees.orderId, orderIds))
    .orderBy(asc(orderAttendees.orderItemId), asc(orderAttendees.position));
}

/**
 * Raises the calendar SEQUENCE of a booking's places (all of them, or one item's) before a changed
 * or cancelled event is sent (decision 285), and answers the booking's attendees as they are now.
 */
export async function raiseCalendarSequence(tx: DbOrTx, orderId: number, itemId?: number): Promise<OrderAttendeeRow[]> {
  await tx
    .update(orderAttendees)
    .set({ calendarSequence: sql`${orderAttendees.calendarSequence} + 1` })
    .where(
      itemId === undefined
        ? eq(orderAttendees.orderId, orderId)
        : and(eq(orderAttendees.orderId, orderId), eq(orderAttendees.orderItemId, itemId)),
    );
  return findAttendeesOf(tx, [orderId]);
}

/** The order row, locked for the rest of the transaction (every status change starts here). */
export async function lockOrder(tx: Tx, key: OrderKey): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(whereKey(key)).for("update");
  return row ?? null;
}

export async function setPaid(tx: Tx, orderId: number, amountPence: number, now: Date): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ status: "paid", paidAt: now, amountPaidPence: amountPence, cancelledAt: null, expiredAt: null, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}

export async function setCancelled(tx: Tx, orderId: number, now: Date): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}

/** Marks the order as looked at (a late payment refused: the office's lists show it moved). */
export async function touch(tx: Tx, orderId: number, now: Date): Promise<void> {
  await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId));
}

/**
 * Pending orders to expire, locked: every one whose hold has run out (the worker, in batches,
 * skipping rows another instance holds), or the one order a key names.
 */
export async function lockExpiring(tx: Tx, due: { batch: number } | { key: OrderKey }, now: Date): Promise<OrderRow[]> {
  if ("key" in due)
    return tx
      .select()
      .from(orders)
      .where(and(whereKey(due.key), eq(orders.status, "pending")))
      .for("update");
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.status, "pending"), sql`${orders.expiresAt} <= ${now.toISOString()}`))
    .orderBy(asc(orders.expiresAt))
    .limit(due.batch)
    .for("update", { skipLocked: true });
}

/** Marks orders expired and writes one activity entry each (`details` per order); returns the rows. */
export async function setExpired(
  tx: Tx,
  picked: OrderRow[],
  now: Date,
  entry: (o: OrderRow) => { action: string; details: string; userName: string },
  opts: { countItems: boolean } = { countItems: true },
): Promise<OrderRow[]> {
  const ids = picked.map((o) => o.id);
  const expired = await tx
    .update(orders)
    .set({ status: "expired", expiredAt: now, updatedAt: now })
    .where(inArray(orders.id, ids))
    .returning();
  const counts = opts.countItems
    ? await tx
        .select({ orderId: orderItems.orderId, n: sql<number>`count(*)::int` })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .groupBy(orderItems.orderId)
    : null;
  await tx.insert(activityLog).values(
    picked.map((o) => ({
      type: "other" as const,
      ...entry(o),
      actorId: null,
      amountPence: o.totalPence,
      ...(counts ? { items: counts.find((c) => c.orderId === o.id)?.n ?? 0 } : {}),
      createdAt: now,
    })),
  );
  return expired;
}

/** Pending orders created before `cutoff` whose payment page never opened (no session; not the local provider), locked. */
export async function lockUnsessioned(tx: Tx, cutoff: Date, now: Date, batch: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        isNull(orders.providerSessionId),
        ne(orders.paymentProvider, "local"),
        lte(orders.createdAt, cutoff),
        sql`${orders.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(batch)
    .for("update", { skipLocked: true });
}

/** Orders newest first: one page, or all of them (a search filters on the mapped bookings). */
export async function listOrders(db: DbOrTx, page: Page | null): Promise<OrderRow[]> {
  const q = db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id));
  return page ? q.limit(page.limit).offset(page.offset) : q;
}

export async function countOrders(db: DbOrTx): Promise<number> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return count?.n ?? 0;
}

/** The order a provider's checkout session was opened for (null: none). */
export async function findOrderBySession(db: DbOrTx, sessionId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.providerSessionId, sessionId));
  return row ?? null;
}

/** An order by reference that never got its checkout session recorded (the API stopped after opening it). */
export async function findUnsessionedByReference(db: DbOrTx, reference: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.reference, reference), isNull(orders.providerSessionId)));
  return row ?? null;
}

/** Records a session on an order that has none yet (a verified payment found it by reference). */
export async function recordSessionIfMissing(db: DbOrTx, reference: string, sessionId: string): Promise<void> {
  await db
    .update(orders)
    .set({ providerSessionId: sessionId })
    .where(and(eq(orders.reference, reference), isNull(orders.providerSessionId)));
}

/** Paid orders with a line on one of these course dates, newest first (a trainer's bookings, decision 333). */
export async function listPaidOrdersOnDates(db: DbOrTx, dateIds: number[]): Promise<OrderRow[]> {
  if (!dateIds.length) return [];
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, "paid"),
        inArray(
          orders.id,
          db.select({ id: orderItems.orderId }).from(orderItems).where(inArray(orderItems.courseDateId, dateIds)),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** Issue 33: the office approved a booking that waited; the customer pays until `payUntil`. */
export async function setApproved(tx: Tx, orderId: number, payUntil: Date, now: Date): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ approval: "approved", expiresAt: payUntil, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}

/** Issue 33: the office declined a booking that waited (the caller cancelled it, releasing its places). */
export async function setDeclined(tx: Tx, orderId: number, reason: string, now: Date): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ approval: "declined", declineReason: reason, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}
