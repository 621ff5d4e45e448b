import { describe, expect, it } from "vitest";
import { changeOf } from "./change";

describe("changeOf", () => {
  it("shows a 0% change as no change, whatever isPositive says", () => {
    expect(changeOf({ percentage: 0, isPositive: true })).toEqual({ direction: "flat", text: "No change" });
    expect(changeOf({ percentage: 0, isPositive: false })).toEqual({ direction: "flat", text: "No change" });
  });

  it("shows a change that rounds to 0% as no change too", () => {
    expect(changeOf({ percentage: 0.04, isPositive: true })).toEqual({ direction: "flat", text: "No change" });
  });

  it("keeps the arrow's direction and one decimal for a real change", () => {
    expect(changeOf({ percentage: 12.5, isPositive: true })).toEqual({ direction: "up", text: "12.5%" });
    expect(changeOf({ percentage: 50, isPositive: false })).toEqual({ direction: "down", text: "50%" });
    expect(changeOf({ percentage: -3, isPositive: false })).toEqual({ direction: "down", text: "3%" });
    expect(changeOf({ percentage: 0.1, isPositive: true })).toEqual({ direction: "up", text: "0.1%" });
  });
});
