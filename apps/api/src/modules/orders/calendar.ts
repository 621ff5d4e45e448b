/**
 * The booking as an iCalendar file (RFC 5545) and iTIP message (RFC 5546), decision 285.
 *
 * One event per attendee and course date: its UID is made once for the attendee's place and kept
 * for life (order_attendees.calendar_uid), its SEQUENCE is raised on every change the customer is
 * told about (order_attendees.calendar_sequence). A confirmation or a move is a `REQUEST` (a move
 * reschedules the same UID with the new dates, RFC 5546 §3.2.2.1), a cancellation a `CANCEL` of
 * the same UIDs with STATUS:CANCELLED; the success page's download is a `PUBLISH` of the same events.
 *
 * Written here rather than with ical-generator: that library writes a calendar's DTSTAMP in local
 * time without `Z`, adds the non-standard TIMEZONE-ID and X-WR-TIMEZONE after the VTIMEZONE, ends
 * without CRLF and formats TZID times with the server's own clock zone (an hour out in summer on a
 * UTC server). The whole format we need is a few lines: text escaping and 75-octet folding.
 */
import { formatBookingRef } from "@app/contract";
import type { OrderAttendeeRow, OrderItemRow as ItemRow, OrderRow } from "../../db/schema";
import { daysBetween } from "@app/rules";

export const LONDON = "Europe/London";

/** Europe/London since 1996: GMT, BST from the last Sunday of March 01:00 UTC to the last Sunday of October. */
const LONDON_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/London",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0000",
  "TZOFFSETTO:+0100",
  "TZNAME:BST",
  "DTSTART:19700329T010000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0000",
  "TZNAME:GMT",
  "DTSTART:19701025T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** '9 am - 6pm', '10:30am – 5 pm' → minutes after midnight; the usual 9 to 5 when unreadable. */
export function dailyTimes(time: string): { start: number; end: number } {
  const m = /(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)\s*[-–to]+\s*(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)/i.exec(time);
  if (!m) return { start: 9 * 60, end: 17 * 60 };
  const toMin = (h: string, min: string | undefined, ap: string) =>
    ((Number(h) % 12) + (ap.toLowerCase() === "pm" ? 12 : 0)) * 60 + Number(min ?? 0);
  return { start: toMin(m[1]!, m[2], m[3]!), end: toMin(m[4]!, m[5], m[6]!) };
}

/** The course's days, first and last included: one for a one-day course or an end before the start, at most 400. */
const dayCount = (start: string, end: string) => Math.min(Math.max(daysBetween(start, end), 0) + 1, 400);

const pad = (n: number) => String(n).padStart(2, "0");

/** A London wall-clock time as a DATE-TIME with TZID (RFC 5545 §3.3.5 form 3): no server-zone arithmetic. */
const londonLocal = (day: string, minutes: number) =>
  `${day.replace(/-/g, "")}T${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}00`;

/** An instant in UTC with `Z` (DTSTAMP must be UTC, RFC 5545 §3.8.7.2). */
export const utcStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** TEXT value escaping (RFC 5545 §3.3.11). */
const text = (v: string) => v.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** A parameter value (§3.2): quoted when it holds `:;,`; a DQUOTE cannot appear, so it goes. */
const param = (v: string) => {
  const clean = v.replace(/["\r\n]/g, "");
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
};

/** Folds a content line at 75 octets (§3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    // The first line holds 75 octets; each continuation starts with a space, so 74 more.
    if (octets + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

export type CalendarSettings = {
  providerName: string;
  providerEmail: string;
  venueAddress: string;
  providerPhone: string;
  siteUrl: string;
};

/** REQUEST: new or changed (mails); CANCEL: cancelled (mail); PUBLISH: the download. */
export type CalendarMethod = "REQUEST" | "CANCEL" | "PUBLISH";

type Place = Pick<
  OrderAttendeeRow,
  "orderItemId" | "position" | "firstName" | "lastName" | "email" | "calendarUid" | "calendarSequence"
>;

/**
 * The calendar file of a booking: one VEVENT per attendee place on a dated course, repeating daily
 * over the course's days. `places` are the booking's attendees (their UIDs and sequences); items
 * without a date are left out.
 */
export function bookingCalendar(
  order: OrderRow,
  items: readonly ItemRow[],
  places: readonly Place[],
  settings: CalendarSettings,
  opts: { method: CalendarMethod; now: Date },
): string {
  const ref = formatBookingRef(order.bookingRef);
  const cancelled = opts.method === "CANCEL";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Merseyside Door and Guard Training//Bookings//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${opts.method}`,
    ...LONDON_VTIMEZONE,
  ];
  for (const item of items) {
    if (!item.startDate) continue;
    const { start, end } = dailyTimes(item.time);
    const days = dayCount(item.startDate, item.endDate ?? item.startDate);
    const people = places.filter((p) => p.orderItemId === item.id).sort((a, b) => a.position - b.position);
    for (const place of people) {
      const name = `${place.firstName} ${place.lastName}`.trim();
      lines.push(
        "BEGIN:VEVENT",
        `UID:${place.calendarUid ?? `place-${place.orderItemId}-${place.position}`}`,
        `DTSTAMP:${utcStamp(opts.now)}`,
        `SEQUENCE:${place.calendarSequence}`,
        `DTSTART;TZID=${LONDON}:${londonLocal(item.startDate, start)}`,
        `DTEND;TZID=${LONDON}:${londonLocal(item.startDate, end)}`,
        ...(days > 1 ? [`RRULE:FREQ=DAILY;COUNT=${days}`] : []),
        // A group booking's file holds one event per person: the name tells them apart.
        `SUMMARY:${text(item.seats > 1 ? `${item.title} (${name})` : item.title)}`,
        `LOCATION:${text(settings.venueAddress)}`,
        `DESCRIPTION:${text(
          [
            `Booking reference: ${ref}`,
            `Attendee: ${name}`,
            `${item.dateLabel}, ${item.time} each day`,
            ...(cancelled
              ? ["This place has been cancelled."]
              : [
                  "Please arrive 15 minutes before the start time on the first day.",
                  "Bring photo ID, two proofs of address and proof of your right to work in the UK.",
                ]),
            `Questions? ${settings.providerPhone}`,
          ].join("\n"),
        )}`,
        `URL:${settings.siteUrl}`,
        `STATUS:${cancelled ? "CANCELLED" : "CONFIRMED"}`,
        "TRANSP:OPAQUE",
        `ORGANIZER;CN=${param(settings.providerName)}:mailto:${settings.providerEmail}`,
        // iTIP REQUEST and CANCEL name the attendee (RFC 5546 §3.2.2, §3.2.5); PUBLISH must not.
        ...(opts.method === "PUBLISH"
          ? []
          : [
              `ATTENDEE;CN=${param(name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${place.email || order.guestEmail}`,
            ]),
        "END:VEVENT",
      );
    }
  }
  lines.push("END:VCALENDAR");
  // Every content line ends with CRLF, the last one too (RFC 5545 §3.1).
  return lines.map(fold).join("\r\n") + "\r\n";
}

/** The MIME type of a calendar attachment: iMIP (RFC 6047) names the method beside the charset. */
export const calendarContentType = (method: CalendarMethod) => `text/calendar; charset=utf-8; method=${method}`;
