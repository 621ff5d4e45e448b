/**
 * The mails of one attendee (issue 27, decision 320): each named person of a booking hears about
 * their own place at booking time (course, dates, venue, what to bring, their learner-form link and
 * their own calendar event), and about a change to it (cancelled, handed to someone else, renamed).
 * Same look as the mails of mail/layout.ts; each names the booking reference, so the booking's page lists it.
 */
import { formatBookingRef, formatDateRangeWithWeekday, mapSearchUrl, WHAT_TO_BRING } from "@app/contract";
import type { MailAttachment, OrderAttendeeRow, OrderItemRow, OrderRow } from "../../db/schema";
import { escapeHtml, formatPence } from "../../lib/html";
import { layout } from "../mail";
import type { MailSettings, RenderedMail } from "../mail";
import { calendarContentType, type CalendarMethod } from "./calendar";

const P = "margin:0 0 12px";
type Person = Pick<OrderAttendeeRow, "firstName" | "lastName">;
const fullName = (p: Person) => `${p.firstName} ${p.lastName}`.trim();
const datesOf = (i: OrderItemRow) => (i.startDate ? formatDateRangeWithWeekday(i.startDate, i.endDate) : i.dateLabel);

/** A line of text is a paragraph; a line starting '- ' is a list item (HTML list, plain-text dash). */
function render(
  subject: string,
  heading: string,
  lines: string[],
  s: MailSettings,
  ics?: { method: CalendarMethod; content: string; ref: string },
): RenderedMail {
  const text = [...lines, "", `Questions? Call us on ${s.providerPhone} or reply to this e-mail.`, "", s.providerName].join("\n");
  const html: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length) html.push(`<ul style="padding-left:20px;margin:0 0 12px">${list.join("")}</ul>`);
    list = [];
  };
  for (const line of lines) {
    if (line.startsWith("- ")) {
      const body = escapeHtml(line.slice(2)).replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>');
      list.push(`<li>${body}</li>`);
      continue;
    }
    flush();
    if (line === "") continue;
    if (line.endsWith(":") && line.length < 40)
      html.push(`<h2 style="font-size:18px;margin:16px 0 8px">${escapeHtml(line.slice(0, -1))}</h2>`);
    else html.push(`<p style="${P}">${escapeHtml(line).replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')}</p>`);
  }
  flush();
  html.push(`<p style="${P}">Questions? Call us on ${escapeHtml(s.providerPhone)} or reply to this e-mail.</p>`);
  const attachments: MailAttachment[] = ics
    ? [
        {
          filename: `${ics.method === "CANCEL" ? "cancelled" : "booking"}-${ics.ref}.ics`,
          contentType: calendarContentType(ics.method),
          content: ics.content,
        },
      ]
    : [];
  return {
    subject,
    html: layout(subject, `<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(heading)}</h1>\n${html.join("\n")}`, s),
    text,
    attachments,
  };
}

/** The joining details of one place: dates, venue, what to bring, the learner form. */
function placeLines(item: OrderItemRow, s: MailSettings, learnerUrl: string | null): string[] {
  return [
    "Your course:",
    `- ${item.title}`,
    `- Dates: ${datesOf(item)}, ${item.time} each day`,
    "Where:",
    s.venueAddress,
    `Map: ${mapSearchUrl(s.venueAddress)}`,
    "Please arrive 15 minutes before the start time on the first day.",
    "What to bring:",
    ...WHAT_TO_BRING.map((w) => `- ${w}`),
    ...(learnerUrl
      ? [
          "Your learner form:",
          "Before the course, please fill in your pre-course form (ID, first aid and declarations). It takes about 10 minutes and can be finished over several visits:",
          `- ${learnerUrl}`,
        ]
      : []),
    "The attached calendar file adds your course days to your calendar.",
  ];
}

/** To a named attendee when their place is booked (or handed to them): their own joining details. */
export function attendeePlaceMail(
  order: OrderRow,
  item: OrderItemRow,
  attendee: Person,
  learnerUrl: string | null,
  calendar: string,
  s: MailSettings,
  opts: { swapped?: boolean } = {},
): RenderedMail {
  const ref = formatBookingRef(order.bookingRef);
  const buyer = `${order.firstName} ${order.lastName}`.trim();
  const booker = order.companyName ? `${buyer} (${order.companyName})` : buyer;
  return render(
    `Your place on ${item.title}: ${datesOf(item)}`,
    "Your place is booked",
    [
      `Dear ${attendee.firstName},`,
      opts.swapped
        ? `${booker} has passed a place on ${item.title} to you. Here are your joining details.`
        : `${booker} has booked you a place on ${item.title}. Here are your joining details.`,
      `Booking reference: ${ref}`,
      ...placeLines(item, s, learnerUrl),
    ],
    s,
    { method: "REQUEST", content: calendar, ref },
  );
}

/** To an attendee whose place was cancelled (a CANCEL file takes the days out of their calendar). */
export function attendeeCancelledMail(order: OrderRow, item: OrderItemRow, attendee: Person, calendar: string, s: MailSettings) {
  const ref = formatBookingRef(order.bookingRef);
  return render(
    `Your place is cancelled: ${item.title}`,
    "Your place is cancelled",
    [
      `Dear ${attendee.firstName},`,
      `Your place on ${item.title} (${datesOf(item)}) in booking ${ref} has been cancelled.`,
      "The attached calendar file takes these course days out of your calendar.",
    ],
    s,
    { method: "CANCEL", content: calendar, ref },
  );
}

/** To an attendee whose name on the place was corrected: the same event with the new name. */
export function attendeeRenamedMail(order: OrderRow, item: OrderItemRow, attendee: Person, calendar: string, s: MailSettings) {
  const ref = formatBookingRef(order.bookingRef);
  return render(
    `Your booking details have changed: ${item.title}`,
    "Your booking details have changed",
    [
      `Dear ${attendee.firstName},`,
      `Your place on ${item.title} (${datesOf(item)}) in booking ${ref} is now in the name of ${fullName(attendee)}.`,
      "The attached calendar file updates the event in your calendar.",
    ],
    s,
    { method: "REQUEST", content: calendar, ref },
  );
}

export type PlaceChange =
  | { kind: "cancelled"; name: string; refundPence: number }
  | { kind: "swapped"; from: string; to: string }
  | { kind: "renamed"; from: string; to: string };

/** To the buyer: what changed on one place of their booking. */
export function buyerPlaceChangeMail(order: OrderRow, item: OrderItemRow, change: PlaceChange, s: MailSettings) {
  const ref = formatBookingRef(order.bookingRef);
  const what =
    change.kind === "cancelled"
      ? [
          `${change.name}'s place on ${item.title} (${datesOf(item)}) has been cancelled. Your booking ${ref} now has ${item.seats - 1} ${item.seats - 1 === 1 ? "place" : "places"} on this course.`,
          change.refundPence > 0
            ? `We have refunded ${formatPence(change.refundPence)} to the card or account you paid with. Refunds usually arrive within 5 to 10 working days.`
            : "No payment has been refunded for this place.",
        ]
      : change.kind === "swapped"
        ? [`The place of ${change.from} on ${item.title} (${datesOf(item)}) in your booking ${ref} now goes to ${change.to}.`]
        : [
            `The place of ${change.from} on ${item.title} (${datesOf(item)}) in your booking ${ref} is now in the name of ${change.to}.`,
          ];
  return render(`Booking changed: ${ref}`, "Your booking has changed", [`Dear ${order.firstName},`, ...what], s);
}

/**
 * To each attendee with their own address when the whole booking changes: its course moved to new
 * dates (REQUEST of their event at the raised SEQUENCE) or it was cancelled (CANCEL).
 */
export function attendeeBookingChangeMail(
  order: OrderRow,
  item: OrderItemRow,
  attendee: Person,
  change: { kind: "moved"; previousDates: string } | { kind: "cancelled" },
  calendar: string,
  s: MailSettings,
) {
  const ref = formatBookingRef(order.bookingRef);
  return change.kind === "moved"
    ? render(
        `Your new course dates: ${item.title}`,
        "Your course dates have changed",
        [
          `Dear ${attendee.firstName},`,
          `Your place on ${item.title} (booking ${ref}) has moved from ${change.previousDates} to:`,
          `${datesOf(item)}, ${item.time} each day`,
          `Where: ${s.venueAddress}`,
          "The attached calendar file moves the course days in your calendar to the new dates.",
        ],
        s,
        { method: "REQUEST", content: calendar, ref },
      )
    : render(
        `Your place is cancelled: ${item.title}`,
        "Your place is cancelled",
        [
          `Dear ${attendee.firstName},`,
          `Booking ${ref}, which held your place on ${item.title} (${datesOf(item)}), has been cancelled.`,
          "The attached calendar file takes these course days out of your calendar.",
        ],
        s,
        { method: "CANCEL", content: calendar, ref },
      );
}
