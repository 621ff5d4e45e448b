import { describe, expect, test } from "vitest";
import {
  BANK_HOLIDAYS_KNOWN_UNTIL,
  ENGLAND_WALES_BANK_HOLIDAYS,
  addWorkingDays,
  bankHolidayName,
  isWeekend,
  isWorkingDay,
} from "../src/bank-holidays";

describe("England and Wales bank holidays", () => {
  test.each([
    ["2026-12-25", "Christmas Day"],
    ["2026-12-28", "Boxing Day (substitute day)"],
    ["2026-08-31", "Summer bank holiday"],
    ["2027-03-26", "Good Friday"],
    ["2028-01-03", "New Year’s Day (substitute day)"],
  ])("%s is %s", (date, name) => {
    expect(bankHolidayName(date)).toBe(name);
    expect(isWorkingDay(date)).toBe(false);
  });

  test("ordinary days and weekends", () => {
    expect(bankHolidayName("2026-12-26")).toBeNull(); // a Saturday: the holiday moves to Monday 28th
    expect(isWeekend("2026-12-26")).toBe(true);
    expect(isWorkingDay("2026-11-26")).toBe(true);
    expect(isWorkingDay("2026-11-28")).toBe(false);
    expect(bankHolidayName("not a date")).toBeNull();
  });

  test("every year the table covers has eight holidays, all on weekdays", () => {
    for (let year = 2024; year <= BANK_HOLIDAYS_KNOWN_UNTIL; year += 1) {
      const days = Object.keys(ENGLAND_WALES_BANK_HOLIDAYS).filter((d) => d.startsWith(`${year}-`));
      expect(days, String(year)).toHaveLength(8);
      for (const d of days) expect(isWeekend(d), d).toBe(false);
    }
  });

  test("the table reaches at least a year past today (renew it from GOV.UK before then)", () => {
    expect(BANK_HOLIDAYS_KNOWN_UNTIL).toBeGreaterThan(new Date().getFullYear());
  });

  test("working days skip weekends and bank holidays", () => {
    expect(addWorkingDays("2026-12-24", 4)).toBe("2027-01-04");
    expect(addWorkingDays("2026-11-26", 1)).toBe("2026-11-27");
    expect(addWorkingDays("2026-11-27", 1)).toBe("2026-11-30");
    expect(addWorkingDays("2026-11-27", 0)).toBe("2026-11-27");
    expect(addWorkingDays("2026-04-02", 1)).toBe("2026-04-07");
    expect(() => addWorkingDays("2026-02-30", 1)).toThrow(RangeError);
  });
});

describe("bankHolidaysBetween (the admin course-date warning)", () => {
  test("lists the bank holidays a course date range covers, and none for a working week", async () => {
    const { bankHolidaysBetween } = await import("../src/bank-holidays");
    expect(bankHolidaysBetween("2026-12-24", "2026-12-29")).toEqual([
      { date: "2026-12-25", name: "Christmas Day" },
      { date: "2026-12-28", name: "Boxing Day (substitute day)" },
    ]);
    expect(bankHolidaysBetween("2026-12-25", "")).toEqual([{ date: "2026-12-25", name: "Christmas Day" }]);
    expect(bankHolidaysBetween("2026-03-09", "2026-03-13")).toEqual([]);
    expect(bankHolidaysBetween("not a date", "2026-03-13")).toEqual([]);
  });
});
