import { describe, expect, it } from "vitest";
import { validateShopCreate, validateShopUpdate } from "./shopForm";

describe("add saved item rules (spec §5 via ShopItemCreateSchema)", () => {
  it("requires a title and a URL, whitespace counting as empty", () => {
    expect(validateShopCreate({ name: "  ", url: "" })).toEqual({ name: "Item title is required", url: "URL is required" });
  });

  it("needs a URL it can parse, http or https", () => {
    expect(validateShopCreate({ name: "Vest", url: "not a url" }).url).toBe("Please enter a valid URL");
    expect(validateShopCreate({ name: "Vest", url: "javascript:alert(1)" }).url).toBe("Please enter a valid URL");
    expect(validateShopCreate({ name: "Vest", url: " https://shop.example.com/vest " })).toEqual({});
  });

  it("applies the same checks on the edit screen", () => {
    expect(validateShopUpdate({ name: "", url: "ftp://x" })).toEqual({
      name: "Item title is required",
      url: "Please enter a valid URL",
    });
  });
});
