/**
 * An order's money state as the office reads it (deposits and balances): from what the order
 * costs, what was received and given back, the day the balance is due and today (a London calendar
 * day, 'YYYY-MM-DD'). One rule for the booking page, the list's filter, the CSV, the receipt and the
 * overdue job, so they never disagree.
 */
import { daysBetween } from "./calendar";

export const MONEY_STATES = ["paid in full", "deposit paid", "balance due", "overdue"] as const;
export type MoneyState = (typeof MONEY_STATES)[number];

/** A balance counts as due (rather than merely owed after a deposit) this many days before its due day. */
export const BALANCE_DUE_SOON_DAYS = 7;

export type PaymentPlan = "full" | "deposit" | "instalments" | "klarna";

export interface BalanceInput {
  totalPence: number;
  /** Every amount received (the sum of the order's charges). */
  paidPence: number;
  /** Money given back so far. */
  refundedPence: number;
  /** The day the balance is due ('YYYY-MM-DD'); null: no due day (paid at once, or an open invoice). */
  dueOn: string | null;
  /** Today in London ('YYYY-MM-DD'). */
  today: string;
  plan: PaymentPlan;
}

export interface BalanceStatus {
  state: MoneyState;
  /** What the customer still owes (never below 0). */
  outstandingPence: number;
  /** Whole days past the due day (0 unless overdue). */
  daysOverdue: number;
  /** What was received less what was given back (never below 0). */
  netPaidPence: number;
}

/**
 * 'paid in full' once nothing is owed; 'overdue' the day after the due day; 'balance due' within
 * BALANCE_DUE_SOON_DAYS of the due day (or when nothing says when: an open invoice, a full-payment
 * order not paid in full); otherwise 'deposit paid'. A refund lowers what was kept, never reopens a
 * balance: what is owed is the total less what was received.
 */
export function balanceStatus(input: BalanceInput): BalanceStatus {
  const paid = Math.max(0, input.paidPence);
  const outstandingPence = Math.max(0, input.totalPence - paid);
  const netPaidPence = Math.max(0, paid - Math.max(0, input.refundedPence));
  const base = { outstandingPence, netPaidPence, daysOverdue: 0 };
  if (outstandingPence === 0) return { ...base, state: "paid in full" };
  if (input.dueOn) {
    const daysLeft = daysBetween(input.today, input.dueOn);
    if (daysLeft < 0) return { ...base, state: "overdue", daysOverdue: -daysLeft };
    if (daysLeft <= BALANCE_DUE_SOON_DAYS) return { ...base, state: "balance due" };
  }
  if (input.plan !== "full" && paid > 0) return { ...base, state: "deposit paid" };
  return { ...base, state: "balance due" };
}
