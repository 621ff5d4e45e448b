import { describe, expect, it } from "vitest";
import { OrderSchema } from "@app/contract";
import type { CartItem } from "../../../stores/cart";
import { buildOrder, issuesToFormErrors } from "../useCheckout";
import type { CheckoutValues } from "../checkout-values";

const line = (id: number, quantity?: number): CartItem => ({
  id,
  slug: `c${id}`,
  title: `Course ${id}`,
  pricePence: 10000,
  image: null,
  selectedDateId: id * 10,
  selectedDate: "x",
  selectedAddons: [{ id: 7, name: "Workbook", pricePence: 1500 }],
  ...(quantity ? { quantity } : {}),
});

const values: CheckoutValues = {
  firstName: "Jane",
  lastName: "Doe",
  phoneNumber: "07700 900123",
  email: "jane@example.com",
  companyName: "",
  country: "United Kingdom",
  streetAddress: "1 Example Street",
  buildingType: "",
  townCity: "Bootle",
  state: "England",
  orderNotes: "",
  deliverToDifferentAddress: false,
  purchaseOrder: "",
  marketingOptIn: false,
  attendees: {
    2: [
      { first_name: "Sam", last_name: "Lee" },
      { first_name: "Alex", last_name: "Khan", email: "a@example.com" },
    ],
  },
};

describe("the order payload", () => {
  it("sends places and attendees only for lines of 2 or more places, and passes the contract's schema", () => {
    const order = buildOrder([line(1), line(2, 2)], { ...values, purchaseOrder: "PO-1", marketingOptIn: true }, null);
    expect(order.courses).toEqual([
      { id: 1, selectedDate: 10, selectedAddons: [7] },
      { id: 2, selectedDate: 20, selectedAddons: [7], quantity: 2, attendees: values.attendees[2] },
    ]);
    expect(order).toMatchObject({
      purchase_order: "PO-1",
      marketing_opt_in: true,
      company_name: null,
      discount_code: null,
      accept_terms: true,
    });
    expect(OrderSchema.safeParse(order).success).toBe(true);
  });

  it("sends an empty purchase order as null and the unticked box as false", () => {
    expect(buildOrder([line(1)], values, null)).toMatchObject({ purchase_order: null, marketing_opt_in: false });
  });

  it("maps the API's issues to the form's fields, attendees to their course's fields", () => {
    const errors = issuesToFormErrors(
      [
        { path: "purchase_order", message: "Please use at most 100 characters" },
        { path: "courses.1.attendees.0.last_name", message: "Attendee last name is required" },
        { path: "courses.5.attendees.0.last_name", message: "no such line" },
        { path: "guest_email", message: "Please enter a valid email address" },
      ],
      [line(1), line(2, 2)],
    );
    expect(errors).toEqual({
      purchaseOrder: "Please use at most 100 characters",
      "attendees.2.0.last_name": "Attendee last name is required",
      email: "Please enter a valid email address",
    });
  });
});
