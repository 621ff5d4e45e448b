import { describe, expect, it } from "vitest";
import { emptySeries, previewSeries, toSeriesPayload, validateSeries } from "./seriesForm";

describe("'Add repeating dates' dialog model", () => {
  const mondays = { ...emptySeries(12), startDate: "2030-01-07", runDays: "6", everyWeeks: "2", until: "2030-02-04" };

  it("previews the series the API will create", () => {
    expect(previewSeries(mondays)).toEqual([
      { startDate: "2030-01-07", endDate: "2030-01-12" },
      { startDate: "2030-01-21", endDate: "2030-01-26" },
      { startDate: "2030-02-04", endDate: "2030-02-09" },
    ]);
    expect(toSeriesPayload(mondays)).toEqual({
      startDate: "2030-01-07",
      runDays: 6,
      everyWeeks: 2,
      capacity: 12,
      until: "2030-02-04",
    });
    expect(toSeriesPayload({ ...mondays, ends: "count", count: "4" })).toMatchObject({ count: 4 });
    expect(toSeriesPayload({ ...mondays, ends: "count", count: "4" })).not.toHaveProperty("until");
  });

  it("shows each problem under its field and no preview", () => {
    expect(validateSeries(emptySeries(12))).toMatchObject({ startDate: "First date is required" });
    expect(validateSeries({ ...mondays, until: "" })).toEqual({ until: "Choose an end date or a number of dates" });
    expect(validateSeries({ ...mondays, ends: "count", count: "" })).toEqual({
      count: "Choose an end date or a number of dates",
    });
    expect(validateSeries({ ...mondays, capacity: "0" })).toEqual({ capacity: "Places must be between 1 and 1000" });
    expect(validateSeries(mondays)).toEqual({});
    expect(previewSeries({ ...mondays, capacity: "0" })).toEqual([]);
  });
});
