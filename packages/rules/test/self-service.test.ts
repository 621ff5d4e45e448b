import { describe, expect, it } from "vitest";
import { addDays } from "../src/calendar";
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

describe("cancelQuote at the edges of each rule", () => {
  // A two-day course that starts inside the cancellation period (booked 1 January).
  const early = { bookedOn: "2027-01-01", startDate: "2027-01-04", endDate: "2027-01-05" };

  it("refuses a finished course even inside the cancellation period, and allows its last day", () => {
    expect(cancelQuote(facts({ ...early, today: "2027-01-06" }), P)).toEqual({
      allowed: false,
      reason: "This course has finished, so the booking cannot be cancelled",
    });
    expect(cancelQuote(facts({ ...early, today: "2027-01-05" }), P).allowed).toBe(true);
  });

  it("keeps the first day on the start day after an express request, and nothing before it", () => {
    const fiveDays = { ...early, endDate: "2027-01-08", earlyStartRequested: true };
    expect(cancelQuote(facts({ ...fiveDays, today: "2027-01-04" }), P)).toEqual({
      allowed: true,
      basis: "cancellation_period",
      keptPence: 4000,
      refundPence: 16000,
      creditPence: 0,
      refundBy: "2027-01-18",
    });
    expect(cancelQuote(facts({ ...fiveDays, today: "2027-01-03" }), P)).toMatchObject({ keptPence: 0, refundPence: 20000 });
    expect(cancelQuote(facts({ ...fiveDays, today: "2027-01-02" }), P)).toMatchObject({ keptPence: 0, refundPence: 20000 });
  });

  it("names no refund day when the whole course was delivered and nothing comes back", () => {
    expect(cancelQuote(facts({ ...early, today: "2027-01-05", earlyStartRequested: true }), P)).toEqual({
      allowed: true,
      basis: "cancellation_period",
      keptPence: 20000,
      refundPence: 0,
      creditPence: 0,
      refundBy: null,
    });
  });

  it("refuses online on the start day outside the period and says to call the office", () => {
    expect(cancelQuote(facts({ startDate: "2027-02-01", endDate: "2027-02-02", today: "2027-02-01" }), P)).toEqual({
      allowed: false,
      reason: "This course has started, so the booking can no longer be cancelled online; call the office",
    });
  });

  it("quotes the consumer ladder in full the day before the start", () => {
    expect(cancelQuote(facts({ startDate: "2027-02-01", endDate: "2027-02-02", today: "2027-01-31" }), P)).toEqual({
      allowed: true,
      basis: "policy",
      keptPence: 10000,
      refundPence: 10000,
      creditPence: 0,
      refundBy: "2027-02-14",
    });
  });
});

describe("changeQuote's refusals", () => {
  const base = { today: "2027-01-01", currentStart: "2027-02-01", targetStart: "2027-03-01", itemPence: 20000 };

  it("says how many changes were made, in the singular too", () => {
    expect(changeQuote({ ...base, changesMade: 2 }, P)).toEqual({
      allowed: false,
      reason: "This booking has changed date 2 times, the most allowed online",
    });
    expect(changeQuote({ ...base, changesMade: 1 }, { ...P, max_changes: 1 })).toEqual({
      allowed: false,
      reason: "This booking has changed date 1 time, the most allowed online",
    });
  });

  it("names the cut-off when the current date is too close", () => {
    expect(changeQuote({ ...base, currentStart: "2027-01-08", changesMade: 0 }, P)).toEqual({
      allowed: false,
      reason: "Dates cannot be changed within 7 days of the start",
    });
  });

  it("refuses a new date within the cut-off and allows one the day after it", () => {
    expect(changeQuote({ ...base, targetStart: "2027-01-08", changesMade: 0 }, P)).toEqual({
      allowed: false,
      reason: "Choose a date more than 7 days away",
    });
    expect(changeQuote({ ...base, targetStart: "2027-01-09", changesMade: 0 }, P)).toEqual({
      allowed: true,
      percent: 0,
      feePence: 0,
    });
  });
});

describe("ladderPercent", () => {
  it("reads a ladder given in any order by its highest band reached", () => {
    const shuffled = [
      { from_days: 0, percent: 50 },
      { from_days: 29, percent: 0 },
      { from_days: 14, percent: 25 },
    ];
    expect([30, 20, 3].map((d) => ladderPercent(shuffled, d))).toEqual([0, 25, 50]);
  });

  it("keeps everything below the lowest band", () => {
    expect(ladderPercent([{ from_days: 5, percent: 10 }], 2)).toBe(100);
  });
});

describe("DEFAULT_BOOKING_POLICY", () => {
  // Booked long ago (outside the cancellation period), cancelled this many days before the start.
  const cancelled = (daysBefore: number, business = false) =>
    cancelQuote(
      facts({
        bookedOn: "2026-01-01",
        today: "2027-01-01",
        business,
        startDate: addDays("2027-01-01", daysBefore),
        endDate: addDays("2027-01-01", daysBefore),
      }),
      P,
    );

  it("keeps nothing of a consumer's cancellation from 29 days out, a quarter from 14 and half in the last fortnight, refunding the rest", () => {
    expect([29, 14, 1].map((d) => cancelled(d))).toMatchObject([
      { keptPence: 0, refundPence: 20000, creditPence: 0 },
      { keptPence: 5000, refundPence: 15000, creditPence: 0 },
      { keptPence: 10000, refundPence: 10000, creditPence: 0 },
    ]);
  });

  it("keeps nothing of an employer's from 29 days out, half from 14 and everything in the last fortnight, crediting the rest", () => {
    expect([29, 14, 1].map((d) => cancelled(d, true))).toMatchObject([
      { keptPence: 0, refundPence: 0, creditPence: 20000 },
      { keptPence: 10000, refundPence: 0, creditPence: 10000 },
      { keptPence: 20000, refundPence: 0, creditPence: 0 },
    ]);
  });

  it("refunds the difference when a customer moves to a cheaper date", () => {
    expect(P.cheaper_date).toBe("refund");
  });
});
