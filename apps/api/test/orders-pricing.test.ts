import { describe, expect, it } from "vitest";
import {
  bookingActivityText,
  matchAddOns,
  matchDate,
  placesOf,
  unansweredOf,
  priceLines,
  priceOrder,
  type CourseForPricing,
} from "../src/modules/orders/pricing";

const dates = [
  { id: 1, start: "2026-03-12", end: "2026-03-14" },
  { id: 2, start: "2026-04-01", end: "2026-04-01" },
  { id: 3, start: "2026-05-12", end: "2026-05-14" },
];
const addOns = [
  { id: 7, name: "First aid", price: 6000 },
  { id: 8, name: "Manual", price: 1500 },
];
const course: CourseForPricing = {
  id: 10,
  title: "Door Supervisor",
  description: "d",
  fee_pence: 25000,
  duration: "6 Days",
  time: "9 am - 6pm",
  dates,
  add_ons: addOns,
  needs_approval: false,
  prerequisites: [],
};
const cctv: CourseForPricing = {
  ...course,
  id: 11,
  title: "CCTV",
  fee_pence: 10000,
  dates: [{ id: 4, start: "2026-06-01", end: "2026-06-02" }],
  add_ons: [],
};

describe("matchDate", () => {
  it("finds a date by id or by its spec label, trimmed", () => {
    expect(matchDate(dates, 2)?.id).toBe(2);
    expect(matchDate(dates, "12 - 14th Mar 2026")?.id).toBe(1);
    expect(matchDate(dates, "  1st Apr 2026 ")?.id).toBe(2);
    expect(matchDate(dates, 99)).toBeNull();
    expect(matchDate(dates, "1st Jan 1999")).toBeNull();
  });
  it("refuses a label that matches more than one date", () => {
    expect(matchDate([...dates, { id: 9, start: "2026-03-12", end: "2026-03-14" }], "12 - 14th Mar 2026")).toBeNull();
  });
});

describe("matchAddOns", () => {
  it("snapshots the chosen add-ons once each, or refuses an unknown one", () => {
    expect(matchAddOns(addOns, [8, 7, 8])).toEqual([
      { name: "Manual", price_pence: 1500 },
      { name: "First aid", price_pence: 6000 },
    ]);
    expect(matchAddOns(addOns, [])).toEqual([]);
    expect(matchAddOns(addOns, [7, 99])).toBeNull();
  });
});

describe("placesOf", () => {
  it("is one place for the buyer by default, several with a quantity", () => {
    expect(placesOf({})).toEqual({ seats: 1, attendees: null });
    expect(placesOf({ quantity: 4 })).toEqual({ seats: 4, attendees: null });
  });
  it("needs exactly one name per place when names are given; e-mail optional", () => {
    expect(
      placesOf({
        quantity: 2,
        attendees: [
          { first_name: "A", last_name: "B", email: "a@x.example" },
          { first_name: "C", last_name: "D" },
        ],
      }),
    ).toEqual({
      seats: 2,
      attendees: [
        { firstName: "A", lastName: "B", email: "a@x.example", answers: null },
        { firstName: "C", lastName: "D", email: null, answers: null },
      ],
    });
    expect(placesOf({ quantity: 2, attendees: [{ first_name: "A", last_name: "B" }] })).toBeNull();
    expect(
      placesOf({
        attendees: [
          { first_name: "A", last_name: "B" },
          { first_name: "C", last_name: "D" },
        ],
      }),
    ).toBeNull();
  });
});

describe("priceLines", () => {
  const line = (over: object = {}) => ({ id: 10, selectedDate: 1, selectedAddons: [7], ...over }) as never;

  it("prices a place as fee + add-ons and a line as that × places, in cart order", () => {
    const out = priceLines([course, cctv], [line({ quantity: 3 }), { id: 11, selectedDate: 4, selectedAddons: [] } as never]);
    expect(out.kind).toBe("priced");
    if (out.kind !== "priced") return;
    expect(
      out.lines.map((l) => [l.courseId, l.courseDateId, l.seats, l.unitPricePence, l.originalPricePence, l.dateLabel]),
    ).toEqual([
      [10, 1, 3, 31000, 93000, "12 - 14th Mar 2026"],
      [11, 4, 1, 10000, 10000, "1 - 2nd Jun 2026"],
    ]);
  });

  it("says which line and what is wrong", () => {
    expect(priceLines([course], [line({ id: 99 })])).toEqual({ kind: "course_not_found" });
    expect(priceLines([course], [line(), line({ selectedDate: 99 })])).toEqual({ kind: "date_unavailable", index: 1 });
    expect(priceLines([course], [line({ selectedAddons: [99] })])).toEqual({ kind: "unknown_add_on", index: 0 });
    expect(priceLines([course], [line({ quantity: 2, attendees: [{ first_name: "A", last_name: "B" }] })])).toEqual({
      kind: "attendees_mismatch",
      index: 0,
      places: 2,
    });
  });
});

describe("priceOrder", () => {
  const lines = [
    { courseId: 10, originalPricePence: 93000 },
    { courseId: 11, originalPricePence: 10000 },
  ];
  it("without a code: the subtotal is the total", () => {
    expect(priceOrder(lines, null)).toEqual({
      subtotalPence: 103000,
      discountPence: 0,
      totalPence: 103000,
      paidPrices: [93000, 10000],
      discountApplies: true,
    });
  });
  it("a percentage of every place, split so the lines add up to the total", () => {
    const out = priceOrder(lines, { percentOff: 10, amountOffPence: null });
    expect(out).toEqual({
      subtotalPence: 103000,
      discountPence: 10300,
      totalPence: 92700,
      paidPrices: [83700, 9000],
      discountApplies: true,
    });
  });
  it("a fixed amount on the code's course only, never below £0", () => {
    expect(priceOrder(lines, { percentOff: null, amountOffPence: 50000, courseIds: [11] })).toMatchObject({
      discountPence: 10000,
      totalPence: 93000,
      paidPrices: [93000, 0],
    });
  });
  it("reports a code whose courses are not in the order", () => {
    expect(priceOrder(lines, { percentOff: 10, amountOffPence: null, courseIds: [12] }).discountApplies).toBe(false);
  });
});

describe("bookingActivityText", () => {
  it("names the buyer, each course with its dates, and the places of a group", () => {
    expect(
      bookingActivityText("ACDE-2346", "Jane Doe", [
        { title: "Door Supervisor", dateLabel: "12 - 14th Mar 2026", seats: 1 },
        { title: "CCTV", dateLabel: "1st Jun 2026", seats: 3 },
      ]),
    ).toBe("ACDE-2346: Jane Doe booked Door Supervisor (12 - 14th Mar 2026), CCTV (1st Jun 2026) × 3 places");
  });
});

describe("prerequisite answers (issue 33)", () => {
  const named = (answers: Record<string, string> | null) => ({ firstName: "A", lastName: "B", email: null, answers });
  it("needs every question answered for every place, and names for the places", () => {
    expect(unansweredOf([], null, 2)).toBeNull();
    expect(unansweredOf(["licence_number"], null, 1)).toEqual({ attendee: 0, key: "licence_number" });
    expect(unansweredOf(["licence_number", "licence_expiry"], [named({ licence_number: "1" })], 1)).toEqual({
      attendee: 0,
      key: "licence_expiry",
    });
    expect(unansweredOf(["licence_number"], [named({ licence_number: "1" }), named(null)], 2)).toEqual({
      attendee: 1,
      key: "licence_number",
    });
    expect(unansweredOf(["licence_number"], [named({ licence_number: "1" })], 1)).toBeNull();
  });
});
