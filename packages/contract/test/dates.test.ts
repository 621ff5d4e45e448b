import { describe, expect, it } from "vitest";
import { formatDateRangeWithWeekday, formatDayWithWeekday } from "../src/dates";
import { formatBookingRef, normalizeBookingRef } from "../src/orders";

describe("dates with weekday", () => {
  it("formats ranges as customers read them", () => {
    expect(formatDateRangeWithWeekday("2026-12-07", "2026-12-12")).toBe("Mon 7 – Sat 12 Dec 2026");
    expect(formatDateRangeWithWeekday("2026-11-30", "2026-12-04")).toBe("Mon 30 Nov – Fri 4 Dec 2026");
    expect(formatDateRangeWithWeekday("2026-12-30", "2027-01-01")).toBe("Wed 30 Dec 2026 – Fri 1 Jan 2027");
    expect(formatDateRangeWithWeekday("2026-12-07", "2026-12-07")).toBe("Mon 7 Dec 2026");
    expect(formatDayWithWeekday("2026-12-12")).toBe("Sat 12 Dec 2026");
  });
});

describe("booking reference", () => {
  it("is shown XXXX-XXXX and read back with or without the dash, any case", () => {
    expect(formatBookingRef("ACDE2346")).toBe("ACDE-2346");
    expect(normalizeBookingRef("acde-2346")).toBe("ACDE2346");
    expect(normalizeBookingRef(" ACDE 2346 ")).toBe("ACDE2346");
    expect(normalizeBookingRef("ACDE-234")).toBeNull();
    expect(normalizeBookingRef("0CDE-2345")).toBeNull();
  });
});
