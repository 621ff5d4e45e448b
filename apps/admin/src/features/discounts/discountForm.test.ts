import { describe, expect, it } from "vitest";
import { ukDate } from "@app/rules";
import {
  AMOUNT_REQUIRED,
  discountSizeText,
  emptyDiscountDraft,
  generateCode,
  toCodeInput,
  toPayload,
  validateCreateDiscount,
} from "./discountForm";

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const today = ukDate();
const valid = {
  ...emptyDiscountDraft(),
  code: "SAVE10",
  percent: "10",
  validFrom: today,
  validUntil: addDays(today, 30),
  maxUses: "5",
};

describe("generateCode", () => {
  it("gives 8 capitals and digits", () => {
    for (let i = 0; i < 200; i += 1) expect(generateCode()).toMatch(/^[A-Z0-9]{8}$/);
  });

  it("differs between calls", () => {
    const codes = new Set(Array.from({ length: 50 }, () => generateCode()));
    expect(codes.size).toBe(50);
  });

  it("never uses look-alike characters (0/O, 1/I/L, 2/Z, 5/S, 8/B)", () => {
    for (let i = 0; i < 300; i += 1) expect(generateCode()).not.toMatch(/[0O1IL2Z5S8B]/);
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
    expect(validateCreateDiscount({ ...valid, code: "SAVE-10" }).code).toBe(
      "Code must contain only uppercase letters and numbers",
    );
    expect(toCodeInput("save10")).toBe("SAVE10");
  });

  it("bounds the percentage", () => {
    expect(validateCreateDiscount({ ...valid, percent: "0" }).percent).toBe("Discount must be greater than 0%");
    expect(validateCreateDiscount({ ...valid, percent: "101" }).percent).toBe("Discount cannot exceed 100%");
  });

  it("checks the dates", () => {
    expect(validateCreateDiscount({ ...valid, validFrom: addDays(today, -1) }).validFrom).toBe(
      "Start date cannot be in the past",
    );
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

describe("fixed amounts, course limits and status (office booking tools)", () => {
  it("sends amount_off for a fixed amount and percent_off otherwise, with the course limit", () => {
    expect(toPayload({ ...valid, courseIds: [3, 4] })).toMatchObject({ percent_off: 10, course_ids: [3, 4] });
    expect(toPayload({ ...valid, courseIds: [3, 4] })).not.toHaveProperty("amount_off");
    const fixed = toPayload({ ...valid, kind: "amount", amount: "25.5" });
    expect(fixed).toMatchObject({ amount_off: 25.5, course_ids: [] });
    expect(fixed).not.toHaveProperty("percent_off");
    expect(validateCreateDiscount({ ...valid, kind: "amount", amount: "25.5" })).toEqual({});
  });

  it("asks for the amount of a fixed-amount code, not the percentage", () => {
    expect(validateCreateDiscount({ ...valid, kind: "amount", amount: "" })).toEqual({ amount: AMOUNT_REQUIRED });
    expect(validateCreateDiscount({ ...valid, kind: "amount", amount: "0" })).toEqual({ amount: AMOUNT_REQUIRED });
  });

  it("names the size with the shared rule: % or £ off", () => {
    expect(discountSizeText({ percent_off: 15, amount_off: null })).toBe("15% off");
    expect(discountSizeText({ percent_off: null, amount_off: 5 })).toBe("£5 off");
    expect(discountSizeText({ percent_off: null, amount_off: 7.5 })).toBe("£7.50 off");
  });
});
