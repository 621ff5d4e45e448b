import { TEXT_MAX } from "@app/contract/order-facts";
import type { DiscountValidation, OrderInput } from "@app/contract";
import type { z } from "zod";
import type { EnrollResponseSchema, OrderStatusSchema } from "@app/contract";
import { ApiError, apiFetch, isNotFound } from "../../lib/api";

export type EnrollResponse = z.infer<typeof EnrollResponseSchema>;

/**
 * GET /api/discounts/validate/:code (spec §7) with the cart's course ids (`?course_ids=3,7`), so
 * the API refuses a code limited to none of them with its own message. Throws the site's ApiError
 * when the call fails.
 */
export function checkDiscountCode(code: string, courseIds: readonly number[] = []): Promise<DiscountValidation> {
  // No code is longer than the contract allows: answer as the API does for an unknown code.
  if (code.trim().length > TEXT_MAX.code)
    return Promise.resolve({ valid: false, message: "Invalid discount code", discount: null });
  const ids = [...new Set(courseIds)].filter((id) => Number.isInteger(id) && id > 0);
  const query = ids.length ? `?course_ids=${ids.join(",")}` : "";
  return apiFetch<DiscountValidation>(`/api/discounts/validate/${encodeURIComponent(code)}${query}`);
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

export type CancelAnswer = { paid: false; order: OrderStatus } | { paid: true; message: string };

/**
 * POST /api/orders/:reference/cancel: the customer came back from the payment page without
 * paying, so the order's seats and discount use are released now instead of when the payment
 * session runs out (docs/decisions/031). `paid` when the payment went through after all (409).
 * Throws the site's ApiError for anything else (unknown order, rate limit, no connection).
 */
export async function cancelOrder(reference: string, signal?: AbortSignal): Promise<CancelAnswer> {
  try {
    return {
      paid: false,
      order: await apiFetch<OrderStatus>(`/api/orders/${encodeURIComponent(reference)}/cancel`, { method: "POST", signal }),
    };
  } catch (e) {
    if (e instanceof ApiError && e.status === 409) return { paid: true, message: e.message };
    throw e;
  }
}
