import { describe, expect, it } from "vitest";
import { balanceStatus, BALANCE_DUE_SOON_DAYS, type BalanceInput } from "../src/balance-status";
import { daysBetween } from "../src/calendar";

const base: BalanceInput = {
  totalPence: 60_000,
  paidPence: 12_000,
  refundedPence: 0,
  dueOn: "2026-12-20",
  today: "2026-11-27",
  plan: "deposit",
};

describe("daysBetween", () => {
  it("counts calendar days across months, years and the clock change", () => {
    expect(daysBetween("2026-11-27", "2026-12-20")).toBe(23);
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2026-10-26", "2026-10-24")).toBe(-2);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
  });
});

describe("balanceStatus", () => {
  it("a deposit with the due day far off is 'deposit paid' with the rest outstanding", () => {
    expect(balanceStatus(base)).toEqual({
      state: "deposit paid",
      outstandingPence: 48_000,
      daysOverdue: 0,
      netPaidPence: 12_000,
    });
  });

  it("becomes 'balance due' exactly BALANCE_DUE_SOON_DAYS before the due day, not a day earlier", () => {
    expect(balanceStatus({ ...base, today: "2026-12-12" }).state).toBe("deposit paid");
    expect(BALANCE_DUE_SOON_DAYS).toBe(7);
    expect(balanceStatus({ ...base, today: "2026-12-13" }).state).toBe("balance due");
  });

  it("is still 'balance due' on the due day and 'overdue' the day after, counting days late", () => {
    expect(balanceStatus({ ...base, today: "2026-12-20" })).toMatchObject({ state: "balance due", daysOverdue: 0 });
    expect(balanceStatus({ ...base, today: "2026-12-21" })).toMatchObject({ state: "overdue", daysOverdue: 1 });
    expect(balanceStatus({ ...base, today: "2027-01-03" })).toMatchObject({ state: "overdue", daysOverdue: 14 });
  });

  it("is 'paid in full' once received reaches the total, whatever the day", () => {
    expect(balanceStatus({ ...base, paidPence: 60_000, today: "2027-01-03" })).toEqual({
      state: "paid in full",
      outstandingPence: 0,
      daysOverdue: 0,
      netPaidPence: 60_000,
    });
    // One penny short is still owed.
    expect(balanceStatus({ ...base, paidPence: 59_999, today: "2027-01-03" })).toMatchObject({
      state: "overdue",
      outstandingPence: 1,
    });
  });

  it("a refund lowers what was kept but never reopens a balance", () => {
    const r = balanceStatus({ ...base, paidPence: 60_000, refundedPence: 10_000 });
    expect(r).toMatchObject({ state: "paid in full", outstandingPence: 0, netPaidPence: 50_000 });
    expect(balanceStatus({ ...base, refundedPence: 20_000 }).netPaidPence).toBe(0);
  });

  it("an open invoice (nothing paid, no due day) or a full-payment order part paid is 'balance due'", () => {
    expect(balanceStatus({ ...base, paidPence: 0, dueOn: null, plan: "full" }).state).toBe("balance due");
    expect(balanceStatus({ ...base, paidPence: 5_000, dueOn: null, plan: "full" }).state).toBe("balance due");
    expect(balanceStatus({ ...base, paidPence: 5_000, dueOn: null, plan: "deposit" }).state).toBe("deposit paid");
  });

  it("a free order is paid in full; an overpayment owes nothing", () => {
    expect(balanceStatus({ ...base, totalPence: 0, paidPence: 0 }).state).toBe("paid in full");
    expect(balanceStatus({ ...base, paidPence: 70_000 }).outstandingPence).toBe(0);
  });
});

describe("balanceStatus before any money", () => {
  it("a deposit order with nothing received yet and the due day far off is 'balance due', not 'deposit paid'", () => {
    expect(balanceStatus({ ...base, paidPence: 0 })).toEqual({
      state: "balance due",
      outstandingPence: 60_000,
      netPaidPence: 0,
      daysOverdue: 0,
    });
  });
});
