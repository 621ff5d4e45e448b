/**
 * The mails of an unpaid balance: the office's alert that a booking's balance is overdue (once per
 * booking) and the customer's notice that their places were released. Same look as the other
 * mails (mail/layout.ts); each names the booking reference, which is how a booking's page
 * finds its mails.
 */
import { formatBookingRef, formatDateRangeWithWeekday } from "@app/contract";
import { formatLongDate } from "@app/rules";
import type { MailAttachment } from "../../db/schema";
import { escapeHtml, formatPence } from "../../lib/html";
import type { MailSettings } from "../mail";
import { layout } from "../mail";
import type { RenderedMail } from "../mail";
import { calendarContentType } from "./calendar";

export type OrderLike = { bookingRef: string; firstName: string; lastName: string; guestEmail: string; phoneNumber: string };
export type ItemLike = { title: string; startDate: string | null; endDate: string | null; dateLabel: string };
const P = "margin:0 0 12px";

export function renderBalanceMail(
  subject: string,
  heading: string,
  lines: string[],
  s: MailSettings,
  attachments: MailAttachment[] = [],
): RenderedMail {
  const text = [...lines, "", s.providerName].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(heading)}</h1>\n${lines
      .filter((l) => l !== "")
      .map((l) => `<p style="${P}">${escapeHtml(l)}</p>`)
      .join("\n")}`,
    s,
  );
  return { subject, html, text, attachments };
}

export const dates = (i: ItemLike) => (i.startDate ? formatDateRangeWithWeekday(i.startDate, i.endDate) : i.dateLabel);

/** To the office: a booking's balance is past its due day (sent once per booking). */
export function overdueAlertMail(
  order: OrderLike & { id: number },
  items: ItemLike[],
  due: { outstandingPence: number; dueOn: string; releaseOn: string | null },
  s: MailSettings,
): RenderedMail {
  const ref = formatBookingRef(order.bookingRef);
  return renderBalanceMail(
    `Balance overdue: ${ref}`,
    "A balance is overdue",
    [
      `Booking ${ref} for ${order.firstName} ${order.lastName} still owes ${formatPence(due.outstandingPence)}, due on ${formatLongDate(due.dueOn)}.`,
      ...items.map((i) => `${i.title}: ${dates(i)}`),
      `Customer: ${order.guestEmail}, ${order.phoneNumber}`,
      due.releaseOn
        ? `Unless it is paid, the places are released on ${formatLongDate(due.releaseOn)} and offered to the waiting list.`
        : "The places are kept: chase the balance by hand.",
      `Booking page: ${s.adminUrl}/bookings/${order.id}`,
    ],
    s,
  );
}

/** To the customer: the balance was not paid, so the places were released (the deposit is not refunded by itself). */
export function releasedUnpaidMail(
  order: OrderLike,
  items: ItemLike[],
  outstandingPence: number,
  s: MailSettings,
  calendar?: string,
): RenderedMail {
  const ref = formatBookingRef(order.bookingRef);
  return renderBalanceMail(
    `Booking cancelled, balance not paid: ${ref}`,
    "Your places have been released",
    [
      `Dear ${order.firstName},`,
      `The balance of ${formatPence(outstandingPence)} for your booking ${ref} was not paid by its due date, so the booking has been cancelled and its places released:`,
      ...items.map((i) => `${i.title}: ${dates(i)}`),
      "What happens to your deposit is set out in the booking terms. If you think this is a mistake, or still want to attend, please call us as soon as possible.",
      `Call us on ${s.providerPhone} or reply to this e-mail.`,
      ...(calendar ? ["The attached calendar file takes these course days out of your calendar."] : []),
    ],
    s,
    calendar ? [{ filename: `cancelled-${ref}.ics`, contentType: calendarContentType("CANCEL"), content: calendar }] : [],
  );
}

/** To the customer: a balance or instalment arrived (its invoice is linked by the caller: decision 490). */
export function paymentReceivedMail(order: OrderLike, amountPence: number, stillDuePence: number, s: MailSettings): RenderedMail {
  const ref = formatBookingRef(order.bookingRef);
  return renderBalanceMail(
    `Payment received: ${ref}`,
    "Thank you for your payment",
    [
      `Dear ${order.firstName},`,
      `We have received ${formatPence(amountPence)} for your booking ${ref}.`,
      stillDuePence > 0 ? `${formatPence(stillDuePence)} is still to pay on this booking.` : "Your booking is now paid in full.",
      `Questions? Call us on ${s.providerPhone} or reply to this e-mail.`,
    ],
    s,
  );
}
