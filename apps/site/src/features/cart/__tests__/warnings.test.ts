import { describe, expect, it } from "vitest";
import { cartWarnings, qualificationOf } from "../warnings";
import type { CartItem } from "../../../stores/cart";

const item = (over: Partial<CartItem>): CartItem => ({
  id: 1,
  slug: "x",
  title: "Course",
  pricePence: 1000,
  image: null,
  selectedDateId: 1,
  selectedDate: "7 - 12th Dec 2026",
  selectedAddons: [],
  ...over,
});

describe("cart warnings", () => {
  it("names the qualifications we know", () => {
    expect(qualificationOf("Emergency First Aid at Work")).toBe("efaw");
    expect(qualificationOf("Emergency First Aid at Work (EFAW)")).toBe("efaw");
    expect(qualificationOf("First Aid for close protection (FREC 3)")).toBe("frec");
    expect(qualificationOf("Printed course workbook")).toBeNull();
  });

  it("warns on a course plus the same qualification as an add-on", () => {
    const door = item({
      id: 1,
      title: "SIA Door Supervisor Course",
      selectedAddons: [{ id: 9, name: "Emergency First Aid at Work (EFAW)", pricePence: 6000 }],
    });
    const efaw = item({ id: 2, title: "Emergency First Aid at Work", startDate: "2027-01-04", endDate: "2027-01-04" });
    const w = cartWarnings([door, efaw]);
    expect(w).toHaveLength(1);
    expect(w[0]!.kind).toBe("duplicate-qualification");
    expect(w[0]!.message).toContain('the Emergency First Aid at Work course and the add-on "Emergency First Aid at Work (EFAW)"');
  });

  it("warns on overlapping dates, not on back-to-back ones", () => {
    const a = item({ id: 1, title: "A", startDate: "2026-12-07", endDate: "2026-12-12" });
    const b = item({ id: 2, title: "B", startDate: "2026-12-12", endDate: "2026-12-12" });
    const c = item({ id: 3, title: "C", startDate: "2026-12-13", endDate: "2026-12-14" });
    const w = cartWarnings([a, b, c]);
    expect(w.map((x) => x.kind)).toEqual(["overlap"]);
    expect(w[0]!.message).toContain("A (Mon 7 – Sat 12 Dec 2026) and B (Sat 12 Dec 2026) overlap");
  });

  it("is quiet for a plain cart", () => {
    expect(
      cartWarnings([
        item({
          id: 1,
          title: "CCTV Operator Course",
          selectedAddons: [{ id: 3, name: "Printed course workbook", pricePence: 1500 }],
        }),
      ]),
    ).toEqual([]);
  });
});
