import { describe, expect, it } from "vitest";
import { formatBookingRef, normalizeBookingRef } from "../src/orders";

describe("booking reference", () => {
  it("is shown XXXX-XXXX and read back with or without the dash, any case", () => {
    expect(formatBookingRef("ACDE2346")).toBe("ACDE-2346");
    expect(normalizeBookingRef("acde-2346")).toBe("ACDE2346");
    expect(normalizeBookingRef(" ACDE 2346 ")).toBe("ACDE2346");
    expect(normalizeBookingRef("ACDE-234")).toBeNull();
    expect(normalizeBookingRef("0CDE-2345")).toBeNull();
  });
});
