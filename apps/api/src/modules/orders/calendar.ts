/**
 * The booking as an iCalendar file (RFC 5545): one event per course, repeating daily over the
 * course's days with its daily times, in Europe/London (with its VTIMEZONE), made with
 * ical-generator. Used by the confirmation mail (attachment) and the success page's
 * 'Add to calendar' (GET /api/orders/:reference/calendar.ics).
 */
import ical, { ICalCalendarMethod, ICalEventRepeatingFreq } from "ical-generator";
import { formatBookingRef } from "@app/contract";
import { addDays, ukMidnight } from "../../lib/dates";
import type { OrderItemRow as ItemRow, OrderRow } from "../../db/schema";

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
].join("\r\n");

/** '9 am - 6pm', '10:30am – 5 pm' → minutes after midnight; the usual 9 to 5 when unreadable. */
export function dailyTimes(time: string): { start: number; end: number } {
  const m = /(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)\s*[-–to]+\s*(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)/i.exec(time);
  if (!m) return { start: 9 * 60, end: 17 * 60 };
  const toMin = (h: string, min: string | undefined, ap: string) =>
    ((Number(h) % 12) + (ap.toLowerCase() === "pm" ? 12 : 0)) * 60 + Number(min ?? 0);
  return { start: toMin(m[1]!, m[2], m[3]!), end: toMin(m[4]!, m[5], m[6]!) };
}

/** The instant of a London wall-clock time on a 'YYYY-MM-DD' day. */
export function londonInstant(day: string, minutes: number): Date {
  return new Date(ukMidnight(day).getTime() + minutes * 60_000);
}

const daysBetween = (start: string, end: string) => {
  let n = 1;
  for (let d = start; d < end && n < 400; d = addDays(d, 1)) n++;
  return n;
};

export type CalendarSettings = { providerName: string; venueAddress: string; providerPhone: string; siteUrl: string };

export function bookingCalendar(order: OrderRow, items: ItemRow[], settings: CalendarSettings, now = new Date()): string {
  const ref = formatBookingRef(order.bookingRef);
  const cal = ical({
    name: `${settings.providerName} booking ${ref}`,
    prodId: { company: "Merseyside Door and Guard Training", product: "Bookings", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: LONDON, generator: (tz) => (tz === LONDON ? LONDON_VTIMEZONE : null) },
  });
  items.forEach((item, n) => {
    if (!item.startDate) return;
    const { start, end } = dailyTimes(item.time);
    const days = daysBetween(item.startDate, item.endDate ?? item.startDate);
    cal.createEvent({
      id: `${order.bookingRef}-${n + 1}@bookings`,
      stamp: now,
      start: londonInstant(item.startDate, start),
      end: londonInstant(item.startDate, end),
      timezone: LONDON,
      ...(days > 1 ? { repeating: { freq: ICalEventRepeatingFreq.DAILY, count: days } } : {}),
      summary: item.title,
      location: settings.venueAddress,
      description: [
        `Booking reference: ${ref}`,
        `${item.dateLabel}, ${item.time} each day`,
        "Please arrive 15 minutes before the start time on the first day.",
        "Bring photo ID, two proofs of address and proof of your right to work in the UK.",
        `Questions? ${settings.providerPhone}`,
      ].join("\n"),
      url: settings.siteUrl,
    });
  });
  return cal.toString();
}
