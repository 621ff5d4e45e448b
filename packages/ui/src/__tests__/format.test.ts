// @vitest-environment node
import { describe, expect, it } from "vitest";
import { clockTime, countWords, inTimeFilter, relativeTime, startOfWeekSunday } from "../format";

// Money, conversions and calendar-date labels are the shared rules of @app/rules and tested there
// (packages/rules/test); these tests cover what the UI kit adds: timestamps and text.
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
