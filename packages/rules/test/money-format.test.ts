import { describe, expect, it } from "vitest";
import { formatPence, formatPounds, formatWholePounds, INVALID_AMOUNT, parseMoneyInput } from "../src/money";

describe("money", () => {
  it("formats pounds with two decimals, a pound sign and thousands separators", () => {
    expect(formatPounds(250)).toBe("£250.00");
    expect(formatPounds(30)).toBe("£30.00");
    expect(formatPounds(19.99)).toBe("£19.99");
    expect(formatPounds(0)).toBe("£0.00");
    expect(formatPounds(1250.5)).toBe("£1,250.50");
    expect(formatPounds(-5)).toBe("-£5.00");
  });

  it("formats pence as pounds", () => {
    expect(formatPence(25000)).toBe("£250.00");
    expect(formatPence(1999)).toBe("£19.99");
    expect(formatPence(5)).toBe("£0.05");
    expect(formatPence(125000)).toBe("£1,250.00");
    expect(formatPence(-0)).toBe("£0.00");
  });

  it("writes every amount exactly as Intl's en-GB pound format does (it replaces it, decision 257)", () => {
    const intl = new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency: "GBP",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456, 1234567, 100000000, 123456789012];
    for (let i = 0; i < 2000; i += 1) amounts.push(Math.floor((i * 7919 * 104729) % 5_000_000_000) - 1_000_000);
    for (const pence of [...amounts, ...amounts.filter((a) => a > 0).map((a) => -a)])
      expect(formatPence(pence)).toBe(intl.format(pence / 100));
  });

  it("shows a dash instead of a price for non-finite amounts", () => {
    expect(formatPounds(Number.NaN)).toBe("—");
    expect(formatPence(Number.POSITIVE_INFINITY)).toBe("—");
  });
});

describe("formatWholePounds", () => {
  it("rounds to whole pounds, halves away from zero, as Intl's en-GB format without decimals does", () => {
    const intl = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });
    for (const pounds of [0, 1, 2.5, 2.49, 999.5, 1250.4, 1234567.8, -2.5, -1250, -0.4])
      expect(formatWholePounds(pounds)).toBe(intl.format(pounds).replace("-£0", "£0"));
    expect(formatWholePounds(1250.4)).toBe("£1,250");
    expect(formatWholePounds(2.5)).toBe("£3");
    expect(formatWholePounds(-2.5)).toBe("-£3");
    expect(formatWholePounds(-0.4)).toBe("£0");
  });

  it("shows a dash for non-finite amounts", () => {
    expect(formatWholePounds(Number.NaN)).toBe(INVALID_AMOUNT);
    expect(formatWholePounds(Number.NEGATIVE_INFINITY)).toBe(INVALID_AMOUNT);
    expect(formatPence(Number.NEGATIVE_INFINITY)).toBe(INVALID_AMOUNT);
  });
});

describe("parseMoneyInput", () => {
  it("reads pounds with or without a pound sign, thousands commas and spaces around", () => {
    expect(parseMoneyInput("25")).toEqual({ pounds: 25 });
    expect(parseMoneyInput("25.5")).toEqual({ pounds: 25.5 });
    expect(parseMoneyInput(" £25.50 ")).toEqual({ pounds: 25.5 });
    expect(parseMoneyInput("1,250.00")).toEqual({ pounds: 1250 });
    expect(parseMoneyInput("£0")).toEqual({ pounds: 0 });
    expect(parseMoneyInput("0.10")).toEqual({ pounds: 0.1 });
  });

  it("says why it cannot read the rest", () => {
    expect(parseMoneyInput("")).toEqual({ problem: "empty" });
    expect(parseMoneyInput("   ")).toEqual({ problem: "empty" });
    expect(parseMoneyInput("£")).toEqual({ problem: "empty" });
    expect(parseMoneyInput("-5")).toEqual({ problem: "not_a_number" });
    expect(parseMoneyInput("5.")).toEqual({ problem: "not_a_number" });
    expect(parseMoneyInput("ten")).toEqual({ problem: "not_a_number" });
    expect(parseMoneyInput("5 pounds")).toEqual({ problem: "not_a_number" });
    expect(parseMoneyInput("x5")).toEqual({ problem: "not_a_number" });
    expect(parseMoneyInput("££5")).toEqual({ problem: "not_a_number" });
    expect(parseMoneyInput("1.999")).toEqual({ problem: "too_many_decimals" });
  });
});
