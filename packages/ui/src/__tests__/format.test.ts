// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  clockTime,
  countWords,
  formatDateRange,
  formatLongDate,
  formatPence,
  formatPounds,
  inTimeFilter,
  ordinal,
  parseCalendarDate,
  penceToPounds,
  poundsToPence,
  relativeTime,
  startOfWeekSunday,
} from "../format";

describe("money", () => {
  it("formats pounds with two decimals, a pound sign and thousands separators", () => {
    expect(formatPounds(250)).toBe("£250.00");
    expect(formatPounds(30)).toBe("£30.00");
    expect(formatPounds(19.99)).toBe("£19.99");
    expect(formatPounds(0)).toBe("£0.00");
    expect(formatPounds(1250.5)).toBe("£1,250.50");
    expect(formatPounds(-5)).toBe("-£5.00");
  });

  it("formats pence as pounds", () => {
    expect(formatPence(25000)).toBe("£250.00");
    expect(formatPence(1999)).toBe("£19.99");
    expect(formatPence(5)).toBe("£0.05");
    expect(formatPence(125000)).toBe("£1,250.00");
    expect(formatPence(-0)).toBe("£0.00");
  });

  it("shows a dash instead of a price for non-finite amounts", () => {
    expect(formatPounds(Number.NaN)).toBe("—");
    expect(formatPence(Number.POSITIVE_INFINITY)).toBe("—");
  });

  it("converts pounds to pence without float error", () => {
    expect(19.99 * 100).not.toBe(1999); // the trap this function avoids
    expect(poundsToPence(19.99)).toBe(1999);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
    expect(poundsToPence(1.15)).toBe(115);
    expect(poundsToPence(4.35)).toBe(435);
    expect(poundsToPence(250)).toBe(25000);
    expect(poundsToPence(0.07)).toBe(7);
    expect(poundsToPence(1.005)).toBe(101);
    expect(poundsToPence(-19.99)).toBe(-1999);
    expect(Object.is(poundsToPence(-0.001), 0)).toBe(true);
    expect(poundsToPence(1e-7)).toBe(0);
  });

  it("round-trips every two-decimal amount up to £1000", () => {
    const failures: number[] = [];
    for (let pence = 0; pence <= 100_000; pence += 1) {
      const pounds = penceToPounds(pence);
      if (pounds !== Number((pence / 100).toFixed(2)) || poundsToPence(pounds) !== pence) failures.push(pence);
    }
    expect(failures).toEqual([]);
  });

  it("converts pence to pounds and rejects non-finite input", () => {
    expect(penceToPounds(1999)).toBe(19.99);
    expect(penceToPounds(25000)).toBe(250);
    expect(penceToPounds(1999.6)).toBe(20);
    expect(() => penceToPounds(Number.NaN)).toThrow(RangeError);
    expect(() => poundsToPence(Number.NaN)).toThrow(RangeError);
    expect(() => poundsToPence(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
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
    [24, "24th"],
    [30, "30th"],
    [31, "31st"],
    [101, "101st"],
    [111, "111th"],
    [112, "112th"],
    [113, "113th"],
    [0, "0th"],
  ])("%i → %s", (n, expected) => {
    expect(ordinal(n)).toBe(expected);
  });
});

describe("formatDateRange", () => {
  it("uses the spec form for a range within one month", () => {
    expect(formatDateRange("2025-03-12", "2025-03-14")).toBe("12 - 14th Mar 2025");
    expect(formatDateRange("2025-09-01", "2025-09-03")).toBe("1 - 3rd Sep 2025");
  });

  it("shows one date for a single-day course", () => {
    expect(formatDateRange("2025-03-12", "2025-03-12")).toBe("12th Mar 2025");
    expect(formatDateRange("2025-01-01", "2025-01-01")).toBe("1st Jan 2025");
  });

  it("names both months for a range across months", () => {
    expect(formatDateRange("2025-03-30", "2025-04-02")).toBe("30th Mar - 2nd Apr 2025");
  });

  it("names both years for a range across years", () => {
    expect(formatDateRange("2025-12-30", "2026-01-02")).toBe("30th Dec 2025 - 2nd Jan 2026");
  });

  it("says 'No date set' when either date is missing or invalid", () => {
    expect(formatDateRange("", "2025-03-14")).toBe("No date set");
    expect(formatDateRange("2025-03-12", null)).toBe("No date set");
    expect(formatDateRange(undefined, undefined)).toBe("No date set");
    expect(formatDateRange("2025-02-30", "2025-03-02")).toBe("No date set");
    expect(formatDateRange("12/03/2025", "14/03/2025")).toBe("No date set");
  });

  it("reads the calendar date as written, without time zone shifts", () => {
    expect(formatDateRange("2025-03-31T23:30:00-05:00", "2025-04-01")).toBe("31st Mar - 1st Apr 2025");
    expect(parseCalendarDate("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseCalendarDate("2025-02-29")).toBeNull();
  });
});

describe("formatLongDate", () => {
  it("formats discount dates like '1st January, 2025'", () => {
    expect(formatLongDate("2025-01-01")).toBe("1st January, 2025");
    expect(formatLongDate("2025-03-22 00:00:00")).toBe("22nd March, 2025");
    expect(formatLongDate("2025-11-13T10:00:00.000Z")).toBe("13th November, 2025");
    expect(formatLongDate("2025-09-03")).toBe("3rd September, 2025");
  });

  it("says 'No date set' for missing or invalid input", () => {
    expect(formatLongDate(null)).toBe("No date set");
    expect(formatLongDate("not a date")).toBe("No date set");
  });
});

describe("relativeTime and clockTime", () => {
  const now = new Date(2025, 2, 12, 15, 0, 0); // Wed 12 Mar 2025 15:00 local
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it("says 'Just now' under a minute (and for times in the future)", () => {
    expect(relativeTime(ago(0), now)).toBe("Just now");
    expect(relativeTime(ago(59_999), now)).toBe("Just now");
    expect(relativeTime(ago(-5 * MIN), now)).toBe("Just now");
  });

  it("counts minutes under an hour and hours under a day", () => {
    expect(relativeTime(ago(MIN), now)).toBe("1m ago");
    expect(relativeTime(ago(59 * MIN + 59_000), now)).toBe("59m ago");
    expect(relativeTime(ago(HOUR), now)).toBe("1h ago");
    expect(relativeTime(ago(23 * HOUR + 59 * MIN), now)).toBe("23h ago");
  });

  it("says 'Yesterday', then days under a week, then an en-GB date", () => {
    expect(relativeTime(ago(DAY), now)).toBe("Yesterday");
    expect(relativeTime(ago(2 * DAY - 1), now)).toBe("Yesterday");
    expect(relativeTime(ago(2 * DAY), now)).toBe("2d ago");
    expect(relativeTime(ago(6 * DAY + 23 * HOUR), now)).toBe("6d ago");
    expect(relativeTime(ago(7 * DAY), now)).toBe("05/03/2025");
  });

  it("accepts 'YYYY-MM-DD HH:mm:ss' as local time", () => {
    expect(relativeTime("2025-03-12 14:30:00", now)).toBe("30m ago");
    expect(clockTime("2025-03-12 14:30:00")).toBe("14:30");
  });

  it("shows a 24-hour clock time", () => {
    expect(clockTime(new Date(2025, 2, 12, 9, 5))).toBe("09:05");
    expect(clockTime(new Date(2025, 2, 12, 23, 59))).toBe("23:59");
    expect(clockTime(new Date(2025, 2, 12, 0, 0))).toBe("00:00");
    // TZ is Europe/London in vitest.config.ts: BST is UTC+1 in July.
    expect(clockTime("2025-07-01T17:45:00Z")).toBe("18:45");
  });

  it("returns an empty string for invalid input", () => {
    expect(relativeTime("nonsense", now)).toBe("");
    expect(clockTime(undefined)).toBe("");
  });
});

describe("week start and time filter", () => {
  it("finds the Sunday on or before a date, at midnight", () => {
    expect(startOfWeekSunday(new Date(2025, 2, 12, 15, 0))).toEqual(new Date(2025, 2, 9)); // Wed → Sun 9th
    expect(startOfWeekSunday(new Date(2025, 2, 9, 10, 0))).toEqual(new Date(2025, 2, 9)); // Sunday itself
    expect(startOfWeekSunday(new Date(2025, 2, 15, 23, 59))).toEqual(new Date(2025, 2, 9)); // Saturday
    expect(startOfWeekSunday(new Date(2025, 3, 2))).toEqual(new Date(2025, 2, 30)); // across months
  });

  it("filters timestamps by today, this week (from Sunday), this month and all time", () => {
    const now = new Date(2025, 2, 12, 15, 0); // Wednesday
    const at = (...args: [number, number, number, number?]) => new Date(args[0], args[1], args[2], args[3] ?? 12).toISOString();

    expect(inTimeFilter(at(2025, 2, 12, 0), "today", now)).toBe(true);
    expect(inTimeFilter(at(2025, 2, 11, 23), "today", now)).toBe(false);

    expect(inTimeFilter(at(2025, 2, 9, 0), "week", now)).toBe(true); // Sunday
    expect(inTimeFilter(at(2025, 2, 8, 23), "week", now)).toBe(false); // Saturday before

    expect(inTimeFilter(at(2025, 2, 1, 0), "month", now)).toBe(true);
    expect(inTimeFilter(at(2025, 1, 28, 23), "month", now)).toBe(false);

    expect(inTimeFilter(at(2020, 0, 1), "all", now)).toBe(true);
    expect(inTimeFilter("garbage", "all", now)).toBe(true);
    expect(inTimeFilter("garbage", "today", now)).toBe(false);
  });
});

describe("countWords", () => {
  it("counts whitespace-separated words", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("   ")).toBe(0);
    expect(countWords(null)).toBe(0);
    expect(countWords("Door supervisor")).toBe(2);
    expect(countWords("  Door  supervisor\ncourse\t(SIA) ")).toBe(4);
  });
});
