import { describe, expect, it } from "vitest";
import { timeLeft } from "./timeLeft";

describe("timeLeft", () => {
  it("shows minutes and seconds left, rounded up", () => {
    expect(timeLeft(15 * 60_000, 0)).toBe("15:00");
    expect(timeLeft(61_500, 0)).toBe("1:02");
    expect(timeLeft(0, 5000)).toBe("0:00");
    expect(timeLeft(3_700_000, 0)).toBe("1:01:40");
  });
});
