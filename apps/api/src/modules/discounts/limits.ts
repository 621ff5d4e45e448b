import type { FastifyRequest } from "fastify";
import { takeHit } from "../ratelimit";

export const DISCOUNT_CHECK_MESSAGE = "Too many discount code checks. Please try again later.";

/**
 * One discount-code answer for this client: every route that tells whether a code is valid
 * (GET /discounts/validate, POST /enroll with a code) counts against the same per-client limit,
 * so codes cannot be guessed through any of them (docs/decisions/101).
 */
export async function takeDiscountCheck(request: FastifyRequest): Promise<void> {
  const app = request.server;
  await takeHit(app.db, `discount-check:${request.ip}`, {
    limit: app.env.DISCOUNT_CHECK_RATE_LIMIT,
    windowMs: 10 * 60_000,
    now: app.now(),
    message: DISCOUNT_CHECK_MESSAGE,
  });
}
