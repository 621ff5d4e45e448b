/**
 * Pure formatting helpers shared by the site, the admin portal and API-facing code.
 * No React, no DOM, no module-level state beyond constant formatters: safe on the server.
 *
 * Money: the database and every computation use integer pence; the API contract carries pounds
 * as numbers with at most 2 decimals. Convert at the edges with poundsToPence / penceToPounds.
 * Prices always show two decimals: '£250.00', '£30.00', '£1,250.00'.
 *
 * Calendar dates ('YYYY-MM-DD') are treated as plain dates: the first ten characters are read
 * as written and never shifted by a time zone, so server and browser render the same text.
 * Timestamps (relativeTime, clockTime, inTimeFilter) are instants shown in local time;
 * a timestamp without an offset ('2025-03-12 14:05:00') is read as local time.
 */

// ---------------------------------------------------------------- money

const GBP = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Shown for an amount that is not a finite number, rather than a misleading '£0.00'. */
export const INVALID_AMOUNT = "—";

/**
 * Pounds (as the API carries them) to integer pence, without float error:
 * 19.99 → 1999, 0.1 + 0.2 → 30, 1.005 → 101 (half away from zero on the decimal as written).
 * Throws a RangeError for NaN or ±Infinity.
 */
export function poundsToPence(pounds: number): number {
  if (!Number.isFinite(pounds)) throw new RangeError(`Not a finite amount of pounds: ${pounds}`);
  const abs = Math.abs(pounds);
  const text = String(abs);
  // Shift the decimal point in the decimal text ('19.99e2' = 1999) instead of multiplying
  // the binary float (19.99 * 100 = 1998.9999999999998).
  const shifted = text.includes("e") ? abs * 100 : Number(`${text}e2`);
  const pence = Math.round(shifted);
  return pounds < 0 ? -pence || 0 : pence;
}

/** Integer pence to pounds for the API: 1999 → 19.99, 25000 → 250. Non-integers are rounded to whole pence first. */
export function penceToPounds(pence: number): number {
  if (!Number.isFinite(pence)) throw new RangeError(`Not a finite amount of pence: ${pence}`);
  return (Math.round(pence) || 0) / 100;
}

/** 25000 → '£250.00', 1999 → '£19.99', 125000 → '£1,250.00', -500 → '-£5.00'. */
export function formatPence(pence: number): string {
  if (!Number.isFinite(pence)) return INVALID_AMOUNT;
  return GBP.format((Math.round(pence) || 0) / 100);
}

/** 250 → '£250.00', 30 → '£30.00', 19.99 → '£19.99' (rounded to whole pence via poundsToPence). */
export function formatPounds(pounds: number): string {
  if (!Number.isFinite(pounds)) return INVALID_AMOUNT;
  return formatPence(poundsToPence(pounds));
}

// ---------------------------------------------------------------- calendar dates

/** Spec §9: shown when a course date range lacks its start or end. */
export const NO_DATE_SET = "No date set";

const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const MONTHS_LONG = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export interface CalendarDate {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-31 */
  day: number;
}

export type DateInput = string | Date | null | undefined;

/**
 * Reads the calendar date of 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss' or a full ISO timestamp
 * (first ten characters, as written), or the local date of a Date. Null when missing or invalid.
 */
export function parseCalendarDate(value: DateInput): CalendarDate | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return { year: value.getFullYear(), month: value.getMonth() + 1, day: value.getDate() };
  }
  if (typeof value !== "string") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?=$|[T ])/.exec(value.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** English ordinal: 1 → '1st', 2 → '2nd', 3 → '3rd', 4 → '4th', 11-13 → 'th', 21 → '21st', 112 → '112th'. */
export function ordinal(n: number): string {
  const value = Math.trunc(n);
  const abs = Math.abs(value);
  const lastTwo = abs % 100;
  let suffix = "th";
  if (lastTwo < 11 || lastTwo > 13) {
    const last = abs % 10;
    if (last === 1) suffix = "st";
    else if (last === 2) suffix = "nd";
    else if (last === 3) suffix = "rd";
  }
  return `${value}${suffix}`;
}

function shortMonth(d: CalendarDate): string {
  return MONTHS_SHORT[d.month - 1] ?? "";
}

/**
 * A course date range (spec §9). Month names are fixed English abbreviations ('Sep', never 'Sept').
 * - same day:               '12th Mar 2025'
 * - same month:             '12 - 14th Mar 2025'   (the spec's form; also the `selectedDate` label)
 * - across months:          '30th Mar - 2nd Apr 2025'
 * - across years:           '30th Dec 2025 - 2nd Jan 2026'
 * - start or end missing:   'No date set'
 */
export function formatDateRange(start: DateInput, end: DateInput): string {
  const s = parseCalendarDate(start);
  const e = parseCalendarDate(end);
  if (!s || !e) return NO_DATE_SET;
  if (s.year !== e.year) {
    return `${ordinal(s.day)} ${shortMonth(s)} ${s.year} - ${ordinal(e.day)} ${shortMonth(e)} ${e.year}`;
  }
  if (s.month !== e.month) {
    return `${ordinal(s.day)} ${shortMonth(s)} - ${ordinal(e.day)} ${shortMonth(e)} ${e.year}`;
  }
  if (s.day !== e.day) {
    return `${s.day} - ${ordinal(e.day)} ${shortMonth(e)} ${e.year}`;
  }
  return `${ordinal(s.day)} ${shortMonth(s)} ${s.year}`;
}

/** Discount dates: '2025-01-01' (or '2025-01-01 00:00:00', or a full ISO timestamp) → '1st January, 2025'; 'No date set' when missing or invalid. */
export function formatLongDate(value: DateInput): string {
  const d = parseCalendarDate(value);
  if (!d) return NO_DATE_SET;
  return `${ordinal(d.day)} ${MONTHS_LONG[d.month - 1] ?? ""}, ${d.year}`;
}

// ---------------------------------------------------------------- timestamps

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * An instant from a Date, 'YYYY-MM-DD' (local midnight), 'YYYY-MM-DD HH:mm[:ss]' (local time)
 * or an ISO timestamp with or without offset. Null when missing or invalid.
 */
export function parseTimestamp(value: DateInput): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const d = parseCalendarDate(text);
    return d ? new Date(d.year, d.month - 1, d.day) : null;
  }
  const match = TIMESTAMP.exec(text);
  let date: Date;
  if (match) {
    let zone = match[3] ?? "";
    if (/^[+-]\d{4}$/.test(zone)) zone = `${zone.slice(0, 3)}:${zone.slice(3)}`;
    date = new Date(`${match[1]}T${match[2]}${zone.toUpperCase()}`);
  } else {
    date = new Date(text);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

const LOCALE_DATE = new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", year: "numeric" });

/**
 * Spec §9 relative time: under 1 minute 'Just now' (also for future times), under 60 minutes 'Nm ago',
 * under 24 hours 'Nh ago', then 'Yesterday' (24-48 h), 'Nd ago' under 7 days, otherwise the
 * en-GB date '01/02/2025'. Empty string for an invalid input.
 */
export function relativeTime(value: DateInput, now: Date = new Date()): string {
  const date = parseTimestamp(value);
  if (!date) return "";
  const diff = now.getTime() - date.getTime();
  if (diff < MINUTE) return "Just now";
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m ago`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h ago`;
  const days = Math.floor(diff / DAY);
  if (days < 2) return "Yesterday";
  if (days < 7) return `${days}d ago`;
  return LOCALE_DATE.format(date);
}

/** 24-hour local clock time 'HH:mm' ('09:05', '23:59'); empty string for an invalid input. */
export function clockTime(value: DateInput): string {
  const date = parseTimestamp(value);
  if (!date) return "";
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}

/** Local midnight at the start of the given day. */
export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Local midnight of the Sunday on or before `date` (spec §9: weeks start on Sunday). */
export function startOfWeekSunday(date: Date): Date {
  const start = startOfDay(date);
  start.setDate(start.getDate() - start.getDay());
  return start;
}

/** Local midnight of the first day of the month. */
export function startOfMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), 1);
}

export type TimeFilter = "today" | "week" | "month" | "all";

/** The activity-log filter options with the spec's labels, in display order. */
export const TIME_FILTER_OPTIONS: ReadonlyArray<{ value: TimeFilter; label: string }> = [
  { value: "today", label: "Today" },
  { value: "week", label: "This Week" },
  { value: "month", label: "This Month" },
  { value: "all", label: "All Time" },
];

/**
 * Whether a timestamp falls in the activity-log filter: 'today' = since local midnight,
 * 'week' = since the Sunday of the current week, 'month' = since the 1st, 'all' = always.
 * Invalid timestamps match only 'all'.
 */
export function inTimeFilter(value: DateInput, filter: TimeFilter, now: Date = new Date()): boolean {
  if (filter === "all") return true;
  const date = parseTimestamp(value);
  if (!date) return false;
  const from = filter === "today" ? startOfDay(now) : filter === "week" ? startOfWeekSunday(now) : startOfMonth(now);
  return date.getTime() >= from.getTime();
}

// ---------------------------------------------------------------- text

/** Words separated by whitespace: countWords('  Door  supervisor\ncourse ') → 3; '' → 0. */
export function countWords(text: string | null | undefined): number {
  if (!text) return 0;
  return text.split(/\s+/).filter(Boolean).length;
}
