import { describe, expect, it } from "vitest";
import {
  daysInMonth,
  formatDateRangeWithWeekday,
  formatDayMonthWithWeekday,
  formatDayWithWeekday,
  formatDateRange,
  formatLongDate,
  isIsoDate,
  MONTHS_LONG,
  MONTHS_SHORT,
  NO_DATE_SET,
  ordinal,
  parseCalendarDate,
} from "../src/dates";

describe("parseCalendarDate", () => {
  it("reads a plain date, a timestamp with a space and an ISO timestamp as written", () => {
    expect(parseCalendarDate("2025-03-12")).toEqual({ year: 2025, month: 3, day: 12 });
    expect(parseCalendarDate("0000-03-12")).toBeNull();
    expect(parseCalendarDate("0001-03-12")).toEqual({ year: 1, month: 3, day: 12 });
    expect(parseCalendarDate("2025-03-12 23:30:00")).toEqual({ year: 2025, month: 3, day: 12 });
    expect(parseCalendarDate("2025-03-12T23:30:00+05:00")).toEqual({ year: 2025, month: 3, day: 12 });
    expect(parseCalendarDate("  2025-03-12  ")).toEqual({ year: 2025, month: 3, day: 12 });
  });

  it("reads the local date of a Date and refuses an invalid Date", () => {
    expect(parseCalendarDate(new Date(2025, 0, 31, 23, 59))).toEqual({ year: 2025, month: 1, day: 31 });
    expect(parseCalendarDate(new Date(2025, 11, 1))).toEqual({ year: 2025, month: 12, day: 1 });
    expect(parseCalendarDate(new Date("nonsense"))).toBeNull();
  });

  it("refuses days that do not exist", () => {
    expect(parseCalendarDate("2025-02-30")).toBeNull();
    expect(parseCalendarDate("2025-02-29")).toBeNull();
    expect(parseCalendarDate("2025-04-31")).toBeNull();
    expect(parseCalendarDate("2025-01-32")).toBeNull();
    expect(parseCalendarDate("2025-01-00")).toBeNull();
    expect(parseCalendarDate("2025-00-10")).toBeNull();
    expect(parseCalendarDate("2025-13-01")).toBeNull();
  });

  it("accepts the first and last day of every month, and 29 February in a leap year", () => {
    expect(parseCalendarDate("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseCalendarDate("2025-01-01")).toEqual({ year: 2025, month: 1, day: 1 });
    expect(parseCalendarDate("2025-12-31")).toEqual({ year: 2025, month: 12, day: 31 });
    expect(parseCalendarDate("2025-04-30")).toEqual({ year: 2025, month: 4, day: 30 });
    expect(parseCalendarDate("2025-02-28")).toEqual({ year: 2025, month: 2, day: 28 });
  });

  it("refuses other shapes and non-strings", () => {
    for (const bad of ["", "2025-3-12", "12/03/2025", "2025-03-12x", "x2025-03-12", "2025-03-1", "20250312"]) {
      expect(parseCalendarDate(bad)).toBeNull();
    }
    expect(parseCalendarDate(null)).toBeNull();
    expect(parseCalendarDate(undefined)).toBeNull();
  });
});

describe("daysInMonth and isIsoDate", () => {
  it("counts days with leap years", () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2025, 4)).toBe(30);
    expect(daysInMonth(2025, 12)).toBe(31);
  });

  it("is true only for exactly YYYY-MM-DD on a real day", () => {
    expect(isIsoDate("2025-03-12")).toBe(true);
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-30")).toBe(false);
    expect(isIsoDate("2025-03-12 10:00:00")).toBe(false);
    expect(isIsoDate("2025-03-12T10:00:00Z")).toBe(false);
    expect(isIsoDate(" 2025-03-12")).toBe(false);
    expect(isIsoDate("2025-03-12 ")).toBe(false);
  });
});

describe("ordinal", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [10, "10th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [14, "14th"],
    [21, "21st"],
    [22, "22nd"],
    [23, "23rd"],
    [31, "31st"],
    [100, "100th"],
    [101, "101st"],
    [111, "111th"],
    [112, "112th"],
    [0, "0th"],
    [-1, "-1st"],
    [-12, "-12th"],
    [2.7, "2nd"],
  ])("%d → %s", (n, text) => {
    expect(ordinal(n)).toBe(text);
  });
});

describe("formatDateRange (spec §9)", () => {
  it("same day, same month, across months, across years", () => {
    expect(formatDateRange("2025-03-12", "2025-03-12")).toBe("12th Mar 2025");
    expect(formatDateRange("2025-03-12", "2025-03-14")).toBe("12 - 14th Mar 2025");
    expect(formatDateRange("2025-03-30", "2025-04-02")).toBe("30th Mar - 2nd Apr 2025");
    expect(formatDateRange("2025-12-30", "2026-01-02")).toBe("30th Dec 2025 - 2nd Jan 2026");
  });

  it("same day and month in different years still shows both years", () => {
    expect(formatDateRange("2025-03-12", "2026-03-12")).toBe("12th Mar 2025 - 12th Mar 2026");
  });

  it("same day number in different months shows both months", () => {
    expect(formatDateRange("2025-03-12", "2025-04-12")).toBe("12th Mar - 12th Apr 2025");
  });

  it("uses the fixed English month names, including 'Sep'", () => {
    expect(formatDateRange("2025-09-01", "2025-09-01")).toBe("1st Sep 2025");
    expect(MONTHS_SHORT).toEqual(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]);
    MONTHS_SHORT.forEach((mon, i) => {
      const mm = String(i + 1).padStart(2, "0");
      expect(formatDateRange(`2025-${mm}-01`, `2025-${mm}-01`)).toBe(`1st ${mon} 2025`);
    });
  });

  it("reads timestamps by their first ten characters", () => {
    expect(formatDateRange("2025-03-12 00:00:00", "2025-03-14T23:00:00-05:00")).toBe("12 - 14th Mar 2025");
  });

  it("'No date set' when either end is missing or not a real day", () => {
    expect(NO_DATE_SET).toBe("No date set");
    expect(formatDateRange(null, "2025-03-14")).toBe("No date set");
    expect(formatDateRange("2025-03-12", undefined)).toBe("No date set");
    expect(formatDateRange("2025-02-30", "2025-03-02")).toBe("No date set");
    expect(formatDateRange("2025-02-27", "2025-02-30")).toBe("No date set");
  });
});

describe("formatLongDate", () => {
  it("writes the long English form", () => {
    expect(formatLongDate("2025-01-01")).toBe("1st January, 2025");
    expect(formatLongDate("2025-12-22 00:00:00")).toBe("22nd December, 2025");
    MONTHS_LONG.forEach((name, i) => {
      const mm = String(i + 1).padStart(2, "0");
      expect(formatLongDate(`2025-${mm}-03`)).toBe(`3rd ${name}, 2025`);
    });
    expect(MONTHS_LONG).toHaveLength(12);
  });

  it("'No date set' for missing or invalid input", () => {
    expect(formatLongDate(null)).toBe("No date set");
    expect(formatLongDate("2025-02-30")).toBe("No date set");
    expect(formatLongDate("soon")).toBe("No date set");
  });
});

describe("labels from timestamps with an offset", () => {
  it("reads the calendar date as written, without time zone shifts", () => {
    expect(formatDateRange("2025-03-31T23:30:00-05:00", "2025-04-01")).toBe("31st Mar - 1st Apr 2025");
  });
});

describe("dates with weekday", () => {
  it("formats ranges as customers read them", () => {
    expect(formatDateRangeWithWeekday("2026-12-07", "2026-12-12")).toBe("Mon 7 – Sat 12 Dec 2026");
    expect(formatDateRangeWithWeekday("2026-11-30", "2026-12-04")).toBe("Mon 30 Nov – Fri 4 Dec 2026");
    expect(formatDateRangeWithWeekday("2026-12-30", "2027-01-01")).toBe("Wed 30 Dec 2026 – Fri 1 Jan 2027");
    expect(formatDateRangeWithWeekday("2026-12-07", "2026-12-07")).toBe("Mon 7 Dec 2026");
    expect(formatDateRangeWithWeekday("2026-12-07", null)).toBe("Mon 7 Dec 2026");
    expect(formatDateRangeWithWeekday("2026-12-07", "")).toBe("Mon 7 Dec 2026");
    expect(formatDateRangeWithWeekday("2026-12-07")).toBe("Mon 7 Dec 2026");
    expect(formatDateRangeWithWeekday("2026-12-06 10:00:00", "2026-12-13T09:00:00Z")).toBe("Sun 6 – Sun 13 Dec 2026");
  });

  it("is empty when a day cannot be read", () => {
    expect(formatDateRangeWithWeekday("", "2026-12-07")).toBe("");
    expect(formatDateRangeWithWeekday("2026-12-07", "2026-13-01")).toBe("");
    expect(formatDayWithWeekday("2026-02-30")).toBe("");
    expect(formatDayMonthWithWeekday(null)).toBe("");
  });

  it("names one day with its weekday, with or without the year", () => {
    expect(formatDayWithWeekday("2026-12-12")).toBe("Sat 12 Dec 2026");
    expect(formatDayWithWeekday("2024-02-29")).toBe("Thu 29 Feb 2024");
    expect(formatDayMonthWithWeekday("2026-03-11")).toBe("Wed 11 Mar");
    expect(formatDayMonthWithWeekday("2026-11-01")).toBe("Sun 1 Nov");
  });
});
