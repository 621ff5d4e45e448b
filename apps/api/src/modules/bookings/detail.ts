/**
 * A booking's page as the office sees it: the order, its lines and attendees (with their learner
 * forms), payments and refunds, notes, mails and history, and the office's status of the order.
 */
import { formatBookingRef, type BookingDetail, type BookingRow } from "@app/contract";
import { penceToPounds as toPounds } from "@app/rules";
import type { Db, Tx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { learnerFormsOfOrder } from "../learners";
import { bookingMoney, findAttendeesOf, findItems, findOrderById, findPayment, findRefunds } from "../orders";
import * as repo from "./repository";
import type { OrderRow } from "./repository";
import { asMethod, publicReceiptUrl, refundStateOf } from "./service";

/** Where an attendee's learner form stands (issue 27): none needed when they have no learner record. */
const formState = (f: { complete: boolean } | undefined) => (f ? (f.complete ? "complete" : "to_fill_in") : "none");

/** The office's status of one order (the same rule as the list's SQL). */
function bookingStatus(order: OrderRow, refunded: number, now: Date): BookingRow["status"] {
  if (order.status === "paid") return "confirmed";
  if (order.status === "pending") return order.expiresAt > now ? "pending" : "expired";
  if (order.status === "expired") return "expired";
  return refunded > 0 ? "refunded" : "cancelled";
}

/** Everything about one booking (its page). */
export async function bookingDetail(db: Db | Tx, id: number, now: Date, apiUrl: string): Promise<BookingDetail> {
  const order = await findOrderById(db, id);
  if (!order) throw new HttpError(404, "Booking not found");
  const [forms, items, attendees, refundRows, payment, notes, mails, history] = await Promise.all([
    learnerFormsOfOrder(db, order.id, ""),
    findItems(db, order.id),
    findAttendeesOf(db, [order.id]),
    findRefunds(db, order.id),
    findPayment(db, order.id),
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
