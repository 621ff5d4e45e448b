/**
 * Orders and payments, first version: prices and stores pending orders, the `local` payment
 * page marks them paid or cancelled. Seat holds under load, Stripe, the mail outbox and the
 * expiry worker build on this (src/modules/payments, src/modules/mail, src/workers).
 */
import { initServer } from "@ts-rest/fastify";
import { asc, eq } from "drizzle-orm";
import { contract } from "@app/contract";
import { orderItems, orders } from "../../db/schema";
import { toPounds } from "../../lib/money";
import { HttpError } from "../../lib/http-error";
import { notFoundPage, renderLocalPaymentPage } from "./local-page";
import {
  cancelPending,
  effectiveStatus,
  findOrderByReference,
  listEnrollments,
  markPaid,
  placeOrder,
  toEnrollment,
} from "./service";

const s = initServer();

export const ordersRouter = s.router(contract.orders, {
  enroll: async ({ body, request }) => {
    const app = request.server;
    const order = await placeOrder(app.db, body, app.now(), app.env.PAYMENT_PROVIDER);
    return {
      status: 201,
      body: {
        payment_link: `${app.env.PUBLIC_API_URL}/api/payments/local/${encodeURIComponent(order.reference)}`,
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
    const items = await app.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
    return { status: 200, body: toEnrollment(order, items, app.now()) };
  },
});

function localOnly(provider: string) {
  if (provider !== "local") throw new HttpError(404, "Not found");
}

export const paymentsRouter = s.router(contract.payments, {
  localPage: async ({ params, request, reply }) => {
    const app = request.server;
    if (app.env.PAYMENT_PROVIDER !== "local") return { status: 404, body: notFoundPage() };
    const order = await findOrderByReference(app.db, params.reference);
    if (!order) return { status: 404, body: notFoundPage() };
    const items = await app.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
    // The forms post here and the answers redirect to the site: allow that origin as a form target.
    const csp = String(reply.getHeader("content-security-policy") ?? "");
    reply.header("content-security-policy", csp.replace("form-action 'self'", `form-action 'self' ${new URL(app.env.PUBLIC_SITE_URL).origin}`));
    reply.header("cache-control", "no-store");
    return {
      status: 200,
      body: renderLocalPaymentPage({
        reference: order.reference,
        status: effectiveStatus(order, app.now()),
        customer: `${order.firstName} ${order.lastName}`,
        totalPence: order.totalPence,
        subtotalPence: order.subtotalPence,
        discountPence: order.discountPence,
        discountCode: order.discountCode,
        expiresAt: order.expiresAt,
        items: items.map((i) => ({ title: i.title, dateLabel: i.dateLabel, originalPricePence: i.originalPricePence, addOns: i.addOns })),
      }),
    };
  },
  localPay: async ({ params, request, reply }) => {
    const app = request.server;
    localOnly(app.env.PAYMENT_PROVIDER);
    const order = await markPaid(app.db, params.reference, app.now());
    // The site's return addresses (docs/decisions/030): success page, or the cart given back.
    reply.header("location", `${app.env.PUBLIC_SITE_URL}/payment/success?order=${encodeURIComponent(order.reference)}`);
    return { status: 303, body: undefined };
  },
  localCancel: async ({ params, request, reply }) => {
    const app = request.server;
    localOnly(app.env.PAYMENT_PROVIDER);
    const order = await cancelPending(app.db, params.reference, app.now());
    reply.header("location", `${app.env.PUBLIC_SITE_URL}/cart?cancelled=${encodeURIComponent(order.reference)}`);
    return { status: 303, body: undefined };
  },
  stripeWebhook: async () => ({ status: 400, body: { message: "Stripe payments are not configured" } }),
});
