import { describe, expect, it } from "vitest";
import type { CartItem } from "../../../stores/cart";
import { appliedDiscountFrom, cartDiscountPence, discountAppliesToCart, discountLabel } from "../pricing";

const line = (id: number, pricePence: number, quantity?: number): CartItem => ({
  id,
  slug: `c${id}`,
  title: `Course ${id}`,
  pricePence,
  image: null,
  selectedDateId: id,
  selectedDate: "x",
  selectedAddons: [],
  ...(quantity ? { quantity } : {}),
});

/** A valid code as /discounts/validate answers it (a percentage unless amount_off is given). */
const answer = (d: { percent_off?: number | null; amount_off?: number; course_ids?: number[] }) => ({
  percent_off: d.percent_off ?? null,
  amount_off: d.amount_off ?? null,
  course_ids: d.course_ids ?? [],
});

describe("cart pricing", () => {
  it("prices a line as one place × places, and a percentage per place", () => {
    const items = [line(1, 27000, 3), line(2, 5000)];
    const tenPercent = appliedDiscountFrom("save10", answer({ percent_off: 10 }));
    expect(tenPercent).toEqual({ code: "SAVE10", percentOff: 10, amountOffPence: null, courseIds: [] });
    expect(cartDiscountPence(items, tenPercent)).toBe(8600);
    expect(cartDiscountPence(items, null)).toBe(0);
  });

  it("reads a fixed amount in pounds and never takes the total below £0", () => {
    const fixed = appliedDiscountFrom("TENNER", answer({ percent_off: 0, amount_off: 25.5 }));
    expect(fixed).toMatchObject({ percentOff: null, amountOffPence: 2550 });
    expect(cartDiscountPence([line(1, 10000)], fixed)).toBe(2550);
    expect(cartDiscountPence([line(1, 1000)], fixed)).toBe(1000);
    expect(discountLabel(fixed)).toBe("£25.50 off");
    expect(discountLabel(appliedDiscountFrom("T", answer({ amount_off: 25 })))).toBe("£25 off");
    expect(discountLabel(appliedDiscountFrom("A", answer({ percent_off: 15 })))).toBe("15% off");
  });

  it("applies a code limited to some courses only to their lines", () => {
    const items = [line(1, 27000, 2), line(2, 5000)];
    const limited = appliedDiscountFrom("DOOR", answer({ percent_off: 10, course_ids: [1] }));
    expect(cartDiscountPence(items, limited)).toBe(5400);
    const fixedOther = appliedDiscountFrom("EFAW", answer({ percent_off: 0, amount_off: 100, course_ids: [2] }));
    expect(cartDiscountPence(items, fixedOther)).toBe(5000);
    const none = appliedDiscountFrom("NONE", answer({ percent_off: 10, course_ids: [9] }));
    expect(cartDiscountPence(items, none)).toBe(0);
    expect(discountAppliesToCart(items, none)).toBe(false);
    expect(discountAppliesToCart(items, limited)).toBe(true);
  });

  it("takes a fixed amount once per order, over the lines of its courses only", () => {
    // £30 off limited to courses 1 and 2 with course 3 also in the cart: £30 once, not per line.
    const items = [line(1, 10000, 3), line(2, 5000), line(3, 8000)];
    const fixed = appliedDiscountFrom("GROUP30", answer({ percent_off: null, amount_off: 30, course_ids: [1, 2] }));
    expect(cartDiscountPence(items, fixed)).toBe(3000);
  });
});
