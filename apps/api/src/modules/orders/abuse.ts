/**
 * Limits on unpaid holds and on new orders (docs/decisions/101): nobody can book a date out by
 * placing orders they never pay for. Everything is counted in Postgres, so every API instance
 * applies the same limits. Small functions called around placeOrder, which stays as it is.
 */
import { ORDER_HOLD_MINUTES } from "@app/contract";
import { sql, type SQL } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { executePrepared, type Db } from "../../db/client";
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

/**
 * Places held in unpaid, unexpired orders by this client and by this e-mail (other than
 * `exceptOrderId`). The plan is fixed by the query's shape, not left to table statistics: each
 * key's recent orders come from its own index on order_clients (few: the order rate limit caps an
 * address at ORDER_RATE_LIMIT orders per window), and only then are their orders and items looked
 * up by key (LATERAL; `offset 0` keeps the planner from flattening either subquery). A planner left to choose on a young table walked every pending order for
 * every check, about 6 ms per check at 2,000 pending orders (issue 16). At most `cap` items are
 * read per key: every item holds at least one place, so `cap = limit + 1` items already tell
 * "over the limit".
 */
async function heldPlaces(db: Db, who: { clientIp: string; email: string }, now: Date, cap: number, exceptOrderId = 0) {
  const since = new Date(now.getTime() - ORDER_HOLD_MINUTES * 60_000).toISOString();
  const at = now.toISOString();
  const held = (column: SQL, value: string) => sql`(
      select h.seats, h.expires_at
      from (select c.order_id, c.created_at from order_clients c
            where ${column} = ${value} and c.created_at >= ${since}::timestamptz offset 0) recent
      cross join lateral (
        select i.seats, o.expires_at from orders o join order_items i on i.order_id = o.id
        where o.id = recent.order_id and o.status = 'pending' and o.expires_at > ${at}::timestamptz
          and o.id <> ${exceptOrderId}::int offset 0) h
      order by recent.created_at desc limit ${cap}::int)`;
  // Prepared (named): planned once per connection instead of on every order (~1.5 ms of planning).
  const rows = await executePrepared<{ by_client: number; by_email: number; first_end: Date | string | null }>(
    db,
    "order_held_places",
    sql`
    with by_client as materialized ${held(sql`c.client_ip`, who.clientIp)},
      by_email as materialized ${held(sql`c.email_key`, emailKey(who.email))}
    select (select coalesce(sum(seats), 0) from by_client)::int as by_client,
      (select coalesce(sum(seats), 0) from by_email)::int as by_email,
      (select min(expires_at) from by_client) as first_end`,
  );
  const row = rows[0]!;
  const firstEnd = row.first_end ? new Date(row.first_end) : null;
  return {
    byClient: Number(row.by_client),
    byEmail: Number(row.by_email),
    retryAfter: firstEnd ? Math.max(1, Math.ceil((firstEnd.getTime() - now.getTime()) / 1000)) : 60,
  };
}

/** Items worth reading to decide: one more than the larger limit (each item holds ≥ 1 place). */
const heldCap = (request: FastifyRequest) =>
  Math.max(request.server.env.HOLD_LIMIT_PER_CLIENT, request.server.env.HOLD_LIMIT_PER_EMAIL) + 1;

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
  // Independent reads and counters: asked at once (one round trip of waiting, not three), and
  // answered in the order a client should hear them: the order rate, the code checks, the holds.
  const [rate, codeCheck, held] = await Promise.allSettled([
    takeHit(app.db, `enroll:${request.ip}`, {
      limit: app.env.ORDER_RATE_LIMIT,
      windowMs: app.env.ORDER_RATE_WINDOW_MINUTES * 60_000,
      now,
      message: ORDER_RATE_MESSAGE,
    }),
    body.discount_code ? takeDiscountCheck(request) : Promise.resolve(),
    heldPlaces(app.db, { clientIp: request.ip, email: body.guest_email }, now, heldCap(request)),
  ]);
  for (const settled of [rate, codeCheck, held]) if (settled.status === "rejected") throw settled.reason;
  assertRoom(request, (held as PromiseFulfilledResult<Awaited<ReturnType<typeof heldPlaces>>>).value, body.courses.length);
}

/** Who placed an order, written in the order's own statement (placeOrder's `client`). */
export const orderClientOf = (request: FastifyRequest, email: string) => ({ clientIp: request.ip, emailKey: emailKey(email) });

/**
 * After placing (the order's statement also recorded its client, see orderClientOf): counts
 * again including it. Two requests racing past guardNewOrder both see each other here (each
 * records before it counts), so at most the limit survives; a refused order is cancelled at
 * once and answered 429.
 */
export async function recheckOrderClient(
  request: FastifyRequest,
  order: { id: number; reference: string; guestEmail: string; items: unknown[] },
): Promise<void> {
  const app = request.server;
  const now = app.now();
  const held = await heldPlaces(app.db, { clientIp: request.ip, email: order.guestEmail }, now, heldCap(request), order.id);
  try {
    assertRoom(request, held, order.items.length);
  } catch (err) {
    await cancelPending(app.db, order.reference, now, SYSTEM_ACTOR).catch(() => undefined);
    throw err;
  }
}
