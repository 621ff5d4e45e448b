/**
 * The confirmation's part on a part-paid booking (deposit paid, balance later): the amount still
 * due, its due date and the secret link of the site's balance page (/pay/:token).
 */
import { formatLongDate } from "@app/rules";
import { escapeHtml, formatPence } from "../../lib/html";

export type BalanceDue = { url: string; duePence: number; dueOn: string | null };

const P = "margin:0 0 12px";

const dueSentence = (b: BalanceDue) =>
  `Still to pay: ${formatPence(b.duePence)}${b.dueOn ? `, due by ${formatLongDate(b.dueOn)}` : ""}.`;

export function balanceText(b: BalanceDue | undefined): string[] {
  if (!b || b.duePence <= 0) return [];
  return ["", dueSentence(b), `Pay the balance securely here: ${b.url}`];
}

export function balanceHtml(b: BalanceDue | undefined): string {
  if (!b || b.duePence <= 0) return "";
  return `\n<p style="${P}"><strong>${escapeHtml(dueSentence(b))}</strong><br><a href="${escapeHtml(b.url)}">Pay the balance</a> (${escapeHtml(b.url)})</p>`;
}
