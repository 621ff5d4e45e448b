/**
 * Orders: place (price, hold seats and code use, open the provider's checkout), list for the
 * admin, status for the success page, the customer's cancel and the admin's. Payments live in src/modules/payments.
 */
import { initServer } from "@ts-rest/fastify";
import { eq } from "drizzle-orm";
import { contract, formatBookingRef, ORDER_ALREADY_PAID_MESSAGE, type OrderStatusSchema } from "@app/contract";
import type { z } from "zod";
import { orders } from "../../db/schema";
import { toPounds } from "../../lib/money";
import { pageOf, sendTotal } from "../../lib/paging";
import { HttpError } from "../../lib/http-error";
import { SYSTEM_ACTOR } from "../activity/repository";
import { takeHit } from "../ratelimit/service";
import { withUniqueBookingRef } from "./booking-reference";
import { bookingCalendar } from "./calendar";
import { guardNewOrder, recordOrderClient } from "./abuse";
import {
  attachCheckoutSession,
  cancelOrderAndCheckout,
  cancelPending,
  effectiveStatus,
  findItems,
  findOrderByReference,
  listEnrollments,
  placeOrder,
  toEnrollment,
  type ItemRow,
  type OrderRow,
} from "./service";

const s = initServer();

/** Customer cancels per client address per 10 minutes: a person cancels a few orders at most. */
const CUSTOMER_CANCEL_RATE_LIMIT = 20;

function toOrderStatus(order: OrderRow, now: Date, items?: ItemRow[]): z.infer<typeof OrderStatusSchema> {
  return {
    reference: order.reference,
    booking_reference: formatBookingRef(order.bookingRef),
    status: effectiveStatus(order, now),
    total: toPounds(order.totalPence),
    amount_paid: order.amountPaidPence === null ? null : toPounds(order.amountPaidPence),
    paid_at: order.paidAt?.toISOString() ?? null,
    ...(items
      ? {
          courses: items.map((i) => ({
            title: i.title,
            date_label: i.dateLabel,
            start_date: i.startDate,
            end_date: i.endDate,
            time: i.time,
            add_ons: i.addOns.map((a) => a.name),
          })),
        }
      : {}),
  };
}

export const ordersRouter = s.router(contract.orders, {
  enroll: async ({ body, request }) => {
    const app = request.server;
    await guardNewOrder(request, body);
    const order = await withUniqueBookingRef(() => placeOrder(app.db, body, app.now(), app.payments.name));
    await recordOrderClient(request, order);
    let checkout: { url: string; sessionId: string };
    try {
      checkout = await app.payments.createCheckout(order);
    } catch (err) {
      // The customer cannot pay: give the seats and the code use back at once.
      request.log.error({ err, reference: order.reference }, "could not open the payment page");
      await cancelPending(app.db, order.reference, app.now(), SYSTEM_ACTOR);
      throw new HttpError(503, "We could not open the payment page. Please try again in a few minutes.");
    }
    // The local page finds its order by reference; real providers' webhooks may only name the session.
    if (app.payments.name !== "local") await attachCheckoutSession(app.db, order.id, checkout.sessionId);
    return {
      status: 201,
      body: {
        payment_link: checkout.url,
        reference: order.reference,
        booking_reference: formatBookingRef(order.bookingRef),
        total: toPounds(order.totalPence),
        expires_at: order.expiresAt.toISOString(),
      },
    };
  },
  enrollments: async ({ query, request, reply }) => {
    const { items, total } = await listEnrollments(request.server.db, request.server.now(), pageOf(query), query?.q);
    sendTotal(reply, total);
    return { status: 200, body: items };
  },
  status: async ({ params, request }) => {
    const order = await findOrderByReference(request.server.db, params.reference);
    if (!order) return { status: 404, body: { message: "Order not found" } };
    return { status: 200, body: toOrderStatus(order, request.server.now(), await findItems(request.server.db, order.id)) };
  },
  calendar: async ({ params, request, reply }) => {
    const app = request.server;
    const order = await findOrderByReference(app.db, params.reference);
    // Only a paid booking is in anyone's diary; the token in the address is the secret.
    if (!order || order.status !== "paid") return { status: 404, body: { message: "Order not found" } };
    const ics = bookingCalendar(order, await findItems(app.db, order.id), { ...app.mail.settings }, app.now());
    reply.header("content-disposition", `attachment; filename="booking-${formatBookingRef(order.bookingRef)}.ics"`);
    reply.header("cache-control", "private, no-store");
    reply.type("text/calendar; charset=utf-8");
    return { status: 200, body: ics };
  },
  customerCancel: async ({ params, request }) => {
    const app = request.server;
    const now = app.now();
    // Public like the coupon check: the reference is the secret, the limit keeps scripts polite.
    await takeHit(app.db, `order-cancel:${request.ip}`, {
      limit: CUSTOMER_CANCEL_RATE_LIMIT,
      windowMs: 10 * 60_000,
      now,
      message: "Too many requests. Please try again later.",
    });
    const order = await cancelOrderAndCheckout(app.db, { reference: params.reference }, now, {
      provider: app.payments,
      reason: "was cancelled by the customer on the payment page",
      onProviderError: (err, o) => request.log.warn({ err, reference: o.reference }, "could not expire the checkout session; cancelling anyway"),
    });
    if (order.status === "paid") return { status: 409, body: { message: ORDER_ALREADY_PAID_MESSAGE } };
    // Freed places go to the waiting lists first (issue 15).
    if (order.status === "cancelled") await app.waitlist.placesMayHaveFreed((await findItems(app.db, order.id)).flatMap((i) => (i.courseDateId ? [i.courseDateId] : [])));
    return { status: 200, body: toOrderStatus(order, now) };
  },
  cancel: async ({ params, request }) => {
    const app = request.server;
    const [found] = await app.db.select().from(orders).where(eq(orders.id, params.id));
    if (!found) return { status: 404, body: { message: "Enrollment not found" } };
    const user = request.session!.user;
    // The same decision as the customer's cancel: the checkout is closed under the order's lock.
    const order = await cancelOrderAndCheckout(app.db, { reference: found.reference }, app.now(), {
      provider: app.payments,
      actor: { id: user.id, name: user.name },
      onProviderError: (err, o) => request.log.warn({ err, reference: o.reference }, "could not expire the checkout session; cancelling anyway"),
    });
    if (order.status === "paid" || order.status === "expired") return { status: 409, body: { message: `This order is ${order.status}` } };
    const items = await findItems(app.db, order.id);
    await app.waitlist.placesMayHaveFreed(items.flatMap((i) => (i.courseDateId ? [i.courseDateId] : []))); // freed places go to waiting lists (issue 15)
    return { status: 200, body: toEnrollment(order, items, app.now()) };
  },
});
