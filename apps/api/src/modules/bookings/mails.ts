/**
 * The customer's mails of the office's booking actions: cancelled (with or without money back),
 * refunded, moved to new dates (with a new calendar file). Same look and parts as the mails of
 * the mail module (HTML and plain text with the same content); each names the booking reference,
 * which is how a booking's page finds its mails.
 */
import { formatBookingRef, formatDateRangeWithWeekday } from "@app/contract";
import type { MailAttachment } from "../../db/schema";
import { escapeHtml, formatPence } from "../../lib/html";
import type { MailSettings } from "../mail";
import type { RenderedMail } from "../mail";
import { bookingConfirmation, layout } from "../mail";
import { calendarContentType } from "../orders";
import type { OrderRow } from "./repository";

type ItemLike = { title: string; startDate: string | null; endDate: string | null; dateLabel: string; time: string };
const P = "margin:0 0 12px";

/** Paragraphs as plain text and as HTML (each line one paragraph). */
function render(
  subject: string,
  heading: string,
  lines: string[],
  s: MailSettings,
  attachments: MailAttachment[] = [],
): RenderedMail {
  const text = [...lines, "", `Questions? Call us on ${s.providerPhone} or reply to this e-mail.`, "", s.providerName].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(heading)}</h1>\n${lines
      .filter((l) => l !== "")
      .map((l) => `<p style="${P}">${escapeHtml(l)}</p>`)
      .join("\n")}\n<p style="${P}">Questions? Call us on ${escapeHtml(s.providerPhone)} or reply to this e-mail.</p>`,
    s,
  );
  return { subject, html, text, attachments };
}

const dates = (i: ItemLike) => (i.startDate ? formatDateRangeWithWeekday(i.startDate, i.endDate) : i.dateLabel);

/**
 * The booking was cancelled by the office; `refundPence` went back (0: none). `calendar` is the
 * METHOD:CANCEL file that takes the course days out of the customer's calendar.
 */
export function cancellationMail(
  order: OrderRow,
  items: ItemLike[],
  refundPence: number,
  s: MailSettings,
  calendar?: string,
): RenderedMail {
  const ref = formatBookingRef(order.bookingRef);
  return render(
    `Booking cancelled: ${ref}`,
    "Your booking is cancelled",
    [
      `Dear ${order.firstName},`,
      `Your booking ${ref} has been cancelled:`,
      ...items.map((i) => `${i.title}: ${dates(i)}`),
      refundPence > 0
        ? `We have refunded ${formatPence(refundPence)} to the card or account you paid with. Refunds usually arrive within 5 to 10 working days.`
        : "No payment has been refunded for this booking.",
      ...(calendar ? ["The attached calendar file takes these course days out of your calendar."] : []),
    ],
    s,
    calendar ? [{ filename: `cancelled-${ref}.ics`, contentType: calendarContentType("CANCEL"), content: calendar }] : [],
  );
}

/** Money went back without cancelling the booking. */
export function refundMail(order: OrderRow, refundPence: number, s: MailSettings): RenderedMail {
  const ref = formatBookingRef(order.bookingRef);
  return render(
    `Refund for booking ${ref}`,
    "We have refunded you",
    [
      `Dear ${order.firstName},`,
      `We have refunded ${formatPence(refundPence)} for your booking ${ref} to the card or account you paid with. Refunds usually arrive within 5 to 10 working days.`,
      order.status === "paid" ? "Your booking itself is unchanged." : "",
    ],
    s,
  );
}

/** A course of the booking moved to new dates; the new calendar file replaces the old one. */
export function transferMail(
  order: OrderRow,
  moved: ItemLike,
  previousDates: string,
  calendar: string,
  s: MailSettings,
): RenderedMail {
  const ref = formatBookingRef(order.bookingRef);
  return render(
    `Your new course dates: ${moved.title}`,
    "Your course dates have changed",
    [
      `Dear ${order.firstName},`,
      `Your booking ${ref} for ${moved.title} has moved from ${previousDates} to:`,
      `${dates(moved)}, ${moved.time} each day`,
      `Where: ${s.venueAddress}`,
      "The attached calendar file moves the course days in your calendar to the new dates.",
    ],
    s,
    [{ filename: `booking-${ref}.ics`, contentType: calendarContentType("REQUEST"), content: calendar }],
  );
}

/**
 * The confirmation of mail/confirmation.ts; for a manual booking whose invoice is not paid yet it says
 * so instead of 'Your payment has been received'.
 */
export function confirmationMail(
  order: OrderRow,
  items: Parameters<typeof bookingConfirmation>[1],
  s: MailSettings,
  calendar: string,
  invoiceUnpaid: boolean,
  // The booking as it is now (issue 27): its attendees, their forms and the money refunded.
  now: {
    attendees?: Parameters<typeof bookingConfirmation>[4];
    learnerLinks?: Parameters<typeof bookingConfirmation>[5];
  } & Parameters<typeof bookingConfirmation>[6] = {},
): RenderedMail {
  const mail = bookingConfirmation(order, items, s, calendar, now.attendees, now.learnerLinks, now);
  if (!invoiceUnpaid) return mail;
  const due = formatPence(order.totalPence - (order.amountPaidPence ?? 0));
  const fix = (t: string) =>
    t
      .replace(
        "Your payment has been received and your place is confirmed.",
        `Your place is confirmed. We have sent you an invoice for ${due}.`,
      )
      .replace(/Total paid: ([^<\n]*)/, `Amount due: ${due}`);
  return { ...mail, text: fix(mail.text), html: fix(mail.html) };
}
