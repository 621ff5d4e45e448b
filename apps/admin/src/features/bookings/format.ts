import { formatDateRange, formatPounds, parseTimestamp } from "@app/ui/format";

const STAMP = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** '12 Mar 2026, 14:05' in the office's local time; '—' when missing or unreadable. */
export function stamp(value: string | null | undefined): string {
  const d = parseTimestamp(value ?? null);
  return d ? STAMP.format(d) : "—";
}

/** A course date as the site shows it: '12th Mar 2026', or '12 - 14th Mar 2026' with an end. */
export function courseDate(start: string | null, end?: string | null): string {
  return formatDateRange(start, end ?? start);
}

export const money = (pounds: number | null | undefined): string =>
  pounds === null || pounds === undefined ? "—" : formatPounds(pounds);

const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
const TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hour12: false });

/** A booking time in two short parts for a narrow column: '22 Nov 2026' and '18:55'. */
export function bookedOn(value: string): { date: string; time: string } {
  const d = parseTimestamp(value);
  return d ? { date: DAY.format(d), time: TIME.format(d) } : { date: "—", time: "" };
}
