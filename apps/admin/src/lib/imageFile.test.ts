import { describe, expect, it } from "vitest";
import { imageFileProblem } from "./imageFile";

describe("picture checks of the shop item and training choosers (spec §5)", () => {
  it("refuses a file that is not an image", () => {
    expect(imageFileProblem({ type: "application/pdf", size: 100 })).toBe("Please select an image file");
    expect(imageFileProblem({ type: "text/plain", size: 10 })).toBe("Please select an image file");
  });

  it("refuses a picture over 5 MB and takes one of exactly 5 MB", () => {
    expect(imageFileProblem({ type: "image/jpeg", size: 5 * 1024 * 1024 + 1 })).toBe("File size must be less than 5MB");
    expect(imageFileProblem({ type: "image/png", size: 5 * 1024 * 1024 + 1 })).toBe("File size must be less than 5MB");
    expect(imageFileProblem({ type: "image/jpeg", size: 5 * 1024 * 1024 })).toBeNull();
  });

  it("takes any image type", () => {
    expect(imageFileProblem({ type: "image/webp", size: 1000 })).toBeNull();
  });
});
