import { describe, expect, it } from "vitest";
import { ariaSort, readListParams, toggleSort, writeListParams } from "./listParams";

describe("bookings list URL state", () => {
  it("opens on confirmed bookings, newest first, page 1", () => {
    expect(readListParams(new URLSearchParams())).toEqual({
      filter: "confirmed",
      q: "",
      sort: "booked_on",
      dir: "desc",
      page: 1,
    });
    expect(writeListParams(readListParams(new URLSearchParams())).toString()).toBe("");
  });

  it("reads every filter and falls back on nonsense", () => {
    for (const f of ["pending", "expired", "cancelled", "refunded", "all"]) {
      expect(readListParams(new URLSearchParams({ status: f })).filter).toBe(f);
    }
    const junk = readListParams(new URLSearchParams({ status: "gone", sort: "price", dir: "up", page: "-3" }));
    expect(junk).toEqual({ filter: "confirmed", q: "", sort: "booked_on", dir: "desc", page: 1 });
    expect(readListParams(new URLSearchParams({ page: "2.5" })).page).toBe(1);
    expect(readListParams(new URLSearchParams({ q: "x".repeat(300) })).q).toHaveLength(200);
  });

  it("round-trips a filtered, searched, sorted page", () => {
    const p = { filter: "refunded", q: "ACDE-2346", sort: "amount", dir: "asc", page: 3 } as const;
    const url = writeListParams(p);
    expect(url.toString()).toBe("status=refunded&q=ACDE-2346&sort=amount&dir=asc&page=3");
    expect(readListParams(url)).toEqual(p);
  });

  it("flips the direction on the same column and starts text A to Z, dates newest first", () => {
    const p = readListParams(new URLSearchParams({ page: "4" }));
    expect(toggleSort(p, "booked_on")).toMatchObject({ sort: "booked_on", dir: "asc", page: 1 });
    expect(toggleSort(p, "learner")).toMatchObject({ sort: "learner", dir: "asc", page: 1 });
    expect(toggleSort(p, "date")).toMatchObject({ sort: "date", dir: "desc" });
    expect(toggleSort(toggleSort(p, "course"), "course")).toMatchObject({ sort: "course", dir: "desc" });
    expect(ariaSort(p, "booked_on")).toBe("descending");
    expect(ariaSort(p, "course")).toBe("none");
  });
});
