import { describe, expect, it } from "vitest";
import type { Enrollment } from "@app/contract";
import { courseDateOptions, dateChoice, courseDays, enrolmentsCsv, matchesSearch, registerAttendees, toCsv } from "./model";

function enrolment(over: Partial<Enrollment> = {}): Enrollment {
  return {
    id: 1,
    reference: "internal-token-0001",
    booking_reference: "ACDE-2346",
    terms_version: null,
    terms_accepted_at: null,
    purchase_order: null,
    marketing_consent_at: null,
    first_name: "Jane",
    last_name: "Doe",
    guest_email: "jane@example.com",
    phone_number: "07700 900123",
    country: "United Kingdom",
    town_city: "Bootle",
    state: "England",
    street_address: "1 Test Street",
    status: "paid",
    subtotal: 250,
    discount_code: null,
    percent_off: null,
    total: 250,
    amount_paid: 250,
    paid_at: "2025-03-01T10:00:00Z",
    expires_at: "2025-03-01T10:30:00Z",
    created_at: "2025-03-01T09:55:00Z",
    courses: [
      {
        id: 10,
        title: "SIA Door Supervisor",
        duration: "6 Days",
        time: "9 am - 6pm",
        startDate: "2025-03-10",
        endDate: "2025-03-12",
        course_date_id: 100,
        date_label: "10 - 12th Mar 2025",
        description: "Door supervision",
        addOns: [],
        seats: 1,
        attendees: [{ id: 1, first_name: "Jane", last_name: "Doe", email: "jane@example.com" }],
        pivot: { price_paid: 250, original_price: 250, created_at: "2025-03-01T09:55:00Z" },
      },
    ],
    ...over,
  };
}

describe("toCsv", () => {
  it("joins rows with CRLF", () => {
    expect(
      toCsv([
        ["a", "b"],
        ["c", "d"],
      ]),
    ).toBe("a,b\r\nc,d\r\n");
  });
});

describe("enrolmentsCsv", () => {
  it("writes one row per enrolment with the courses and amounts", () => {
    const csv = enrolmentsCsv([enrolment({ last_name: "O'Neil, Jr" })]);
    const [header, row] = csv.trimEnd().split("\r\n");
    expect(header).toMatch(/^Reference,Status,First name,Last name,Email address,Phone number/);
    expect(row).toContain('"O\'Neil, Jr"');
    expect(row).toContain("SIA Door Supervisor (10 - 12th Mar 2025)");
    expect(row).toContain("250.00");
  });
});

describe("search and filters", () => {
  const rows = [
    enrolment(),
    enrolment({
      id: 2,
      first_name: "Sam",
      last_name: "Smith",
      guest_email: "sam@example.com",
      phone_number: "07700900456",
      status: "pending",
      courses: [],
    }),
  ];
  it("finds by name, e-mail and phone digits", () => {
    expect(matchesSearch(rows[0]!, "jane doe")).toBe(true);
    expect(matchesSearch(rows[0]!, "JANE@EXAMPLE")).toBe(true);
    expect(matchesSearch(rows[0]!, "900 123")).toBe(true);
    expect(matchesSearch(rows[0]!, "sam")).toBe(false);
  });
  it("offers the API's course dates soonest first", () => {
    const date = { time: "09:00", duration: "2 days" };
    expect(
      dateChoice([
        { ...date, course_date_id: 7, title: "B", date_label: "late", startDate: "2027-03-01" },
        { ...date, course_date_id: 8, title: "A", date_label: "none" },
        { ...date, course_date_id: 9, title: "C", date_label: "early", startDate: "2027-01-01" },
      ]).map((o) => [o.id, o.dateLabel]),
    ).toEqual([
      [9, "early"],
      [7, "late"],
      [8, "none"],
    ]);
  });
  it("lists each course date once", () => {
    expect(courseDateOptions([...rows, enrolment({ id: 3 })]).map((o) => o.id)).toEqual([100]);
  });
});

describe("register", () => {
  it("has one column per course day, start to end inclusive", () => {
    expect(courseDays("2025-03-10", "2025-03-12")).toEqual(["Mon 10 Mar", "Tue 11 Mar", "Wed 12 Mar"]);
    expect(courseDays("2025-02-28", "2025-03-01")).toEqual(["Fri 28 Feb", "Sat 1 Mar"]);
    expect(courseDays(undefined, undefined)).toEqual([]);
  });
  it("lists paid attendees of the date by surname", () => {
    const rows = [
      enrolment({ id: 1, first_name: "Zoe", last_name: "Young" }),
      enrolment({ id: 2, first_name: "Adam", last_name: "Brown" }),
      enrolment({ id: 3, first_name: "Pam", last_name: "Pending", status: "pending" }),
    ];
    expect(registerAttendees(rows, 100).map((a) => a.name)).toEqual(["Adam Brown", "Zoe Young"]);
    expect(registerAttendees(rows, 999)).toEqual([]);
  });
});
