import { describe, expect, it } from "vitest";
import { ApiError, httpError, MESSAGES, toApiError } from "./errors";
import { initials } from "./auth";
import { contract } from "@app/contract";

describe("spec §8 error messages", () => {
  it("uses the server's message or the status fallback", () => {
    expect(httpError(404, { message: "Course not found" }).message).toBe("Course not found");
    expect(httpError(500, {}).message).toBe("Request failed with status 500");
    expect(httpError(401, null).message).toBe(MESSAGES.sessionExpired);
    expect(httpError(401, { message: "Invalid credentials", attempts: 2 }).body.attempts).toBe(2);
  });
  it("maps timeouts, offline and other failures", () => {
    expect(toApiError(new DOMException("t", "TimeoutError")).message).toBe(
      "Network timeout. Please check your internet connection.",
    );
    expect(toApiError(new TypeError("Failed to fetch")).message).toBe(
      "No Internet connection. Please check your internet connection.",
    );
    expect(toApiError(new Error("boom")).message).toBe("boom");
    expect(toApiError("??").message).toBe("An unexpected error occurred");
    const e = new ApiError("http", 400, "x");
    expect(toApiError(e)).toBe(e);
  });
  it("knows the session paths that answer 401 by design", () => {
    // lib/api.ts skips the global 401 handler for these two; the contract must keep them there.
    expect(contract.auth.login.path).toBe("/api/login");
    expect(contract.auth.me.path).toBe("/api/me");
  });
});

describe("initials", () => {
  it("takes the first and last name's letters", () => {
    expect(initials("Jane Mary Doe")).toBe("JD");
    expect(initials("admin")).toBe("A");
    expect(initials("")).toBe("?");
  });
});
