import { describe, expect, it } from "vitest";
import { parseAmountReceived, parsePaymentAmount, parseRefundAmount } from "./amounts";

describe("parseRefundAmount", () => {
  it("takes pounds as people type them", () => {
    expect(parseRefundAmount("25", 100)).toEqual({ amount: 25 });
    expect(parseRefundAmount(" £25.50 ", 100)).toEqual({ amount: 25.5 });
    expect(parseRefundAmount("1,250.00", 2000)).toEqual({ amount: 1250 });
  });

  it("allows exactly what is left to refund and never a penny more", () => {
    expect(parseRefundAmount("99.99", 99.99)).toEqual({ amount: 99.99 });
    expect(parseRefundAmount("100.00", 99.99)).toEqual({
      error: "At most £99.99 can be refunded (what was paid and not yet refunded)",
    });
    expect(parseRefundAmount("0.01", 0)).toMatchObject({ error: expect.stringContaining("At most £0.00") });
  });

  it("refuses empty, zero, negative, text and sub-penny amounts", () => {
    expect(parseRefundAmount("", 10)).toEqual({ error: "Enter the amount to refund" });
    expect(parseRefundAmount("0", 10)).toEqual({ error: "Enter the amount to refund" });
    expect(parseRefundAmount("-5", 10)).toEqual({ error: "Enter an amount in pounds, e.g. 25.00" });
    expect(parseRefundAmount("ten", 10)).toEqual({ error: "Enter an amount in pounds, e.g. 25.00" });
    expect(parseRefundAmount("1.005", 10)).toEqual({ error: "Use at most 2 decimals" });
  });
});

describe("parseAmountReceived", () => {
  it("takes £0 and up in whole pence", () => {
    expect(parseAmountReceived("0")).toEqual({ amount: 0 });
    expect(parseAmountReceived("£250")).toEqual({ amount: 250 });
    expect(parseAmountReceived("")).toEqual({ error: "Enter the amount received" });
    expect(parseAmountReceived("2.505")).toEqual({ error: "Use at most 2 decimals" });
  });
});

describe("parsePaymentAmount", () => {
  it("takes up to what is still owed, not nothing and not more", () => {
    expect(parsePaymentAmount("310", 310)).toEqual({ amount: 310 });
    expect(parsePaymentAmount("100.50", 310)).toEqual({ amount: 100.5 });
    expect(parsePaymentAmount("0", 310)).toEqual({ error: "Enter the amount received" });
    expect(parsePaymentAmount("310.01", 310)).toEqual({ error: "At most £310.00 is still owed" });
  });
});
