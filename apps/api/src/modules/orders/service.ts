/**
 * The order lifecycle (decision 170): place, confirm (mark paid), cancel, expire. Each step runs
 * in one transaction with its activity entry (and its mails when asked), and answers a typed
 * outcome (./outcomes.ts) instead of an HTTP status: the routers map refusals to HTTP in one
 * place (./http-answers.ts). Prices come from ./pricing.ts (pure), SQL from ./repository.ts,
 * response shapes from ./mappers.ts. Refund and transfer join here as further steps. Over 300
 * lines: the four steps share the locking rules written beside them and read best together.
 */
import { formatPostcode } from "@app/rules";
import { randomBytes } from "node:crypto";
import {
  APPROVAL_HOLD_HOURS,
  BOOKING_TERMS_VERSION,
  enrollmentMatches,
  formatBookingRef,
  ORDER_HOLD_MINUTES,
  type Enrollment,
} from "@app/contract";
import type { Db, Tx } from "../../db/client";
import type { DiscountCodeRow, OrderItemRow, OrderRow } from "../../db/schema";
import { ukDate } from "../../lib/dates";
import type { Page } from "../../lib/paging";
import { logActivity, SYSTEM_ACTOR, type Actor } from "../activity/repository";
import { seatsMoved } from "../courses/seat-signal";
import { checkDiscount } from "../discounts/service";
import { customerAddress, customerRecipient, enqueueMail, officeRecipient, type MailSettings } from "../mail/outbox";
import { bookingConfirmation, latePaymentNotice, newBookingNotice } from "../mail/templates";
import type { CheckoutStop, PaymentProvider } from "../payments/port";
import { newBookingRef } from "./booking-reference";
import { bookingCalendar } from "./calendar";
import { toEnrollments } from "./mappers";
import type { CancelOutcome, ConfirmOutcome, PlaceOutcome, PlacedOrder } from "./outcomes";
import { bookingActivityText, priceLines, priceOrder, type OrderInput, type OrderTotals, type PricedLine } from "./pricing";
import * as repo from "./repository";
import { recordChargeTx } from "./money-events";
import type { AttendeeWrite, OrderKey } from "./repository";
import { mailAttendeesTx } from "./attendees";
import { linkOfferToOrderTx, takeWaitlistOfferTx } from "../waitlist/service";
import { choosePlan, dueToday, savePlanOf } from "./payment-plan";
import { ensureBalanceLinkTx } from "./balance";

export type { OrderInput } from "./pricing";
export type { OrderKey } from "./repository";

/** Public order reference: 128 random bits, URL-safe. */
export const newReference = () => randomBytes(16).toString("base64url");

/** Rolls a transaction back while carrying the outcome the caller answers. */
class Refused<T> extends Error {
  constructor(readonly outcome: T) {
    super("refused");
  }
}

/**
 * A cart priced as an order would be (decision 170): the catalogue read in one query, the code
 * checked by the rule of GET /discounts/validate, then the pure pricing of ./pricing.ts (per-place
 * prices, add-ons, either kind of discount, course limits). placeOrder and the office's manual
 * bookings (bookings/manual.ts) both price through here, so the two always agree. No locks: the
 * seats and the code's uses are counted again under lock when the order is written.
 */
export async function priceCart(
  db: Db,
  wanted: OrderInput["courses"],
  discountCode: string | undefined | null,
  now: Date,
): Promise<PricedCart | Exclude<PlaceOutcome, { kind: "placed" | "seats_taken" | "code_used_up" }>> {
  const [courses, discountCheck] = await Promise.all([
    repo.coursesForPricing(
      db,
      wanted.map((c) => Number(c.id)),
      ukDate(now),
    ),
    // The same rule as GET /discounts/validate (window, uses left); the count is re-done under lock.
    discountCode ? checkDiscount(db, discountCode, now) : Promise.resolve(null),
  ]);
  const priced = priceLines(courses, wanted);
  if (priced.kind !== "priced") return priced;
  const { lines } = priced;
  if (discountCheck && (!discountCheck.result.valid || !discountCheck.row))
    return { kind: "code_refused", message: discountCheck.result.message };
  const discount = discountCheck?.row ?? null;
  const totals = priceOrder(
    lines,
    discount
      ? { percentOff: discount.percentOff, amountOffPence: discount.amountOffPence, courseIds: discountCheck!.courseIds }
      : null,
  );
  if (discount && !totals.discountApplies) return { kind: "code_not_for_cart" };
  return { kind: "priced", lines, totals, discount };
}

export type PricedCart = { kind: "priced"; lines: PricedLine[]; totals: OrderTotals; discount: DiscountCodeRow | null };

/**
 * Places a pending order: priced from the database (fee + chosen add-ons, × places, − discount),
 * with its items' snapshots, one attendee per place and an `enrollment` activity entry, holding
 * its places and one use of its code for ORDER_HOLD_MINUTES. A date with too few places left or
 * a code used up in the meantime refuses the whole order (nothing is written).
 */
export type PlaceOptions = {
  /**
   * Who placed it and the unpaid-hold limits it must leave room under (decision 101, checked in
   * the booking statement itself); none for seed and office orders.
   */
  client?: (repo.OrderClientWrite & { perClient: number; perEmail: number }) | null;
  /**
   * The caller's admission checks (the rate limits), run while the cart is priced, so the order
   * waits for one round trip instead of two. Nothing is written unless it resolves.
   */
  admission?: Promise<void>;
};

export async function placeOrder(
  db: Db,
  input: OrderInput,
  now: Date,
  provider: string,
  opts: PlaceOptions = {},
): Promise<PlaceOutcome> {
  const [cart] = await Promise.all([priceCart(db, input.courses, input.discount_code, now), opts.admission]);
  if (cart.kind !== "priced") return cart;
  const { lines, totals, discount } = cart;
  // Deposits and instalments: the chosen plan, re-computed from the database (never the browser's figures).
  const chosen = await choosePlan(db, lines, totals, { plan: input.payment_plan, saveCard: input.save_card }, now);
  if (chosen.kind !== "plan") return chosen;
  const withPlan = async (placed: PlaceOutcome): Promise<PlaceOutcome> => {
    if (placed.kind === "placed" && chosen.plan.paymentPlan !== "full")
      Object.assign(placed.order, await savePlanOf(db, placed.order.id, chosen.plan, now));
    return placed;
  };
  // Issue 33: a course that needs the office's approval holds the places longer, and takes no
  // payment until approved (the router opens no payment page for it).
  const waits = lines.some((l) => l.needsApproval);
  const holdMs = waits ? APPROVAL_HOLD_HOURS * 3_600_000 : ORDER_HOLD_MINUTES * 60_000;

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
    postcode: input.postcode ? formatPostcode(input.postcode) : null,
    companyName: input.company_name || null,
    buildingType: input.building_type || null,
    orderNotes: input.order_notes || null,
    purchaseOrder: input.purchase_order || null,
    marketingConsentAt: input.marketing_opt_in ? now : null,
    subtotalPence: totals.subtotalPence,
    discountCodeId: discount?.id ?? null,
    discountCode: discount?.code ?? null,
    percentOff: discount?.percentOff ?? null,
    amountOffPence: discount?.amountOffPence ?? null,
    discountPence: totals.discountPence,
    totalPence: totals.totalPence,
    amountPaidPence: null,
    paidAt: null,
    expiresAt: new Date(now.getTime() + holdMs),
    cancelledAt: null,
    expiredAt: null,
    paymentProvider: provider,
    providerSessionId: null,
    approval: waits ? "waiting" : null,
    declineReason: null,
    finderAnswers: (input.finder_answers as Record<string, string> | undefined) ?? null,
    paymentPlan: "full",
    depositPence: null,
    balanceDueOn: null,
    paymentTerms: null,
    cardSavedAt: null,
    providerCustomerId: null,
    providerPaymentMethodId: null,
    overdueAlertedAt: null,
    releasedUnpaidAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const itemRows: OrderItemRow[] = lines.map((l, n) => ({
    id: 0,
    orderId: 0,
    courseId: l.courseId,
    courseDateId: l.courseDateId,
    title: l.title,
    duration: l.duration,
    time: l.time,
    description: l.description,
    startDate: l.startDate,
    endDate: l.endDate,
    dateLabel: l.dateLabel,
    originalPricePence: l.originalPricePence,
    pricePaidPence: totals.paidPrices[n]!,
    addOns: l.addOns,
    seats: l.seats,
    createdAt: now,
  }));
  // One attendee per place: the named ones, or (none named) the buyer in every place.
  const attendees: AttendeeWrite[] = lines.flatMap((l, n) =>
    Array.from({ length: l.seats }, (_, p) => {
      const named = l.attendees?.[p];
      return {
        item_n: n + 1,
        position: p + 1,
        first_name: named?.firstName ?? order.firstName,
        last_name: named?.lastName ?? order.lastName,
        email: named ? named.email : order.guestEmail,
        answers: named?.answers ?? null,
      };
    }),
  );

  const insert = repo.orderInsert(
    order,
    itemRows,
    attendees,
    bookingActivityText(formatBookingRef(order.bookingRef), `${order.firstName} ${order.lastName}`, lines),
    opts.client ?? null,
  );
  const claimed = (row: repo.ClaimedIds): PlaceOutcome => {
    order.id = Number(row.order_id);
    row.item_ids.forEach((id, n) => Object.assign(itemRows[n]!, { id: Number(id), orderId: order.id }));
    const placed: PlacedOrder = Object.assign(order, { items: itemRows });
    return { kind: "placed", order: placed };
  };

  // Fast path (decisions 080, 131, 253): one statement, one round trip, its own transaction. It
  // locks the dates (in id order) and writes the order only if every date's seat counter and the
  // code's uses counter leave room for it; the code's use is claimed at commit, under the code's
  // lock (migration 0022). Orders the counters refuse (a date or a code may only look full because
  // holds ran out and are not marked expired yet) take the path below, which applies the whole rule.
  const seatsByDate = new Map<number, number>();
  for (const l of lines) seatsByDate.set(l.courseDateId, (seatsByDate.get(l.courseDateId) ?? 0) + l.seats);
  // An order from a waiting-list offer link (issue 15) skips it: the offer's held places are
  // released for this order alone inside the locked transaction below (takeWaitlistOfferTx).
  const offerToken = input.waitlist_offer || null;
  const client = opts.client ?? null;
  const room: repo.ClientRoom | null = client && {
    ...client,
    // Places, not lines: a group line holds several (decision 101 counts held places).
    places: lines.reduce((n, l) => n + l.seats, 0),
    at: now,
    since: new Date(now.getTime() - ORDER_HOLD_MINUTES * 60_000),
  };
  let fast: repo.ClaimedIds | null = null;
  try {
    fast = offerToken ? null : await repo.insertOnFastPath(db, seatsByDate, discount?.id ?? null, insert, room);
  } catch (err) {
    // The code's last use was claimed by another order at commit: the locked path decides.
    if (!repo.codeUsesFull(err)) return holdLimitOutcome(err, now);
  }
  if (fast) return await told(db, await withPlan(claimed(fast)));

  try {
    const placed = await db.transaction(async (tx) => {
      // Locks the dates (id order) and turns the live offer into 'booked'; null (unknown, used or
      // run out) leaves an ordinary order that the seat check below decides.
      const offerEntryId = offerToken
        ? await takeWaitlistOfferTx(
            tx,
            offerToken,
            lines.map((l) => l.courseDateId),
            now,
          )
        : null;
      const outcome = claimed(await repo.insertInTransaction(tx, insert));
      if (offerEntryId !== null) await linkOfferToOrderTx(tx, offerEntryId, order.id);
      const check = await repo.lockAndCountClaims(
        tx,
        { dateIds: lines.map((l) => l.courseDateId), discountId: discount?.id ?? null },
        now,
      );
      const full = lines.find((l) => check.overbookedDateIds.includes(l.courseDateId));
      if (full) throw new Refused<PlaceOutcome>({ kind: "seats_taken", title: full.title, dateLabel: full.dateLabel });
      if (check.discountOverused) throw new Refused<PlaceOutcome>({ kind: "code_used_up" });
      // Last in the lock order (dates, code, client), as on the fast path.
      if (room) await repo.checkClientRoom(tx, room, order.id);
      return outcome;
    });
    return await told(db, await withPlan(placed));
  } catch (err) {
    if (err instanceof Refused) return err.outcome as PlaceOutcome;
    return holdLimitOutcome(err, now);
  }
}

/**
 * A committed booking, once every API instance has been told that places left moved (decision
 * 255). If the signal cannot be sent the booking still stands: instances then see it when their
 * seat snapshot reaches its maximum age (seat-counts.ts).
 */
async function told(db: Db, placed: PlaceOutcome): Promise<PlaceOutcome> {
  await seatsMoved(db).catch(() => undefined);
  return placed;
}

/** The booking statement's hold-limit refusal as an outcome (rethrows anything else). */
function holdLimitOutcome(err: unknown, now: Date): PlaceOutcome {
  const refused = repo.holdLimitRefusal(err);
  if (!refused) throw err;
  const retryAfter = refused.firstEndMs === null ? 60 : Math.max(1, Math.ceil((refused.firstEndMs - now.getTime()) / 1000));
  return { kind: "hold_limit", limit: refused.limit, retryAfter };
}

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

/** Marks an order paid, in the caller's transaction. Idempotent: paying twice changes nothing. */
export async function confirmPaymentTx(tx: Tx, key: OrderKey, now: Date, opts: ConfirmOptions = {}): Promise<ConfirmOutcome> {
  const order = await repo.lockOrder(tx, key);
  if (!order) return { kind: "not_found" };
  if (order.status === "paid") return { kind: "already_paid", order };
  // Issue 33: nothing can be paid before the office approves (no payment page exists yet).
  if (order.approval === "waiting") return { kind: "not_pending", order };
  const holdValid = order.status === "pending" && order.expiresAt > now;
  if (!holdValid && !opts.lateAccepted) {
    return order.status === "pending" || order.status === "expired" ? { kind: "expired", order } : { kind: "not_pending", order };
  }
  const amount = opts.amountPaidPence ?? dueToday(order);
  const items = await repo.findItems(tx, order.id);

  let paid: OrderRow;
  if (holdValid) {
    paid = await repo.setPaid(tx, order.id, amount, now);
  } else {
    // The hold ran out: take the seats and the code use again, under the same locks as a new order.
    try {
      paid = await tx.transaction(async (sp) => {
        const row = await repo.setPaid(sp, order.id, amount, now);
        const check = await repo.lockAndCountClaims(
          sp,
          { dateIds: items.flatMap((i) => (i.courseDateId ? [i.courseDateId] : [])), discountId: order.discountCodeId },
          now,
        );
        if (check.overbookedDateIds.length || check.discountOverused) throw new Refused(null);
        return row;
      });
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
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
        await enqueueMail(
          tx,
          {
            ...officeRecipient(opts.mail),
            replyTo: customerAddress(order),
            kind: "late_payment",
            ...latePaymentNotice(order, items, amount, opts.mail),
          },
          now,
        );
      }
      await repo.touch(tx, order.id, now);
      return { kind: "late_refund_needed", order };
    }
  }

  // The payment event itself, for invoices and payouts (the provider's session names it).
  if (amount > 0)
    await recordChargeTx(tx, {
      orderId: order.id,
      kind: amount < order.totalPence && order.depositPence !== null ? "deposit" : "full",
      amountPence: amount,
      method: order.paymentPlan === "klarna" ? "klarna" : "card_online",
      provider: order.paymentProvider,
      providerRef: order.providerSessionId,
      at: now,
    });
  // A part payment: the places are the customer's; the balance link goes in the mails (./balance.ts).
  if (amount < paid.totalPence) await ensureBalanceLinkTx(tx, order.id, now);
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
    // A group booking's mails name its attendees.
    const places = await repo.findAttendeesOf(tx, [order.id]);
    const attendees = items.some((i) => i.seats > 1) ? places : [];
    // Learner records exist before the confirmation is written, so it carries each learner's form link
    // (issue 14); each named attendee gets their own mail with theirs (issue 27).
    const roster = await mailAttendeesTx(tx, paid, items, opts.mail, now);
    const learnerLinks = roster.flatMap((r) => (r.url ? [{ name: r.name, course_title: r.courseTitle, url: r.url }] : []));
    const confirmation = bookingConfirmation(
      paid,
      items,
      opts.mail,
      bookingCalendar(paid, items, places, opts.mail, { method: "REQUEST", now }),
      attendees,
      learnerLinks,
      { roster },
    );
    await enqueueMail(tx, { ...customerRecipient(paid), kind: "booking_confirmation", ...confirmation }, now);
    await enqueueMail(
      tx,
      {
        ...officeRecipient(opts.mail),
        replyTo: customerAddress(paid),
        kind: "new_booking",
        ...newBookingNotice(paid, items, opts.mail, attendees),
      },
      now,
    );
  }
  return { kind: "paid", order: paid };
}

export async function confirmPayment(db: Db, key: OrderKey, now: Date, opts: ConfirmOptions = {}): Promise<ConfirmOutcome> {
  return db.transaction((tx) => confirmPaymentTx(tx, key, now, opts));
}

/**
 * Cancels a pending order (customer's Cancel, admin, failed payment): its seats and its code
 * use are free again at once. Cancelling a cancelled order changes nothing (answered `cancelled`).
 */
export async function cancelPendingTx(
  tx: Tx,
  key: OrderKey,
  now: Date,
  actor?: Actor,
  reason = "was cancelled",
): Promise<CancelOutcome> {
  const order = await repo.lockOrder(tx, key);
  if (!order) return { kind: "not_found" };
  if (order.status === "cancelled") return { kind: "cancelled", order };
  if (order.status !== "pending") return { kind: "not_pending", order };
  const row = await repo.setCancelled(tx, order.id, now);
  const name = `${order.firstName} ${order.lastName}`;
  await logActivity(tx, {
    type: "other",
    action: "Enrollment cancelled",
    details: `Booking ${formatBookingRef(order.bookingRef)} for ${name} ${reason}; its places were released`,
    actor: actor ?? { id: null, name },
    amountPence: order.totalPence,
    at: now,
  });
  return { kind: "cancelled", order: row };
}

export async function cancelPending(
  db: Db,
  reference: string,
  now: Date,
  actor?: Actor,
  reason?: string,
): Promise<CancelOutcome> {
  return db.transaction((tx) => cancelPendingTx(tx, { reference }, now, actor, reason));
}

/**
 * Cancels a pending order and closes its payment page as one decision (the customer's cancel on
 * return from the provider, the admin's cancel; docs/decisions/031). Under the order's row lock:
 * ask the provider to expire the checkout; if the customer completed it first, nothing changes
 * (`already_paid`: the provider's confirmation will mark the order paid); otherwise
 * cancelPendingTx releases the seats and the code use. A webhook for this order waits for the
 * lock, so it sees either the pending order (payment first) or the cancelled one (late-payment
 * path of decision 060).
 *
 * Any other status is answered as it is, unchanged (`cancelled`; `not_pending` for a paid or an
 * expired order: the caller decides what that means to its user). A provider that cannot be reached does not keep the seats
 * blocked: the order is cancelled anyway and a payment still arriving takes the late-payment path.
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
): Promise<CancelOutcome> {
  return db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, key);
    if (!order) return { kind: "not_found" };
    if (order.status === "cancelled") return { kind: "cancelled", order };
    if (order.status !== "pending") return { kind: "not_pending", order };
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
      if (stop === "completed") return { kind: "already_paid", order: null };
    }
    return cancelPendingTx(tx, { reference: order.reference }, now, opts.actor, opts.reason);
  });
}

/**
 * Marks unpaid orders expired, with an activity entry each. `due`: every pending order whose hold
 * has run out (the worker, in batches, skipping rows another instance holds), or one order (the
 * provider said its session expired: its seats go back even if our clock says a few seconds left).
 */
export async function expireOrdersTx(tx: Tx, due: { batch: number } | { key: OrderKey }, now: Date): Promise<OrderRow[]> {
  const picked = await repo.lockExpiring(tx, due, now);
  if (!picked.length) return [];
  return repo.setExpired(tx, picked, now, (o) => ({
    action: "Order expired",
    details: `Booking ${formatBookingRef(o.bookingRef)} for ${o.firstName} ${o.lastName} was not paid within ${ORDER_HOLD_MINUTES} minutes; its places were released`,
    userName: SYSTEM_ACTOR.name,
  }));
}

/** One batch of the expiry worker; returns how many orders it expired. */
export async function expireDueOrders(db: Db, now: Date, batch = 100): Promise<number> {
  return (await db.transaction((tx) => expireOrdersTx(tx, { batch }, now))).length;
}

/** The bookings of these orders (items and attendees in two more queries). */
async function enrollmentsOf(db: Db, now: Date, rows: OrderRow[]): Promise<Enrollment[]> {
  const ids = rows.map((r) => r.id);
  const [items, attendees] = await Promise.all([repo.findItemsOf(db, ids), repo.findAttendeesOf(db, ids)]);
  return toEnrollments(rows, items, attendees, now);
}

/** One booking as the admin sees it (null: no such order). */
export async function enrollmentById(db: Db, id: number, now: Date): Promise<Enrollment | null> {
  const order = await repo.findOrderById(db, id);
  return order ? ((await enrollmentsOf(db, now, [order]))[0] ?? null) : null;
}

/**
 * One page of the bookings, newest first, with their items (decision 112). A search (booking
 * reference with or without the dash, name, e-mail, course title or discount code) is matched
 * before paging, so the total counts the matches.
 */
export async function listEnrollments(
  db: Db,
  now: Date,
  page: Page,
  search?: string,
): Promise<{ items: Enrollment[]; total: number }> {
  if (search?.trim()) {
    const all = await enrollmentsOf(db, now, await repo.listOrders(db, null));
    const matches = all.filter((e) => enrollmentMatches(e, search));
    return { items: matches.slice(page.offset, page.offset + page.limit), total: matches.length };
  }
  const [rows, total] = await Promise.all([repo.listOrders(db, page), repo.countOrders(db)]);
  return { items: await enrollmentsOf(db, now, rows), total };
}

/** An order and its items by the public reference (null: none). */
export async function orderWithItems(db: Db, reference: string): Promise<{ order: OrderRow; items: OrderItemRow[] } | null> {
  const order = await repo.findOrderByReference(db, reference);
  return order ? { order, items: await repo.findItems(db, order.id) } : null;
}

export { attachCheckoutSession, findAttendeesOf, findItems, findOrderById, findOrderByReference } from "./repository";
