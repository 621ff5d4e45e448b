import { describe, expect, it } from "vitest";
import { isWholePence, penceToPounds, poundsToPence } from "../src/money";

describe("poundsToPence", () => {
  it("converts without binary float error", () => {
    expect(poundsToPence(19.99)).toBe(1999);
    expect(poundsToPence(250)).toBe(25000);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
    expect(poundsToPence(1.15)).toBe(115);
    expect(poundsToPence(4.35)).toBe(435);
    expect(poundsToPence(1.005)).toBe(101);
    expect(poundsToPence(0)).toBe(0);
    expect(poundsToPence(0.01)).toBe(1);
  });

  it("rounds halves away from zero, negative amounts too, and never gives -0", () => {
    expect(poundsToPence(-19.99)).toBe(-1999);
    expect(poundsToPence(-1.005)).toBe(-101);
    expect(Object.is(poundsToPence(-0), 0)).toBe(true);
    expect(Object.is(poundsToPence(-0.001), 0)).toBe(true);
  });

  it("handles amounts written with an exponent", () => {
    expect(poundsToPence(1e21)).toBe(1e23);
    expect(poundsToPence(1e-7)).toBe(0);
    expect(poundsToPence(5e-3)).toBe(1);
  });

  it("throws a RangeError for NaN and infinities", () => {
    expect(() => poundsToPence(Number.NaN)).toThrow(RangeError);
    expect(() => poundsToPence(Number.POSITIVE_INFINITY)).toThrow("Not a finite amount of pounds: Infinity");
    expect(() => poundsToPence(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("penceToPounds", () => {
  it("converts and rounds to whole pence first", () => {
    expect(penceToPounds(1999)).toBe(19.99);
    expect(penceToPounds(25000)).toBe(250);
    expect(penceToPounds(1999.6)).toBe(20);
    expect(penceToPounds(0)).toBe(0);
    expect(Object.is(penceToPounds(-0.2), 0)).toBe(true);
    expect(penceToPounds(-500)).toBe(-5);
  });

  it("throws a RangeError for NaN and infinities", () => {
    expect(() => penceToPounds(Number.NaN)).toThrow("Not a finite amount of pence: NaN");
    expect(() => penceToPounds(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("isWholePence (the contract's 'at most 2 decimals')", () => {
  it("accepts whole pounds and up to two decimals, float noise included", () => {
    expect(isWholePence(250)).toBe(true);
    expect(isWholePence(19.99)).toBe(true);
    expect(isWholePence(0.1 + 0.2)).toBe(true);
    expect(isWholePence(0)).toBe(true);
  });

  it("refuses three decimals and non-finite numbers", () => {
    expect(isWholePence(19.999)).toBe(false);
    expect(isWholePence(0.001)).toBe(false);
    expect(isWholePence(0.005)).toBe(false);
    expect(isWholePence(Number.NaN)).toBe(false);
    expect(isWholePence(Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe("pounds and pence together", () => {
  it("round-trips every two-decimal amount up to £1000", () => {
    const failures: number[] = [];
    for (let pence = 0; pence <= 100_000; pence += 1) {
      const pounds = penceToPounds(pence);
      if (pounds !== Number((pence / 100).toFixed(2)) || poundsToPence(pounds) !== pence) failures.push(pence);
    }
    expect(failures).toEqual([]);
  });
});
