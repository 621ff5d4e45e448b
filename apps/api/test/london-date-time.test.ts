import { describe, expect, it } from "vitest";
import { londonDateTime } from "../src/modules/bookings/csv";

/**
 * The CSV's UK times (decision 560): the offset is found once per UTC day and reused, so the days
 * on which the clocks change, and the minutes either side of midnight, must still read as Intl does.
 */
const intl = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const byIntl = (d: Date) => {
  const p = Object.fromEntries(intl.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
};

describe("londonDateTime", () => {
  it("reads as Intl every 7 minutes through the clock changes of 2016 to 2027, and either side of each midnight", () => {
    const wrong: string[] = [];
    for (let year = 2016; year <= 2027; year++)
      for (const month of [2, 9]) {
        // The last Sunday of March and of October, and the days around it.
        const start = Date.UTC(year, month, 22);
        for (let ms = start; ms < start + 12 * 86_400_000; ms += 7 * 60_000 + 1_234) {
          const d = new Date(ms);
          if (londonDateTime(d) !== byIntl(d)) wrong.push(d.toISOString());
        }
      }
    expect(wrong).toEqual([]);
  });

  it("names the hour the clocks skip and the hour they repeat as Intl does", () => {
    for (const iso of ["2026-03-29T00:59:59Z", "2026-03-29T01:00:00Z", "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z"])
      expect(londonDateTime(new Date(iso))).toBe(byIntl(new Date(iso)));
    expect(londonDateTime(new Date("2026-03-29T01:00:00Z"))).toBe("2026-03-29 02:00");
    expect(londonDateTime(new Date("2026-10-25T01:30:00Z"))).toBe("2026-10-25 01:30");
  });
});
