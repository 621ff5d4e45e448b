/**
 * Calendar helpers of the API: the instants UK days and months start. The spec §9 date label,
 * ordinals, UK days and calendar arithmetic are the shared rules of @app/rules.
 */

import { ukDate, weekdayOf } from "@app/rules";

// The UK day of an instant and calendar arithmetic are rules of @app/rules (the site, the admin
// and the contract use the same ones); re-exported so the API's modules keep one import.
export { addDays, ukDate } from "@app/rules";

/** 0 = Sunday … 6 = Saturday. */
export const weekday = weekdayOf;

/** Start of the UK calendar month containing `at`, shifted by `offset` months, as an instant. */
export function ukMonthStart(at: Date, offset = 0): Date {
  const [y, m] = ukDate(at).split("-").map(Number);
  const first = new Date(Date.UTC(y!, m! - 1 + offset, 1, 12));
  const iso = first.toISOString().slice(0, 10);
  return ukMidnight(iso);
}

/** The instant a UK calendar day starts. */
export function ukMidnight(iso: string): Date {
  // London is UTC+0 or UTC+1: try both offsets, keep the one that lands on the date's midnight.
  for (const offset of [0, 1]) {
    const candidate = new Date(`${iso}T00:00:00Z`);
    candidate.setUTCHours(candidate.getUTCHours() - offset);
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      hour: "2-digit",
      hourCycle: "h23",
    }).format(candidate);
    if (ukDate(candidate) === iso && local === "00") return candidate;
  }
  return new Date(`${iso}T00:00:00Z`);
}
