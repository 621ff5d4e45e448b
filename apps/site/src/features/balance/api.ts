import type { z } from "zod";
import type { BalanceSchema } from "@app/contract";
import { apiFetch } from "../../lib/api";

export type Balance = z.infer<typeof BalanceSchema>;

/** GET /api/balance/:token: what the secret link in the mails is for. */
export function fetchBalance(token: string): Promise<Balance> {
  return apiFetch<Balance>(`/api/balance/${encodeURIComponent(token)}`);
}

/** POST /api/balance/:token/checkout: a payment page for exactly the amount due. */
export function startBalancePayment(token: string): Promise<{ payment_link: string; amount: number }> {
  return apiFetch(`/api/balance/${encodeURIComponent(token)}/checkout`, { method: "POST" });
}
