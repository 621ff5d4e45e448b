/**
 * The bookings CSV (issue 13, decision 183): one row per attendee per course, times in
 * Europe/London, separate columns for course, start and end dates, add-ons, amount paid and status.
 * RFC 4180 quoting; text that a spreadsheet would run as a formula (= + - @, tab, CR first) gets a
 * leading apostrophe; phone numbers are written as `="07700 900321"` so spreadsheets keep them as
 * typed text (leading 0 and +44 intact) — only for values made of phone characters, so no
 * customer-typed text ever becomes a formula.
 */
import { BOOKING_STATUS_LABELS, PAYMENT_METHOD_LABELS, REFUND_STATE_LABELS, type BookingRow } from "@app/contract";
import type { Db } from "../../db/client";
import { csvRowsOf } from "./csv-repository";
import { csvCell, phoneCell } from "../../lib/csv-cells";

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

// The cells are shared with the accountant's exports (lib/csv-cells.ts).
export { csvCell, phoneCell };

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

/** The lines of these bookings (list rows, in their order), each ending in CRLF. */
async function csvLinesOf(db: Db, rows: BookingRow[]): Promise<string> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return "";
  const { orderRows, items, attendees } = await csvRowsOf(db, ids);
  const orderOf = new Map(orderRows.map((o) => [o.id, o]));
  const itemsOf = groupBy(items, (i) => i.orderId);
  const peopleOf = groupBy(attendees, (a) => a.orderItemId);
  let out = "";
  for (const r of rows) {
    const o = orderOf.get(r.id)!;
    for (const item of itemsOf.get(r.id) ?? []) {
      const people = peopleOf.get(item.id) ?? [];
      const each = people.length ? people : [{ firstName: o.firstName, lastName: o.lastName, email: o.guestEmail }];
      for (const a of each) {
        out +=
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
          ].join(",") + "\r\n";
      }
    }
  }
  return out;
}

function groupBy<T, K>(xs: readonly T[], key: (x: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const x of xs) {
    const list = m.get(key(x));
    if (list) list.push(x);
    else m.set(key(x), [x]);
  }
  return m;
}

/**
 * The CSV of the bookings `batches` yields (list rows, in their order), as a stream (decision
 * 464): the BOM (so spreadsheets read UTF-8) and the header line go out at once, then each batch's
 * lines as soon as they are made; memory holds one batch.
 */
export async function* bookingsCsv(db: Db, batches: AsyncIterable<BookingRow[]>): AsyncGenerator<string> {
  yield `\uFEFF${CSV_COLUMNS.map(csvCell).join(",")}\r\n`;
  for await (const rows of batches) {
    const lines = await csvLinesOf(db, rows);
    if (lines) yield lines;
  }
}
