import { describe, expect, it } from "vitest";
import {
  discountAppliesTo,
  discountLines,
  discountPence,
  discountSizeLabel,
  discountStatus,
  shareDiscount,
  totalAfterDiscount,
} from "../src/discount";

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

describe("discountLines", () => {
  const lines = [
    { courseId: 1, pricePence: 10000 },
    { courseId: 2, pricePence: 5000 },
    { courseId: 3, pricePence: 2500 },
  ];

  it("takes a percentage of every line when the code has no courses, split in proportion", () => {
    expect(discountLines(lines, { percentOff: 10, amountOffPence: null })).toEqual({
      applies: true,
      discountPence: 1750,
      paidPrices: [9000, 4500, 2250],
    });
    expect(discountLines(lines, { percentOff: 10, amountOffPence: null, courseIds: [] }).discountPence).toBe(1750);
  });

  it("takes a percentage only of the code's courses and leaves the other lines at full price", () => {
    expect(discountLines(lines, { percentOff: 20, amountOffPence: null, courseIds: [2, 3] })).toEqual({
      applies: true,
      discountPence: 1500,
      paidPrices: [10000, 4000, 2000],
    });
  });

  it("rounds a percentage to the nearest penny, halves up", () => {
    expect(discountLines([{ courseId: 1, pricePence: 1995 }], { percentOff: 10, amountOffPence: null }).discountPence).toBe(200);
    expect(discountLines([{ courseId: 1, pricePence: 1994 }], { percentOff: 10, amountOffPence: null }).discountPence).toBe(199);
  });

  it("takes a fixed amount once per order, split over the lines in proportion, the last line taking the remainder", () => {
    const out = discountLines(lines, { percentOff: null, amountOffPence: 1000 });
    expect(out.discountPence).toBe(1000);
    // 1000 × 10000/17500 = 571.4 → 571; × 5000/17500 = 285.7 → 285; remainder 144.
    expect(out.paidPrices).toEqual([10000 - 571, 5000 - 285, 2500 - 144]);
    expect(out.paidPrices.reduce((a, b) => a + b, 0)).toBe(17500 - 1000);
  });

  it("never takes a fixed amount below £0: at most the lines it applies to", () => {
    expect(discountLines(lines, { percentOff: null, amountOffPence: 50000 })).toEqual({
      applies: true,
      discountPence: 17500,
      paidPrices: [0, 0, 0],
    });
    expect(discountLines(lines, { percentOff: null, amountOffPence: 50000, courseIds: [3] })).toEqual({
      applies: true,
      discountPence: 2500,
      paidPrices: [10000, 5000, 0],
    });
  });

  it("splits a fixed amount only over the code's courses", () => {
    expect(discountLines(lines, { percentOff: null, amountOffPence: 900, courseIds: [1, 3] }).paidPrices).toEqual([
      10000 - 720,
      5000,
      2500 - 180,
    ]);
  });

  it("does not apply when none of the code's courses is in the order", () => {
    expect(discountLines(lines, { percentOff: 10, amountOffPence: null, courseIds: [9] })).toEqual({
      applies: false,
      discountPence: 0,
      paidPrices: [10000, 5000, 2500],
    });
    expect(discountLines([], { percentOff: 10, amountOffPence: null }).applies).toBe(false);
  });

  it("prefers a positive fixed amount and otherwise uses the percentage", () => {
    expect(discountLines(lines, { percentOff: 10, amountOffPence: 0 }).discountPence).toBe(1750);
    expect(discountLines(lines, { percentOff: null, amountOffPence: null }).discountPence).toBe(0);
  });
});

describe("discountAppliesTo", () => {
  it("applies to every course without a limit and only to the listed ones with one", () => {
    expect(discountAppliesTo({}, 5)).toBe(true);
    expect(discountAppliesTo({ courseIds: null }, 5)).toBe(true);
    expect(discountAppliesTo({ courseIds: [] }, 5)).toBe(true);
    expect(discountAppliesTo({ courseIds: [4, 5] }, 5)).toBe(true);
    expect(discountAppliesTo({ courseIds: [4] }, 5)).toBe(false);
  });
});

describe("discountSizeLabel", () => {
  it("says a percentage or a pound amount", () => {
    expect(discountSizeLabel({ percentOff: 15, amountOffPence: null })).toBe("15% off");
    expect(discountSizeLabel({ percentOff: null, amountOffPence: 1000 })).toBe("£10 off");
    expect(discountSizeLabel({ percentOff: null, amountOffPence: 750 })).toBe("£7.50 off");
    expect(discountSizeLabel({ percentOff: null, amountOffPence: 5 })).toBe("£0.05 off");
    expect(discountSizeLabel({ percentOff: null, amountOffPence: null })).toBe("0% off");
    expect(discountSizeLabel({ percentOff: 10, amountOffPence: 0 })).toBe("10% off");
  });
});

describe("discountStatus", () => {
  const code = { validFrom: "2025-03-01", validUntil: "2025-03-31", maxUses: 2, uses: 0 };
  it("is scheduled before the first day, active inside the window (both ends), expired after", () => {
    expect(discountStatus(code, "2025-02-28")).toBe("scheduled");
    expect(discountStatus(code, "2025-03-01")).toBe("active");
    expect(discountStatus(code, "2025-03-31")).toBe("active");
    expect(discountStatus(code, "2025-04-01")).toBe("expired");
  });
  it("is used up once the uses reach the limit, unless it has expired", () => {
    expect(discountStatus({ ...code, uses: 1 }, "2025-03-10")).toBe("active");
    expect(discountStatus({ ...code, uses: 2 }, "2025-03-10")).toBe("used_up");
    expect(discountStatus({ ...code, uses: 3 }, "2025-02-10")).toBe("used_up");
    expect(discountStatus({ ...code, uses: 2 }, "2025-04-10")).toBe("expired");
  });
});

describe("discountSizeLabel in thousands", () => {
  it("writes thousands as the money format does, whole pounds without pence", () => {
    expect(discountSizeLabel({ percentOff: null, amountOffPence: 125000 })).toBe("£1,250 off");
    expect(discountSizeLabel({ percentOff: null, amountOffPence: 125050 })).toBe("£1,250.50 off");
    expect(discountSizeLabel({ percentOff: null, amountOffPence: 2500.4 })).toBe("£25 off");
    expect(discountSizeLabel({ percentOff: 15, amountOffPence: 0 })).toBe("15% off");
    expect(discountSizeLabel({ percentOff: null, amountOffPence: null })).toBe("0% off");
  });
});
