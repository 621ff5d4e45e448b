/**
 * Mail templates: every mail has an HTML part and a plain-text part with the same content.
 * Values are escaped in HTML; the layout is a single table-free column that mail clients render.
 */
import { formatBookingRef, formatDateRangeWithWeekday, mapSearchUrl, WHAT_TO_BRING as SHARED_WHAT_TO_BRING } from "@app/contract";
import type { MailAttachment, OrderAttendeeRow, OrderItemRow as ItemRow, OrderRow } from "../../db/schema";
import { discountSizeLabel } from "@app/rules";
import { escapeHtml, formatPence } from "../../lib/html";
import type { MailSettings } from "./outbox";

import type { RenderedMail } from "./types";
import { balanceHtml, balanceText } from "./balance-lines";
import type { BalanceDue } from "./balance-lines";
export type { RenderedMail };

/** What to bring on the first day (shared with the confirmation page). */
export const WHAT_TO_BRING = SHARED_WHAT_TO_BRING;

const P = "margin:0 0 12px";

export function layout(title: string, body: string, settings: MailSettings): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f8;font-family:Arial,Helvetica,sans-serif;color:#14213d;line-height:1.5">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">
<p style="${P};font-weight:bold;font-size:18px">${escapeHtml(settings.providerName)}</p>
${body}
<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="${P};font-size:13px;color:#4a5568">${escapeHtml(settings.providerName)} · ${escapeHtml(settings.venueAddress)} · ${escapeHtml(settings.providerPhone)} · ${escapeHtml(settings.providerEmail)}</p>
</div></body></html>`;
}

/** 'Mon 7 – Sat 12 Dec 2026' (the snapshot's label when the dates are missing). */
const itemDates = (i: ItemRow) => (i.startDate ? formatDateRangeWithWeekday(i.startDate, i.endDate) : i.dateLabel);

/** A map search for the venue (any map service understands the address). */
export const mapLink = mapSearchUrl;

/** '15% off' or '£10 off' (a fixed-amount code). */
const discountSize = (order: OrderRow) =>
  discountSizeLabel({ percentOff: order.percentOff, amountOffPence: order.amountOffPence });

/** ' for 3 places' on a group booking's line. */
const placesText = (i: ItemRow) => (i.seats > 1 ? ` for ${i.seats} places` : "");

const addOnText = (i: ItemRow) =>
  i.addOns.length ? i.addOns.map((a) => `${a.name} (${formatPence(a.price_pence)})`).join(", ") : "";

/** A group booking's attendees on a line ('Alex Stone, Bea Hart'); empty for a single place. */
const attendeesText = (i: ItemRow, attendees: readonly OrderAttendeeRow[]) =>
  i.seats > 1
    ? attendees
        .filter((a) => a.orderItemId === i.id)
        .sort((a, b) => a.position - b.position)
        .map((a) => `${a.firstName} ${a.lastName}`)
        .join(", ")
    : "";

function itemLinesText(items: ItemRow[], attendees: readonly OrderAttendeeRow[] = []): string[] {
  return items.flatMap((i) => {
    const people = attendeesText(i, attendees);
    return [
      `- ${i.title}`,
      `  Dates: ${itemDates(i)}, ${i.time} each day`,
      ...(i.addOns.length ? [`  Add-ons: ${addOnText(i)}`] : []),
      ...(people ? [`  Attendees: ${people}`] : []),
      `  Price: ${formatPence(i.originalPricePence)}${placesText(i)}`,
    ];
  });
}

function itemLinesHtml(items: ItemRow[], attendees: readonly OrderAttendeeRow[] = []): string {
  return items
    .map((i) => {
      const people = attendeesText(i, attendees);
      return `<li style="margin:0 0 12px"><strong>${escapeHtml(i.title)}</strong><br>Dates: ${escapeHtml(itemDates(i))}, ${escapeHtml(i.time)} each day${
        i.addOns.length ? `<br>Add-ons: ${escapeHtml(addOnText(i))}` : ""
      }${people ? `<br>Attendees: ${escapeHtml(people)}` : ""}<br>Price: ${formatPence(i.originalPricePence)}${placesText(i)}</li>`;
    })
    .join("");
}

/**
 * The money lines. After a refund the booking is told as it is now (issue 27): what was paid, what
 * went back and the net, never 'Total paid' of the original amount alone.
 */
function totalsText(order: OrderRow, refundedPence = 0): string[] {
  const paid = order.amountPaidPence ?? order.totalPence;
  return [
    `Subtotal: ${formatPence(order.subtotalPence)}`,
    ...(order.discountPence
      ? [`Discount (${order.discountCode}, ${discountSize(order)}): -${formatPence(order.discountPence)}`]
      : []),
    ...(refundedPence > 0
      ? [
          `Paid: ${formatPence(paid)}`,
          `Refunded: -${formatPence(refundedPence)}`,
          `Net paid: ${formatPence(paid - refundedPence)}`,
        ]
      : [`Total paid: ${formatPence(paid)}`]),
  ];
}

function totalsHtml(order: OrderRow, refundedPence = 0): string {
  const [last, ...rest] = totalsText(order, refundedPence).reverse();
  return `<p style="${P}">${rest
    .reverse()
    .map((l) => escapeHtml(l.replace(": -", ": −")))
    .join("<br>")}<br><strong>${escapeHtml(last!)}</strong></p>`;
}

/** Every attendee of the booking and where their learner form stands (issue 27). */
export type RosterLine = { name: string; courseTitle: string; form: "complete" | "to_fill_in" | "none" };
const FORM_STATE = { complete: "learner form complete", to_fill_in: "learner form to fill in", none: "no learner form needed" };
const rosterText = (roster: readonly RosterLine[]) =>
  roster.length ? ["", "Attendees:", ...roster.map((r) => `- ${r.name} (${r.courseTitle}): ${FORM_STATE[r.form]}`)] : [];
const rosterHtml = (roster: readonly RosterLine[]) =>
  roster.length
    ? `\n<h2 style="font-size:18px;margin:16px 0 8px">Attendees</h2>\n<ul style="padding-left:20px;margin:0 0 12px">${roster
        .map((r) => `<li>${escapeHtml(r.name)} (${escapeHtml(r.courseTitle)}): ${FORM_STATE[r.form]}</li>`)
        .join("")}</ul>`
    : "";

/** Issue 14: each learner of a licence-linked course fills in their own pre-course form. */
type LearnerLink = { name: string; course_title: string; url: string };
const LEARNER_FORM_INTRO =
  "Before the course, each learner must fill in their pre-course form (ID, first aid and declarations). It takes about 10 minutes and can be finished over several visits:";
const learnerFormText = (links: readonly LearnerLink[]) =>
  links.length
    ? ["", "Learner forms:", LEARNER_FORM_INTRO, ...links.map((l) => `- ${l.name} (${l.course_title}): ${l.url}`)]
    : [];
const learnerFormHtml = (links: readonly LearnerLink[]) =>
  links.length
    ? `\n<h2 style="font-size:18px;margin:16px 0 8px">Learner forms</h2>\n<p style="${P}">${escapeHtml(LEARNER_FORM_INTRO)}</p>\n<ul style="padding-left:20px;margin:0 0 12px">${links
        .map(
          (l) =>
            `<li>${escapeHtml(l.name)} (${escapeHtml(l.course_title)}): <a href="${escapeHtml(l.url)}">fill in the learner form</a></li>`,
        )
        .join("")}</ul>`
    : "";

const shortRef = (order: OrderRow) => formatBookingRef(order.bookingRef);

/** The order's receipt PDF by its secret reference (issue 13; the bookings module serves it). */
const receiptUrl = (order: OrderRow, settings: MailSettings) =>
  settings.apiUrl ? `${settings.apiUrl}/api/orders/${encodeURIComponent(order.reference)}/receipt.pdf` : "";

/** To the customer once the payment is confirmed. */
export function bookingConfirmation(
  order: OrderRow,
  items: ItemRow[],
  settings: MailSettings,
  calendar?: string,
  attendees: readonly OrderAttendeeRow[] = [],
  learnerLinks: readonly LearnerLink[] = [],
  now: { roster?: readonly RosterLine[]; refundedPence?: number; balance?: BalanceDue } = {},
): RenderedMail {
  const subject = `Booking confirmed: ${items.map((i) => i.title).join(", ")}`;
  const text = [
    `Dear ${order.firstName},`,
    "",
    `Thank you for booking with ${settings.providerName}. Your payment has been received and your place is confirmed.`,
    `Booking reference: ${shortRef(order)}`,
    "",
    "Your booking:",
    ...itemLinesText(items, attendees),
    ...rosterText(now.roster ?? []),
    "",
    ...totalsText(order, now.refundedPence),
    ...balanceText(now.balance),
    "",
    "Where:",
    settings.venueAddress,
    `Map: ${mapLink(settings.venueAddress)}`,
    "Please arrive 15 minutes before the start time on the first day.",
    ...(calendar ? ["", "The attached calendar file (booking.ics) adds your course days to your calendar."] : []),
    ...(receiptUrl(order, settings) ? ["", `Your receipt (PDF): ${receiptUrl(order, settings)}`] : []),
    "",
    "What to bring:",
    ...WHAT_TO_BRING.map((w) => `- ${w}`),
    ...learnerFormText(learnerLinks),
    "",
    `Questions? Call us on ${settings.providerPhone} or reply to this e-mail.`,
    "",
    settings.providerName,
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Your booking is confirmed</h1>
<p style="${P}">Dear ${escapeHtml(order.firstName)},</p>
<p style="${P}">Thank you for booking with ${escapeHtml(settings.providerName)}. Your payment has been received and your place is confirmed.</p>
<p style="${P}">Booking reference: <strong>${escapeHtml(shortRef(order))}</strong></p>
<h2 style="font-size:18px;margin:16px 0 8px">Your booking</h2>
<ul style="padding-left:20px;margin:0 0 12px">${itemLinesHtml(items, attendees)}</ul>${rosterHtml(now.roster ?? [])}
${totalsHtml(order, now.refundedPence)}${balanceHtml(now.balance)}
<h2 style="font-size:18px;margin:16px 0 8px">Where</h2>
<p style="${P}">${escapeHtml(settings.venueAddress)} (<a href="${escapeHtml(mapLink(settings.venueAddress))}">map</a>)<br>Please arrive 15 minutes before the start time on the first day.</p>${
      calendar ? `\n<p style="${P}">The attached calendar file (booking.ics) adds your course days to your calendar.</p>` : ""
    }${receiptUrl(order, settings) ? `\n<p style="${P}"><a href="${escapeHtml(receiptUrl(order, settings))}">Download your receipt (PDF)</a></p>` : ""}
<h2 style="font-size:18px;margin:16px 0 8px">What to bring</h2>
<ul style="padding-left:20px;margin:0 0 12px">${WHAT_TO_BRING.map((w) => `<li>${escapeHtml(w)}</li>`).join("")}</ul>${learnerFormHtml(learnerLinks)}
<p style="${P}">Questions? Call us on ${escapeHtml(settings.providerPhone)} or reply to this e-mail.</p>`,
    settings,
  );
  const attachments: MailAttachment[] = calendar
    ? [
        {
          filename: `booking-${shortRef(order)}.ics`,
          // iMIP (RFC 6047): the part names the file's method (decision 285).
          contentType: "text/calendar; charset=utf-8; method=REQUEST",
          content: calendar,
        },
      ]
    : [];
  return { subject, html, text, attachments };
}

function customerLines(order: OrderRow): [string, string][] {
  return [
    ["Name", `${order.firstName} ${order.lastName}`],
    ["E-mail", order.guestEmail],
    ["Phone", order.phoneNumber],
    ["Address", [order.streetAddress, order.townCity, order.state, order.postcode, order.country].filter(Boolean).join(", ")],
    ...(order.companyName ? ([["Company", order.companyName]] as [string, string][]) : []),
    ...(order.orderNotes ? ([["Notes", order.orderNotes]] as [string, string][]) : []),
  ];
}

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
  const paid =
    found.amountPence === null
      ? "an unknown amount"
      : `${(found.amountPence / 100).toFixed(2)} ${(found.currency ?? "?").toUpperCase()}`;
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
