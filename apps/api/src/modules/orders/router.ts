/**
 * Orders: place (price, hold seats and code use, open the provider's checkout), list for the
 * admin, status for the success page, admin cancel. Payments live in src/modules/payments.
 */
import { initServer } from "@ts-rest/fastify";
import { eq } from "drizzle-orm";
import { contract } from "@app/contract";
import { orders } from "../../db/schema";
import { toPounds } from "../../lib/money";
import { HttpError } from "../../lib/http-error";
import { SYSTEM_ACTOR } from "../activity/repository";
import {
  attachCheckoutSession,
  cancelPending,
  effectiveStatus,
  findItems,
  findOrderByReference,
  listEnrollments,
  placeOrder,
  toEnrollment,
} from "./service";

const s = initServer();

export const ordersRouter = s.router(contract.orders, {
  enroll: async ({ body, request }) => {
    const app = request.server;
    const order = await placeOrder(app.db, body, app.now(), app.payments.name);
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
        total: toPounds(order.totalPence),
        expires_at: order.expiresAt.toISOString(),
      },
    };
  },
  enrollments: async ({ request }) => ({ status: 200, body: await listEnrollments(request.server.db, request.server.now()) }),
  status: async ({ params, request }) => {
    const order = await findOrderByReference(request.server.db, params.reference);
    if (!order) return { status: 404, body: { message: "Order not found" } };
    return {
      status: 200,
      body: {
        reference: order.reference,
        status: effectiveStatus(order, request.server.now()),
        total: toPounds(order.totalPence),
        amount_paid: order.amountPaidPence === null ? null : toPounds(order.amountPaidPence),
        paid_at: order.paidAt?.toISOString() ?? null,
      },
    };
  },
  cancel: async ({ params, request }) => {
    const app = request.server;
    const [found] = await app.db.select().from(orders).where(eq(orders.id, params.id));
    if (!found) return { status: 404, body: { message: "Enrollment not found" } };
    const user = request.session!.user;
    const order = await cancelPending(app.db, found.reference, app.now(), { id: user.id, name: user.name });
    if (order.providerSessionId && found.status === "pending" && order.paymentProvider === app.payments.name) {
      // So the customer cannot pay a cancelled order; a payment racing this is handled by the webhook.
      await app.payments.expireCheckout(order.providerSessionId).catch((err) =>
        request.log.warn({ err, reference: order.reference }, "could not expire the checkout session"),
      );
    }
    return { status: 200, body: toEnrollment(order, await findItems(app.db, order.id), app.now()) };
  },
});
