/**
 * Limits on unpaid holds and on new orders (docs/decisions/101): nobody can book a date out by
 * placing orders they never pay for. Everything is counted in Postgres, so every API instance
 * applies the same limits. Small functions called around placeOrder, which stays as it is.
 */
import { ORDER_HOLD_MINUTES } from "@app/contract";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { orderClients } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import { SYSTEM_ACTOR } from "../activity/repository";
import { takeDiscountCheck } from "../discounts/limits";
import { takeHit } from "../ratelimit/service";
import { cancelPending } from "./service";

export const ORDER_RATE_MESSAGE = "Too many new bookings from your connection. Please try again later.";
export const holdLimitMessage = (limit: number) =>
  `You already have ${limit} place${limit === 1 ? "" : "s"} waiting for payment. Please pay for or cancel those bookings first, or try again when their 30-minute hold ends.`;

type NewOrder = { guest_email: string; discount_code?: string | null; courses: unknown[] };

const emailKey = (email: string) => email.trim().toLowerCase();

/** Places held in unpaid, unexpired orders by this client and by this e-mail (other than `exceptOrderId`). */
async function heldPlaces(db: Db, who: { clientIp: string; email: string }, now: Date, exceptOrderId = 0) {
  const since = new Date(now.getTime() - ORDER_HOLD_MINUTES * 60_000).toISOString();
  const key = emailKey(who.email);
  const { rows } = await db.execute<{ by_client: number; by_email: number; first_end: Date | string | null }>(sql`
    select coalesce(sum(i.seats) filter (where c.client_ip = ${who.clientIp}), 0)::int as by_client,
      coalesce(sum(i.seats) filter (where c.email_key = ${key}), 0)::int as by_email,
      min(o.expires_at) as first_end
    from order_clients c
    join orders o on o.id = c.order_id
    join order_items i on i.order_id = o.id
    where (c.client_ip = ${who.clientIp} or c.email_key = ${key}) and c.created_at >= ${since}::timestamptz
      and o.status = 'pending' and o.expires_at > ${now.toISOString()}::timestamptz and o.id <> ${exceptOrderId}::int`);
  const row = rows[0]!;
  const firstEnd = row.first_end ? new Date(row.first_end) : null;
  return {
    byClient: Number(row.by_client),
    byEmail: Number(row.by_email),
    retryAfter: firstEnd ? Math.max(1, Math.ceil((firstEnd.getTime() - now.getTime()) / 1000)) : 60,
  };
}

function assertRoom(request: FastifyRequest, held: Awaited<ReturnType<typeof heldPlaces>>, places: number) {
  const env = request.server.env;
  const over =
    held.byClient + places > env.HOLD_LIMIT_PER_CLIENT
      ? env.HOLD_LIMIT_PER_CLIENT
      : held.byEmail + places > env.HOLD_LIMIT_PER_EMAIL
        ? env.HOLD_LIMIT_PER_EMAIL
        : null;
  if (over !== null) {
    request.log.warn({ heldByClient: held.byClient, heldByEmail: held.byEmail, places }, "order refused: unpaid hold limit");
    throw new HttpError(429, holdLimitMessage(over), { retry_after: held.retryAfter });
  }
}

/**
 * Before an order is placed: the per-client rate on new orders, a discount code counted as one
 * code check (the same per-client limit as GET /discounts/validate), and room under the unpaid
 * hold limits. Throws 429; nothing already held is touched.
 */
export async function guardNewOrder(request: FastifyRequest, body: NewOrder): Promise<void> {
  const app = request.server;
  const now = app.now();
  await takeHit(app.db, `enroll:${request.ip}`, {
    limit: app.env.ORDER_RATE_LIMIT,
    windowMs: app.env.ORDER_RATE_WINDOW_MINUTES * 60_000,
    now,
    message: ORDER_RATE_MESSAGE,
  });
  if (body.discount_code) await takeDiscountCheck(request);
  assertRoom(request, await heldPlaces(app.db, { clientIp: request.ip, email: body.guest_email }, now), body.courses.length);
}

/**
 * After placing: records who placed the order, then counts again including it. Two requests
 * racing past guardNewOrder both see each other here (each records before it counts), so at
 * most the limit survives; a refused order is cancelled at once and answered 429.
 */
export async function recordOrderClient(
  request: FastifyRequest,
  order: { id: number; reference: string; guestEmail: string; items: unknown[] },
): Promise<void> {
  const app = request.server;
  const now = app.now();
  await app.db
    .insert(orderClients)
    .values({ orderId: order.id, clientIp: request.ip, emailKey: emailKey(order.guestEmail), createdAt: now });
  const held = await heldPlaces(app.db, { clientIp: request.ip, email: order.guestEmail }, now, order.id);
  try {
    assertRoom(request, held, order.items.length);
  } catch (err) {
    await cancelPending(app.db, order.reference, now, SYSTEM_ACTOR).catch(() => undefined);
    throw err;
  }
}
