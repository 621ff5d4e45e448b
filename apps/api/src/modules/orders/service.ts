import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  BOOKING_TERMS_VERSION,
  enrollmentMatches,
  formatBookingRef,
  ORDER_ALREADY_PAID_MESSAGE,
  ORDER_HOLD_MINUTES,
  type Enrollment,
  type OrderSchema,
} from "@app/contract";
import type { z } from "zod";
import { executePrepared, type Db, type DbOrTx, type Tx } from "../../db/client";
import { activityLog, orderItems, orders, type AddOnSnapshot } from "../../db/schema";
import { dateRangeLabel } from "../../lib/dates";
import { HttpError } from "../../lib/http-error";
import { toPounds } from "../../lib/money";
import type { Page } from "../../lib/paging";
import { discountPence as discountOn, shareDiscount } from "@app/rules";
import { logActivity, SYSTEM_ACTOR, type Actor } from "../activity/repository";
import { checkDiscount } from "../discounts/repository";
import { enqueueMail, type MailSettings } from "../mail/outbox";
import { bookingConfirmation, latePaymentNotice, newBookingNotice } from "../mail/templates";
import type { CheckoutStop, PaymentProvider } from "../payments/port";
import { newBookingRef } from "./booking-reference";
import { bookingCalendar } from "./calendar";
import { lockAndCountClaims } from "./repository";
import { linkOfferToOrderTx, takeWaitlistOfferTx } from "../waitlist/service";

export type OrderInput = z.output<typeof OrderSchema>;
export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;

/** Public order reference: 128 random bits, URL-safe. */
export const newReference = () => randomBytes(16).toString("base64url");

/** Splits a discount over items in proportion to their price (the shared rule of @app/rules). */
export { shareDiscount };

type PricedItem = {
  courseId: number;
  courseDateId: number;
  title: string;
  duration: string;
  time: string;
  description: string;
  startDate: string;
  endDate: string;
  dateLabel: string;
  originalPricePence: number;
  addOns: AddOnSnapshot[];
};

const chooseDateIssue = (index: number) =>
  new HttpError(400, "Please choose an available course date", {
    issues: [{ path: `courses.${index}.selectedDate`, message: "Please choose an available course date" }],
  });

// One formatter for the UK calendar date (building an Intl formatter per call costs ~0.1 ms).
const UK_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });

type CourseForPricing = {
  id: number;
  title: string;
  description: string;
  fee_pence: number;
  duration: string;
  time: string;
  dates: { id: number; start: string; end: string }[];
  add_ons: { id: number; name: string; price: number }[];
};

/**
 * Prices the wanted courses from the database in one query (course, its open upcoming dates,
 * its add-ons), without locks: the transaction re-checks what matters under lock.
 */
async function priceItems(db: Db, input: OrderInput, now: Date): Promise<PricedItem[]> {
  const ids = input.courses.map((c) => Number(c.id));
  const today = UK_DAY.format(now);
  const rows = await executePrepared<CourseForPricing>(db, "enroll_price_items", sql`
    select c.id, c.title, c.description, c.fee_pence, c.duration, c.time,
      coalesce((select jsonb_agg(jsonb_build_object('id', d.id, 'start', d.start_date, 'end', d.end_date))
        from course_dates d where d.course_id = c.id and d.closed_at is null and d.start_date >= ${today}), '[]') as dates,
      coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name, 'price', a.price_pence))
        from course_add_ons a where a.course_id = c.id), '[]') as add_ons
    from courses c where c.id = any(${sql.param(ids)}::int[]) and c.archived_at is null`);
  return input.courses.map((wanted, index) => {
    const course = rows.find((c) => Number(c.id) === wanted.id);
    if (!course) throw new HttpError(404, "Course not found");
    const matches =
      typeof wanted.selectedDate === "number"
        ? course.dates.filter((d) => d.id === wanted.selectedDate)
        : course.dates.filter((d) => dateRangeLabel(d.start, d.end) === String(wanted.selectedDate).trim());
    const date = matches.length === 1 ? matches[0] : undefined;
    if (!date) throw chooseDateIssue(index);
    const chosen = [...new Set(wanted.selectedAddons)];
    const addOns = chosen.map((id) => course.add_ons.find((a) => a.id === id));
    if (addOns.some((a) => !a)) {
      throw new HttpError(400, "Unknown add-on for this course", {
        issues: [{ path: `courses.${index}.selectedAddons`, message: "Unknown add-on for this course" }],
      });
    }
    const snapshots = addOns.map((a) => ({ name: a!.name, price_pence: a!.price }));
    return {
      courseId: Number(course.id),
      courseDateId: date.id,
      title: course.title,
      duration: course.duration,
      time: course.time,
      description: course.description,
      startDate: date.start,
      endDate: date.end,
      dateLabel: dateRangeLabel(date.start, date.end),
      originalPricePence: Number(course.fee_pence) + snapshots.reduce((s, a) => s + a.price_pence, 0),
      addOns: snapshots,
    };
  });
}

/** The customer's message when a date has no seat left. */
export const fullyBookedMessage = (item: { title: string; dateLabel: string }) =>
  `Sorry, ${item.title} on ${item.dateLabel} is fully booked. Please choose another date.`;

/** The message when the last use of a code went to someone else between the check and the order. */
export const CODE_USED_UP_MESSAGE = "This discount code has reached its usage limit";

/**
 * Places a pending order: priced from the database (fee + chosen add-ons − discount), with its
 * items' snapshots and an `enrollment` activity entry, holding one seat per item and one use of
 * its code for ORDER_HOLD_MINUTES. One short transaction: write the claim, then lock and count
 * (lockAndCountClaims); a full date or a used-up code rolls everything back with a 409.
 */
export async function placeOrder(db: Db, input: OrderInput, now: Date, provider: string): Promise<OrderRow & { items: ItemRow[] }> {
  const [items, discountCheck] = await Promise.all([
    priceItems(db, input, now),
    // The same rule as GET /discounts/validate (window, uses left, percent); the count is re-done under lock.
    input.discount_code ? checkDiscount(db, input.discount_code, now) : Promise.resolve(null),
  ]);
  if (discountCheck && (!discountCheck.result.valid || !discountCheck.row)) {
    // Out of window or unknown: not a race but a wrong code; 409 as the contract lists for the code.
    throw new HttpError(409, discountCheck.result.message);
  }
  const discount = discountCheck?.row ?? null;
  const subtotal = items.reduce((s, i) => s + i.originalPricePence, 0);
  const discountPence = discount ? discountOn(subtotal, discount.percentOff) : 0;
  const total = subtotal - discountPence;
  const paidPrices = shareDiscount(items.map((i) => i.originalPricePence), discountPence);
  const expiresAt = new Date(now.getTime() + ORDER_HOLD_MINUTES * 60_000);
  const name = `${input.first_name} ${input.last_name}`;

  const order: OrderRow = {
    id: 0,
    reference: newReference(),
    bookingRef: newBookingRef(),
    termsVersion: input.accept_terms ? BOOKING_TERMS_VERSION : null,
    termsAcceptedAt: input.accept_terms ? now : null,
    status: "pending",
    firstName: input.first_name,
    lastName: input.last_name,
    guestName: input.guest_name,
    guestEmail: input.guest_email,
    phoneNumber: input.phone_number,
    country: input.country,
    streetAddress: input.street_address,
    townCity: input.town_city,
    state: input.state,
    companyName: input.company_name || null,
    buildingType: input.building_type || null,
    orderNotes: input.order_notes || null,
    purchaseOrder: input.purchase_order || null,
    marketingConsentAt: input.marketing_opt_in ? now : null,
    subtotalPence: subtotal,
    discountCodeId: discount?.id ?? null,
    discountCode: discount?.code ?? null,
    percentOff: discount?.percentOff ?? null,
    discountPence,
    totalPence: total,
    amountPaidPence: null,
    paidAt: null,
    expiresAt,
    cancelledAt: null,
    expiredAt: null,
    paymentProvider: provider,
    providerSessionId: null,
    createdAt: now,
    updatedAt: now,
  };
  const itemRows: ItemRow[] = items.map((i, n) => ({
    id: 0,
    orderId: 0,
    courseId: i.courseId,
    courseDateId: i.courseDateId,
    title: i.title,
    duration: i.duration,
    time: i.time,
    description: i.description,
    startDate: i.startDate,
    endDate: i.endDate,
    dateLabel: i.dateLabel,
    originalPricePence: i.originalPricePence,
    pricePaidPence: paidPrices[n]!,
    addOns: i.addOns,
    seats: 1,
    createdAt: now,
  }));

  const insert = insertOrder(order, itemRows, `${formatBookingRef(order.bookingRef)}: ${name} booked ${items.map((i) => `${i.title} (${i.dateLabel})`).join(", ")}`);
  const claimed = (row: { order_id: number; item_ids: number[] }) => {
    order.id = Number(row.order_id);
    row.item_ids.forEach((id, n) => Object.assign(itemRows[n]!, { id: Number(id), orderId: order.id }));
    return Object.assign(order, { items: itemRows });
  };

  // Fast path (decisions 080, 131): one statement, one round trip, its own transaction. It locks the
  // dates (in id order), then the code if any, and writes the order only if every date's seat
  // counter and the code's uses counter leave room for it. Orders the counters refuse (a date or
  // a code may only look full because holds ran out and are not marked expired yet) take the
  // path below, which applies the whole rule.
  // An order from a waiting-list offer link takes the locked path: the offer's held places are
  // released for it inside the transaction (waitlist/service.ts, takeWaitlistOfferTx).
  const offerToken = input.waitlist_offer || null;
  const fast = offerToken ? null : await placeOnFastPath(db, itemRows, discount?.id ?? null, insert);
  if (fast) return claimed(fast);

  return db.transaction(async (tx) => {
    const offerEntryId = offerToken ? await takeWaitlistOfferTx(tx, offerToken, items.map((i) => i.courseDateId), now) : null;
    const { rows } = await tx.execute<{ order_id: number; item_ids: number[] }>(sql`with ${insert.ctes(sql``)} ${insert.result}`);
    claimed(rows[0]!);
    if (offerEntryId !== null) await linkOfferToOrderTx(tx, offerEntryId, order.id);
    const check = await lockAndCountClaims(tx, { dateIds: items.map((i) => i.courseDateId), discountId: discount?.id ?? null }, now);
    const full = items.find((i) => check.overbookedDateIds.includes(i.courseDateId));
    if (full) throw new HttpError(409, fullyBookedMessage(full));
    if (check.discountOverused) throw new HttpError(409, CODE_USED_UP_MESSAGE);
    return Object.assign(order, { items: itemRows });
  });
}

type OrderInsert = ReturnType<typeof insertOrder>;

/**
 * The one-statement booking (decisions 080, 131): locks the wanted dates in id order, then the
 * discount code, and inserts the order only if `seats_held + wanted <= capacity` for every date
 * and `uses_held + 1 <= max_uses` for the code. Both counters count every pending hold, including
 * holds that ran out but are not marked expired yet, so this never admits what the rule refuses.
 * The code is locked through a subquery that first counts every locked date row, so it is always
 * taken after the dates (the lock order of decision 080). Null when the counters say no.
 */
async function placeOnFastPath(
  db: Db,
  itemRows: ItemRow[],
  discountId: number | null,
  insert: OrderInsert,
): Promise<{ order_id: number; item_ids: number[] } | null> {
  const wanted = new Map<number, number>();
  for (const i of itemRows) wanted.set(i.courseDateId!, (wanted.get(i.courseDateId!) ?? 0) + i.seats);
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  const locked = sql`locked as (
        select d.id, d.capacity, d.seats_held from course_dates d
        where d.id = any(${sql.param(ids)}::int[]) order by d.id for no key update)`;
  const seatsFit = sql`count(*) = cardinality(${sql.param(ids)}::int[]) and coalesce(bool_and(l.seats_held + w.n <= l.capacity), false)`;
  const wantedRows = sql`locked l join unnest(${sql.param(ids)}::int[], ${sql.param(ids.map((id) => wanted.get(id)!))}::int[]) as w(id, n) on w.id = l.id`;
  const rows =
    discountId === null
      ? await executePrepared<{ order_id: number | null; item_ids: number[] | null }>(db, "enroll_place_order", sql`
      with ${locked},
      fits as (select ${seatsFit} as ok from ${wantedRows}),
      ${insert.ctes(sql`where (select ok from fits)`)}
      ${insert.result}`)
      : await executePrepared<{ order_id: number | null; item_ids: number[] | null }>(db, "enroll_place_order_code", sql`
      with ${locked},
      code as (
        select dc.uses_held, dc.max_uses from discount_codes dc
        where dc.id = ${discountId}::int and (select count(*) from locked) >= 0 for no key update),
      fits as (select ${seatsFit} and coalesce((select c.uses_held + 1 <= c.max_uses from code c), false) as ok from ${wantedRows}),
      ${insert.ctes(sql`where (select ok from fits)`)}
      ${insert.result}`);
  const row = rows[0];
  return row?.order_id != null ? (row as { order_id: number; item_ids: number[] }) : null;
}

/**
 * The order, its items and the `enrollment` activity entry as CTEs of one statement (one round
 * trip: this is the hot path of POST /enroll, DESIGN.md: 500 orders/s), written only when `guard`
 * (a WHERE clause) holds. Same columns as logActivity. The seat counter triggers (migration 0004)
 * add the items' seats to their dates when the statement ends.
 */
function insertOrder(order: OrderRow, itemRows: ItemRow[], details: string) {
  const at = order.createdAt.toISOString();
  const name = `${order.firstName} ${order.lastName}`;
  // One attendee per place (item_n is the item's 1-based position in this order). Until an order
  // names its attendees, every place is the buyer's.
  const attendees = itemRows.flatMap((r, n) =>
    Array.from({ length: r.seats }, (_, p) => ({
      item_n: n + 1,
      position: p + 1,
      first_name: order.firstName,
      last_name: order.lastName,
      email: order.guestEmail,
    })),
  );
  return {
    ctes: (guard: SQL) => sql`
      o as (
        insert into orders (reference, booking_ref, terms_version, terms_accepted_at, status, first_name, last_name, guest_name, guest_email, phone_number, country,
          street_address, town_city, state, company_name, building_type, order_notes, purchase_order, marketing_consent_at, subtotal_pence, discount_code_id,
          discount_code, percent_off, discount_pence, total_pence, expires_at, payment_provider, created_at, updated_at)
        select ${order.reference}, ${order.bookingRef}, ${order.termsVersion}, ${order.termsAcceptedAt?.toISOString() ?? null}::timestamptz, 'pending', ${order.firstName}, ${order.lastName}, ${order.guestName}, ${order.guestEmail},
          ${order.phoneNumber}, ${order.country}, ${order.streetAddress}, ${order.townCity}, ${order.state}, ${order.companyName},
          ${order.buildingType}, ${order.orderNotes}, ${order.purchaseOrder}, ${order.marketingConsentAt?.toISOString() ?? null}::timestamptz, ${order.subtotalPence}::int, ${order.discountCodeId}::int, ${order.discountCode},
          ${order.percentOff}::int, ${order.discountPence}::int, ${order.totalPence}::int, ${order.expiresAt.toISOString()}::timestamptz,
          ${order.paymentProvider}, ${at}::timestamptz, ${at}::timestamptz
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
        insert into order_attendees (order_id, order_item_id, position, first_name, last_name, email, created_at)
        select o.id, ii.id, y.position, y.first_name, y.last_name, y.email, ${at}
        from o, (select id, row_number() over (order by id) as n from i) ii
        join jsonb_to_recordset(${JSON.stringify(attendees)}::jsonb) as y(item_n int, position int, first_name text, last_name text, email text)
          on y.item_n = ii.n),
      a as (
        insert into activity_log (type, action, details, actor_id, user_name, amount_pence, items, created_at)
        select 'enrollment', 'New enrollment', ${details}, null, ${name}, ${order.totalPence}, ${itemRows.length}, ${at} from o)`,
    result: sql`select (select id from o) as order_id, (select array_agg(id order by id) from i) as item_ids`,
  };
}

/** Records the provider's checkout session on the order (webhooks find the order by it). */
export async function attachCheckoutSession(db: DbOrTx, orderId: number, sessionId: string): Promise<void> {
  await db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, orderId));
}

export async function findOrderByReference(db: DbOrTx, reference: string) {
  const [row] = await db.select().from(orders).where(eq(orders.reference, reference));
  return row ?? null;
}

export async function findItems(db: DbOrTx, orderId: number): Promise<ItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/** How to find an order: by its public reference or by the provider's session id. */
export type OrderKey = { reference: string } | { sessionId: string };
const whereKey = (key: OrderKey) =>
  "reference" in key ? eq(orders.reference, key.reference) : eq(orders.providerSessionId, key.sessionId);

async function lockOrder(tx: Tx, key: OrderKey): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(whereKey(key)).for("update");
  return row ?? null;
}

export type PaymentOutcome = "paid" | "already_paid" | "late_refund_needed";

export type ConfirmOptions = {
  /** What the provider says it took (pence); the order total when absent. */
  amountPaidPence?: number;
  /** Mails to queue with the payment (confirmation + provider notice); none without (seed data). */
  mail?: MailSettings;
  /**
   * Money really arrived (a provider confirmation): accept it even after the hold ran out if the
   * seats and the code use can be taken again; otherwise keep the order as it is and ask the
   * provider (mail + activity) to refund. The local page has no money behind it and refuses instead.
   */
  lateAccepted?: boolean;
};

class LateClaimRefused extends Error {}

/** Marks an order paid, in the caller's transaction. Idempotent: paying twice changes nothing. */
export async function confirmPaymentTx(
  tx: Tx,
  key: OrderKey,
  now: Date,
  opts: ConfirmOptions = {},
): Promise<{ order: OrderRow; outcome: PaymentOutcome }> {
  const order = await lockOrder(tx, key);
  if (!order) throw new HttpError(404, "Order not found");
  if (order.status === "paid") return { order, outcome: "already_paid" };
  const holdValid = order.status === "pending" && order.expiresAt > now;
  if (!holdValid && !opts.lateAccepted) {
    throw new HttpError(409, order.status === "pending" || order.status === "expired" ? "This order has expired" : `This order is ${order.status}`);
  }
  const amount = opts.amountPaidPence ?? order.totalPence;
  const items = await findItems(tx, order.id);
  const markPaidRow = async (db: Tx) => {
    const [row] = await db
      .update(orders)
      .set({ status: "paid", paidAt: now, amountPaidPence: amount, cancelledAt: null, expiredAt: null, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    return row!;
  };

  let paid: OrderRow;
  if (holdValid) {
    paid = await markPaidRow(tx);
  } else {
    // The hold ran out: take the seats and the code use again, under the same locks as a new order.
    try {
      paid = await tx.transaction(async (sp) => {
        const row = await markPaidRow(sp);
        const check = await lockAndCountClaims(sp, { dateIds: items.flatMap((i) => (i.courseDateId ? [i.courseDateId] : [])), discountId: order.discountCodeId }, now);
        if (check.overbookedDateIds.length || check.discountOverused) throw new LateClaimRefused();
        return row;
      });
    } catch (err) {
      if (!(err instanceof LateClaimRefused)) throw err;
      await logActivity(tx, {
        type: "other",
        action: "Payment for a released order: refund needed",
        details: `${order.firstName} ${order.lastName} paid booking ${formatBookingRef(order.bookingRef)} after it was ${order.status}; its places were taken meanwhile`,
        actor: SYSTEM_ACTOR,
        amountPence: amount,
        items: items.length,
        at: now,
      });
      if (opts.mail) {
        await enqueueMail(tx, { to: opts.mail.providerEmail, kind: "late_payment", ...latePaymentNotice(order, items, amount, opts.mail) }, now);
      }
      await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, order.id));
      return { order, outcome: "late_refund_needed" };
    }
  }

  const name = `${order.firstName} ${order.lastName}`;
  await logActivity(tx, {
    type: "payment",
    action: "Payment received",
    details: `${formatBookingRef(order.bookingRef)}: ${name} paid for ${items.map((i) => i.title).join(", ")}`,
    actor: { id: null, name },
    amountPence: amount,
    items: items.length,
    at: now,
  });
  if (opts.mail) {
    await enqueueMail(tx, { to: paid.guestEmail, kind: "booking_confirmation", ...bookingConfirmation(paid, items, opts.mail, bookingCalendar(paid, items, opts.mail, now)) }, now);
    await enqueueMail(tx, { to: opts.mail.providerEmail, kind: "new_booking", ...newBookingNotice(paid, items, opts.mail) }, now);
  }
  return { order: paid, outcome: "paid" };
}

export async function confirmPayment(db: Db, key: OrderKey, now: Date, opts: ConfirmOptions = {}) {
  return db.transaction((tx) => confirmPaymentTx(tx, key, now, opts));
}

/** Marks a pending order paid (idempotent for an already paid order), with a `payment` activity entry. */
export async function markPaid(db: Db, reference: string, now: Date, opts: ConfirmOptions = {}): Promise<OrderRow> {
  return (await confirmPayment(db, { reference }, now, opts)).order;
}

/**
 * Cancels a pending order (customer's Cancel, admin, failed payment): its seats and its code
 * use are free again at once. Cancelling a cancelled order changes nothing.
 */
export async function cancelPendingTx(tx: Tx, key: OrderKey, now: Date, actor?: Actor, reason = "was cancelled"): Promise<OrderRow> {
  const order = await lockOrder(tx, key);
  if (!order) throw new HttpError(404, "Order not found");
  if (order.status === "cancelled") return order;
  if (order.status !== "pending") throw new HttpError(409, `This order is ${order.status}`);
  const [row] = await tx
    .update(orders)
    .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  const name = `${order.firstName} ${order.lastName}`;
  await logActivity(tx, {
    type: "other",
    action: "Enrollment cancelled",
    details: `Booking ${formatBookingRef(order.bookingRef)} for ${name} ${reason}; its places were released`,
    actor: actor ?? { id: null, name },
    amountPence: order.totalPence,
    at: now,
  });
  return row!;
}

export async function cancelPending(db: Db, reference: string, now: Date, actor?: Actor): Promise<OrderRow> {
  return db.transaction((tx) => cancelPendingTx(tx, { reference }, now, actor));
}

/**
 * Cancels a pending order and closes its payment page as one decision (the customer's cancel on
 * return from the provider, the admin's cancel; docs/decisions/031). Under the order's row lock:
 * ask the provider to expire the checkout; if the customer completed it first, nothing changes
 * (409, the provider's confirmation will mark the order paid); otherwise cancelPendingTx releases
 * the seats and the code use. A webhook for this order waits for the lock, so it sees either the
 * pending order (payment first) or the cancelled one (late-payment path of decision 060).
 *
 * Any other status is answered as it is, unchanged (cancelled and expired: nothing left to do;
 * paid: the caller refuses). A provider that cannot be reached does not keep the seats blocked:
 * the order is cancelled anyway and a payment still arriving takes the late-payment path.
 */
export async function cancelOrderAndCheckout(
  db: Db,
  key: OrderKey,
  now: Date,
  opts: {
    provider: Pick<PaymentProvider, "name" | "expireCheckout">;
    actor?: Actor;
    reason?: string;
    onProviderError?: (err: unknown, order: OrderRow) => void;
  },
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, key);
    if (!order) throw new HttpError(404, "Order not found");
    if (order.status !== "pending") return order;
    // The network call runs while we hold only this order's row (no course date, no code): a
    // booking or a webhook for another order never waits for it (see decision 031).
    if (order.providerSessionId && order.paymentProvider === opts.provider.name) {
      let stop: CheckoutStop | "unknown";
      try {
        stop = await opts.provider.expireCheckout(order.providerSessionId);
      } catch (err) {
        opts.onProviderError?.(err, order);
        stop = "unknown";
      }
      if (stop === "completed") throw new HttpError(409, ORDER_ALREADY_PAID_MESSAGE);
    }
    return cancelPendingTx(tx, { reference: order.reference }, now, opts.actor, opts.reason);
  });
}

/**
 * Marks unpaid orders expired, with an activity entry each. `due`: every pending order whose hold
 * has run out (the worker, in batches, skipping rows another instance holds), or one order (the
 * provider said its session expired: its seats go back even if our clock says a few seconds left).
 */
export async function expireOrdersTx(
  tx: Tx,
  due: { batch: number } | { key: OrderKey },
  now: Date,
): Promise<OrderRow[]> {
  const picked =
    "batch" in due
      ? await tx
          .select()
          .from(orders)
          .where(and(eq(orders.status, "pending"), sql`${orders.expiresAt} <= ${now.toISOString()}`))
          .orderBy(asc(orders.expiresAt))
          .limit(due.batch)
          .for("update", { skipLocked: true })
      : (await tx.select().from(orders).where(and(whereKey(due.key), eq(orders.status, "pending"))).for("update"));
  if (!picked.length) return [];
  const ids = picked.map((o) => o.id);
  const expired = await tx
    .update(orders)
    .set({ status: "expired", expiredAt: now, updatedAt: now })
    .where(inArray(orders.id, ids))
    .returning();
  const counts = await tx
    .select({ orderId: orderItems.orderId, n: sql<number>`count(*)::int` })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .groupBy(orderItems.orderId);
  await tx.insert(activityLog).values(
    picked.map((o) => ({
      type: "other" as const,
      action: "Order expired",
      details: `Booking ${formatBookingRef(o.bookingRef)} for ${o.firstName} ${o.lastName} was not paid within ${ORDER_HOLD_MINUTES} minutes; its places were released`,
      actorId: null,
      userName: SYSTEM_ACTOR.name,
      amountPence: o.totalPence,
      items: counts.find((c) => c.orderId === o.id)?.n ?? 0,
      createdAt: now,
    })),
  );
  return expired;
}

/** One batch of the expiry worker; returns how many orders it expired. */
export async function expireDueOrders(db: Db, now: Date, batch = 100): Promise<number> {
  return (await db.transaction((tx) => expireOrdersTx(tx, { batch }, now))).length;
}

/** An order seen by clients: pending orders whose hold ran out read as expired even before the worker marks them. */
export function effectiveStatus(order: Pick<OrderRow, "status" | "expiresAt">, now: Date): OrderRow["status"] {
  return order.status === "pending" && order.expiresAt <= now ? "expired" : order.status;
}

export function toEnrollment(order: OrderRow, items: ItemRow[], now: Date): Enrollment {
  return {
    id: order.id,
    reference: order.reference,
    booking_reference: formatBookingRef(order.bookingRef),
    first_name: order.firstName,
    last_name: order.lastName,
    guest_email: order.guestEmail,
    phone_number: order.phoneNumber,
    country: order.country,
    town_city: order.townCity,
    state: order.state,
    street_address: order.streetAddress,
    ...(order.companyName ? { company_name: order.companyName } : {}),
    ...(order.buildingType ? { building_type: order.buildingType } : {}),
    ...(order.orderNotes ? { order_notes: order.orderNotes } : {}),
    status: effectiveStatus(order, now),
    subtotal: toPounds(order.subtotalPence),
    discount_code: order.discountCode,
    percent_off: order.percentOff,
    total: toPounds(order.totalPence),
    amount_paid: order.amountPaidPence === null ? null : toPounds(order.amountPaidPence),
    paid_at: order.paidAt?.toISOString() ?? null,
    expires_at: order.expiresAt.toISOString(),
    created_at: order.createdAt.toISOString(),
    terms_version: order.termsVersion,
    terms_accepted_at: order.termsAcceptedAt?.toISOString() ?? null,
    courses: items.map((i) => ({
      id: i.courseId,
      title: i.title,
      duration: i.duration,
      time: i.time,
      ...(i.startDate ? { startDate: i.startDate } : {}),
      ...(i.endDate ? { endDate: i.endDate } : {}),
      course_date_id: i.courseDateId,
      date_label: i.dateLabel,
      description: i.description,
      addOns: i.addOns.map((a) => ({ name: a.name, price: toPounds(a.price_pence) })),
      pivot: {
        price_paid: toPounds(i.pricePaidPence),
        original_price: toPounds(i.originalPricePence),
        created_at: i.createdAt.toISOString(),
      },
    })),
  };
}

/**
 * One page of the bookings, newest first, with their items (decision 112). A search (booking
 * reference with or without the dash, name, e-mail, course title or discount code) is matched
 * before paging, so the total counts the matches.
 */
export async function listEnrollments(db: DbOrTx, now: Date, page: Page, search?: string): Promise<{ items: Enrollment[]; total: number }> {
  if (search?.trim()) {
    const all = await enrollmentsOf(db, now, await db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)));
    const matches = all.filter((e) => enrollmentMatches(e, search));
    return { items: matches.slice(page.offset, page.offset + page.limit), total: matches.length };
  }
  const rows = await db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(page.limit).offset(page.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return { items: await enrollmentsOf(db, now, rows), total: count?.n ?? 0 };
}

/** The API's booking shape for these orders, with their items (one more query). */
async function enrollmentsOf(db: DbOrTx, now: Date, rows: OrderRow[]): Promise<Enrollment[]> {
  if (!rows.length) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((r) => r.id)))
    .orderBy(asc(orderItems.id));
  const byOrder = new Map<number, ItemRow[]>();
  for (const i of items) {
    const list = byOrder.get(i.orderId);
    if (list) list.push(i);
    else byOrder.set(i.orderId, [i]);
  }
  return rows.map((o) => toEnrollment(o, byOrder.get(o.id) ?? [], now));
}
