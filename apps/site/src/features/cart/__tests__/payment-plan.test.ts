import { describe, expect, it } from "vitest";
import { DEPOSIT_TERMS as CONTRACT_DEPOSIT_TERMS } from "@app/contract";
import { DEPOSIT_TERMS } from "../../../content/deposit-terms";
import { BOOKING_TERMS } from "../../../content/booking-terms";
import { choiceFields, FULL_PAYMENT_CHOICE } from "../payment-plan/choice";

describe("payment plan choice", () => {
  it("sends nothing for full payment, the plan and consent otherwise", () => {
    expect(choiceFields(FULL_PAYMENT_CHOICE)).toEqual({});
    expect(choiceFields({ plan: "deposit", saveCard: true, payToday: 30 })).toEqual({
      payment_plan: "deposit",
      save_card: true,
    });
    expect(choiceFields({ plan: "klarna", saveCard: true, payToday: 250 })).toEqual({
      payment_plan: "klarna",
      save_card: false,
    });
  });

  it("the booking terms say what happens to a deposit, in the API's words", () => {
    expect(DEPOSIT_TERMS).toBe(CONTRACT_DEPOSIT_TERMS);
    expect(BOOKING_TERMS.find((s) => s.id === "deposits")?.body).toContain(CONTRACT_DEPOSIT_TERMS);
  });
});
