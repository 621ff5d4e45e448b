import type { StatCard } from "@app/contract";

export type ChangeDirection = "up" | "down" | "flat";

/**
 * How a card's change against last month reads. A change that shows as 0% is "No change" in
 * neutral grey: the API sends `isPositive: true` for equal months (value >= previous), and a
 * green arrow beside "0%" told the office things grew when they did not (office booking tools).
 */
export function changeOf(card: Pick<StatCard, "percentage" | "isPositive">): { direction: ChangeDirection; text: string } {
  const shown = Math.abs(card.percentage).toLocaleString("en-GB", { maximumFractionDigits: 1 });
  if (shown === "0") return { direction: "flat", text: "No change" };
  return { direction: card.isPositive ? "up" : "down", text: `${shown}%` };
}
