import { describe, expect, it } from "vitest";
import { emptyAttendee, emptyManualBooking, listPrice, toManualBooking } from "./manualBooking";
import type { ManualBookingDraft } from "./manualBooking";

function filled(over: Partial<ManualBookingDraft> = {}): ManualBookingDraft {
  return {
    ...emptyManualBooking(),
    courseId: "3",
    courseDateId: "7",
    addOnIds: [2],
    attendees: [{ ...emptyAttendee(), first_name: "Ann", last_name: "Lee", email: "" }],
    first_name: "Ann",
    last_name: "Lee",
    email: "ann@example.com",
    phone: "07700 900123",
    payment_method: "cash",
    amount_received: "£250.00",
    ...over,
  };
}

describe("toManualBooking", () => {
  it("builds the request the contract takes", () => {
    const result = toManualBooking(filled(), "key-12345678");
    expect(result).toEqual({
      body: expect.objectContaining({
        course_id: 3,
        course_date_id: 7,
        add_on_ids: [2],
        attendees: [{ first_name: "Ann", last_name: "Lee", email: undefined }],
        payment_method: "cash",
        amount_received: 250,
        notify: true,
        idempotency_key: "key-12345678",
      }),
    });
  });

  it("carries the employer's invoice address, and checks its postcode as a UK one", () => {
    const result = toManualBooking(
      filled({ company_name: "Dockside Venues Ltd", street_address: "1 Example Quay", town_city: "Bootle", postcode: "l20 1aa" }),
      "key-12345678",
    );
    expect(result).toEqual({
      body: expect.objectContaining({
        company_name: "Dockside Venues Ltd",
        street_address: "1 Example Quay",
        town_city: "Bootle",
        postcode: "l20 1aa",
        country: "United Kingdom",
      }),
    });
    const bad = toManualBooking(filled({ postcode: "NOT A CODE" }), "key-12345678");
    expect("errors" in bad && bad.errors.postcode).toBeTruthy();
  });

  it("sends no amount for 'unpaid, invoice sent' on an invoice, but needs one for cash", () => {
    const invoice = toManualBooking(filled({ payment_method: "invoice", unpaid: true, amount_received: "" }), "key-12345678");
    expect("body" in invoice && invoice.body.amount_received).toBeNull();
    const cash = toManualBooking(filled({ payment_method: "cash", unpaid: true, amount_received: "" }), "key-12345678");
    expect(cash).toEqual({ errors: expect.objectContaining({ amount_received: "Enter the amount received" }) });
  });

  it("names each missing choice and each attendee row's missing name with the contract's words", () => {
    const result = toManualBooking(
      filled({ courseId: "", courseDateId: "", payment_method: "", attendees: [emptyAttendee()], email: "nope" }),
      "key-12345678",
    );
    expect(result).toEqual({
      errors: expect.objectContaining({
        course_id: "Choose a course",
        course_date_id: "Choose a date",
        payment_method: "Choose how they pay",
        "attendees.0.first_name": "Attendee first name is required",
        "attendees.0.last_name": "Attendee last name is required",
        email: "Please enter a valid email address",
      }),
    });
  });
});

describe("listPrice", () => {
  it("adds fee and add-ons per place in whole pence", () => {
    expect(listPrice(199.99, [25, 10.01], 3)).toBe(705);
    expect(listPrice(0.1, [0.2], 1)).toBe(0.3);
  });
});
