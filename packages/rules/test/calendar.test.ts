import { describe, expect, it } from "vitest";
import { addCalendarMonths, addDays, addYears, courseDays, daysBetween, ukDate, weekdayOf } from "../src/calendar";
import { MAX_PLACES_PER_ORDER, ORDER_HOLD_MINUTES } from "../src/limits";

describe("ukDate", () => {
  it("is the day in London, not in UTC: summer time moves midnight an hour earlier", () => {
    expect(ukDate(new Date("2026-07-01T22:59:59Z"))).toBe("2026-07-01");
    expect(ukDate(new Date("2026-07-01T23:00:00Z"))).toBe("2026-07-02");
    expect(ukDate(new Date("2026-12-31T23:59:59Z"))).toBe("2026-12-31");
    expect(ukDate(new Date("2027-01-01T00:00:00Z"))).toBe("2027-01-01");
  });

  it("is today when no instant is given", () => {
    const before = ukDate(new Date());
    const today = ukDate();
    expect([before, ukDate(new Date())]).toContain(today);
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("addDays", () => {
  it("adds and subtracts calendar days across months, years and 29 February", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2026-10-24", 7)).toBe("2026-10-31");
    expect(addDays("2026-05-05", 0)).toBe("2026-05-05");
    expect(addDays("0999-12-31", 1)).toBe("1000-01-01");
    expect(addDays("2026-05-05", 1.9)).toBe("2026-05-06");
  });

  it("refuses a day that is not real", () => {
    expect(() => addDays("2025-02-29", 1)).toThrow(RangeError);
    expect(() => addDays("tomorrow", 1)).toThrow("Not a calendar day: tomorrow");
  });
});

describe("four-digit years", () => {
  it("keeps the leading zeros of a year before 1000", () => {
    expect(addDays("0999-01-01", 1)).toBe("0999-01-02");
    expect(addCalendarMonths("0999-01-05", 1)).toBe("0999-02-05");
  });
});

describe("daysBetween", () => {
  it("reads the day of a timestamp and gives NaN for a day that is not real", () => {
    expect(daysBetween("2027-01-01T09:30:00.000Z", "2027-01-08")).toBe(7);
    expect(daysBetween("2027-02-29", "2027-03-01")).toBeNaN();
    expect(daysBetween("2027-03-01", "someday")).toBeNaN();
  });
});

describe("addCalendarMonths and addYears", () => {
  it("falls to the month's last day when the day is missing", () => {
    expect(addCalendarMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addCalendarMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addCalendarMonths("2026-11-15", 2)).toBe("2027-01-15");
    expect(addCalendarMonths("2026-01-15", -2)).toBe("2025-11-15");
    expect(addCalendarMonths("2026-12-31", 12)).toBe("2027-12-31");
  });

  it("turns 29 February into 28 February in a year without one, and keeps it in a leap year", () => {
    expect(addYears("2024-02-29", 3)).toBe("2027-02-28");
    expect(addYears("2027-02-28", -3)).toBe("2024-02-28");
    expect(addYears("2028-02-29", -3)).toBe("2025-02-28");
    expect(addYears("2024-02-29", 4)).toBe("2028-02-29");
    expect(addYears("2026-11-27", -3)).toBe("2023-11-27");
  });
});

describe("weekdayOf", () => {
  it("is 0 for Sunday to 6 for Saturday, NaN for a day that is not real", () => {
    expect(weekdayOf("2026-11-29")).toBe(0);
    expect(weekdayOf("2026-11-27")).toBe(5);
    expect(weekdayOf("2026-11-28")).toBe(6);
    expect(weekdayOf("2025-02-30")).toBeNaN();
  });
});

describe("courseDays", () => {
  it("lists every day from the first to the last inclusive", () => {
    expect(courseDays("2026-02-27", "2026-03-02")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(courseDays("2026-12-07", "2026-12-07")).toEqual(["2026-12-07"]);
  });

  it("takes a missing end as a one-day course and stops at the longest course", () => {
    expect(courseDays("2026-12-07", null)).toEqual(["2026-12-07"]);
    expect(courseDays("2026-12-07", "")).toEqual(["2026-12-07"]);
    expect(courseDays("2026-01-01", "2026-12-31")).toHaveLength(60);
    expect(courseDays("2026-01-01", "2026-12-31", 14)).toHaveLength(14);
    expect(courseDays("2026-01-01", "2026-01-03", 3)).toHaveLength(3);
  });

  it("is empty without a start, with an end before the start or an unreal day", () => {
    expect(courseDays(null, "2026-12-07")).toEqual([]);
    expect(courseDays(undefined, undefined)).toEqual([]);
    expect(courseDays("2026-12-08", "2026-12-07")).toEqual([]);
    expect(courseDays("2026-12-07", "2026-12-32")).toEqual([]);
  });
});

describe("order limits", () => {
  it("holds an unpaid order 30 minutes and lets it take at most 10 places on a date", () => {
    expect(ORDER_HOLD_MINUTES).toBe(30);
    expect(MAX_PLACES_PER_ORDER).toBe(10);
  });
});
