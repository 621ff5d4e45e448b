/**
 * The 'Add repeating dates' dialog's model: the fields as typed (strings), the API payload, the
 * contract's checks mapped to the fields, and the preview (the same function the API creates from).
 */
import { CourseSeriesInputSchema, seriesDates } from "@app/contract";
import type { CourseSeriesInput } from "@app/contract";

export interface SeriesDraft {
  startDate: string;
  runDays: string;
  everyWeeks: string;
  ends: "until" | "count";
  until: string;
  count: string;
  capacity: string;
}

export type SeriesErrors = Partial<Record<keyof SeriesDraft, string>>;

export function emptySeries(capacity: number): SeriesDraft {
  return { startDate: "", runDays: "1", everyWeeks: "1", ends: "until", until: "", count: "", capacity: String(capacity) };
}

const num = (s: string) => (s.trim() === "" ? undefined : Number(s));

export function toSeriesPayload(d: SeriesDraft): CourseSeriesInput {
  return {
    startDate: d.startDate,
    runDays: num(d.runDays) as number,
    everyWeeks: num(d.everyWeeks) as number,
    capacity: num(d.capacity) as number,
    ...(d.ends === "until" ? { until: d.until || null } : { count: num(d.count) ?? null }),
  };
}

export function validateSeries(d: SeriesDraft): SeriesErrors {
  const errors: SeriesErrors = {};
  if (!d.startDate) errors.startDate = "First date is required";
  const result = CourseSeriesInputSchema.safeParse(toSeriesPayload(d));
  if (!result.success) {
    for (const issue of result.error.issues) {
      let key = String(issue.path[0] ?? "until") as keyof SeriesDraft;
      if (key === "until" && d.ends === "count") key = "count";
      if (!errors[key]) errors[key] = issue.message;
    }
  }
  return errors;
}

/** The dates the series would add, or none while the fields are not usable. */
export function previewSeries(d: SeriesDraft): { startDate: string; endDate: string }[] {
  const payload = toSeriesPayload(d);
  if (!CourseSeriesInputSchema.safeParse(payload).success) return [];
  return seriesDates(payload);
}
