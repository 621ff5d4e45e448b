/**
 * 'Add repeating dates' (office booking tools, decision 193): a series of course dates from one first day, each
 * run a few consecutive days (Mon–Sat = 6 days from a Monday), repeated every N weeks until a last
 * start date or for a number of runs. One pure function, used by the admin dialog's preview and by
 * the API that writes the dates, so the preview is exactly what gets created.
 */
import { z } from "zod";
import { addDays, isIsoDate, weekdayOf, WEEKDAYS_SHORT } from "@app/rules";
import { IsoDate } from "./common";

/** Most dates one series may create (and most open dates a course may hold: the edit form's list limit). */
export const SERIES_MAX_DATES = 100;
export const SERIES_MAX_RUN_DAYS = 14;
export const SERIES_MAX_EVERY_WEEKS = 52;

/** 'Mon – Sat' for a run of `days` days starting on `startDate`, 'Mon' for one day. */
export function runWeekdays(startDate: string, days: number): string {
  if (!isIsoDate(startDate) || days < 1) return "";
  const first = WEEKDAYS_SHORT[weekdayOf(startDate)]!;
  return days === 1 ? first : `${first} – ${WEEKDAYS_SHORT[weekdayOf(addDays(startDate, days - 1))]!}`;
}

export type SeriesSpec = {
  startDate: string;
  /** Days in each run, counted from its first day (1 = one-day dates). */
  runDays: number;
  everyWeeks: number;
  /** Last day a run may start on (inclusive); or `count`. */
  until?: string | null;
  count?: number | null;
};

/**
 * The dates of a series, in order; stops after SERIES_MAX_DATES + 1 so a caller can tell "too many".
 * Empty when the spec is not usable (the schema below says why).
 */
export function seriesDates(spec: SeriesSpec): { startDate: string; endDate: string }[] {
  const { startDate, runDays, everyWeeks } = spec;
  if (!isIsoDate(startDate) || !(runDays >= 1) || !(everyWeeks >= 1)) return [];
  const until = spec.until && isIsoDate(spec.until) ? spec.until : null;
  const count = spec.count && spec.count > 0 ? spec.count : null;
  if (!until && !count) return [];
  const out: { startDate: string; endDate: string }[] = [];
  for (let k = 0; out.length <= SERIES_MAX_DATES; k++) {
    if (count !== null && k >= count) break;
    const start = addDays(startDate, k * everyWeeks * 7);
    if (until !== null && start > until) break;
    out.push({ startDate: start, endDate: addDays(start, runDays - 1) });
  }
  return out;
}

const whole = (message: string, min: number, max: number) =>
  z.number({ required_error: message, invalid_type_error: message }).int(message).min(min, message).max(max, message);

/** POST /courses/:id/dates/series: one capacity for every date of the series. */
export const CourseSeriesInputSchema = z
  .object({
    startDate: IsoDate,
    runDays: whole(`Each run is 1 to ${SERIES_MAX_RUN_DAYS} days`, 1, SERIES_MAX_RUN_DAYS),
    everyWeeks: whole(`Repeat every 1 to ${SERIES_MAX_EVERY_WEEKS} weeks`, 1, SERIES_MAX_EVERY_WEEKS),
    until: IsoDate.nullable().optional(),
    count: whole(`Choose 1 to ${SERIES_MAX_DATES} dates`, 1, SERIES_MAX_DATES).nullable().optional(),
    capacity: whole("Places must be between 1 and 1000", 1, 1000),
  })
  .superRefine((d, ctx) => {
    const hasUntil = d.until != null;
    const hasCount = d.count != null;
    if (hasUntil === hasCount) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["until"], message: "Choose an end date or a number of dates" });
      return;
    }
    if (hasUntil && d.until! < d.startDate) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["until"], message: "The series cannot end before its first date" });
      return;
    }
    if (seriesDates(d).length > SERIES_MAX_DATES) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["until"],
        message: `A series can have at most ${SERIES_MAX_DATES} dates`,
      });
    }
  });
export type CourseSeriesInput = z.input<typeof CourseSeriesInputSchema>;
