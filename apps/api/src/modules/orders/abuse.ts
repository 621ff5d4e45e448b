/**
 * Limits on unpaid holds and on new orders (docs/decisions/101, 253): nobody can book a date out
 * by placing orders they never pay for. Everything is counted in Postgres, so every API instance
 * applies the same limits: the rates here before an order is priced, the holds inside the order's
 * own statement (orders/repository.ts, `order_client_room`).
 */
import type { FastifyRequest } from "fastify";
import { takeDiscountCheck } from "../discounts";
import { takeHit } from "../ratelimit";

export { holdLimitMessage } from "./outcomes";
export const ORDER_RATE_MESSAGE = "Too many new bookings from your connection. Please try again later.";

type NewOrder = { guest_email: string; discount_code?: string | null };

const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * Before an order is priced: the per-client rate on new orders, and a discount code counted as one
 * code check (the same per-client limit as GET /discounts/validate). Throws 429. Both are counters
 * asked at once (one round trip of waiting), answered in the order a client should hear them.
 * The unpaid-hold limits are not read here: the booking statement checks them itself, under a
 * per-client lock (`order_client_room`, migration 0019), so racing orders cannot slip past them.
 */
export async function guardNewOrder(request: FastifyRequest, body: NewOrder): Promise<void> {
  const app = request.server;
  const now = app.now();
  const [rate, codeCheck] = await Promise.allSettled([
    takeHit(app.db, `enroll:${request.ip}`, {
      limit: app.env.ORDER_RATE_LIMIT,
      windowMs: app.env.ORDER_RATE_WINDOW_MINUTES * 60_000,
      now,
      message: ORDER_RATE_MESSAGE,
    }),
    body.discount_code ? takeDiscountCheck(request) : Promise.resolve(),
  ]);
  for (const settled of [rate, codeCheck]) if (settled.status === "rejected") throw settled.reason;
}

/**
 * Who placed an order and the hold limits it must leave room under: written and checked in the
 * order's own statement (placeOrder's `client`).
 */
export const orderClientOf = (request: FastifyRequest, email: string) => ({
  clientIp: request.ip,
  emailKey: emailKey(email),
  perClient: request.server.env.HOLD_LIMIT_PER_CLIENT,
  perEmail: request.server.env.HOLD_LIMIT_PER_EMAIL,
});
