import { describe, expect, it } from "vitest";
import { discountPence, shareDiscount, totalAfterDiscount } from "../src/discount";

describe("discountPence", () => {
  it("is the percentage of the subtotal rounded to the nearest penny, halves up", () => {
    expect(discountPence(25000, 10)).toBe(2500);
    expect(discountPence(1999, 10)).toBe(200); // 199.9
    expect(discountPence(1995, 10)).toBe(200); // 199.5 → up
    expect(discountPence(1994, 10)).toBe(199); // 199.4
    expect(discountPence(333, 15)).toBe(50); // 49.95
  });

  it("is 0 without a positive percentage and caps at 100 %", () => {
    expect(discountPence(25000, 0)).toBe(0);
    expect(discountPence(25000, -5)).toBe(0);
    expect(discountPence(25000, null)).toBe(0);
    expect(discountPence(25000, undefined)).toBe(0);
    expect(discountPence(25000, Number.NaN)).toBe(0);
    expect(discountPence(25000, 100)).toBe(25000);
    expect(discountPence(25000, 150)).toBe(25000);
  });

  it("totalAfterDiscount subtracts it", () => {
    expect(totalAfterDiscount(1995, 10)).toBe(1795);
    expect(totalAfterDiscount(1995, null)).toBe(1995);
    expect(totalAfterDiscount(1995, 100)).toBe(0);
  });
});

describe("shareDiscount", () => {
  it("splits in proportion, rounding down, with the remainder on the last item", () => {
    // 1000 of 3000: shares 333.33 → 333, 333.33 → 333, last takes 334
    expect(shareDiscount([10000, 10000, 10000], 1000)).toEqual([9667, 9667, 9666]);
    // proportional: 20000/30000 of 900 = 600, 10000/30000 = 300
    expect(shareDiscount([20000, 10000], 900)).toEqual([19400, 9700]);
    // 7 over 3 equal items: 2, 2, 3
    expect(shareDiscount([100, 100, 100], 7)).toEqual([98, 98, 97]);
  });

  it("the paid prices always add up to subtotal minus discount", () => {
    const prices = [12345, 6789, 101, 99999];
    const discount = 11923;
    const paid = shareDiscount(prices, discount);
    expect(paid.reduce((a, b) => a + b, 0)).toBe(prices.reduce((a, b) => a + b, 0) - discount);
    paid.forEach((p, i) => expect(p).toBeLessThanOrEqual(prices[i]!));
  });

  it("one item takes the whole discount", () => {
    expect(shareDiscount([25000], 2500)).toEqual([22500]);
  });

  it("no discount or a zero subtotal leaves the prices as they are, in a new array", () => {
    const prices = [100, 200];
    const same = shareDiscount(prices, 0);
    expect(same).toEqual([100, 200]);
    expect(same).not.toBe(prices);
    const zero = [0, 0];
    const out = shareDiscount(zero, 50);
    expect(out).toEqual([0, 0]);
    expect(out).not.toBe(zero);
  });
});
