import type { DiscountValidation, OrderInput } from "@app/contract";
import type { z } from "zod";
import type { EnrollResponseSchema, OrderStatusSchema } from "@app/contract";
import { apiFetch, isNotFound } from "../../lib/api";

export type EnrollResponse = z.infer<typeof EnrollResponseSchema>;

/** GET /api/discounts/validate/:code (spec §7). Throws the site's ApiError when the call fails. */
export function checkDiscountCode(code: string): Promise<DiscountValidation> {
  return apiFetch<DiscountValidation>(`/api/discounts/validate/${encodeURIComponent(code)}`);
}

/** POST /api/enroll (spec §7): creates the order, holds the seats, answers the payment link. */
export function submitOrder(order: OrderInput): Promise<EnrollResponse> {
  return apiFetch<EnrollResponse>("/api/enroll", { method: "POST", body: order });
}

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
