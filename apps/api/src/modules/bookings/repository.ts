/**
 * The SQL of the office's bookings (issue 13): the list with its filters, search, sort and paging,
 * everything shown on a booking's page, and the rows the actions write. The booking status the
 * office reads is derived here, in one place (bookingStatusSql), from the order's status, its hold
 * and its refunds. One file on purpose (over 300 lines): every query of the module side by side, so
 * the status and search rules are read and changed together.
 */
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { formatBookingRef, type BookingMoneyFilter, type BookingSortField, type BookingStatusFilter } from "@app/contract";
import type { DbOrTx, Tx } from "../../db/client";
import {
  activityLog,
  bookingActionKeys,
  bookingNotes,
  mailOutbox,
  orderAttendees,
  orderPayments,
  orders,
  refunds,
} from "../../db/schema";
import type { Page } from "../../lib/paging";
import type { RenderedMail } from "../mail/types";
import { addressingColumns, type MailAddressing } from "../mail/outbox";

export type OrderRow = typeof orders.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type NoteRow = typeof bookingNotes.$inferSelect;
export type PaymentRow = typeof orderPayments.$inferSelect;
export type AttendeeRow = typeof orderAttendees.$inferSelect;

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
 * title, company or discount code.
 */
function searchSql(q: string): SQL {
  const like = `%${escapeLike(q.trim())}%`;
  const compact = q.replace(/[\s-]/g, "").toUpperCase();
  const digits = q.replace(/\D/g, "");
  const phoneLike = digits.length >= 3 && digits.length === q.replace(/[\s()+-]/g, "").length;
  const parts: SQL[] = [
    sql`(o.first_name || ' ' || o.last_name) ilike ${like}`,
    sql`o.guest_email ilike ${like}`,
    sql`coalesce(o.discount_code, '') ilike ${like}`,
    sql`coalesce(o.company_name, '') ilike ${like}`,
    sql`exists (select 1 from order_items i where i.order_id = o.id and i.title ilike ${like})`,
    sql`exists (select 1 from order_attendees a where a.order_id = o.id
      and ((a.first_name || ' ' || a.last_name) ilike ${like} or coalesce(a.email, '') ilike ${like}))`,
  ];
  if (compact.length >= 3) parts.push(sql`o.booking_ref like ${`%${escapeLike(compact)}%`}`);
  if (phoneLike) parts.push(sql`regexp_replace(o.phone_number, '\\D', '', 'g') like ${`%${digits}%`}`);
  return sql`(${sql.join(parts, sql` or `)})`;
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

function whereSql(filter: ListFilter, at: string): SQL {
  const conds: SQL[] = [];
  // 'refunded' lists every booking with money given back, partly refunded confirmed ones too.
  if (filter.status === "refunded") conds.push(sql`${refundedSql} > 0`);
  else if (filter.status !== "all") conds.push(sql`(${bookingStatusSql(at)}) = ${filter.status}`);
  if (filter.q?.trim()) conds.push(searchSql(filter.q));
  if (filter.money) conds.push(moneyFilterSql(filter.money, at));
  return conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
}

const SORT_SQL: Record<BookingSortField, SQL> = {
  reference: sql`o.booking_ref`,
  learner: sql`lower(coalesce((learners)[1], o.first_name || ' ' || o.last_name))`,
  course: sql`lower(coalesce((courses)[1], ''))`,
  date: sql`first_date`,
  amount: sql`o.total_pence`,
  booked_on: sql`o.created_at`,
  status: sql`booking_status`,
};

/** One page of bookings (or all of them for the export: page null), with the count of all matches. */
export async function listBookings(
  db: DbOrTx,
  filter: ListFilter,
  at: Date,
  page: Page | null,
): Promise<{ rows: BookingListRow[]; total: number }> {
  const iso = at.toISOString();
  const dir = filter.dir === "asc" ? sql`asc` : sql`desc`;
  const { rows } = await db.execute<BookingListRow>(sql`
    select * from (
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
        count(*) over () as total_count
      from orders o left join order_payments p on p.order_id = o.id
      ${whereSql(filter, iso)}
    ) o
    order by ${SORT_SQL[filter.sort]} ${dir} nulls last, o.id ${dir}
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`);
  let total = rows[0] ? Number(rows[0].total_count) : 0;
  if (!rows.length && page && page.offset > 0) {
    // Past the last page: still tell how many there are.
    const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from orders o ${whereSql(filter, iso)}`))
      .rows as [{ n: number }];
    total = n;
  }
  return { rows, total };
}

export async function findOrder(db: DbOrTx, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

export async function findOrderByReference(db: DbOrTx, reference: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.reference, reference));
  return row ?? null;
}

/** The order's row, locked for this transaction (every booking action starts here). */
export async function lockOrder(tx: Tx, id: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return row ?? null;
}

export async function findAttendees(db: DbOrTx, orderId: number): Promise<AttendeeRow[]> {
  return db
    .select()
    .from(orderAttendees)
    .where(eq(orderAttendees.orderId, orderId))
    .orderBy(asc(orderAttendees.orderItemId), asc(orderAttendees.position));
}

export async function findRefunds(db: DbOrTx, orderId: number): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export async function findPayment(db: DbOrTx, orderId: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
  return row ?? null;
}

export async function findNotes(db: DbOrTx, orderId: number): Promise<NoteRow[]> {
  return db
    .select()
    .from(bookingNotes)
    .where(eq(bookingNotes.orderId, orderId))
    .orderBy(asc(bookingNotes.createdAt), asc(bookingNotes.id));
}

/**
 * Mails about the booking: every outbox mail whose text names its reference (the confirmation,
 * the office's notice, refund and transfer mails all do). Oldest first.
 */
export async function findMails(db: DbOrTx, order: Pick<OrderRow, "bookingRef">) {
  return db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(sql`${mailOutbox.text} like ${`%${formatBookingRef(order.bookingRef)}%`}`)
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
}

/** Activity-log entries about the booking (each names its reference), oldest first. */
export async function findHistory(db: DbOrTx, order: Pick<OrderRow, "bookingRef">) {
  return db
    .select()
    .from(activityLog)
    .where(sql`${activityLog.details} like ${`%${formatBookingRef(order.bookingRef)}%`}`)
    .orderBy(asc(activityLog.createdAt), asc(activityLog.id));
}

export async function sumRefunded(tx: DbOrTx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${refunds.amountPence}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return Number(row?.n ?? 0);
}

export async function findRefundByKey(tx: DbOrTx, orderId: number, key: string): Promise<RefundRow | null> {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(sql`${refunds.orderId} = ${orderId} and ${refunds.idempotencyKey} = ${key}`);
  return row ?? null;
}

/** Records a refund once: a provider id seen before (our own refund's webhook) adds nothing. Null when it was known. */
export async function insertRefund(tx: Tx, row: typeof refunds.$inferInsert): Promise<RefundRow | null> {
  const [inserted] = await tx.insert(refunds).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** Remembers the provider's payment id of an order (learnt at a refund or from a webhook). */
export async function rememberPaymentId(tx: Tx, orderId: number, paymentId: string): Promise<void> {
  await tx
    .insert(orderPayments)
    .values({ orderId, providerPaymentId: paymentId })
    .onConflictDoUpdate({ target: orderPayments.orderId, set: { providerPaymentId: paymentId } });
}

export async function findOrderByPaymentId(tx: DbOrTx, paymentId: string): Promise<number | null> {
  const [row] = await tx
    .select({ orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(eq(orderPayments.providerPaymentId, paymentId));
  return row?.orderId ?? null;
}

export async function findManualByKey(tx: DbOrTx, key: string): Promise<number | null> {
  const [row] = await tx
    .select({ orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(eq(orderPayments.idempotencyKey, key));
  return row?.orderId ?? null;
}

/** Takes a retry key for an action without a row of its own; false when it was used before. */
export async function claimActionKey(tx: Tx, orderId: number, action: string, key: string, at: Date): Promise<boolean> {
  const rows = await tx
    .insert(bookingActionKeys)
    .values({ orderId, action, idempotencyKey: key, createdAt: at })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

export async function insertNote(tx: Tx, row: typeof bookingNotes.$inferInsert): Promise<NoteRow | null> {
  const [inserted] = await tx.insert(bookingNotes).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findNoteByKey(tx: DbOrTx, orderId: number, key: string): Promise<NoteRow | null> {
  const [row] = await tx
    .select()
    .from(bookingNotes)
    .where(sql`${bookingNotes.orderId} = ${orderId} and ${bookingNotes.idempotencyKey} = ${key}`);
  return row ?? null;
}

/** Mail kinds of the booking actions (the outbox's `kind`). */
export type BookingMailKind =
  | "booking_confirmation"
  | "new_booking"
  | "booking_cancelled"
  | "booking_refunded"
  | "booking_transferred"
  | "booking_changed"
  | "attendee_place"
  | "attendee_cancelled"
  | "attendee_changed";

/** Queues a mail in the caller's transaction (as mail/outbox's enqueueMail does, with our kinds). */
export async function queueMail(
  tx: Tx,
  mail: RenderedMail & MailAddressing & { kind: BookingMailKind },
  at: Date,
): Promise<void> {
  await tx.insert(mailOutbox).values({
    ...addressingColumns(mail),
    kind: mail.kind,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
    nextAttemptAt: at,
    createdAt: at,
  });
}

/** Locks course dates in id order (decision 080's lock order), FOR NO KEY UPDATE like placement. */
export async function lockDates(tx: Tx, dateIds: number[]): Promise<void> {
  const ids = [...new Set(dateIds)].sort((a, b) => a - b);
  if (!ids.length) return;
  await tx.execute(sql`select id from course_dates where id = any(${sql.param(ids)}::int[]) order by id for no key update`);
}

export type DateRow = {
  id: number;
  course_id: number;
  start_date: string;
  end_date: string;
  capacity: number;
  closed_at: Date | null;
  places_left: number;
};

/** A course's dates with places left as placement counts them (seats_taken at `at`). */
export async function courseDatesWithPlaces(db: DbOrTx, courseId: number, at: Date): Promise<DateRow[]> {
  const { rows } = await db.execute<DateRow>(sql`
    select d.id, d.course_id, d.start_date::text as start_date, coalesce(d.end_date, d.start_date)::text as end_date, d.capacity, d.closed_at,
      greatest(d.capacity - seats_taken(d, ${at.toISOString()}::timestamptz), 0)::int as places_left
    from course_dates d where d.course_id = ${courseId} order by d.start_date, d.id`);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    course_id: Number(r.course_id),
    capacity: Number(r.capacity),
    places_left: Number(r.places_left),
  }));
}
