import { afterEach, describe, expect, it } from "vitest";
import {
  readWaitlistOffer,
  saveWaitlistOffer,
  splitName,
  WAITLIST_OFFER_KEY,
  withWaitlistOffer,
  type StoredWaitlistOffer,
} from "../waitlist-offer";

const offer = (over: Partial<StoredWaitlistOffer> = {}): StoredWaitlistOffer => ({
  token: "tok_123",
  courseId: 7,
  courseDateId: 70,
  places: 3,
  name: "Jo Anne Taker",
  email: "jo@example.com",
  phone: "07700 900333",
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  ...over,
});

afterEach(() => window.localStorage.clear());

describe("the stored waiting-list offer", () => {
  it("adds the token and the offered places to an order for the offered date only", () => {
    saveWaitlistOffer(offer());
    const order = {
      courses: [
        { id: 7, selectedDate: 70 },
        { id: 8, selectedDate: 80 },
      ],
      first_name: "Jo",
    };
    expect(withWaitlistOffer(order)).toEqual({
      courses: [
        { id: 7, selectedDate: 70, quantity: 3 },
        { id: 8, selectedDate: 80 },
      ],
      first_name: "Jo",
      waitlist_offer: "tok_123",
    });
    // Without the offered date in the cart the order is left as it is.
    const other = { courses: [{ id: 8, selectedDate: 80 }] };
    expect(withWaitlistOffer(other)).toBe(other);
  });

  it("keeps the places of a line that names its attendees (one name per place)", () => {
    saveWaitlistOffer(offer());
    const named = [
      { first_name: "Al", last_name: "One" },
      { first_name: "Bo", last_name: "Two" },
    ];
    const order = { courses: [{ id: 7, selectedDate: 70, quantity: 2, attendees: named }] };
    expect(withWaitlistOffer(order)).toEqual({
      courses: [{ id: 7, selectedDate: 70, quantity: 2, attendees: named }],
      waitlist_offer: "tok_123",
    });
    // More places than offered stay as chosen (the seat check decides the extra ones).
    expect(withWaitlistOffer({ courses: [{ selectedDate: 70, quantity: 5 }] }).courses[0]!.quantity).toBe(5);
  });

  it("forgets an offer that ran out or is malformed", () => {
    saveWaitlistOffer(offer({ expiresAt: new Date(Date.now() - 1000).toISOString() }));
    expect(readWaitlistOffer()).toBeNull();
    expect(window.localStorage.getItem(WAITLIST_OFFER_KEY)).toBeNull();
    window.localStorage.setItem(WAITLIST_OFFER_KEY, "{not json");
    expect(readWaitlistOffer()).toBeNull();
    expect(withWaitlistOffer({ courses: [{ selectedDate: 70 }] })).toEqual({ courses: [{ selectedDate: 70 }] });
  });

  it("splits the name for the checkout's first and last name", () => {
    expect(splitName("  Jo   Anne Taker ")).toEqual({ firstName: "Jo", lastName: "Anne Taker" });
    expect(splitName("Cher")).toEqual({ firstName: "Cher", lastName: "" });
  });
});
