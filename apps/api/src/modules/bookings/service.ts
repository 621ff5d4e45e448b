/**
 * The office's bookings (issue 13, decisions 180-184): what the list and a booking's page show, and
 * the small actions (resend confirmation, notes). The money actions live in refunds.ts, the seat
 * actions in transfer.ts and manual.ts. Every action is one transaction that starts by locking the
 * order's row, re-checks the state under that lock, writes its effect with an activity-log entry
 * naming the administrator, and queues the customer's mail. Retries are safe: by idempotency key,
 * or by the state the action finds.
 */
import { formatBookingRef, PAYMENT_METHODS, type BookingDetail, type BookingRow, type PaymentMethod } from "@app/contract";
import type { Db, Tx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { penceToPounds as toPounds } from "@app/rules";
import type { Page } from "../../lib/paging";
import { logActivity, type Actor } from "../activity/repository";
import { customerRecipient, type MailSettings } from "../mail/outbox";
import { bookingCalendar } from "../orders/calendar";
import { findItems } from "../orders/repository";
import { bookingMoney, chargesOf, moneyStateOf, rosterOf } from "../orders";
import { learnerFormsOfOrder } from "../learners/service";
import type { PaymentProvider } from "../payments/port";
import { confirmationMail } from "./mails";
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

export const refundStateOf = (paid: number, refunded: number) =>
  (refunded <= 0 ? "none" : refunded >= paid ? "refunded" : "partly_refunded") as BookingRow["refund_state"];
export const asMethod = (m: string | null | undefined): PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(m ?? "") ? (m as PaymentMethod) : "card_online";

/** Where an attendee's learner form stands (issue 27): none needed when they have no learner record. */
const formState = (f: { complete: boolean } | undefined) => (f ? (f.complete ? "complete" : "to_fill_in") : "none");

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
        ...rowMoney(r, refunded, now),
      };
    }),
  };
}

/** The list's (and CSV's) money columns: the rule `balanceStatus` on the row. */
function rowMoney(r: repo.BookingListRow, refunded: number, now: Date) {
  const m = moneyStateOf(
    {
      status: r.status as repo.OrderRow["status"],
      totalPence: Number(r.total_pence),
      amountPaidPence: r.amount_paid_pence === null ? null : Number(r.amount_paid_pence),
      balanceDueOn: r.balance_due_on,
      paymentPlan: r.payment_plan as repo.OrderRow["paymentPlan"],
    },
    refunded,
    now,
  );
  return { money_state: m.state, balance_due: toPounds(m.outstandingPence), balance_due_on: r.balance_due_on };
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
  const [forms, items, attendees, refundRows, payment, notes, mails, history] = await Promise.all([
    learnerFormsOfOrder(db, order.id, ""),
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
  const money = await bookingMoney(db, order, refunded, now);
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
    postcode: order.postcode,
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
    money_state: money.state,
    balance_due: money.outstanding,
    balance_due_on: money.due_on,
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
        .map((a) => ({
          id: a.id,
          first_name: a.firstName,
          last_name: a.lastName,
          email: a.email,
          learner_form: formState(forms.get(a.id)),
        })),
    })),
    subtotal: toPounds(order.subtotalPence),
    discount: order.discountCode
      ? {
          code: order.discountCode,
          percent_off: order.percentOff,
          amount_off: order.amountOffPence === null ? null : toPounds(order.amountOffPence),
          amount: toPounds(order.discountPence),
        }
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
    money,
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

// ---------------------------------------------------------------------------------------- resend, notes

export async function resendConfirmation(ctx: BookingCtx, id: number, key: string | undefined): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    if (order.status !== "paid") throw new HttpError(409, "Only a confirmed booking has a confirmation to send");
    if (key && !(await repo.claimActionKey(tx, order.id, "resend", key, ctx.now))) return;
    const items = await findItems(tx, order.id);
    const payment = await repo.findPayment(tx, order.id);
    // The booking as it is now (issue 27): its people and their forms, and any money refunded.
    const { attendees, lines: roster } = await rosterOf(tx, order, items, ctx.mail.siteUrl);
    const mail = confirmationMail(
      order,
      items,
      ctx.mail,
      bookingCalendar(order, items, attendees, ctx.mail, { method: "REQUEST", now: ctx.now }),
      payment?.invoiceUnpaid ?? false,
      {
        attendees: items.some((i) => i.seats > 1) ? attendees : [],
        learnerLinks: roster.flatMap((r) => (r.url ? [{ name: r.name, course_title: r.courseTitle, url: r.url }] : [])),
        roster,
        refundedPence: await repo.sumRefunded(tx, order.id),
      },
    );
    await repo.queueMail(tx, { ...customerRecipient(order), kind: "booking_confirmation", ...mail }, ctx.now);
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

export async function receiptFacts(db: Db, order: OrderRow) {
  const [items, payment, refunded, charges] = await Promise.all([
    findItems(db, order.id),
    repo.findPayment(db, order.id),
    repo.sumRefunded(db, order.id),
    chargesOf(db, order.id),
  ]);
  return { items, method: asMethod(payment?.method), refundedPence: refunded, charges };
}
