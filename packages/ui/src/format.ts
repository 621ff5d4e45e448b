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

import { parseCalendarDate, type DateInput } from "@app/rules";

// Money formatting, the money conversions and calendar-date rules are the shared rules of
// @app/rules (the API and its mails use the same ones); they are re-exported here so UI code
// keeps one import for formatting.
export {
  formatDateRange,
  formatLongDate,
  formatPence,
  formatPounds,
  INVALID_AMOUNT,
  NO_DATE_SET,
  ordinal,
  parseCalendarDate,
  penceToPounds,
  poundsToPence,
  type CalendarDate,
  type DateInput,
} from "@app/rules";

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

/** Made on first use: an Intl formatter is costly to create (decision 257). */
let localeDate: Intl.DateTimeFormat | null = null;

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
  localeDate ??= new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", year: "numeric" });
  return localeDate.format(date);
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
