/**
 * An order's balance as the office reads it and changes it (deposits and balances): its money
 * (plan, state, owed, due day, charges, instalments) for the booking page, the terms of a deposit
 * the office takes by phone, and what happens when the rest arrives. The state itself is one rule,
 * `balanceStatus` in @app/rules.
 */
import type { BookingMoney } from "@app/contract";
import { balanceStatus, penceToPounds as toPounds, type MoneyState } from "@app/rules";
import type { DbOrTx, Tx } from "../../db/client";
import type { PaymentOptions } from "../../db/schema/types";
import { HttpError } from "../../lib/http-error";
import { addDays, ukDate } from "../../lib/dates";
import * as repo from "./balance-repository";

type OrderMoneyFields = Pick<
  repo.OrderMoneyRow,
  | "status"
  | "totalPence"
  | "amountPaidPence"
  | "balanceDueOn"
  | "paymentPlan"
  | "depositPence"
  | "overdueAlertedAt"
  | "releasedUnpaidAt"
  | "paymentTerms"
  | "providerPaymentMethodId"
  | "balanceChargeFailedAt"
  | "balanceChargeError"
>;

/** The money state of a booking that holds places ('paid' orders); null for the others. */
export function moneyStateOf(
  order: Pick<OrderMoneyFields, "status" | "totalPence" | "amountPaidPence" | "balanceDueOn" | "paymentPlan">,
  refundedPence: number,
  now: Date,
): { state: MoneyState | null; outstandingPence: number; daysOverdue: number } {
  if (order.status !== "paid") return { state: null, outstandingPence: 0, daysOverdue: 0 };
  const s = balanceStatus({
    totalPence: order.totalPence,
    paidPence: order.amountPaidPence ?? 0,
    refundedPence,
    dueOn: order.balanceDueOn,
    today: ukDate(now),
    plan: order.paymentPlan,
  });
  return { state: s.state, outstandingPence: s.outstandingPence, daysOverdue: s.daysOverdue };
}

/** Whether the learner's results wait for the rest of the money (the terms in force when booked). */
export function resultsHeld(order: Pick<OrderMoneyFields, "paymentTerms" | "totalPence" | "amountPaidPence">): boolean {
  return Boolean(order.paymentTerms?.hold_results_until_paid) && (order.amountPaidPence ?? 0) < order.totalPence;
}

/** Everything about a booking's money (its page). */
export async function bookingMoney(
  db: DbOrTx,
  order: OrderMoneyFields & { id: number },
  refundedPence: number,
  now: Date,
): Promise<BookingMoney> {
  const [charges, instalments] = await Promise.all([repo.findCharges(db, order.id), repo.findInstalments(db, order.id)]);
  const paid = order.amountPaidPence ?? 0;
  const m = moneyStateOf(order, refundedPence, now);
  return {
    plan: order.paymentPlan,
    state: m.state,
    paid: toPounds(paid),
    net_paid: toPounds(Math.max(0, paid - refundedPence)),
    outstanding: toPounds(m.outstandingPence),
    deposit: order.depositPence === null ? null : toPounds(order.depositPence),
    due_on: order.balanceDueOn,
    days_overdue: m.daysOverdue,
    overdue_alerted_at: order.overdueAlertedAt?.toISOString() ?? null,
    released_unpaid_at: order.releasedUnpaidAt?.toISOString() ?? null,
    results_held: resultsHeld(order),
    charges: charges.map((c) => ({
      id: c.id,
      kind: c.kind,
      amount: toPounds(c.amountPence),
      method: c.method,
      provider: c.provider,
      provider_ref: c.providerRef,
      received_at: c.receivedAt.toISOString(),
    })),
    instalments: instalments.map((i) => ({
      seq: i.seq,
      due_on: i.dueOn,
      amount: toPounds(i.amountPence),
      status: i.status,
      last_error: i.lastError,
    })),
    saved_card: order.providerPaymentMethodId
      ? { charge_failed_at: order.balanceChargeFailedAt?.toISOString() ?? null, charge_error: order.balanceChargeError }
      : null,
  };
}

/** The order columns of a deposit the office takes by phone. */
export type PhoneDepositTerms = {
  paymentPlan: "deposit";
  depositPence: number;
  balanceDueOn: string;
  paymentTerms: PaymentOptions;
};

/**
 * A deposit by phone: the balance is due `balance_due_days` before the first day (the course's
 * options, or the site-wide ones), as online. Refused when that day is today or past (booking inside
 * the window pays in full), or when the amount is the whole total.
 */
export async function phoneDepositTerms(
  db: DbOrTx,
  courseId: number,
  firstDay: string | null,
  receivedPence: number,
  totalPence: number,
  now: Date,
): Promise<PhoneDepositTerms> {
  const options = await repo.paymentOptionsOf(db, courseId);
  const amountIssue = (message: string) => new HttpError(400, message, { issues: [{ path: "amount_received", message }] });
  if (!options || !firstDay) throw amountIssue("This course cannot be booked with a deposit");
  if (receivedPence >= totalPence) throw amountIssue("A deposit is less than the total: record a full payment instead");
  const dueOn = addDays(firstDay.slice(0, 10), -options.balance_due_days);
  if (dueOn <= ukDate(now)) throw amountIssue(`The course starts within ${options.balance_due_days} days: take the full amount`);
  return { paymentPlan: "deposit", depositPence: receivedPence, balanceDueOn: dueOn, paymentTerms: options };
}

/**
 * After the office recorded money on an order (in its transaction): once paid in full, the
 * instalments still scheduled are not charged. Answers whether the order is now paid in full.
 */
export async function afterOfficePaymentTx(
  tx: Tx,
  order: { id: number; totalPence: number },
  paidPence: number,
  now: Date,
): Promise<boolean> {
  if (paidPence < order.totalPence) return false;
  await repo.cancelScheduledInstalments(tx, order.id, now);
  return true;
}

export { outstandingTotals } from "./balance-repository";
