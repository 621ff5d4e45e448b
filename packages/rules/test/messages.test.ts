import { describe, expect, it } from "vitest";
import { httpStatusMessage, OFFLINE_MESSAGE, TIMEOUT_MESSAGE } from "../src/messages";

describe("spec §8 messages", () => {
  it("word for word", () => {
    expect(TIMEOUT_MESSAGE).toBe("Network timeout. Please check your internet connection.");
    expect(OFFLINE_MESSAGE).toBe("No Internet connection. Please check your internet connection.");
    expect(httpStatusMessage(502)).toBe("Request failed with status 502");
  });
});
