import type { FastifyInstance } from "fastify";
import { initServer } from "@ts-rest/fastify";
import { contract } from "@app/contract";
import { HttpError } from "../../lib/http-error";
import { applyRefundEvent } from "../bookings";
import {
  applyPaymentEvent,
  cancelPending,
  cancelUrl,
  confirmPayment,
  effectiveStatus,
  keepCardOfOrder,
  notFoundPage,
  orderWithItems,
  refusalError,
  renderLocalPaymentPage,
  successUrl,
  WebhookSignatureError,
} from "../orders";
import { applyPaidEvent } from "./verify";

const s = initServer();

/** The local page exists only with the local provider, and never in production. */
const localEnabled = (app: FastifyInstance) => app.payments.name === "local" && !app.env.production;

export const paymentsRouter = s.router(contract.payments, {
  localPage: async ({ params, request, reply }) => {
    const app = request.server;
    if (!localEnabled(app)) return { status: 404, body: notFoundPage() };
    const found = await orderWithItems(app.db, params.reference);
    if (!found) return { status: 404, body: notFoundPage() };
    const { order, items } = found;
    // The forms post here and the answers redirect to the site: allow that origin as a form target.
    const csp = String(reply.getHeader("content-security-policy") ?? "");
    // Its own <style> element too (this development page only).
    reply.header(
      "content-security-policy",
      csp
        .replace("form-action 'self'", `form-action 'self' ${new URL(app.env.PUBLIC_SITE_URL).origin}`)
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
    );
    reply.header("cache-control", "no-store");
    return {
      status: 200,
      body: renderLocalPaymentPage({
        reference: order.reference,
        status: effectiveStatus(order, app.now()),
        customer: `${order.firstName} ${order.lastName}`,
        email: order.guestEmail,
        totalPence: order.totalPence,
        subtotalPence: order.subtotalPence,
        discountPence: order.discountPence,
        discountCode: order.discountCode,
        percentOff: order.percentOff,
        amountOffPence: order.amountOffPence,
        expiresAt: order.expiresAt,
        siteUrl: app.env.PUBLIC_SITE_URL,
        items: items.map((i) => ({
          title: i.title,
          dateLabel: i.dateLabel,
          time: i.time,
          originalPricePence: i.originalPricePence,
          seats: i.seats,
          addOns: i.addOns,
        })),
      }),
    };
  },

  // Pay: exactly what a provider's confirmation does (confirmPayment), then back to the site.
  localPay: async ({ params, request, reply }) => {
    const app = request.server;
    if (!localEnabled(app)) throw new HttpError(404, "Not found");
    // An expired or cancelled order answers 409 (the contract's answer; the page no longer offers Pay then).
    const outcome = await confirmPayment(app.db, { reference: params.reference }, app.now(), { mail: app.mail.settings });
    if (outcome.kind !== "paid" && outcome.kind !== "already_paid" && outcome.kind !== "late_refund_needed")
      throw refusalError(outcome);
    // The development page's stand-in card, kept where the customer consented, so the saved-card
    // charges run end to end without Stripe (the local provider's charges move no money).
    if (outcome.kind === "paid" && outcome.order.cardSavedAt) {
      const stand = outcome.order.reference.slice(0, 12);
      await keepCardOfOrder(
        app.db,
        outcome.order.id,
        { customerId: `local_cus_${stand}`, paymentMethodId: `local_pm_${stand}` },
        app.now(),
      );
    }
    app.workers.kickMail();
    reply.header("location", successUrl(app.env.PUBLIC_SITE_URL, params.reference));
    return { status: 303, body: undefined };
  },

  localCancel: async ({ params, request, reply }) => {
    const app = request.server;
    if (!localEnabled(app)) throw new HttpError(404, "Not found");
    const outcome = await cancelPending(app.db, params.reference, app.now());
    // Paid or expired already (not_pending): nothing to cancel; the site's cart handles the return the same way.
    if (outcome.kind === "not_found") throw refusalError(outcome);
    reply.header("location", cancelUrl(app.env.PUBLIC_SITE_URL, params.reference));
    return { status: 303, body: undefined };
  },

  stripeWebhook: async ({ body, request }) => {
    const app = request.server;
    if (app.payments.name !== "stripe") return { status: 400, body: { message: "Stripe payments are not configured" } };
    if (!Buffer.isBuffer(body)) return { status: 400, body: { message: "Expected a JSON body" } };
    const signature = request.headers["stripe-signature"];
    let event;
    try {
      event = app.payments.parseWebhook(body, typeof signature === "string" ? signature : undefined);
    } catch (err) {
      if (err instanceof WebhookSignatureError) {
        request.log.warn({ err: err.message }, "stripe webhook refused");
        return { status: 400, body: { message: "Invalid signature" } };
      }
      throw err;
    }
    // "paid" is confirmed with Stripe first (amount, currency, session and order together: decision 105).
    // "refunded" (charge.refunded): recorded once per provider refund id by the bookings module (issue 13).
    const result =
      event.kind === "paid"
        ? await applyPaidEvent(
            { db: app.db, provider: app.payments, mail: app.mail.settings, apiUrl: app.env.PUBLIC_API_URL, log: request.log },
            event,
            app.now(),
          )
        : event.kind === "refunded"
          ? await applyRefundEvent({ db: app.db, provider: app.payments, mail: app.mail.settings, now: app.now() }, event)
          : await applyPaymentEvent(app.db, "stripe", event, app.now(), app.mail.settings);
    request.log.info({ eventId: event.id, type: event.type, result }, "stripe webhook");
    if (result === "processed" || result === "mismatch") app.workers.kickMail();
    // A refund reaching what was paid cancels the booking: its places go to the waiting lists (issue 15).
    if (event.kind === "refunded" && result === "processed") await app.waitlist.placesMayHaveFreed();
    return { status: 200, body: { received: true } };
  },
});

/**
 * The payment routes in their own scope: there, JSON bodies stay raw Buffers, because Stripe
 * signs the exact bytes it sent (re-serialised JSON would not verify). Nothing else in the app
 * is affected. The webhook is the only JSON route of this router.
 */
export async function paymentsRoutes(app: FastifyInstance, opts: { routerOptions: Record<string, unknown> }) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
  // The local payment page posts plain HTML forms (same-origin, and its actions need no body);
  // nothing else here takes a form (decision 104).
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook("preValidation", async (request) => {
    const type = String(request.headers["content-type"] ?? "")
      .split(";")[0]!
      .trim()
      .toLowerCase();
    const formRoute = request.routeOptions.url?.startsWith("/api/payments/local/") ?? false;
    if (type === "application/x-www-form-urlencoded" && !formRoute) throw new HttpError(415, "Unsupported content type");
  });
  await app.register(s.plugin(paymentsRouter), opts.routerOptions);
}
