import type { z } from "zod";
import type { OrderStatusSchema } from "@app/contract";
import { apiFetch, isNotFound } from "../../lib/api";

export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** GET /api/orders/:reference/status; 'not-found' when the API does not know the reference. */
export async function fetchOrderStatus(reference: string): Promise<OrderStatus | "not-found"> {
  try {
    return await apiFetch<OrderStatus>(`/api/orders/${encodeURIComponent(reference)}/status`);
  } catch (e) {
    if (isNotFound(e)) return "not-found";
    throw e;
  }
}
