import type { z } from "zod";
import type { OrderStatusSchema } from "@app/contract";

export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** 'not-found' when the API does not know the reference; throws on other failures. */
export async function fetchOrderStatus(reference: string): Promise<OrderStatus | "not-found"> {
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env;
  const base = (env?.VITE_API_URL ?? "").replace(/\/$/, "");
  const res = await fetch(`${base}/api/orders/${encodeURIComponent(reference)}/status`, {
    headers: { accept: "application/json" },
    signal: AbortSignal.timeout(60_000),
  });
  if (res.status === 404) return "not-found";
  if (!res.ok) throw new Error(`Request failed with status ${res.status}`);
  return (await res.json()) as OrderStatus;
}
