/**
 * The office's booking actions (issue 13, decisions 180-184). Every action is one transaction that
 * starts by locking the order's row, re-checks the state under that lock, writes its effect with an
 * activity-log entry naming the administrator, and queues the customer's mail. Retries are safe:
 * refunds and manual bookings by their idempotency key, the rest by the state they find (or a key).
 * Seats are counted exactly as a new order counts them (orders/repository lockAndCountClaims, the
 * lock order of decision 080: order row, then course dates by id, then the discount code), so a
 * transfer or a manual booking can never oversell a date, whichever API instance runs it.
 *
 * Long on purpose: each action is short, and reading them side by side shows that they follow the
 * same rule.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  formatBookingRef,
  ORDER_ALREADY_PAID_MESSAGE,
  PAYMENT_METHODS,
  type BookingDetail,
  type BookingRow,
  type CancelBookingSchema,
  type ManualBookingSchema,
  type PaymentMethod,
  type RefundBookingSchema,
  type TransferBookingSchema,
} from "@app/contract";
import { discountPence as discountOn } from "@app/rules";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import {
  courseAddOns,
  courseDates,
  courses,
  orderAttendees,
  orderItems,
  orderPayments,
  orders,
  paymentEvents,
} from "../../db/schema";
import { dateRangeLabel, ukDate } from "../../lib/dates";
import { HttpError } from "../../lib/http-error";
import { toPence, toPounds } from "../../lib/money";
import type { Page } from "../../lib/paging";
import { logActivity, type Actor } from "../activity/repository";
import { checkDiscount } from "../discounts/repository";
import type { MailSettings } from "../mail/outbox";
import { newBookingNotice } from "../mail/templates";
import { newBookingRef } from "../orders/booking-reference";
import { bookingCalendar } from "../orders/calendar";
import { lockAndCountClaims } from "../orders/repository";
import { cancelOrderAndCheckout, findItems, fullyBookedMessage, newReference, type ItemRow } from "../orders/service";
import type { PaymentEvent, PaymentProvider } from "../payments/port";
import { cancellationMail, confirmationMail, refundMail, transferMail } from "./mails";
import * as repo from "./repository";
import type { OrderRow } from "./repository";

/** What every action needs from the app. */
export type BookingCtx = {
  db: Db;
  provider: Pick<PaymentProvider, "name" | "refund" | "expireCheckout" | "paymentRefunds">;
  mail: MailSettings;
  /** This API as browsers reach it (receipt links). */
  apiUrl: string;
  now: Date;
  actor: Actor;
};

export const publicReceiptUrl = (apiUrl: string, reference: string) =>
  `${apiUrl}/api/orders/${encodeURIComponent(reference)}/receipt.pdf`;

const refundStateOf = (paid: number, refunded: number) =>
  (refunded <= 0 ? "none" : refunded >= paid ? "refunded" : "partly_refunded") as BookingRow["refund_state"];
const asMethod = (m: string | null | undefined): PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(m ?? "") ? (m as PaymentMethod) : "card_online";

// ---------------------------------------------------------------------------------------- reading

export async function listBookings(
  db: Db,
  filter: repo.ListFilter,
  now: Date,
  page: Page | null,
): Promise<{ items: BookingRow[]; total: number }> {
  const { rows, total } = await repo.listBookings(db, filter, now, page);
  return {
    total,
    items: rows.map((r) => {
      const paid = r.amount_paid_pence === null ? null : Number(r.amount_paid_pence);
      const refunded = Number(r.refunded_pence);
      return {
        id: Number(r.id),
        booking_reference: formatBookingRef(r.booking_ref),
        customer_name: `${r.first_name} ${r.last_name}`,
        email: r.guest_email,
        phone: r.phone_number,
        learners: r.learners?.length ? r.learners : [`${r.first_name} ${r.last_name}`],
        courses: r.courses ?? [],
        first_date: r.first_date,
        places: Number(r.places),
        amount: toPounds(Number(r.total_pence)),
        amount_paid: paid === null ? null : toPounds(paid),
        refunded: toPounds(refunded),
        refund_state: refundStateOf(paid ?? 0, refunded),
        booked_on: new Date(r.created_at).toISOString(),
        status: r.booking_status as BookingRow["status"],
        payment_method: asMethod(r.method),
        invoice_unpaid: Boolean(r.invoice_unpaid),
        discount_code: r.discount_code,
      };
    }),
  };
}

/** The office's status of one order (the same rule as the list's SQL). */
function bookingStatus(order: OrderRow, refunded: number, now: Date): BookingRow["status"] {
  if (order.status === "paid") return "confirmed";
  if (order.status === "pending") return order.expiresAt > now ? "pending" : "expired";
  if (order.status === "expired") return "expired";
  return refunded > 0 ? "refunded" : "cancelled";
}

/** Everything about one booking (its page). */
export async function bookingDetail(db: Db | Tx, id: number, now: Date, apiUrl: string): Promise<BookingDetail> {
  const order = await repo.findOrder(db, id);
  if (!order) throw new HttpError(404, "Booking not found");
  const [items, attendees, refundRows, payment, notes, mails, history] = await Promise.all([
    findItems(db, order.id),
    repo.findAttendees(db, order.id),
    repo.findRefunds(db, order.id),
    repo.findPayment(db, order.id),
    repo.findNotes(db, order.id),
    repo.findMails(db, order),
    repo.findHistory(db, order),
  ]);
  const paid = order.amountPaidPence ?? 0;
  const refunded = refundRows.reduce((s, r) => s + r.amountPence, 0);
  const learners = [...new Set(attendees.map((a) => `${a.firstName} ${a.lastName}`))];
  const starts = items
    .map((i) => i.startDate)
    .filter((d): d is string => !!d)
    .sort();
  return {
    id: order.id,
    booking_reference: formatBookingRef(order.bookingRef),
    reference: order.reference,
    customer_name: `${order.firstName} ${order.lastName}`,
    first_name: order.firstName,
    last_name: order.lastName,
    email: order.guestEmail,
    phone: order.phoneNumber,
    company_name: order.companyName,
    purchase_order: order.purchaseOrder,
    street_address: order.streetAddress,
    town_city: order.townCity,
    state: order.state,
    country: order.country,
    order_notes: order.orderNotes,
    marketing_consent_at: order.marketingConsentAt?.toISOString() ?? null,
    terms_version: order.termsVersion,
    terms_accepted_at: order.termsAcceptedAt?.toISOString() ?? null,
    learners: learners.length ? learners : [`${order.firstName} ${order.lastName}`],
    courses: items.map((i) => i.title),
    first_date: starts[0] ?? null,
    places: items.reduce((s, i) => s + i.seats, 0),
    amount: toPounds(order.totalPence),
    amount_paid: order.amountPaidPence === null ? null : toPounds(order.amountPaidPence),
    refunded: toPounds(refunded),
    refund_state: refundStateOf(paid, refunded),
    booked_on: order.createdAt.toISOString(),
    status: bookingStatus(order, refunded, now),
    payment_method: asMethod(payment?.method),
    invoice_unpaid: payment?.invoiceUnpaid ?? false,
    discount_code: order.discountCode,
    expires_at: order.expiresAt.toISOString(),
    cancelled_at: order.cancelledAt?.toISOString() ?? null,
    items: items.map((i) => ({
      id: i.id,
      course_id: i.courseId,
      course_date_id: i.courseDateId,
      title: i.title,
      date_label: i.dateLabel,
      start_date: i.startDate,
      end_date: i.endDate,
      time: i.time,
      duration: i.duration,
      seats: i.seats,
      add_ons: i.addOns.map((a) => ({ name: a.name, price: toPounds(a.price_pence) })),
      original_price: toPounds(i.originalPricePence),
      price_paid: toPounds(i.pricePaidPence),
      attendees: attendees
        .filter((a) => a.orderItemId === i.id)
        .map((a) => ({ id: a.id, first_name: a.firstName, last_name: a.lastName, email: a.email })),
    })),
    subtotal: toPounds(order.subtotalPence),
    discount: order.discountCode
      ? { code: order.discountCode, percent_off: order.percentOff, amount: toPounds(order.discountPence) }
      : null,
    total: toPounds(order.totalPence),
    payment: {
      provider: order.paymentProvider,
      method: asMethod(payment?.method),
      provider_session_id: order.providerSessionId,
      provider_payment_id: payment?.providerPaymentId ?? null,
      amount_paid: order.amountPaidPence === null ? null : toPounds(order.amountPaidPence),
      paid_at: order.paidAt?.toISOString() ?? null,
      invoice_unpaid: payment?.invoiceUnpaid ?? false,
      refunded: toPounds(refunded),
      refundable: toPounds(Math.max(paid - refunded, 0)),
      refund_state: refundStateOf(paid, refunded),
      refunds: refundRows.map((r) => ({
        id: r.id,
        amount: toPounds(r.amountPence),
        provider_refund_id: r.providerRefundId,
        reason: r.reason,
        admin_name: r.adminName,
        created_at: r.createdAt.toISOString(),
      })),
    },
    mails: mails.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.to,
      subject: m.subject,
      status: m.status,
      created_at: m.createdAt.toISOString(),
      sent_at: m.sentAt?.toISOString() ?? null,
    })),
    history: history.map((h) => ({
      id: h.id,
      action: h.action,
      details: h.details,
      user_name: h.userName,
      amount: h.amountPence === null ? null : toPounds(h.amountPence),
      created_at: h.createdAt.toISOString(),
    })),
    notes: notes.map((n) => ({ id: n.id, text: n.text, author_name: n.authorName, created_at: n.createdAt.toISOString() })),
    receipt_path: `/api/bookings/${order.id}/receipt.pdf`,
    public_receipt_url: publicReceiptUrl(apiUrl, order.reference),
  };
}

// ---------------------------------------------------------------------------------------- refunds

/**
 * Gives `amountPence` back through the order's payment provider and records it, in the caller's
 * transaction, which holds the order's row lock (so concurrent refunds of one order queue here and
 * each sees the others' rows). The provider is called with the office's key: a retry after a lost
 * answer is the same refund at the provider, and its id is recorded once.
 */
async function refundTx(tx: Tx, ctx: BookingCtx, order: OrderRow, amountPence: number, key: string, reason: string | undefined) {
  if (!(amountPence > 0))
    throw new HttpError(400, "Enter the amount to refund", {
      issues: [{ path: "amount", message: "Enter the amount to refund" }],
    });
  const refunded = await repo.sumRefunded(tx, order.id);
  const refundable = Math.max((order.amountPaidPence ?? 0) - refunded, 0);
  if (amountPence > refundable) {
    throw new HttpError(
      409,
      refundable > 0
        ? `You can refund at most ${toPounds(refundable).toFixed(2)} (what is left of the payment)`
        : "Nothing is left to refund on this booking",
    );
  }
  const payment = await repo.findPayment(tx, order.id);
  let providerRefundId: string;
  if (order.paymentProvider === "manual") {
    // Cash, bank transfer, invoice or card by phone: the office gives the money back itself.
    providerRefundId = `manual_${order.id}_${key}`.slice(0, 200);
  } else {
    if (order.paymentProvider !== ctx.provider.name) {
      throw new HttpError(
        409,
        `This booking was paid through '${order.paymentProvider}', which this server does not use; refund it there`,
      );
    }
    const paymentRef = payment?.providerPaymentId ?? order.providerSessionId ?? order.reference;
    let result: { id: string; paymentId: string | null };
    try {
      result = await ctx.provider.refund(paymentRef, amountPence, `${order.id}-${key}`);
    } catch (err) {
      throw new HttpError(
        502,
        `The payment provider did not make the refund: ${err instanceof Error ? err.message : "unknown error"}`,
      );
    }
    providerRefundId = result.id;
    if (result.paymentId && result.paymentId !== payment?.providerPaymentId)
      await repo.rememberPaymentId(tx, order.id, result.paymentId);
  }
  // Known already (the provider's webhook for this very refund got here first): recorded once.
  await repo.insertRefund(tx, {
    orderId: order.id,
    amountPence,
    providerRefundId,
    idempotencyKey: key,
    actorId: ctx.actor.id,
    adminName: ctx.actor.name,
    reason: reason || null,
    createdAt: ctx.now,
  });
  return providerRefundId;
}

type CancelInput = z.output<typeof CancelBookingSchema>;

/** Cancels a booking (places freed at once) and refunds all, part or none of what was paid. */
export async function cancelBooking(ctx: BookingCtx, id: number, input: CancelInput): Promise<void> {
  const found = await repo.findOrder(ctx.db, id);
  if (!found) throw new HttpError(404, "Booking not found");
  if (found.status === "pending") {
    // Not paid: the same decision as the customer's cancel (the checkout is closed under the order's lock).
    if (input.refund !== "none" && found.paymentProvider !== "manual")
      throw new HttpError(409, "Nothing has been paid on this booking; cancel it without a refund");
    await cancelOrderAndCheckout(ctx.db, { reference: found.reference }, ctx.now, {
      provider: ctx.provider,
      actor: ctx.actor,
      reason: "was cancelled by the office",
    }).then((o) => {
      if (o.status === "paid") throw new HttpError(409, ORDER_ALREADY_PAID_MESSAGE);
    });
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const order = (await repo.lockOrder(tx, id))!;
    // The same click again: done already.
    if (!(await repo.claimActionKey(tx, order.id, "cancel", input.idempotency_key, ctx.now))) return;
    if (order.status === "cancelled") throw new HttpError(409, "This booking is already cancelled");
    if (order.status !== "paid") throw new HttpError(409, `This booking is ${order.status}`);
    const items = await findItems(tx, order.id);
    const refundable = Math.max((order.amountPaidPence ?? 0) - (await repo.sumRefunded(tx, order.id)), 0);
    const amount = input.refund === "full" ? refundable : input.refund === "amount" ? toPence(input.amount ?? 0) : 0;
    let refundId: string | null = null;
    if (amount > 0) refundId = await refundTx(tx, ctx, order, amount, input.idempotency_key, input.reason);
    // Not paid any more holds no seats: the counter triggers free them, and the code use, at once.
    const [cancelled] = await tx
      .update(orders)
      .set({ status: "cancelled", cancelledAt: ctx.now, updatedAt: ctx.now })
      .where(eq(orders.id, order.id))
      .returning();
    const ref = formatBookingRef(order.bookingRef);
    await logActivity(tx, {
      type: "other",
      action: amount > 0 ? "Booking cancelled and refunded" : "Booking cancelled",
      details: `Booking ${ref} for ${order.firstName} ${order.lastName} was cancelled by ${ctx.actor.name}${
        amount > 0 ? `, refunded ${toPounds(amount).toFixed(2)} GBP (${refundId})` : ", no refund"
      }; its places were released${input.reason ? `. Reason: ${input.reason}` : ""}`,
      actor: ctx.actor,
      amountPence: amount,
      items: items.length,
      at: ctx.now,
    });
    if (input.notify !== false) {
      await repo.queueMail(
        tx,
        { to: order.guestEmail, kind: "booking_cancelled", ...cancellationMail(cancelled!, items, amount, ctx.mail) },
        ctx.now,
      );
    }
  });
}

type RefundInput = z.output<typeof RefundBookingSchema>;

/** Refunds a chosen amount, leaving the booking as it is. Never more than what is left of the payment. */
export async function refundBooking(ctx: BookingCtx, id: number, input: RefundInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    if (await repo.findRefundByKey(tx, order.id, input.idempotency_key)) return;
    if (order.status !== "paid" && order.status !== "cancelled")
      throw new HttpError(409, "Nothing has been paid on this booking");
    const amount = toPence(input.amount);
    const refundId = await refundTx(tx, ctx, order, amount, input.idempotency_key, input.reason);
    await logActivity(tx, {
      type: "other",
      action: "Refund",
      details: `Booking ${formatBookingRef(order.bookingRef)} for ${order.firstName} ${order.lastName}: ${ctx.actor.name} refunded ${toPounds(amount).toFixed(2)} GBP (${refundId})${
        input.reason ? `. Reason: ${input.reason}` : ""
      }`,
      actor: ctx.actor,
      amountPence: amount,
      at: ctx.now,
    });
    if (input.notify !== false)
      await repo.queueMail(
        tx,
        { to: order.guestEmail, kind: "booking_refunded", ...refundMail(order, amount, ctx.mail) },
        ctx.now,
      );
  });
}

export type RefundEventResult = "duplicate" | "processed" | "unknown_order" | "ignored";

/**
 * Reconciles the provider's `charge.refunded` (a refund made in its dashboard, or the echo of our
 * own): once per event id, and each provider refund id recorded once (ours are known already, so
 * their echo adds nothing). Refunds reaching what was paid cancel a booking still confirmed, which
 * frees its places; the customer is mailed about money we had not recorded.
 */
export async function applyRefundEvent(
  ctx: Pick<BookingCtx, "db" | "provider" | "mail" | "now">,
  event: PaymentEvent,
): Promise<RefundEventResult> {
  const paymentId = event.refund?.paymentId ?? null;
  let reference = event.reference;
  let listed = event.refund?.refunds ?? null;
  // Ask the provider before the transaction (no lock held across the call) what the event left out.
  if (paymentId && (!listed || !reference)) {
    const known = await ctx.provider.paymentRefunds(paymentId);
    listed ??= known.refunds;
    reference ??= known.reference;
  }
  return ctx.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(paymentEvents)
      .values({ provider: ctx.provider.name, eventId: event.id, type: event.type, receivedAt: ctx.now })
      .onConflictDoNothing()
      .returning();
    if (!fresh.length) return "duplicate";
    const orderId = reference
      ? ((await repo.findOrderByReference(tx, reference))?.id ?? null)
      : paymentId
        ? await repo.findOrderByPaymentId(tx, paymentId)
        : null;
    if (!orderId) return "unknown_order";
    const order = (await repo.lockOrder(tx, orderId))!;
    if (paymentId) await repo.rememberPaymentId(tx, order.id, paymentId);
    const actor: Actor = { id: null, name: "Payment provider" };
    let added = 0;
    for (const r of listed ?? []) {
      if (r.status === "failed" || r.status === "canceled") continue;
      const left = (order.amountPaidPence ?? 0) - (await repo.sumRefunded(tx, order.id));
      if (r.amountPence > left) continue; // a refund we cannot fit under what we recorded as paid: left for the office
      const row = await repo.insertRefund(tx, {
        orderId: order.id,
        amountPence: r.amountPence,
        providerRefundId: r.id,
        adminName: actor.name,
        reason: "Refunded at the payment provider",
        createdAt: ctx.now,
      });
      if (row) added += r.amountPence;
    }
    if (!added) return "ignored";
    const ref = formatBookingRef(order.bookingRef);
    const fully = (await repo.sumRefunded(tx, order.id)) >= (order.amountPaidPence ?? 0);
    let current = order;
    if (fully && order.status === "paid") {
      [current] = (await tx
        .update(orders)
        .set({ status: "cancelled", cancelledAt: ctx.now, updatedAt: ctx.now })
        .where(eq(orders.id, order.id))
        .returning()) as [OrderRow];
    }
    await logActivity(tx, {
      type: "other",
      action: "Refund recorded from the payment provider",
      details: `Booking ${ref} for ${order.firstName} ${order.lastName}: ${toPounds(added).toFixed(2)} GBP refunded at ${ctx.provider.name}${
        current.status !== order.status ? "; fully refunded, so the booking was cancelled and its places released" : ""
      }`,
      actor,
      amountPence: added,
      at: ctx.now,
    });
    const items = await findItems(tx, order.id);
    const mail =
      current.status !== order.status ? cancellationMail(current, items, added, ctx.mail) : refundMail(current, added, ctx.mail);
    await repo.queueMail(
      tx,
      { to: order.guestEmail, kind: current.status !== order.status ? "booking_cancelled" : "booking_refunded", ...mail },
      ctx.now,
    );
    return "processed";
  });
}

// ---------------------------------------------------------------------------------------- transfer

type TransferInput = z.output<typeof TransferBookingSchema>;

/** The dates an item of the booking can move to, with places left as placement counts them. */
export async function transferOptions(db: Db, id: number, now: Date) {
  const order = await repo.findOrder(db, id);
  if (!order) throw new HttpError(404, "Booking not found");
  const items = await findItems(db, order.id);
  const today = ukDate(now);
  const out = [];
  for (const item of items) {
    if (!item.courseId) continue;
    for (const d of await repo.courseDatesWithPlaces(db, item.courseId, now)) {
      const current = d.id === item.courseDateId;
      if (!current && (d.closed_at || d.start_date < today)) continue;
      out.push({
        item_id: item.id,
        course_date_id: d.id,
        start_date: d.start_date,
        end_date: d.end_date,
        date_label: dateRangeLabel(d.start_date, d.end_date),
        places_left: d.places_left,
        fits: current || d.places_left >= item.seats,
        current,
      });
    }
  }
  return out;
}

/**
 * Moves one course of a booking (all its places) to another open, upcoming date of the same course.
 * Locks the order, then both dates in id order, moves the item (the counter triggers move its seats)
 * and counts the new date as placement does: one place too many rolls everything back with a 409,
 * so a transfer racing a public order for the last place leaves exactly one of them holding it.
 */
export async function transferBooking(ctx: BookingCtx, id: number, input: TransferInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    const items = await findItems(tx, order.id);
    const item = items.find((i) => i.id === input.item_id);
    if (!item) throw new HttpError(404, "That course is not part of this booking");
    if (item.courseDateId === input.course_date_id) return; // moved already (a retry)
    if (order.status !== "paid") throw new HttpError(409, "Only a confirmed booking can move to another date");
    const [target] = await tx.select().from(courseDates).where(eq(courseDates.id, input.course_date_id));
    if (!target || target.courseId !== item.courseId) throw new HttpError(404, "Choose a date of the same course");
    if (target.closedAt) throw new HttpError(409, "That date is closed");
    if (target.startDate < ukDate(ctx.now)) throw new HttpError(409, "That date has already started");
    await repo.lockDates(
      tx,
      [item.courseDateId, target.id].filter((d): d is number => d !== null),
    );
    const label = dateRangeLabel(target.startDate, target.endDate);
    await tx
      .update(orderItems)
      .set({ courseDateId: target.id, startDate: target.startDate, endDate: target.endDate, dateLabel: label })
      .where(eq(orderItems.id, item.id));
    const check = await lockAndCountClaims(tx, { dateIds: [target.id], discountId: null }, ctx.now);
    if (check.overbookedDateIds.length) throw new HttpError(409, fullyBookedMessage({ title: item.title, dateLabel: label }));
    const ref = formatBookingRef(order.bookingRef);
    await logActivity(tx, {
      type: "other",
      action: "Booking transferred",
      details: `Booking ${ref} for ${order.firstName} ${order.lastName}: ${ctx.actor.name} moved ${item.title} (${item.seats} ${item.seats === 1 ? "place" : "places"}) from ${item.dateLabel} to ${label}${
        input.reason ? `. Reason: ${input.reason}` : ""
      }`,
      actor: ctx.actor,
      items: item.seats,
      at: ctx.now,
    });
    if (input.notify !== false) {
      const after = await findItems(tx, order.id);
      const moved = after.find((i) => i.id === item.id)!;
      const calendar = bookingCalendar(order, after, ctx.mail, ctx.now);
      await repo.queueMail(
        tx,
        { to: order.guestEmail, kind: "booking_transferred", ...transferMail(order, moved, item.dateLabel, calendar, ctx.mail) },
        ctx.now,
      );
    }
  });
}

// ---------------------------------------------------------------------------------------- resend, notes

export async function resendConfirmation(ctx: BookingCtx, id: number, key: string | undefined): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    if (order.status !== "paid") throw new HttpError(409, "Only a confirmed booking has a confirmation to send");
    if (key && !(await repo.claimActionKey(tx, order.id, "resend", key, ctx.now))) return;
    const items = await findItems(tx, order.id);
    const payment = await repo.findPayment(tx, order.id);
    const mail = confirmationMail(
      order,
      items,
      ctx.mail,
      bookingCalendar(order, items, ctx.mail, ctx.now),
      payment?.invoiceUnpaid ?? false,
    );
    await repo.queueMail(tx, { to: order.guestEmail, kind: "booking_confirmation", ...mail }, ctx.now);
    await logActivity(tx, {
      type: "other",
      action: "Confirmation resent",
      details: `Booking ${formatBookingRef(order.bookingRef)}: ${ctx.actor.name} sent the confirmation again to ${order.guestEmail}`,
      actor: ctx.actor,
      at: ctx.now,
    });
  });
}

export async function addNote(
  ctx: BookingCtx,
  id: number,
  text: string,
  key: string | undefined,
): Promise<{ note: repo.NoteRow; created: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    if (key) {
      const seen = await repo.findNoteByKey(tx, order.id, key);
      if (seen) return { note: seen, created: false };
    }
    const note = (await repo.insertNote(tx, {
      orderId: order.id,
      text,
      authorId: ctx.actor.id,
      authorName: ctx.actor.name,
      idempotencyKey: key ?? null,
      createdAt: ctx.now,
    }))!;
    await logActivity(tx, {
      type: "other",
      action: "Booking note",
      details: `Booking ${formatBookingRef(order.bookingRef)}: ${ctx.actor.name} added a note: ${text.length > 120 ? `${text.slice(0, 117)}...` : text}`,
      actor: ctx.actor,
      at: ctx.now,
    });
    return { note, created: true };
  });
}

// ---------------------------------------------------------------------------------------- manual booking

/**
 * Money received later on a manual booking (an invoice paid by transfer, cash at the desk): adds to
 * the amount paid, never above the total; the invoice counts as paid once nothing is due. Once per key.
 */
export async function recordPayment(
  ctx: BookingCtx,
  id: number,
  input: { amount: number; payment_method?: string; idempotency_key: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    if (!(await repo.claimActionKey(tx, order.id, "payment", input.idempotency_key, ctx.now))) return;
    if (order.paymentProvider !== "manual") throw new HttpError(409, "Online payments are recorded by the payment provider");
    if (order.status !== "paid") throw new HttpError(409, `This booking is ${order.status}`);
    const amount = toPence(input.amount);
    const due = order.totalPence - (order.amountPaidPence ?? 0);
    if (amount > due)
      throw new HttpError(
        409,
        due > 0 ? `At most ${toPounds(due).toFixed(2)} is due on this booking` : "Nothing is due on this booking",
      );
    const paid = (order.amountPaidPence ?? 0) + amount;
    await tx.update(orders).set({ amountPaidPence: paid, updatedAt: ctx.now }).where(eq(orders.id, order.id));
    await tx
      .update(orderPayments)
      .set({ invoiceUnpaid: paid < order.totalPence, ...(input.payment_method ? { method: input.payment_method } : {}) })
      .where(eq(orderPayments.orderId, order.id));
    await logActivity(tx, {
      type: "payment",
      action: "Payment recorded",
      details: `Booking ${formatBookingRef(order.bookingRef)} for ${order.firstName} ${order.lastName}: ${ctx.actor.name} recorded ${toPounds(amount).toFixed(2)} GBP received${
        input.payment_method ? ` (${input.payment_method.replace("_", " ")})` : ""
      }${paid >= order.totalPence ? "; paid in full" : ""}`,
      actor: ctx.actor,
      amountPence: amount,
      at: ctx.now,
    });
  });
}

type ManualInput = z.output<typeof ManualBookingSchema>;

/**
 * A booking the office takes (phone, cash, bank transfer, invoice): priced from the database like
 * any order (fee + add-ons per place − discount), confirmed at once, its places counted under the
 * same locks as a public order. One booking per idempotency key: a transaction-scoped advisory
 * lock on the key makes a concurrent retry wait, then find the booking the first one made.
 */
export async function createManualBooking(ctx: BookingCtx, input: ManualInput): Promise<{ id: number; created: boolean }> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`manual-booking:${input.idempotency_key}`}, 0))`);
    const seen = await repo.findManualByKey(tx, input.idempotency_key);
    if (seen) return { id: seen, created: false };

    const [course] = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.id, input.course_id), isNull(courses.archivedAt)));
    if (!course) throw new HttpError(404, "Course not found");
    const [date] = await tx
      .select()
      .from(courseDates)
      .where(and(eq(courseDates.id, input.course_date_id), eq(courseDates.courseId, course.id)));
    if (!date || date.closedAt) {
      throw new HttpError(400, "Please choose an available course date", {
        issues: [{ path: "course_date_id", message: "Please choose an available course date" }],
      });
    }
    const wanted = [...new Set(input.add_on_ids)];
    const addOns = wanted.length
      ? await tx
          .select()
          .from(courseAddOns)
          .where(and(eq(courseAddOns.courseId, course.id), inArray(courseAddOns.id, wanted)))
      : [];
    if (addOns.length !== wanted.length) {
      throw new HttpError(400, "Unknown add-on for this course", {
        issues: [{ path: "add_on_ids", message: "Unknown add-on for this course" }],
      });
    }
    const places = input.attendees.length;
    const snapshots = addOns.map((a) => ({ name: a.name, price_pence: a.pricePence }));
    const original = (course.feePence + snapshots.reduce((s, a) => s + a.price_pence, 0)) * places;
    let discount: { id: number; code: string; percentOff: number | null } | null = null;
    if (input.discount_code) {
      const check = await checkDiscount(tx, input.discount_code.toUpperCase(), ctx.now);
      if (!check.result.valid || !check.row) throw new HttpError(409, check.result.message);
      discount = { id: check.row.id, code: check.row.code, percentOff: check.row.percentOff };
    }
    const discountPence = discount ? discountOn(original, discount.percentOff) : 0;
    const total = original - discountPence;
    const received = input.amount_received === null ? 0 : toPence(input.amount_received);
    if (received > total) {
      throw new HttpError(400, "The amount received is more than the booking costs", {
        issues: [{ path: "amount_received", message: `At most ${toPounds(total).toFixed(2)}` }],
      });
    }
    const label = dateRangeLabel(date.startDate, date.endDate);
    const [order] = await tx
      .insert(orders)
      .values({
        reference: newReference(),
        bookingRef: newBookingRef(),
        status: "paid",
        firstName: input.first_name,
        lastName: input.last_name,
        guestName: input.first_name,
        guestEmail: input.email,
        phoneNumber: input.phone,
        country: input.country || "United Kingdom",
        streetAddress: input.street_address || "",
        townCity: input.town_city || "",
        state: input.state || "",
        companyName: input.company_name || null,
        purchaseOrder: input.purchase_order || null,
        subtotalPence: original,
        discountCodeId: discount?.id ?? null,
        discountCode: discount?.code ?? null,
        percentOff: discount?.percentOff ?? null,
        discountPence,
        totalPence: total,
        amountPaidPence: received,
        paidAt: ctx.now,
        expiresAt: ctx.now,
        paymentProvider: "manual",
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    const [item] = await tx
      .insert(orderItems)
      .values({
        orderId: order!.id,
        courseId: course.id,
        courseDateId: date.id,
        title: course.title,
        duration: course.duration,
        time: course.time,
        description: course.description,
        startDate: date.startDate,
        endDate: date.endDate,
        dateLabel: label,
        originalPricePence: original,
        pricePaidPence: total,
        addOns: snapshots,
        seats: places,
        createdAt: ctx.now,
      })
      .returning();
    await tx.insert(orderAttendees).values(
      input.attendees.map((a, n) => ({
        orderId: order!.id,
        orderItemId: item!.id,
        position: n + 1,
        firstName: a.first_name,
        lastName: a.last_name,
        email: a.email ?? null,
        createdAt: ctx.now,
      })),
    );
    const invoiceUnpaid = input.amount_received === null;
    await tx
      .insert(orderPayments)
      .values({
        orderId: order!.id,
        method: input.payment_method,
        invoiceUnpaid,
        idempotencyKey: input.idempotency_key,
        createdAt: ctx.now,
      });
    // The same count as a public order: one place too many (or a code used up) rolls it all back.
    const check = await lockAndCountClaims(tx, { dateIds: [date.id], discountId: discount?.id ?? null }, ctx.now);
    if (check.overbookedDateIds.length) throw new HttpError(409, fullyBookedMessage({ title: course.title, dateLabel: label }));
    if (check.discountOverused) throw new HttpError(409, "This discount code has reached its usage limit");

    const ref = formatBookingRef(order!.bookingRef);
    await logActivity(tx, {
      type: "enrollment",
      action: "Manual booking",
      details: `${ref}: ${ctx.actor.name} booked ${course.title} (${label}) for ${input.first_name} ${input.last_name}, ${places} ${places === 1 ? "place" : "places"}, ${
        invoiceUnpaid ? "unpaid, invoice sent" : `${toPounds(received).toFixed(2)} GBP received`
      } (${input.payment_method.replace("_", " ")})`,
      actor: ctx.actor,
      amountPence: received,
      items: 1,
      at: ctx.now,
    });
    if (input.notes)
      await repo.insertNote(tx, {
        orderId: order!.id,
        text: input.notes,
        authorId: ctx.actor.id,
        authorName: ctx.actor.name,
        createdAt: ctx.now,
      });
    if (input.notify !== false) {
      const items: ItemRow[] = [item!];
      await repo.queueMail(
        tx,
        {
          to: order!.guestEmail,
          kind: "booking_confirmation",
          ...confirmationMail(order!, items, ctx.mail, bookingCalendar(order!, items, ctx.mail, ctx.now), invoiceUnpaid),
        },
        ctx.now,
      );
      await repo.queueMail(
        tx,
        { to: ctx.mail.providerEmail, kind: "new_booking", ...newBookingNotice(order!, items, ctx.mail) },
        ctx.now,
      );
    }
    return { id: order!.id, created: true };
  });
}

/** The receipt's facts for an order: its items, how it was paid, what went back. */
export async function receiptFacts(db: Db, order: OrderRow) {
  const [items, payment, refunded] = await Promise.all([
    findItems(db, order.id),
    repo.findPayment(db, order.id),
    repo.sumRefunded(db, order.id),
  ]);
  return { items, method: asMethod(payment?.method), refundedPence: refunded };
}
