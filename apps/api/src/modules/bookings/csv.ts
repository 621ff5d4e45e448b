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

/** '2026-03-29 14:05' in Europe/London, by Intl (slow: a few microseconds a call). */
function londonByIntl(at: Date): string {
  const p = Object.fromEntries(LONDON_TIME.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

const DAY_MS = 86_400_000;
/** London's offset from UTC (ms) through each UTC day, when it is the same all day (no clock change). */
const dayOffsets = new Map<number, number | null>();

/** London's offset at `ms` (a whole minute) from its wall clock, by Intl. */
function offsetAt(ms: number): number {
  const [y, mo, d, h, mi] = londonByIntl(new Date(ms)).split(/[- :]/).map(Number) as [number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi) - ms;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * '2026-03-29 14:05' in Europe/London (BST or GMT as it was then). The offset is found by Intl once
 * per UTC day and reused for every time of that day (100,000 bookings in the CSV); a day on which
 * the clocks change (the offset at its start and end differ) asks Intl for each time.
 */
export function londonDateTime(at: Date): string {
  const ms = at.getTime();
  if (!Number.isFinite(ms)) return londonByIntl(at);
  const day = Math.floor(ms / DAY_MS);
  let offset = dayOffsets.get(day);
  if (offset === undefined) {
    const first = offsetAt(day * DAY_MS);
    offset = first === offsetAt(day * DAY_MS + DAY_MS - 60_000) ? first : null;
    if (dayOffsets.size >= 20_000) dayOffsets.clear();
    dayOffsets.set(day, offset);
  }
  const local = new Date(ms + (offset ?? 0));
  const year = local.getUTCFullYear();
  if (offset === null || year < 1000 || year > 9999) return londonByIntl(at);
  return `${year}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())} ${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}`;
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

/**
 * The lines of these bookings (list rows, in their order), each ending in CRLF. A booking's own
 * cells and an item's are made once, not once per attendee (decision 560).
 */
function csvLinesOf(rows: BookingRow[], { orderRows, items, attendees }: Awaited<ReturnType<typeof csvRowsOf>>): string {
  const orderOf = new Map(orderRows.map((o) => [o.id, o]));
  const itemsOf = groupBy(items, (i) => i.orderId);
  const peopleOf = groupBy(attendees, (a) => a.orderItemId);
  let out = "";
  for (const r of rows) {
    const o = orderOf.get(r.id)!;
    const head = [
      csvCell(r.booking_reference),
      csvCell(BOOKING_STATUS_LABELS[r.status]),
      csvCell(REFUND_STATE_LABELS[r.refund_state]),
      csvCell(londonDateTime(new Date(o.createdAt))),
    ].join(",");
    const tail = [
      csvCell(r.places),
      csvCell(money(r.amount)),
      csvCell(money(r.amount_paid)),
      csvCell(money(r.refunded)),
      csvCell(PAYMENT_METHOD_LABELS[r.payment_method]),
      csvCell(o.paidAt ? londonDateTime(new Date(o.paidAt)) : ""),
      csvCell(r.customer_name),
      csvCell(r.email),
      phoneCell(r.phone),
      csvCell(o.companyName ?? ""),
      csvCell(o.purchaseOrder ?? ""),
      csvCell(o.discountCode ?? ""),
      csvCell(money(r.balance_due)),
      csvCell(r.balance_due_on ?? ""),
      csvCell(r.money_state ?? ""),
    ].join(",");
    for (const item of itemsOf.get(r.id) ?? []) {
      const course = [
        csvCell(item.title),
        csvCell(item.startDate ?? ""),
        csvCell(item.endDate ?? item.startDate ?? ""),
        csvCell(item.time),
        csvCell(item.addOns.map((x) => x.name).join("; ")),
      ].join(",");
      const people = peopleOf.get(item.id) ?? [];
      const each = people.length ? people : [{ firstName: o.firstName, lastName: o.lastName, email: o.guestEmail }];
      for (const a of each)
        out += `${head},${csvCell(a.firstName)},${csvCell(a.lastName)},${csvCell(a.email ?? "")},${course},${tail}\r\n`;
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
  // One batch ahead: the database reads the next batch (its list rows, then its orders, items and
  // attendees) while this one is written (decision 560).
  const it = batches[Symbol.asyncIterator]();
  const ahead = () => {
    const batch = it.next().then((r) => {
      if (r.done) return null;
      const facts = csvRowsOf(
        db,
        r.value.map((row) => row.id),
      );
      // A failure of a read ahead surfaces when it is awaited, never as an unhandled rejection.
      facts.catch(() => undefined);
      return { rows: r.value, facts };
    });
    batch.catch(() => undefined);
    return batch;
  };
  let next = ahead();
  try {
    for (;;) {
      const current = await next;
      if (!current) return;
      next = ahead();
      if (!current.rows.length) continue;
      const lines = csvLinesOf(current.rows, await current.facts);
      if (lines) yield lines;
    }
  } finally {
    // The download stopped early (or failed): the batches stop too.
    await it.return?.();
  }
}
