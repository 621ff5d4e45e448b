/** What the customer reads: their bookings and one booking's page (decision 443). */
import { formatBookingRef, type MyBooking } from "@app/contract";
import { addDays, formatDateRange, namesEditable, penceToPounds as toPounds, type BookingPolicy } from "@app/rules";
import type { Db, DbOrTx } from "../../db/client";
import { ukDate } from "../../lib/dates";
import { publicReceiptUrl } from "../bookings";
import { customerDocuments } from "../invoices";
import { learnerFormsOfOrder } from "../learners";
import type { MailSettings } from "../mail";
import { firstStart, manageToken } from "../customer-links";
import * as repo from "./repository";

export { firstStart };

export type ViewSettings = { mail: MailSettings; apiUrl: string };

/** Employer bookings (decision 444): a company name was given at checkout. */
export const isBusiness = (order: repo.OrderRow) => Boolean(order.companyName?.trim());

const statusOf = (o: repo.OrderRow): MyBooking["status"] => (o.status === "paid" ? "confirmed" : o.status);

export async function myBookings(db: Db, email: string, now: Date) {
  const list = await repo.ordersOf(db, email);
  const items = await repo.itemsOf(
    db,
    list.map((o) => o.id),
  );
  const out = [];
  for (const o of list) {
    const mine = items.filter((i) => i.orderId === o.id);
    out.push({
      booking_reference: formatBookingRef(o.bookingRef),
      token: await manageToken(db, o.id, now),
      status: statusOf(o),
      courses: mine.map((i) => i.title),
      first_date:
        mine
          .map((i) => i.startDate)
          .filter((d): d is string => Boolean(d))
          .sort()[0] ?? null,
      booked_on: o.createdAt.toISOString(),
      total: toPounds(o.totalPence),
    });
  }
  return { email, items: out };
}

export async function bookingView(
  db: DbOrTx,
  order: repo.OrderRow,
  policy: BookingPolicy,
  s: ViewSettings,
  now: Date,
): Promise<MyBooking> {
  const api = s.apiUrl.replace(/\/$/, "");
  const [items, facts, refunded, people, waiting, balance, documents, awaited] = await Promise.all([
    repo.itemsOf(db, [order.id]),
    repo.selfFacts(db, order.id),
    repo.refundedPence(db, order.id),
    repo.attendeesOf(db, order.id),
    repo.waitingOf(db, order.guestEmail),
    repo.balanceToken(db, order.id),
    customerDocuments(db, order.id, api),
    repo.awaitedChange(db, order.id),
  ]);
  const forms = await learnerFormsOfOrder(db, order.id, s.mail.siteUrl);
  const paid = order.amountPaidPence ?? 0;
  const due = order.status === "paid" || order.status === "pending" ? Math.max(order.totalPence - paid, 0) : 0;
  const start = firstStart(items);
  const buyer = `${order.firstName} ${order.lastName}`.toLowerCase();
  return {
    booking_reference: formatBookingRef(order.bookingRef),
    status: statusOf(order),
    name: `${order.firstName} ${order.lastName}`,
    email: order.guestEmail,
    business: isBusiness(order),
    booked_on: order.createdAt.toISOString(),
    policy_version: facts.policyVersion,
    terms_version: order.termsVersion,
    date_changes: facts.dateChanges,
    courses: items.map((i) => ({
      item_id: i.id,
      title: i.title,
      date_label: i.dateLabel,
      start_date: i.startDate,
      end_date: i.endDate,
      time: i.time,
      add_ons: (i.addOns ?? []).map((a) => a.name),
      attendees: people
        .filter((p) => p.orderItemId === i.id)
        .map((p) => {
          const form = forms.get(p.id);
          const name = `${p.firstName} ${p.lastName}`;
          return {
            id: p.id,
            name,
            // A group's place booked without a name carries the buyer's name (decision 445).
            named: !(p.position > 1 && name.toLowerCase() === buyer && !p.email),
            form: form ? (form.complete ? ("complete" as const) : ("to_fill_in" as const)) : ("none" as const),
            form_url: form?.url ?? null,
          };
        }),
    })),
    venue: {
      address: s.mail.venueAddress,
      map_url: `https://www.openstreetmap.org/search?query=${encodeURIComponent(s.mail.venueAddress)}`,
    },
    money: {
      total: toPounds(order.totalPence),
      paid: toPounds(paid),
      refunded: toPounds(refunded),
      credit: toPounds(facts.creditPence),
      due: toPounds(due),
      balance_due_on: order.balanceDueOn,
      pay_url: due > 0 && balance ? `${s.mail.siteUrl.replace(/\/$/, "")}/pay/${balance}` : null,
    },
    receipt_url: publicReceiptUrl(api, order.reference),
    documents,
    calendar_url: `${api}/api/orders/${encodeURIComponent(order.reference)}/calendar.ics`,
    waiting_list: waiting.map((w) => ({
      id: w.id,
      course: w.course,
      date_label: formatDateRange(w.startDate, w.endDate ?? w.startDate),
    })),
    names_editable_until:
      start && namesEditable(ukDate(now), start, policy) ? addDays(start, -policy.name_change_cutoff_days) : null,
    change_awaiting_payment: awaited
      ? {
          course: items.find((i) => i.id === awaited.orderItemId)?.title ?? "",
          date_label: await repo.courseDateLabel(db, awaited.courseDateId),
          fee: toPounds(awaited.feePence),
          pay_url: awaited.checkoutUrl,
        }
      : null,
  };
}
