/**
 * An order's money as the office reads it (deposits and balances): its plan, its money state,
 * what is owed and by when, the schedule of instalments and every amount received (one row per
 * payment, with the provider's id). Money is pounds with at most 2 decimals, as everywhere.
 */
import { PAYMENT_PLANS } from "./payment-plan-facts";
import { z } from "zod";
import { Pounds } from "./common";

/** The money states of a live booking (the rule is `balanceStatus` in @app/rules). */
export const MONEY_STATES = ["paid in full", "deposit paid", "balance due", "overdue"] as const;
export type MoneyStateName = (typeof MONEY_STATES)[number];

/** How the order is paid: the plans of payment-plan-facts.ts (at once, deposit, instalments, Klarna). */

/**
 * The bookings list's money filter: 'overdue' (the balance's due day has passed) or 'balance_due'
 * (something is still owed and not yet overdue: a deposit paid, a balance due, an open invoice).
 */
export const BOOKING_MONEY_FILTERS = ["overdue", "balance_due"] as const;
export type BookingMoneyFilter = (typeof BOOKING_MONEY_FILTERS)[number];
export const BOOKING_MONEY_FILTER_LABELS: Record<BookingMoneyFilter, string> = {
  overdue: "Overdue balances",
  balance_due: "Balance to pay",
};

export const CHARGE_KIND_LABELS = {
  full: "Full payment",
  deposit: "Deposit",
  balance: "Balance",
  instalment: "Instalment",
  office: "Taken by the office",
} as const;

export const ChargeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["full", "deposit", "balance", "instalment", "office"]),
  amount: Pounds,
  /** card_online | klarna | card_saved | card_phone | cash | bank_transfer | invoice */
  method: z.string(),
  /** stripe | local | manual */
  provider: z.string(),
  /** The provider's id of this payment (`cs_…`, `pi_…`); null for cash and transfers. */
  provider_ref: z.string().nullable(),
  /** ISO timestamp */
  received_at: z.string(),
});

export const InstalmentSchema = z.object({
  seq: z.number().int(),
  /** 'YYYY-MM-DD' */
  due_on: z.string(),
  amount: Pounds,
  status: z.enum(["scheduled", "paid", "failed", "cancelled"]),
  /** Why the saved card did not pay it (the bank asked for authentication, declined, ...). */
  last_error: z.string().nullable(),
});

/** The card the customer agreed to keep for the balance; null when none is kept. */
export const SavedCardSchema = z.object({
  /** When the card did not pay the balance on its day (ISO), and why; the customer was sent the link. */
  charge_failed_at: z.string().nullable(),
  charge_error: z.string().nullable(),
});

/** A booking's money (its page): received, given back, still owed and when. */
export const BookingMoneySchema = z.object({
  plan: z.enum(PAYMENT_PLANS),
  /** null for a booking that holds no places (pending, expired, cancelled). */
  state: z.enum(MONEY_STATES).nullable(),
  /** Everything received (the sum of the charges). */
  paid: Pounds,
  /** Received less given back. */
  net_paid: Pounds,
  /** Still owed (0 once paid in full; 0 on a booking that holds no places). */
  outstanding: Pounds,
  /** What was paid (or asked) when the booking was made, for a deposit or instalment plan. */
  deposit: Pounds.nullable(),
  /** The day the balance is due ('YYYY-MM-DD'), if any. */
  due_on: z.string().nullable(),
  days_overdue: z.number().int(),
  /** When the office was alerted that the balance is overdue (ISO), once per booking. */
  overdue_alerted_at: z.string().nullable(),
  /** When the places were released because the balance was not paid (ISO). */
  released_unpaid_at: z.string().nullable(),
  /** The learner's results and certificate wait until the booking is paid in full. */
  results_held: z.boolean(),
  charges: z.array(ChargeSchema),
  instalments: z.array(InstalmentSchema),
  saved_card: SavedCardSchema.nullable(),
});
export type BookingMoney = z.infer<typeof BookingMoneySchema>;

/** The list's (and the CSV's) money columns of one booking. */
export const BookingRowMoneyFields = {
  money_state: z.enum(MONEY_STATES).nullable(),
  /** Still owed (0 when paid in full or not holding places). */
  balance_due: Pounds,
  /** 'YYYY-MM-DD' */
  balance_due_on: z.string().nullable(),
};
