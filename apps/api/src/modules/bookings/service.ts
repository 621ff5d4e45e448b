/**
 * The office's bookings (issue 13, decisions 180-184): what the list and a booking's page show, and
 * the small actions (resend confirmation, notes). The money actions live in refunds.ts, the seat
 * actions in transfer.ts and manual.ts. Every action is one transaction that starts by locking the
 * order's row, re-checks the state under that lock, writes its effect with an activity-log entry
 * naming the administrator, and queues the customer's mail. Retries are safe: by idempotency key,
 * or by the state the action finds.
 */
import { formatBookingRef, PAYMENT_METHODS, type BookingRow, type PaymentMethod } from "@app/contract";
import type { Db } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { penceToPounds as toPounds } from "@app/rules";
import type { Page } from "../../lib/paging";
import { logActivity } from "../activity";
import { type MailSettings } from "../mail";
import { queueBuyerMail } from "./buyer-mail";
import {
  bookingCalendar,
  chargesOf,
  findItems,
  findPayment,
  lockOrderById,
  moneyStateOf,
  rosterOf,
  sumRefunded,
  withDocumentLinksTx,
  type OfficeCtx,
} from "../orders";
import { confirmationMail } from "./mails";
import * as repo from "./repository";
import type { OrderRow } from "./repository";

/** What every action needs from the app: the orders module's office context, and the mails' settings and links. */
export type BookingCtx = OfficeCtx & {
  mail: MailSettings;
  /** This API as browsers reach it (receipt links). */
  apiUrl: string;
};

export const publicReceiptUrl = (apiUrl: string, reference: string) =>
  `${apiUrl}/api/orders/${encodeURIComponent(reference)}/receipt.pdf`;

export const refundStateOf = (paid: number, refunded: number) =>
  (refunded <= 0 ? "none" : refunded >= paid ? "refunded" : "partly_refunded") as BookingRow["refund_state"];
export const asMethod = (m: string | null | undefined): PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(m ?? "") ? (m as PaymentMethod) : "card_online";

// ---------------------------------------------------------------------------------------- reading

export async function listBookings(
  db: Db,
  filter: repo.ListFilter,
  now: Date,
  page: Page | null,
): Promise<{ items: BookingRow[]; total: number }> {
  const { rows, total } = await repo.listBookings(db, filter, now, page);
  return { total, items: rows.map((r) => toBookingRow(r, now)) };
}

/**
 * Every booking of the list for the export, a batch of rows at a time (decision 464): the ids in
 * the list's order first, then the rows of each batch, so memory holds one batch, not the list.
 */
export async function* bookingBatches(db: Db, filter: repo.ListFilter, now: Date, size = 1000): AsyncGenerator<BookingRow[]> {
  const ids = await repo.listBookingIds(db, filter, now);
  for (let i = 0; i < ids.length; i += size)
    yield (await repo.listBookingsByIds(db, ids.slice(i, i + size), now)).map((r) => toBookingRow(r, now));
}

function toBookingRow(r: repo.BookingListRow, now: Date): BookingRow {
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
}

/** The list's (and CSV's) money columns: the rule `balanceStatus` on the row. */
function rowMoney(r: repo.BookingListRow, refunded: number, now: Date) {
  const m = moneyStateOf(
    {
      status: r.status as OrderRow["status"],
      totalPence: Number(r.total_pence),
      amountPaidPence: r.amount_paid_pence === null ? null : Number(r.amount_paid_pence),
      balanceDueOn: r.balance_due_on,
      paymentPlan: r.payment_plan as OrderRow["paymentPlan"],
    },
    refunded,
    now,
  );
  return { money_state: m.state, balance_due: toPounds(m.outstandingPence), balance_due_on: r.balance_due_on };
}

// ---------------------------------------------------------------------------------------- resend, notes

export async function resendConfirmation(ctx: BookingCtx, id: number, key: string | undefined): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrderById(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    if (order.status !== "paid") throw new HttpError(409, "Only a confirmed booking has a confirmation to send");
    if (key && !(await repo.claimActionKey(tx, order.id, "resend", key, ctx.now))) return;
    const items = await findItems(tx, order.id);
    const payment = await findPayment(tx, order.id);
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
        refundedPence: await sumRefunded(tx, order.id),
      },
    );
    const withInvoices = await withDocumentLinksTx(tx, order.id, mail, { type: "invoice" });
    await queueBuyerMail(tx, order, "booking_confirmation", withInvoices, ctx, { cancellation: true });
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
    const order = await lockOrderById(tx, id);
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
    findPayment(db, order.id),
    sumRefunded(db, order.id),
    chargesOf(db, order.id),
  ]);
  return { items, method: asMethod(payment?.method), refundedPence: refunded, charges };
}
