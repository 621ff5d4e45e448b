import { describe, expect, it } from "vitest";
import { CourseDateInputSchema, IsoDate, OrderSchema, Pounds, TrainingCreateSchema } from "../src";

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((i) => i.message);
}

const order = (courses: unknown) => ({
  courses,
  guest_email: "learner@example.com",
  guest_name: "Alex",
  first_name: "Alex",
  last_name: "Example",
  phone_number: "0770 090 0123",
  country: "United Kingdom",
  street_address: "1 Example Road",
  town_city: "Bootle",
  state: "England",
});

describe("an order books each course once", () => {
  it("refuses the same course twice, whatever the dates", () => {
    const twice = OrderSchema.safeParse(
      order([
        { id: 7, selectedDate: 11 },
        { id: 7, selectedDate: 12 },
      ]),
    );
    expect(twice.success).toBe(false);
    expect(messages(twice)).toEqual(["The same course cannot be booked twice in one order"]);
    expect(twice.error!.issues[0]!.path).toEqual(["courses"]);
  });

  it("accepts different courses, and one course alone", () => {
    expect(
      OrderSchema.safeParse(
        order([
          { id: 7, selectedDate: 11 },
          { id: 8, selectedDate: 11 },
        ]),
      ).success,
    ).toBe(true);
    expect(OrderSchema.safeParse(order([{ id: 7, selectedDate: "12 - 14th Mar 2025" }])).success).toBe(true);
  });

  it("three items with one repeat are refused too", () => {
    const r = OrderSchema.safeParse(
      order([
        { id: 1, selectedDate: 1 },
        { id: 2, selectedDate: 2 },
        { id: 1, selectedDate: 3 },
      ]),
    );
    expect(messages(r)).toEqual(["The same course cannot be booked twice in one order"]);
  });
});

describe("money has at most 2 decimals", () => {
  it("Pounds accepts whole pounds and pence, float noise included", () => {
    for (const ok of [0, 250, 19.99, 0.01, 0.1 + 0.2, 1234.5]) expect(Pounds.safeParse(ok).success).toBe(true);
  });

  it("Pounds refuses a third decimal with the contract's message", () => {
    for (const bad of [19.999, 0.001, 250.005]) {
      expect(messages(Pounds.safeParse(bad))).toEqual(["Use at most 2 decimals"]);
    }
  });

  it("a training's fee and add-on prices follow the same rule with their own words", () => {
    const base = {
      title: "Door Supervisor",
      duration: "6 days",
      description: "Course",
      price: 250,
      courseDates: [{ startDate: "2030-03-12", endDate: "2030-03-14" }],
    };
    expect(messages(TrainingCreateSchema.safeParse(base))).toEqual([]);
    expect(messages(TrainingCreateSchema.safeParse({ ...base, price: 250.001 }))).toEqual(["Please enter a valid course fee"]);
    expect(messages(TrainingCreateSchema.safeParse({ ...base, price: 250.01 }))).toEqual([]);
    const addOn = TrainingCreateSchema.safeParse({ ...base, addOns: [{ name: "Book", price: 5.555 }] });
    expect(messages(addOn)).toEqual(["Please enter a valid add-on price"]);
  });
});

describe("calendar dates exist", () => {
  it("IsoDate refuses days that do not exist with its one message", () => {
    for (const bad of ["2025-02-30", "2025-02-29", "2025-13-01", "2025-00-10", "2025-04-31"]) {
      expect(messages(IsoDate.safeParse(bad))).toEqual(["Use a date like 2025-03-12"]);
    }
    expect(messages(IsoDate.safeParse("12/03/2025"))).toEqual(["Use a date like 2025-03-12"]);
    expect(IsoDate.safeParse("2024-02-29").success).toBe(true);
  });

  it("a training date range with 30 February is refused", () => {
    expect(CourseDateInputSchema.safeParse({ startDate: "2030-02-27", endDate: "2030-02-30" }).success).toBe(false);
  });
});
