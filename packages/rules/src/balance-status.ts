/**
 * An order's money state as the office reads it (deposits and balances): from what the order
 * costs, what was received and given back, the day the balance is due and today (a London calendar
 * day, 'YYYY-MM-DD'). One rule for the booking page, the list's filter, the CSV, the receipt and the
 * overdue job, so they never disagree.
 */

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

const DAY_MS = 86_400_000;

/** Whole calendar days from `from` to `to` ('YYYY-MM-DD'; negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  const a = Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1, Number(from.slice(8, 10)));
  const b = Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 1, Number(to.slice(8, 10)));
  return Math.round((b - a) / DAY_MS);
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
    const daysLeft = calendarDaysBetween(input.today, input.dueOn);
    if (daysLeft < 0) return { ...base, state: "overdue", daysOverdue: -daysLeft };
    if (daysLeft <= BALANCE_DUE_SOON_DAYS) return { ...base, state: "balance due" };
  }
  if (input.plan !== "full" && paid > 0) return { ...base, state: "deposit paid" };
  return { ...base, state: "balance due" };
}
