import { formatPounds, parseMoneyInput, poundsToPence, type MoneyInputProblem } from "@app/rules";

/** The office's words for typed money that could not be read (the amount itself is read by @app/rules). */
function problemText(problem: MoneyInputProblem, emptyText: string, example: string): string {
  if (problem === "empty") return emptyText;
  if (problem === "not_a_number") return `Enter an amount in pounds, e.g. ${example}`;
  return "Use at most 2 decimals";
}

/**
 * Reads a refund amount typed by the office ('25', '25.5', '£25.50', '1,250.00') against what can
 * still be refunded. The API refuses more than was paid too (under a lock, across repeated and
 * concurrent requests); this check only saves a round trip and says it in plain words.
 */
export function parseRefundAmount(typed: string, refundable: number): { amount: number } | { error: string } {
  const parsed = parseMoneyInput(typed);
  if ("problem" in parsed) return { error: problemText(parsed.problem, "Enter the amount to refund", "25.00") };
  if (parsed.pounds <= 0) return { error: "Enter the amount to refund" };
  if (poundsToPence(parsed.pounds) > poundsToPence(refundable)) {
    return { error: `At most ${formatPounds(refundable)} can be refunded (what was paid and not yet refunded)` };
  }
  return { amount: parsed.pounds };
}

/** Reads an amount received for a manual booking: any amount from £0 up, in pounds. */
export function parseAmountReceived(typed: string): { amount: number } | { error: string } {
  const parsed = parseMoneyInput(typed);
  if ("problem" in parsed) return { error: problemText(parsed.problem, "Enter the amount received", "250.00") };
  return { amount: parsed.pounds };
}

/** Reads a payment received later: more than £0, never above what is still owed. */
export function parsePaymentAmount(typed: string, owed: number): { amount: number } | { error: string } {
  const parsed = parseAmountReceived(typed);
  if ("error" in parsed) return parsed;
  if (parsed.amount <= 0) return { error: "Enter the amount received" };
  if (poundsToPence(parsed.amount) > poundsToPence(owed)) return { error: `At most ${formatPounds(owed)} is still owed` };
  return parsed;
}
