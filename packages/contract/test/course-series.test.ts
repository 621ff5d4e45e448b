import { describe, expect, it } from "vitest";
import { CourseDateInputSchema, CourseSeriesInputSchema, runWeekdays, SERIES_MAX_DATES, seriesDates } from "../src";

const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe("repeating dates (course series)", () => {
  it("Mon–Sat every 2 weeks for 3 months", () => {
    // 2027-01-04 is a Monday.
    const dates = seriesDates({ startDate: "2027-01-04", runDays: 6, everyWeeks: 2, until: "2027-04-04" });
    expect(dates.map((d) => `${d.startDate}/${d.endDate}`)).toEqual([
      "2027-01-04/2027-01-09",
      "2027-01-18/2027-01-23",
      "2027-02-01/2027-02-06",
      "2027-02-15/2027-02-20",
      "2027-03-01/2027-03-06",
      "2027-03-15/2027-03-20",
      "2027-03-29/2027-04-03",
    ]);
    expect(runWeekdays("2027-01-04", 6)).toBe("Mon – Sat");
    expect(runWeekdays("2027-01-04", 1)).toBe("Mon");
  });

  it("counts runs, crosses month and year ends, and includes a run starting on the until day", () => {
    expect(seriesDates({ startDate: "2026-12-28", runDays: 1, everyWeeks: 1, count: 3 })).toEqual([
      { startDate: "2026-12-28", endDate: "2026-12-28" },
      { startDate: "2027-01-04", endDate: "2027-01-04" },
      { startDate: "2027-01-11", endDate: "2027-01-11" },
    ]);
    expect(
      seriesDates({ startDate: "2027-02-01", runDays: 2, everyWeeks: 4, until: "2027-03-01" }).map((d) => d.startDate),
    ).toEqual(["2027-02-01", "2027-03-01"]);
    expect(seriesDates({ startDate: "2027-02-01", runDays: 2, everyWeeks: 1 })).toEqual([]);
  });

  it("validates: until or count (one), not before the start, at most the limit, sane numbers", () => {
    const base = { startDate: "2027-01-04", runDays: 6, everyWeeks: 2, capacity: 12 };
    expect(CourseSeriesInputSchema.safeParse({ ...base, count: 3 }).success).toBe(true);
    expect(issues(CourseSeriesInputSchema.safeParse(base))).toEqual(["Choose an end date or a number of dates"]);
    expect(issues(CourseSeriesInputSchema.safeParse({ ...base, count: 2, until: "2027-02-01" }))).toEqual([
      "Choose an end date or a number of dates",
    ]);
    expect(issues(CourseSeriesInputSchema.safeParse({ ...base, until: "2027-01-03" }))).toEqual([
      "The series cannot end before its first date",
    ]);
    expect(issues(CourseSeriesInputSchema.safeParse({ ...base, everyWeeks: 1, until: "2030-01-01" }))).toEqual([
      `A series can have at most ${SERIES_MAX_DATES} dates`,
    ]);
    expect(issues(CourseSeriesInputSchema.safeParse({ ...base, runDays: 0, count: 1 }))).toEqual(["Each run is 1 to 14 days"]);
    expect(issues(CourseSeriesInputSchema.safeParse({ ...base, capacity: 0, count: 1 }))).toEqual([
      "Places must be between 1 and 1000",
    ]);
  });
});

describe("one-day course dates", () => {
  it("need no end date; an end date before the start is still refused", () => {
    expect(CourseDateInputSchema.safeParse({ startDate: "2027-01-04" }).success).toBe(true);
    expect(CourseDateInputSchema.safeParse({ startDate: "2027-01-04", endDate: "" }).success).toBe(true);
    expect(CourseDateInputSchema.safeParse({ startDate: "2027-01-04", endDate: null }).success).toBe(true);
    expect(issues(CourseDateInputSchema.safeParse({ startDate: "2027-01-04", endDate: "2027-01-03" }))).toEqual([
      "End date cannot be before start date",
    ]);
  });
});
