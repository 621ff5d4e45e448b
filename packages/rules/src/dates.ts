/**
 * Calendar dates ('YYYY-MM-DD') and the spec's course date label (spec §9).
 * The API labels dates with this (orders match a cart's `selectedDate` against it) and the
 * site and admin show it: one implementation, so a label can never drift between the two.
 *
 * Dates are plain calendar dates: the first ten characters are read as written, never shifted
 * by a time zone, so the server and the browser produce the same text.
 */

/** Spec §9: shown when a course date range lacks its start or end. */
export const NO_DATE_SET = "No date set";

export const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
export const MONTHS_LONG = [
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
  /** 1-31, never past the month's last day */
  day: number;
}

export type DateInput = string | Date | null | undefined;

/** Days in a month of a year (leap years included): (2024, 2) → 29, (2025, 2) → 28. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Reads the calendar date of 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss' or a full ISO timestamp
 * (first ten characters, as written), or the local date of a Date. Null when missing or not a
 * real day: '2025-02-30', '2025-13-01' and '2025-00-10' are all null.
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
  // There is no year 0 (1 BC is followed by AD 1), and Postgres refuses it.
  if (year < 1) return null;
  if (month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Exactly 'YYYY-MM-DD' and a real calendar day ('2024-02-29' yes, '2025-02-29' no). */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && parseCalendarDate(value) !== null;
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
 * - start or end missing or not a real day:   'No date set'
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

export const WEEKDAYS_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

function weekdayShort(d: CalendarDate): string {
  return WEEKDAYS_SHORT[new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay()] ?? "";
}

/** 'Mon 7 Dec' for one day (the register's column heads); '' when unreadable. */
export function formatDayMonthWithWeekday(value: DateInput): string {
  const d = parseCalendarDate(value);
  return d ? `${weekdayShort(d)} ${d.day} ${shortMonth(d)}` : "";
}

const dayWithWeekday = (d: CalendarDate) => `${weekdayShort(d)} ${d.day} ${shortMonth(d)} ${d.year}`;

/** 'Mon 7 Dec 2026' for one day; '' when unreadable. */
export function formatDayWithWeekday(value: DateInput): string {
  const d = parseCalendarDate(value);
  return d ? dayWithWeekday(d) : "";
}

/**
 * Course dates as customers read them, with the weekday (mails, the confirmation page):
 * 'Mon 7 – Sat 12 Dec 2026', 'Mon 30 Nov – Fri 4 Dec 2026', 'Wed 30 Dec 2026 – Fri 1 Jan 2027',
 * 'Mon 7 Dec 2026' (no or the same end); '' when the start or the end is unreadable.
 */
export function formatDateRangeWithWeekday(start: DateInput, end?: DateInput): string {
  const s = parseCalendarDate(start);
  const e = end ? parseCalendarDate(end) : s;
  if (!s || !e) return "";
  const first = `${weekdayShort(s)} ${s.day}`;
  const last = dayWithWeekday(e);
  if (s.year === e.year && s.month === e.month && s.day === e.day) return last;
  if (s.year !== e.year) return `${first} ${shortMonth(s)} ${s.year} – ${last}`;
  if (s.month !== e.month) return `${first} ${shortMonth(s)} – ${last}`;
  return `${first} – ${last}`;
}
