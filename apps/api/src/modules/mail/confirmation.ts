/**
 * The customer's confirmation once the payment is confirmed: the booking, who is on it, the money,
 * where and what to bring, the calendar file, the receipt and the learner forms.
 */
import { mapSearchUrl, WHAT_TO_BRING as SHARED_WHAT_TO_BRING } from "@app/contract";
import type { MailAttachment, OrderAttendeeRow, OrderItemRow as ItemRow, OrderRow } from "../../db/schema";
import { escapeHtml } from "../../lib/html";
import { balanceHtml, balanceText } from "./balance-lines";
import type { BalanceDue } from "./balance-lines";
import { layout, P } from "./layout";
import { itemLinesHtml, itemLinesText, shortRef, totalsHtml, totalsText } from "./order-lines";
import type { MailSettings } from "./outbox";
import type { RenderedMail } from "./types";

/** What to bring on the first day (shared with the confirmation page). */
export const WHAT_TO_BRING = SHARED_WHAT_TO_BRING;

/** A map search for the venue (any map service understands the address). */
export const mapLink = mapSearchUrl;

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
