import { describe, expect, it } from "vitest";
import { countWords, inTimeFilter, parseTimestamp, relativeTime, TIME_FILTER_OPTIONS } from "../format";

// TZ is Europe/London (vitest.config.ts): GMT in winter, BST (UTC+1) in summer.
const iso = (value: Parameters<typeof parseTimestamp>[0]) => parseTimestamp(value)?.toISOString() ?? null;

describe("parseTimestamp", () => {
  it("reads 'YYYY-MM-DD' as local midnight, not UTC midnight (summer shows the difference)", () => {
    expect(iso("2025-07-12")).toBe("2025-07-11T23:00:00.000Z");
    expect(iso("  2025-07-12  ")).toBe("2025-07-11T23:00:00.000Z");
    expect(iso("2025-01-12")).toBe("2025-01-12T00:00:00.000Z");
    expect(iso("2024-02-29")).toBe("2024-02-29T00:00:00.000Z");
  });

  it("refuses a calendar date that does not exist", () => {
    expect(parseTimestamp("2025-02-30")).toBeNull();
    expect(parseTimestamp("2025-13-01")).toBeNull();
  });

  it("reads a time without offset as local time", () => {
    expect(iso("2025-07-12 14:05")).toBe("2025-07-12T13:05:00.000Z");
    expect(iso("2025-07-12T14:05:30")).toBe("2025-07-12T13:05:30.000Z");
    expect(iso("2025-07-12 14:05:30.250")).toBe("2025-07-12T13:05:30.250Z");
  });

  it("honours Z and numeric offsets with or without a colon", () => {
    expect(iso("2025-07-12T14:05:00Z")).toBe("2025-07-12T14:05:00.000Z");
    expect(iso("2025-07-12 14:05:00z")).toBe("2025-07-12T14:05:00.000Z");
    expect(iso("2025-07-12T14:05:00+0200")).toBe("2025-07-12T12:05:00.000Z");
    expect(iso("2025-07-12T14:05:00-0330")).toBe("2025-07-12T17:35:00.000Z");
    expect(iso("2025-07-12T14:05:00+02:00")).toBe("2025-07-12T12:05:00.000Z");
  });

  it("copies a Date instead of sharing it, and refuses invalid Dates and non-strings", () => {
    const at = new Date(Date.UTC(2025, 6, 12, 14, 5));
    const copy = parseTimestamp(at)!;
    expect(copy).not.toBe(at);
    expect(copy.getTime()).toBe(at.getTime());
    expect(parseTimestamp(new Date(Number.NaN))).toBeNull();
    expect(parseTimestamp(null)).toBeNull();
    expect(parseTimestamp(undefined)).toBeNull();
  });

  it("refuses text that is not a time", () => {
    expect(parseTimestamp("x2025-07-12 14:05")).toBeNull();
    expect(parseTimestamp("2025-07-12 14:05x")).toBeNull();
    expect(parseTimestamp("tomorrow")).toBeNull();
    expect(parseTimestamp("")).toBeNull();
  });
});

describe("relativeTime beyond a week", () => {
  it("shows the en-GB date with two-digit day and month", () => {
    const now = new Date(2025, 1, 10, 12, 0);
    expect(relativeTime("2025-01-20 09:00:00", now)).toBe("20/01/2025");
    expect(relativeTime("2024-12-03 09:00:00", now)).toBe("03/12/2024");
  });
});

describe("activity-log filters", () => {
  it("lists the spec's labels in display order", () => {
    expect(TIME_FILTER_OPTIONS).toEqual([
      { value: "today", label: "Today" },
      { value: "week", label: "This Week" },
      { value: "month", label: "This Month" },
      { value: "all", label: "All Time" },
    ]);
  });

  it("a timestamp exactly at the start of the period is inside it, one millisecond before is not", () => {
    const now = new Date(2025, 2, 12, 15, 0); // Wednesday
    expect(inTimeFilter(new Date(2025, 2, 12), "today", now)).toBe(true);
    expect(inTimeFilter(new Date(new Date(2025, 2, 12).getTime() - 1), "today", now)).toBe(false);
    expect(inTimeFilter(new Date(2025, 2, 9), "week", now)).toBe(true);
    expect(inTimeFilter(new Date(new Date(2025, 2, 9).getTime() - 1), "week", now)).toBe(false);
    expect(inTimeFilter(new Date(2025, 2, 1), "month", now)).toBe(true);
    expect(inTimeFilter(new Date(new Date(2025, 2, 1).getTime() - 1), "month", now)).toBe(false);
    expect(inTimeFilter("nonsense", "today", now)).toBe(false);
    expect(inTimeFilter("nonsense", "all", now)).toBe(true);
  });
});

describe("countWords", () => {
  it("treats runs of mixed whitespace as one gap", () => {
    expect(countWords(" \t Door \n\n supervisor  \t course ")).toBe(3);
    expect(countWords(null)).toBe(0);
    expect(countWords("   ")).toBe(0);
  });
});
