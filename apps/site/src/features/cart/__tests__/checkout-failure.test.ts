import { describe, expect, it } from "vitest";
import { ApiError, parseRetryAfter } from "../../../lib/api";
import { checkoutFailureMessage, retryWhen } from "../checkout-failure";

const now = new Date("2026-11-26T18:30:00Z");

describe("checkoutFailureMessage", () => {
  it("gives the API's message of a 4xx or 5xx answer", () => {
    const message = "We could not open the payment page. Please try again in a few minutes.";
    expect(checkoutFailureMessage(new ApiError(message, 503, { message }, 120), now)).toBe(message);
    expect(checkoutFailureMessage(new ApiError("Bad", 400, { message: "Bad" }), now)).toBe("Bad");
  });

  it("adds when to try again to a 429, from Retry-After or else the body's retry_after", () => {
    const message = "Too many new bookings from your connection. Please try again later.";
    expect(checkoutFailureMessage(new ApiError(message, 429, { message }, 600), now)).toBe(
      `${message} You can try again in 10 minutes (at 18:40).`,
    );
    expect(checkoutFailureMessage(new ApiError(message, 429, { message, retry_after: 61 }), now)).toBe(
      `${message} You can try again in 2 minutes (at 18:31).`,
    );
    expect(checkoutFailureMessage(new ApiError(message, 429, { message }), now)).toBe(message);
  });

  it("leaves no answer, an answer without a message and anything else to the generic words", () => {
    expect(checkoutFailureMessage(new ApiError("No Internet connection.", 0), now)).toBeNull();
    expect(checkoutFailureMessage(new ApiError("Request failed with status 502", 502, null), now)).toBeNull();
    expect(checkoutFailureMessage(new ApiError(" ", 500, { message: " " }), now)).toBeNull();
    expect(checkoutFailureMessage(new TypeError("Failed to fetch"), now)).toBeNull();
  });
});

describe("retryWhen", () => {
  it("says minutes and the UK clock time, or only the time when it is far off", () => {
    expect(retryWhen(30, now)).toBe("You can try again in a minute.");
    expect(retryWhen(60, now)).toBe("You can try again in 1 minute (at 18:31).");
    expect(retryWhen(25 * 60, now)).toBe("You can try again in 25 minutes (at 18:55).");
    // British Summer Time is an hour ahead of UTC.
    expect(retryWhen(3 * 3600, new Date("2026-07-01T10:00:00Z"))).toBe("You can try again at 14:00.");
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates, and nothing else", () => {
    expect(parseRetryAfter("120")).toBe(120);
    expect(parseRetryAfter("Thu, 26 Nov 2026 18:32:00 GMT", now.getTime())).toBe(120);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter("soon")).toBeNull();
  });
});
