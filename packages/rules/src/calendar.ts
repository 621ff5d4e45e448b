/**
 * UK calendar arithmetic on 'YYYY-MM-DD' days: today's date in the UK, days, months and years
 * added (29 February falls to 28 February in a year without one), weekdays and the days of a
 * course. Pure calendar arithmetic (no time zone shifts) except `ukDate`, which reads the UK day
 * of an instant. The API, the contract, the site and the admin use these, never their own copy.
 */
import { parseCalendarDate } from "./dates";

const DAY_MS = 86_400_000;

/** Formatter made on first use: creating an Intl formatter is costly (and the site may never need one). */
let ukDayFormat: Intl.DateTimeFormat | null = null;

/** The UK calendar day ('YYYY-MM-DD', Europe/London) of an instant; today when no instant is given. */
export function ukDate(at: Date = new Date()): string {
  // The same instant again (a list's or an export's rows all ask about one `now`): the last answer.
  const ms = at.getTime();
  if (ms === lastUkDate.ms) return lastUkDate.day;
  ukDayFormat ??= new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });
  const day = ukDayFormat.format(at);
  if (Number.isFinite(ms)) lastUkDate = { ms, day };
  return day;
}
let lastUkDate = { ms: Number.NaN, day: "" };

/** Milliseconds since the epoch of the day's UTC midnight; NaN when the day is not a real one. */
function dayMs(iso: string): number {
  const d = parseCalendarDate(iso);
  return d ? Date.UTC(d.year, d.month - 1, d.day) : Number.NaN;
}

function isoOf(ms: number): string {
  const d = new Date(ms);
  const year = String(d.getUTCFullYear()).padStart(4, "0");
  return `${year}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;
}

/** 'YYYY-MM-DD' plus n calendar days (n may be negative): ('2024-02-28', 1) → '2024-02-29'. Throws a RangeError for a day that is not real. */
export function addDays(iso: string, days: number): string {
  const ms = dayMs(iso);
  if (Number.isNaN(ms)) throw new RangeError(`Not a calendar day: ${iso}`);
  return isoOf(ms + Math.trunc(days) * DAY_MS);
}

/**
 * Whole calendar days from `from` to `to` (negative when `to` is earlier): ('2026-01-01',
 * '2026-01-08') → 7, across month ends, leap days and the clock change; NaN when either day is not real.
 */
export function daysBetween(from: string, to: string): number {
  return (dayMs(to) - dayMs(from)) / DAY_MS;
}

/** 'YYYY-MM-DD' + n calendar months; a day the month lacks falls to its last day (31 Jan + 1 → 28/29 Feb). */
export function addCalendarMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** 'YYYY-MM-DD' + n years; 29 February falls to 28 February in a year without one. */
export function addYears(iso: string, years: number): string {
  return addCalendarMonths(iso, years * 12);
}

/** Weekday of a calendar day, 0 = Sunday … 6 = Saturday; NaN when the day is not real. */
export function weekdayOf(iso: string): number {
  const ms = dayMs(iso);
  return Number.isNaN(ms) ? Number.NaN : new Date(ms).getUTCDay();
}

/**
 * The days of a course from its first to its last day inclusive ('YYYY-MM-DD' each), at most
 * `max` of them; a missing end means a one-day course; [] when the start is missing or not real.
 */
export function courseDays(start: string | null | undefined, end: string | null | undefined, max = 60): string[] {
  const first = dayMs(start ?? "");
  const last = dayMs(end || start || "");
  if (Number.isNaN(first) || Number.isNaN(last)) return [];
  const days: string[] = [];
  for (let ms = first; ms <= last && days.length < max; ms += DAY_MS) days.push(isoOf(ms));
  return days;
}
