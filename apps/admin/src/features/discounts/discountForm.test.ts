import { describe, expect, it } from "vitest";
import { todayInLondon } from "@app/contract";
import { emptyDiscountDraft, generateCode, toCodeInput, validateCreateDiscount } from "./discountForm";

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const today = todayInLondon();
const valid = { code: "SAVE10", percent: "10", validFrom: today, validUntil: addDays(today, 30), maxUses: "5" };

describe("generateCode", () => {
  it("gives 8 capitals and digits", () => {
    for (let i = 0; i < 200; i += 1) expect(generateCode()).toMatch(/^[A-Z0-9]{8}$/);
  });

  it("differs between calls", () => {
    const codes = new Set(Array.from({ length: 50 }, () => generateCode()));
    expect(codes.size).toBe(50);
  });

  it("redraws bytes that would bias the alphabet", () => {
    // 252..255 are out of range; 0 -> 'A', 35 -> '9', 36 -> 'A'.
    const fill = (bytes: Uint8Array) => {
      bytes.set([255, 252, 0, 35, 36, 253, 1, 2, 3, 4, 5].slice(0, bytes.length));
      return bytes;
    };
    expect(generateCode(8, fill)).toBe("A9ABCDEF");
  });

  it("uses crypto.getRandomValues", () => {
    const original = crypto.getRandomValues.bind(crypto);
    let calls = 0;
    crypto.getRandomValues = ((a: Uint8Array) => {
      calls += 1;
      return original(a);
    }) as typeof crypto.getRandomValues;
    try {
      generateCode();
    } finally {
      crypto.getRandomValues = original;
    }
    expect(calls).toBeGreaterThan(0);
  });
});

describe("create-code rules (spec §5 via DiscountCreateSchema)", () => {
  it("accepts a valid code", () => {
    expect(validateCreateDiscount(valid)).toEqual({});
  });

  it("gives every required message on an empty form", () => {
    expect(validateCreateDiscount(emptyDiscountDraft())).toEqual({
      code: "Discount code is required",
      percent: "Discount must be greater than 0%",
      validFrom: "Start date is required",
      validUntil: "End date is required",
      maxUses: "Max uses must be greater than 0",
    });
  });

  it("checks the code's length and characters, after uppercasing", () => {
    expect(validateCreateDiscount({ ...valid, code: "AB" }).code).toBe("Code must be at least 3 characters");
    expect(validateCreateDiscount({ ...valid, code: "SAVE-10" }).code).toBe("Code must contain only uppercase letters and numbers");
    expect(toCodeInput("save10")).toBe("SAVE10");
  });

  it("bounds the percentage", () => {
    expect(validateCreateDiscount({ ...valid, percent: "0" }).percent).toBe("Discount must be greater than 0%");
    expect(validateCreateDiscount({ ...valid, percent: "101" }).percent).toBe("Discount cannot exceed 100%");
  });

  it("checks the dates", () => {
    expect(validateCreateDiscount({ ...valid, validFrom: addDays(today, -1) }).validFrom).toBe("Start date cannot be in the past");
    expect(validateCreateDiscount({ ...valid, validUntil: today }).validUntil).toBe("End date must be after start date");
    // Said even while another field is still wrong.
    expect(validateCreateDiscount({ ...valid, code: "", validUntil: addDays(today, -3), validFrom: today }).validUntil).toBe(
      "End date must be after start date",
    );
  });

  it("needs max uses above 0", () => {
    expect(validateCreateDiscount({ ...valid, maxUses: "0" }).maxUses).toBe("Max uses must be greater than 0");
  });
});
