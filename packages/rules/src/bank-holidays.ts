/**
 * Bank holidays in England and Wales, and working days counted around them.
 *
 * Source: GOV.UK "UK bank holidays" (https://www.gov.uk/bank-holidays, the england-and-wales
 * division of https://www.gov.uk/bank-holidays.json), read on 2026-11-26. Substitute days are
 * listed as GOV.UK lists them (e.g. 28 December 2026 for Boxing Day on a Saturday). The table is
 * dated rather than computed because holidays are set by proclamation (2022 had two extra days);
 * `BANK_HOLIDAYS_KNOWN_UNTIL` says how far it reaches, and a test fails a year before it runs out.
 */
import { parseCalendarDate } from "./dates";

/** The last year the table below covers completely. */
export const BANK_HOLIDAYS_KNOWN_UNTIL = 2028;

/** England and Wales bank holidays, 'YYYY-MM-DD' → name. */
export const ENGLAND_WALES_BANK_HOLIDAYS: Readonly<Record<string, string>> = {
  "2024-01-01": "New Year’s Day",
  "2024-03-29": "Good Friday",
  "2024-04-01": "Easter Monday",
  "2024-05-06": "Early May bank holiday",
  "2024-05-27": "Spring bank holiday",
  "2024-08-26": "Summer bank holiday",
  "2024-12-25": "Christmas Day",
  "2024-12-26": "Boxing Day",
  "2025-01-01": "New Year’s Day",
  "2025-04-18": "Good Friday",
  "2025-04-21": "Easter Monday",
  "2025-05-05": "Early May bank holiday",
  "2025-05-26": "Spring bank holiday",
  "2025-08-25": "Summer bank holiday",
  "2025-12-25": "Christmas Day",
  "2025-12-26": "Boxing Day",
  "2026-01-01": "New Year’s Day",
  "2026-04-03": "Good Friday",
  "2026-04-06": "Easter Monday",
  "2026-05-04": "Early May bank holiday",
  "2026-05-25": "Spring bank holiday",
  "2026-08-31": "Summer bank holiday",
  "2026-12-25": "Christmas Day",
  "2026-12-28": "Boxing Day (substitute day)",
  "2027-01-01": "New Year’s Day",
  "2027-03-26": "Good Friday",
  "2027-03-29": "Easter Monday",
  "2027-05-03": "Early May bank holiday",
  "2027-05-31": "Spring bank holiday",
  "2027-08-30": "Summer bank holiday",
  "2027-12-27": "Christmas Day (substitute day)",
  "2027-12-28": "Boxing Day (substitute day)",
  "2028-01-03": "New Year’s Day (substitute day)",
  "2028-04-14": "Good Friday",
  "2028-04-17": "Easter Monday",
  "2028-05-01": "Early May bank holiday",
  "2028-05-29": "Spring bank holiday",
  "2028-08-28": "Summer bank holiday",
  "2028-12-25": "Christmas Day",
  "2028-12-26": "Boxing Day",
};

function isoOf(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The bank holiday's name on this calendar date ('YYYY-MM-DD…'), or null. */
export function bankHolidayName(date: string): string | null {
  const d = parseCalendarDate(date);
  if (!d) return null;
  return ENGLAND_WALES_BANK_HOLIDAYS[isoOf(d.year, d.month, d.day)] ?? null;
}

/** Saturday or Sunday (the calendar date as written, no time zone). */
export function isWeekend(date: string): boolean {
  const d = parseCalendarDate(date);
  if (!d) return false;
  const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** A working day: not a weekend, not an England and Wales bank holiday. */
export function isWorkingDay(date: string): boolean {
  return !isWeekend(date) && bankHolidayName(date) === null;
}

/**
 * The date `n` working days after `date` ('YYYY-MM-DD'): the start day itself is not counted,
 * so 4 working days after Thursday 24 December 2026 is Monday 4 January 2027 (25 and 28
 * December and 1 January are bank holidays). n = 0 gives the date itself.
 */
export function addWorkingDays(date: string, n: number): string {
  const d = parseCalendarDate(date);
  if (!d) throw new RangeError(`Not a calendar date: ${date}`);
  const cursor = new Date(Date.UTC(d.year, d.month - 1, d.day));
  let left = Math.max(0, Math.trunc(n));
  while (left > 0) {
    cursor.setUTCDate(cursor.getUTCDate() + 1);
    const iso = isoOf(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, cursor.getUTCDate());
    if (isWorkingDay(iso)) left -= 1;
  }
  return isoOf(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, cursor.getUTCDate());
}

/** The England and Wales bank holidays from `start` to `end` inclusive (end blank: the one day); at most 366 days looked at. */
export function bankHolidaysBetween(start: string, end?: string | null): { date: string; name: string }[] {
  const s = parseCalendarDate(start);
  const e = parseCalendarDate(end || start);
  if (!s || !e) return [];
  const out: { date: string; name: string }[] = [];
  const d = new Date(Date.UTC(s.year, s.month - 1, s.day));
  const last = Date.UTC(e.year, e.month - 1, e.day);
  for (let n = 0; d.getTime() <= last && n < 366; n++) {
    const iso = isoOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
    const name = ENGLAND_WALES_BANK_HOLIDAYS[iso];
    if (name) out.push({ date: iso, name });
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}
