import type { OrderInput } from "@app/contract";
import type { PaymentPlanKind } from "@app/contract";

/** The customer's choice: the plan, the card consent, and what the chosen plan takes today (null: the total). */
export type PaymentChoice = { plan: PaymentPlanKind; saveCard: boolean; payToday: number | null };

export const FULL_PAYMENT_CHOICE: PaymentChoice = { plan: "full", saveCard: false, payToday: null };

/** The order payload's payment fields: nothing for full payment (as before), else the plan and consent. */
export function choiceFields(choice: PaymentChoice): Pick<OrderInput, "payment_plan" | "save_card"> {
  if (choice.plan === "full") return {};
  return { payment_plan: choice.plan, save_card: choice.plan !== "klarna" && choice.saveCard };
}
