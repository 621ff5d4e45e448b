/**
 * Google's Course markup asks every CourseInstance for `courseSchedule` (or `courseWorkload`):
 * https://developers.google.com/search/docs/appearance/structured-data/course-info
 * A date here runs every day from its start to its end date, for the course's daily hours
 * ('9 am - 6pm'): a daily Schedule with that many repeats and that length each day.
 */

/** Hours of a day's session from the course's time text, e.g. '9 am - 6pm' → 9; null when unreadable. */
export function dailyHours(time: string): number | null {
  const m = /^\s*(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)\s*[-–]\s*(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)\s*$/i.exec(time);
  if (!m) return null;
  const clock = (h: string, min: string | undefined, half: string) =>
    ((Number(h) % 12) + (half.toLowerCase() === "pm" ? 12 : 0)) * 60 + Number(min ?? 0);
  const minutes = clock(m[4]!, m[5], m[6]!) - clock(m[1]!, m[2], m[3]!);
  return minutes > 0 ? minutes / 60 : null;
}

/** Calendar days from start to end, both included ('YYYY-MM-DD'). */
export function daysInclusive(startDate: string, endDate: string): number {
  const day = 86_400_000;
  return Math.max(1, Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / day) + 1);
}

/** ISO 8601 duration of some hours, e.g. 9 → 'PT9H', 7.5 → 'PT7H30M'. */
export function isoHours(hours: number): string {
  const whole = Math.floor(hours);
  const minutes = Math.round((hours - whole) * 60);
  if (!whole && !minutes) return "PT0H";
  return `PT${whole ? `${whole}H` : ""}${minutes ? `${minutes}M` : ""}`;
}

/** The schedule fields of one CourseInstance. */
export function instanceSchedule(date: { startDate: string; endDate: string }, time: string): Record<string, unknown> {
  const days = daysInclusive(date.startDate, date.endDate);
  const hours = dailyHours(time);
  if (hours === null) return { courseWorkload: `P${days}D` };
  return {
    courseSchedule: {
      "@type": "Schedule",
      repeatFrequency: "Daily",
      repeatCount: days,
      duration: isoHours(hours),
      startDate: date.startDate,
      endDate: date.endDate,
    },
  };
}
