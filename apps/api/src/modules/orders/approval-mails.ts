/**
 * The customer's mails about a booking that waited for the office (issue 33): approved (with the
 * payment link and until when it can be paid) or declined (with the office's reason).
 */
import { formatBookingRef } from "@app/contract";
import type { OrderItemRow, OrderRow } from "../../db/schema";
import { escapeHtml, formatPence } from "../../lib/html";
import type { MailSettings, RenderedMail } from "../mail";
import { layout } from "../mail";

const P = "margin:0 0 12px";
const lines = (items: readonly OrderItemRow[]) => items.map((i) => `${i.title}, ${i.dateLabel}`);
const until = (d: Date) => d.toLocaleString("en-GB", { timeZone: "Europe/London", dateStyle: "full", timeStyle: "short" });

export function bookingApprovedMail(
  order: OrderRow,
  items: readonly OrderItemRow[],
  link: string,
  settings: MailSettings,
): RenderedMail {
  const ref = formatBookingRef(order.bookingRef);
  const subject = `Booking ${ref} approved: please pay to confirm your place`;
  const intro = `Good news, ${order.firstName}: we have checked your booking and you can take the course.`;
  const pay = `Please pay ${formatPence(order.totalPence)} by ${until(order.expiresAt)} to confirm your place; after that the place is released.`;
  const text = [intro, "", ...lines(items), "", pay, link, "", `${settings.providerName}, ${settings.providerPhone}`].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">Your booking is approved</h1>
<p style="${P}">${escapeHtml(intro)}</p>
<ul style="padding-left:20px;margin:0 0 12px">${lines(items)
      .map((l) => `<li>${escapeHtml(l)}</li>`)
      .join("")}</ul>
<p style="${P}">${escapeHtml(pay)}</p>
<p style="${P}"><a href="${escapeHtml(link)}">Pay for booking ${escapeHtml(ref)}</a></p>`,
    settings,
  );
  return { subject, html, text };
}

export function bookingDeclinedMail(
  order: OrderRow,
  items: readonly OrderItemRow[],
  reason: string,
  settings: MailSettings,
): RenderedMail {
  const ref = formatBookingRef(order.bookingRef);
  const subject = `Booking ${ref}: we cannot accept this booking`;
  const intro = `Sorry, ${order.firstName}: we have checked your booking and cannot accept it. No payment was taken.`;
  const call = `Please call us on ${settings.providerPhone} or reply to this e-mail and we will help you find the right course.`;
  const text = [intro, "", ...lines(items), "", `Our reason: ${reason}`, "", call].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">We cannot accept this booking</h1>
<p style="${P}">${escapeHtml(intro)}</p>
<ul style="padding-left:20px;margin:0 0 12px">${lines(items)
      .map((l) => `<li>${escapeHtml(l)}</li>`)
      .join("")}</ul>
<p style="${P}"><strong>Our reason:</strong> ${escapeHtml(reason)}</p>
<p style="${P}">${escapeHtml(call)}</p>`,
    settings,
  );
  return { subject, html, text };
}
