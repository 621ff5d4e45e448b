import { describe, expect, it } from "vitest";
import {
  balanceDueOn,
  depositLabel,
  depositPerPlace,
  instalmentCount,
  instalmentSchedule,
  offerFor,
  orderDeposit,
  paymentOffers,
  type DepositOptions,
  type OffersInput,
} from "../src/deposits";

const options: DepositOptions = {
  deposit_enabled: true,
  deposit_kind: "fixed",
  deposit_value: 3000,
  balance_due_days: 28,
  instalments_enabled: false,
  klarna_enabled: false,
};

const cart = (over: Partial<OffersInput> = {}): OffersInput => ({
  options,
  lines: [{ pricePerPlacePence: 25000, places: 1 }],
  totalPence: 25000,
  firstDay: "2027-03-01",
  today: "2027-01-01",
  ...over,
});

describe("depositPerPlace", () => {
  it("takes the fixed sum, never more than the place costs", () => {
    expect(depositPerPlace(options, 25000)).toBe(3000);
    expect(depositPerPlace(options, 2000)).toBe(2000);
    expect(depositPerPlace(options, 0)).toBe(0);
  });

  it("takes a percentage of the place's price to the nearest penny", () => {
    const pct = { deposit_kind: "percent" as const, deposit_value: 25 };
    expect(depositPerPlace(pct, 25000)).toBe(6250);
    expect(depositPerPlace(pct, 9999)).toBe(2500); // 2499.75 → 2500
    expect(depositPerPlace(pct, 1)).toBe(0);
    expect(depositPerPlace({ deposit_kind: "percent", deposit_value: 150 }, 1000)).toBe(1000);
  });
});

describe("depositLabel", () => {
  it("uses the spec's wording", () => {
    expect(depositLabel(options)).toBe("Deposit (Pay £30.00 per item)");
    expect(depositLabel({ deposit_kind: "fixed", deposit_value: 75000 })).toBe("Deposit (Pay £750.00 per item)");
    expect(depositLabel({ deposit_kind: "percent", deposit_value: 20 })).toBe("Deposit (Pay 20% per item)");
  });
});

describe("orderDeposit", () => {
  it("takes a deposit per place of a group booking", () => {
    expect(orderDeposit(options, [{ pricePerPlacePence: 25000, places: 4 }], 100000)).toBe(12000);
    expect(
      orderDeposit(
        options,
        [
          { pricePerPlacePence: 25000, places: 2 },
          { pricePerPlacePence: 1500, places: 1 },
        ],
        51500,
      ),
    ).toBe(7500);
  });

  it("keeps the deposit as set after a discount unless the total is smaller", () => {
    expect(orderDeposit(options, [{ pricePerPlacePence: 25000, places: 1 }], 20000)).toBe(3000);
    expect(orderDeposit(options, [{ pricePerPlacePence: 25000, places: 1 }], 2500)).toBe(2500);
    expect(orderDeposit(options, [{ pricePerPlacePence: 25000, places: 1 }], 0)).toBe(0);
  });
});

describe("balanceDueOn", () => {
  it("counts calendar days back from the first day, across months and leap days", () => {
    expect(balanceDueOn("2027-03-01", 28)).toBe("2027-02-01");
    expect(balanceDueOn("2028-03-01", 1)).toBe("2028-02-29");
    expect(balanceDueOn("2027-01-10", 0)).toBe("2027-01-10");
  });
});

describe("paymentOffers", () => {
  it("offers only full payment when nothing else is on", () => {
    const offers = paymentOffers(cart({ options: { ...options, deposit_enabled: false } }));
    expect(offers).toEqual([{ plan: "full", label: "Full Payment", todayPence: 25000, duePence: 0, dueOn: null, schedule: [] }]);
  });

  it("offers a deposit with the balance due 28 days before the first day", () => {
    expect(offerFor(cart(), "deposit")).toEqual({
      plan: "deposit",
      label: "Deposit (Pay £30.00 per item)",
      todayPence: 3000,
      duePence: 22000,
      dueOn: "2027-02-01",
      schedule: [{ dueOn: "2027-02-01", amountPence: 22000 }],
    });
  });

  it("offers no deposit on the day the window opens, and one the day before", () => {
    expect(offerFor(cart({ today: "2027-02-01" }), "deposit")).toBeNull();
    expect(offerFor(cart({ today: "2027-02-10" }), "deposit")).toBeNull();
    expect(offerFor(cart({ today: "2027-01-31" }), "deposit")?.dueOn).toBe("2027-02-01");
  });

  it("offers no deposit for an undated cart or when the discount leaves less than the deposit", () => {
    expect(offerFor(cart({ firstDay: null }), "deposit")).toBeNull();
    expect(offerFor(cart({ totalPence: 3000 }), "deposit")).toBeNull();
    expect(offerFor(cart({ totalPence: 2000 }), "deposit")).toBeNull();
    expect(offerFor(cart({ totalPence: 3001 }), "deposit")).toMatchObject({ todayPence: 3000, duePence: 1 });
  });

  it("offers Klarna as its own method, paid in full", () => {
    const offers = paymentOffers(cart({ options: { ...options, klarna_enabled: true }, today: "2027-02-20" }));
    expect(offers.map((o) => o.plan)).toEqual(["full", "klarna"]);
    expect(offers[1]).toMatchObject({ label: "Klarna", todayPence: 25000, duePence: 0 });
  });

  it("plans three instalments after the deposit when there is time, the last before the due day", () => {
    const offer = offerFor(cart({ options: { ...options, instalments_enabled: true }, today: "2026-12-01" }), "instalments")!;
    expect(offer.label).toBe("Installment Plan");
    expect(offer.todayPence).toBe(3000);
    expect(offer.schedule).toEqual([
      { dueOn: "2026-12-21", amountPence: 7334 },
      { dueOn: "2027-01-10", amountPence: 7333 },
      { dueOn: "2027-01-31", amountPence: 7333 },
    ]);
    expect(offer.dueOn).toBe("2027-01-31");
    expect(offer.schedule.reduce((n, c) => n + c.amountPence, 0) + offer.todayPence).toBe(25000);
  });

  it("plans two instalments when time is short and none when shorter still", () => {
    const two = offerFor(cart({ options: { ...options, instalments_enabled: true }, today: "2027-01-10" }), "instalments")!;
    expect(two.schedule.map((c) => c.dueOn)).toEqual(["2027-01-20", "2027-01-31"]);
    expect(offerFor(cart({ options: { ...options, instalments_enabled: true }, today: "2027-01-20" }), "instalments")).toBeNull();
  });

  it("splits the whole total into equal parts when instalments are on without a deposit", () => {
    const offer = offerFor(
      cart({ options: { ...options, deposit_enabled: false, instalments_enabled: true }, today: "2026-12-01" }),
      "instalments",
    )!;
    expect(offer.todayPence).toBe(6250);
    expect(offer.schedule.map((c) => c.amountPence)).toEqual([6250, 6250, 6250]);
  });
});

describe("instalmentCount and instalmentSchedule", () => {
  it("chooses by the days left", () => {
    expect(instalmentCount(43)).toBe(3);
    expect(instalmentCount(42)).toBe(2);
    expect(instalmentCount(15)).toBe(2);
    expect(instalmentCount(14)).toBe(0);
  });

  it("puts the odd pennies on the earliest charges", () => {
    expect(instalmentSchedule(100, "2027-01-01", "2027-03-01", 3).map((c) => c.amountPence)).toEqual([34, 33, 33]);
    expect(instalmentSchedule(0, "2027-01-01", "2027-03-01", 3)).toEqual([]);
  });
});

describe("paymentOffers at the edges", () => {
  it("offers no deposit or instalments when the places cost nothing and only extras are paid", () => {
    const freePlace = cart({
      options: { ...options, instalments_enabled: true },
      lines: [{ pricePerPlacePence: 0, places: 1 }],
      totalPence: 5000,
      today: "2026-12-01",
    });
    expect(paymentOffers(freePlace).map((o) => o.plan)).toEqual(["full"]);
  });

  it("plans instalments only while each later charge gets at least a penny", () => {
    const tiny = (totalPence: number) =>
      offerFor(
        cart({
          options: { ...options, deposit_enabled: false, instalments_enabled: true },
          lines: [{ pricePerPlacePence: totalPence, places: 1 }],
          totalPence,
          today: "2026-12-01",
        }),
        "instalments",
      );
    expect(tiny(4)).toMatchObject({ todayPence: 1, duePence: 3 });
    expect(tiny(4)?.schedule.map((c) => c.amountPence)).toEqual([1, 1, 1]);
    expect(tiny(3)).toBeNull();
  });

  it("offers Klarna exactly as a full payment today, and not for a free cart", () => {
    const klarna = { ...options, deposit_enabled: false, klarna_enabled: true };
    expect(offerFor(cart({ options: klarna }), "klarna")).toEqual({
      plan: "klarna",
      label: "Klarna",
      todayPence: 25000,
      duePence: 0,
      dueOn: null,
      schedule: [],
    });
    expect(paymentOffers(cart({ options: klarna, totalPence: 0 })).map((o) => o.plan)).toEqual(["full"]);
  });
});
