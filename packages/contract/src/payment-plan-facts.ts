/**
 * How the customer chose to pay at checkout (deposits, balances and instalments): the fields the
 * order payload gains, kept apart from orders.ts so the payment options' routes can import orders.
 */
import { z } from "zod";

export const PAYMENT_PLANS = ["full", "deposit", "instalments", "klarna"] as const;
export type PaymentPlanKind = (typeof PAYMENT_PLANS)[number];

/** The answer (400) when the chosen way of paying is not offered for the cart (off, or inside the balance window). */
export const PLAN_NOT_OFFERED_MESSAGE = "This way of paying is not available for this booking. Please choose another.";

/** The order payload's payment fields (absent: full payment, as before). */
export const PaymentChoiceFields = {
  /** "Full Payment", "Deposit (Pay £30.00 per item)", "Installment Plan" or Klarna. */
  payment_plan: z.enum(PAYMENT_PLANS, { errorMap: () => ({ message: "Choose how you would like to pay" }) }).optional(),
  /** Consent to keep the card and charge the balance (or the instalments) automatically on the due date. */
  save_card: z.boolean().optional(),
};

/**
 * The order status's part on a part-paid order (deposit paid): the balance page's secret link
 * (`<site>/pay/<token>`) and what is still due; absent when nothing is.
 */
export const BalanceStatusFields = {
  balance_link: z.string().optional(),
  amount_due: z.number().nonnegative().optional(),
  /** 'YYYY-MM-DD' */
  balance_due_on: z.string().nullable().optional(),
};
