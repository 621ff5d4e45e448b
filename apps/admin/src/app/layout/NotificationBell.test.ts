import { describe, expect, it } from "vitest";
import { notificationTarget } from "./NotificationBell";

describe("notificationTarget", () => {
  it("opens a booking's own page from its notification", () => {
    expect(notificationTarget({ id: "booking-42", kind: "booking" })).toBe("/booking/42");
  });

  it("sends messages to the messages screen and anything unexpected to the bookings list", () => {
    expect(notificationTarget({ id: "message-7", kind: "message" })).toBe("/messages");
    expect(notificationTarget({ id: "booking-x", kind: "booking" })).toBe("/enrolments");
  });
});

describe("notificationTarget for alerts", () => {
  it("opens the status page from an alert or its recovery", () => {
    expect(notificationTarget({ id: "alert-3", kind: "alert" })).toBe("/status");
    expect(notificationTarget({ id: "alert-3-recovered", kind: "alert" })).toBe("/status");
  });
});
