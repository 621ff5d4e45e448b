import { isWholePence, penceToPounds, poundsToPence } from "@app/rules";

/**
 * Reads a refund amount typed by the office ('25', '25.5', '£25.50', '1,250.00') against what can
 * still be refunded. The API refuses more than was paid too (under a lock, across repeated and
 * concurrent requests); this check only saves a round trip and says it in plain words.
 */
export function parseRefundAmount(typed: string, refundable: number): { amount: number } | { error: string } {
  const text = typed.trim().replace(/^£/, "").replace(/,/g, "");
  if (!text) return { error: "Enter the amount to refund" };
  if (!/^\d+(\.\d+)?$/.test(text)) return { error: "Enter an amount in pounds, e.g. 25.00" };
  const pounds = Number(text);
  if (!isWholePence(pounds)) return { error: "Use at most 2 decimals" };
  if (pounds <= 0) return { error: "Enter the amount to refund" };
  if (poundsToPence(pounds) > poundsToPence(refundable)) {
    return { error: `At most ${formatGbp(refundable)} can be refunded (what was paid and not yet refunded)` };
  }
  return { amount: penceToPounds(poundsToPence(pounds)) };
}

/** Reads an amount received for a manual booking: any amount from £0 up, in pounds. */
export function parseAmountReceived(typed: string): { amount: number } | { error: string } {
  const text = typed.trim().replace(/^£/, "").replace(/,/g, "");
  if (!text) return { error: "Enter the amount received" };
  if (!/^\d+(\.\d+)?$/.test(text)) return { error: "Enter an amount in pounds, e.g. 250.00" };
  const pounds = Number(text);
  if (!isWholePence(pounds)) return { error: "Use at most 2 decimals" };
  return { amount: penceToPounds(poundsToPence(pounds)) };
}

/** Reads a payment received later: more than £0, never above what is still owed. */
export function parsePaymentAmount(typed: string, owed: number): { amount: number } | { error: string } {
  const parsed = parseAmountReceived(typed);
  if ("error" in parsed) return parsed;
  if (parsed.amount <= 0) return { error: "Enter the amount received" };
  if (poundsToPence(parsed.amount) > poundsToPence(owed)) return { error: `At most ${formatGbp(owed)} is still owed` };
  return parsed;
}

const GBP = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2 });
function formatGbp(pounds: number): string {
  return GBP.format(pounds);
}
