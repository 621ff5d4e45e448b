/**
 * The bookings CSV (issue 13, decision 183): one row per attendee per course, times in
 * Europe/London, separate columns for course, start and end dates, add-ons, amount paid and status.
 * RFC 4180 quoting; text that a spreadsheet would run as a formula (= + - @, tab, CR first) gets a
 * leading apostrophe; phone numbers are written as `="07700 900321"` so spreadsheets keep them as
 * typed text (leading 0 and +44 intact) — only for values made of phone characters, so no
 * customer-typed text ever becomes a formula.
 */
import { inArray } from "drizzle-orm";
import { BOOKING_STATUS_LABELS, PAYMENT_METHOD_LABELS, REFUND_STATE_LABELS, type BookingRow } from "@app/contract";
import type { Db } from "../../db/client";
import { orderAttendees, orderItems, orders } from "../../db/schema";

const LONDON_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** '2026-03-29 14:05' in Europe/London (BST or GMT as it was then). */
export function londonDateTime(at: Date): string {
  const p = Object.fromEntries(LONDON_TIME.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

const PHONE_CHARS = /^\+?[0-9][0-9 ()-]{2,39}$/;

/** One cell: formula characters neutralised, quoted when needed (RFC 4180). */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A phone number kept as text: `="07700 900321"` (quoted for CSV); anything else as a plain cell. */
export function phoneCell(value: string): string {
  const v = value.trim();
  if (!PHONE_CHARS.test(v)) return csvCell(v);
  return `"=""${v}"""`;
}

export const CSV_COLUMNS = [
  "Booking reference",
  "Status",
  "Refund",
  "Booked on (UK time)",
  "Attendee first name",
  "Attendee last name",
  "Attendee email",
  "Course",
  "Start date",
  "End date",
  "Daily times",
  "Add-ons",
  "Places in booking",
  "Booking total (GBP)",
  "Amount paid (GBP)",
  "Refunded (GBP)",
  "Payment method",
  "Paid on (UK time)",
  "Buyer name",
  "Buyer email",
  "Buyer phone",
  "Company",
  "Purchase order",
  "Discount code",
  "Amount due (GBP)",
  "Balance due on",
  "Money state",
] as const;

const money = (pounds: number | null) => (pounds === null ? "" : pounds.toFixed(2));

/** The CSV of these bookings (list rows, in their order), with a BOM so spreadsheets read UTF-8. */
export async function bookingsCsv(db: Db, rows: BookingRow[]): Promise<string> {
  const ids = rows.map((r) => r.id);
  const [orderRows, items, attendees] = ids.length
    ? await Promise.all([
        db.select().from(orders).where(inArray(orders.id, ids)),
        db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(orderItems.id),
        db
          .select()
          .from(orderAttendees)
          .where(inArray(orderAttendees.orderId, ids))
          .orderBy(orderAttendees.orderItemId, orderAttendees.position),
      ])
    : [[], [], []];
  const lines = [CSV_COLUMNS.map(csvCell).join(",")];
  for (const r of rows) {
    const o = orderRows.find((x) => x.id === r.id)!;
    for (const item of items.filter((i) => i.orderId === r.id)) {
      const people = attendees.filter((a) => a.orderItemId === item.id);
      const each = people.length ? people : [{ firstName: o.firstName, lastName: o.lastName, email: o.guestEmail }];
      for (const a of each) {
        lines.push(
          [
            csvCell(r.booking_reference),
            csvCell(BOOKING_STATUS_LABELS[r.status]),
            csvCell(REFUND_STATE_LABELS[r.refund_state]),
            csvCell(londonDateTime(o.createdAt)),
            csvCell(a.firstName),
            csvCell(a.lastName),
            csvCell(a.email ?? ""),
            csvCell(item.title),
            csvCell(item.startDate ?? ""),
            csvCell(item.endDate ?? item.startDate ?? ""),
            csvCell(item.time),
            csvCell(item.addOns.map((x) => x.name).join("; ")),
            csvCell(r.places),
            csvCell(money(r.amount)),
            csvCell(money(r.amount_paid)),
            csvCell(money(r.refunded)),
            csvCell(PAYMENT_METHOD_LABELS[r.payment_method]),
            csvCell(o.paidAt ? londonDateTime(o.paidAt) : ""),
            csvCell(r.customer_name),
            csvCell(r.email),
            phoneCell(r.phone),
            csvCell(o.companyName ?? ""),
            csvCell(o.purchaseOrder ?? ""),
            csvCell(o.discountCode ?? ""),
            csvCell(money(r.balance_due)),
            csvCell(r.balance_due_on ?? ""),
            csvCell(r.money_state ?? ""),
          ].join(","),
        );
      }
    }
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
