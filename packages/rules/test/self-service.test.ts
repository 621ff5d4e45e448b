import { describe, expect, it } from "vitest";
import {
  cancelQuote,
  changeQuote,
  DEFAULT_BOOKING_POLICY as P,
  ladderPercent,
  namesEditable,
  startsInsideCancellationPeriod,
  type CancelFacts,
} from "../src/self-service";

const facts = (over: Partial<CancelFacts> = {}): CancelFacts => ({
  today: "2027-01-15",
  bookedOn: "2027-01-01",
  startDate: "2027-03-01",
  endDate: "2027-03-05",
  paidPence: 20000,
  totalPence: 20000,
  business: false,
  earlyStartRequested: false,
  ...over,
});

describe("cancelQuote", () => {
  it("refunds everything on day 14 after the booking day and uses the ladder on day 15", () => {
    expect(cancelQuote(facts(), P)).toMatchObject({ basis: "cancellation_period", refundPence: 20000, refundBy: "2027-01-29" });
    expect(cancelQuote(facts({ today: "2027-01-16", startDate: "2027-02-05" }), P)).toMatchObject({
      basis: "policy",
      keptPence: 5000,
      refundPence: 15000,
    });
  });
  it("keeps the days begun only after an express request", () => {
    const started = { bookedOn: "2027-01-01", startDate: "2027-01-04", endDate: "2027-01-08", today: "2027-01-05" };
    expect(cancelQuote(facts({ ...started, earlyStartRequested: true }), P)).toMatchObject({
      keptPence: 8000,
      refundPence: 12000,
    });
    expect(cancelQuote(facts({ ...started, earlyStartRequested: false }), P)).toMatchObject({ keptPence: 0, refundPence: 20000 });
  });
  it("gives employers no cancellation period and their own ladder", () => {
    expect(cancelQuote(facts({ business: true }), P)).toMatchObject({ basis: "business", keptPence: 0, creditPence: 20000 });
  });
  it("refuses after the course has finished, and online after the start outside the period", () => {
    expect(cancelQuote(facts({ today: "2027-03-06" }), P).allowed).toBe(false);
    expect(cancelQuote(facts({ today: "2027-03-02" }), P).allowed).toBe(false);
  });
});

describe("changeQuote and names", () => {
  const base = { today: "2027-01-01", targetStart: "2027-03-01", changesMade: 0, itemPence: 20000 };
  it("refuses on the cut-off day and charges the ladder's fee the day before", () => {
    expect(changeQuote({ ...base, currentStart: "2027-01-08" }, P).allowed).toBe(false);
    expect(changeQuote({ ...base, currentStart: "2027-01-09" }, P)).toEqual({ allowed: true, percent: 50, feePence: 10000 });
    expect(changeQuote({ ...base, currentStart: "2027-01-30" }, P)).toEqual({ allowed: true, percent: 0, feePence: 0 });
  });
  it("stops at the change limit", () => {
    expect(changeQuote({ ...base, currentStart: "2027-02-01", changesMade: 2 }, P).allowed).toBe(false);
  });
  it("reads ladders and periods at their edges", () => {
    expect([29, 28, 14, 13, 0].map((d) => ladderPercent(P.change_fees, d))).toEqual([0, 25, 25, 50, 50]);
    expect(startsInsideCancellationPeriod("2027-01-01", "2027-01-15")).toBe(true);
    expect(startsInsideCancellationPeriod("2027-01-01", "2027-01-16")).toBe(false);
    expect(namesEditable("2027-01-01", "2027-01-03", P)).toBe(true);
    expect(namesEditable("2027-01-02", "2027-01-03", P)).toBe(false);
  });
});
