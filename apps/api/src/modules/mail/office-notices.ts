/**
 * Mails to the office: a new paid booking, money for a released booking, a payment that does not
 * match its booking, and a message from the contact form.
 */
import { penceToPounds } from "@app/rules";
import type { OrderItemRow as ItemRow, OrderAttendeeRow, OrderRow } from "../../db/schema";
import { escapeHtml, formatPence } from "../../lib/html";
import { layout, P } from "./layout";
import { customerLines, itemLinesHtml, itemLinesText, shortRef, totalsHtml, totalsText } from "./order-lines";
import type { MailSettings } from "./outbox";
import type { RenderedMail } from "./types";

/** To the provider when a booking is paid. */
export function newBookingNotice(
  order: OrderRow,
  items: ItemRow[],
  settings: MailSettings,
  attendees: readonly OrderAttendeeRow[] = [],
): RenderedMail {
  const subject = `New booking: ${order.firstName} ${order.lastName} – ${formatPence(order.amountPaidPence ?? order.totalPence)}`;
  const text = [
    `A new booking has been paid (reference ${shortRef(order)}).`,
    "",
    ...customerLines(order).map(([k, v]) => `${k}: ${v}`),
    "",
    ...itemLinesText(items, attendees),
    "",
    ...totalsText(order),
    "",
    `Enrolments: ${settings.adminUrl}/enrolments`,
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">New booking paid</h1>
<p style="${P}">Reference <strong>${escapeHtml(shortRef(order))}</strong></p>
<p style="${P}">${customerLines(order)
      .map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`)
      .join("<br>")}</p>
<ul style="padding-left:20px;margin:0 0 12px">${itemLinesHtml(items, attendees)}</ul>
${totalsHtml(order)}
<p style="${P}"><a href="${escapeHtml(`${settings.adminUrl}/enrolments`)}">Open the enrolments</a></p>`,
    settings,
  );
  return { subject, html, text };
}

/** To the provider when money arrived for an order whose seats were already given back. */
export function latePaymentNotice(order: OrderRow, items: ItemRow[], amountPence: number, settings: MailSettings): RenderedMail {
  const subject = `Action needed: payment for a released booking (${shortRef(order)})`;
  const text = [
    `A payment of ${formatPence(amountPence)} arrived for order ${shortRef(order)}, which was ${order.status} and whose places could not be taken again (the date is full or the discount code is used up).`,
    "Please contact the customer and refund or rebook them.",
    "",
    ...customerLines(order).map(([k, v]) => `${k}: ${v}`),
    "",
    ...itemLinesText(items),
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">Payment for a released booking</h1>
<p style="${P}">A payment of <strong>${formatPence(amountPence)}</strong> arrived for order ${escapeHtml(shortRef(order))}, which was ${escapeHtml(order.status)} and whose places could not be taken again (the date is full or the discount code is used up).</p>
<p style="${P}">Please contact the customer and refund or rebook them.</p>
<p style="${P}">${customerLines(order)
      .map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`)
      .join("<br>")}</p>
<ul style="padding-left:20px;margin:0 0 12px">${itemLinesHtml(items)}</ul>`,
    settings,
  );
  return { subject, html, text };
}

export type ContactMessageMail = {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  emailAddress: string;
  message: string;
};

/** To the provider when the contact form is sent. */
export function newMessageNotice(m: ContactMessageMail, settings: MailSettings): RenderedMail {
  const name = `${m.firstName} ${m.lastName}`;
  const subject = `New message from ${name}`;
  const text = [
    `New message from the contact form.`,
    "",
    `Name: ${name}`,
    `E-mail: ${m.emailAddress}`,
    `Phone: ${m.phoneNumber}`,
    "",
    m.message,
    "",
    `Messages: ${settings.adminUrl}/messages`,
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">New message from the contact form</h1>
<p style="${P}">Name: ${escapeHtml(name)}<br>E-mail: ${escapeHtml(m.emailAddress)}<br>Phone: ${escapeHtml(m.phoneNumber)}</p>
<p style="${P};white-space:pre-wrap;border-left:4px solid #e2e8f0;padding-left:12px">${escapeHtml(m.message)}</p>
<p style="${P}"><a href="${escapeHtml(`${settings.adminUrl}/messages`)}">Open the messages</a></p>`,
    settings,
  );
  return { subject, html, text };
}

/**
 * To the office: a provider reported a payment that does not match its order (decision 105). The
 * order was NOT marked paid; someone must look at it in the provider's dashboard.
 */
export function paymentMismatchNotice(
  order: OrderRow | null,
  found: { sessionId: string; amountPence: number | null; currency: string | null; reasons: string[] },
  settings: MailSettings,
): RenderedMail {
  const ref = order ? shortRef(order) : "unknown order";
  const subject = `Action needed: a payment did not match its booking (${ref})`;
  // The provider's own amount and currency, which may not be pounds: no '£' in front of it.
  const paid =
    found.amountPence === null
      ? "an unknown amount"
      : `${penceToPounds(found.amountPence).toFixed(2)} ${(found.currency ?? "?").toUpperCase()}`;
  const lines = [
    `The payment provider reported checkout session ${found.sessionId} as paid (${paid}) for order ${ref}, but it does not match the booking:`,
    ...found.reasons.map((r) => `- ${r}`),
    order ? `The booking is for ${formatPence(order.totalPence)} and was NOT marked paid.` : "No booking was marked paid.",
    "Please check the payment in the provider's dashboard and refund or contact the customer.",
  ];
  const html = layout(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">A payment did not match its booking</h1>
${lines.map((l) => `<p style="${P}">${escapeHtml(l)}</p>`).join("\n")}`,
    settings,
  );
  return { subject, html, text: lines.join("\n") };
}
