/**
 * Deposits, balances and instalments over HTTP: the office's payment options (owner and office
 * staff; site-wide and per course), the offers a cart gets at checkout, and the balance page of
 * the secret link in the mails (with the local provider's development page for it).
 */
import { initServer } from "@ts-rest/fastify";
import { contract, DEPOSIT_TERMS, formatBookingRef } from "@app/contract";
import { penceToPounds as toPounds } from "@app/rules";
import { escapeHtml, formatPence } from "../../lib/html";
import { HttpError } from "../../lib/http-error";
import { refusalError } from "./http-answers";
import { balancePageUrl, balanceView, confirmBalance } from "./balance";
import {
  cartOptions,
  getCourseOptions,
  getSiteOptions,
  offersOf,
  optionsIn,
  optionsOut,
  setCourseOptions,
  setSiteOptions,
} from "./payment-plan";
import { priceCart } from "./placing";

const s = initServer();

const NO_LINK = "Payment link not found";
const NOTHING_DUE = "This booking has nothing left to pay.";
const CLOSED = "This booking is closed: nothing can be paid on it.";

const courseAnswer = (found: NonNullable<Awaited<ReturnType<typeof getCourseOptions>>>) => ({
  use_site_wide: found.useSiteWide,
  options: optionsOut(found.options),
});

export const paymentOptionsRouter = s.router(contract.paymentOptions, {
  siteOptions: async ({ request }) => ({ status: 200, body: optionsOut(await getSiteOptions(request.server.db)) }),
  setSiteOptions: async ({ body, request }) => {
    const saved = await setSiteOptions(request.server.db, optionsIn(body), request.server.now());
    return { status: 200, body: optionsOut(saved) };
  },
  courseOptions: async ({ params, request }) => {
    const found = await getCourseOptions(request.server.db, params.id);
    if (!found) return { status: 404, body: { message: "Course not found" } };
    return { status: 200, body: courseAnswer(found) };
  },
  setCourseOptions: async ({ params, body, request }) => {
    const own = body.use_site_wide ? null : optionsIn(body.options);
    const found = await setCourseOptions(request.server.db, params.id, own, request.server.now());
    if (!found) return { status: 404, body: { message: "Course not found" } };
    return { status: 200, body: courseAnswer(found) };
  },
  offers: async ({ body, request }) => {
    const app = request.server;
    const now = app.now();
    const cart = await priceCart(app.db, body.courses, body.discount_code, now);
    if (cart.kind !== "priced") throw refusalError(cart);
    const offers = offersOf(await cartOptions(app.db, cart.lines), cart.lines, cart.totals, now);
    return {
      status: 200,
      body: {
        total: toPounds(cart.totals.totalPence),
        deposit_terms: DEPOSIT_TERMS,
        offers: offers.map((o) => ({
          plan: o.plan,
          label: o.label,
          pay_today: toPounds(o.todayPence),
          due_later: toPounds(o.duePence),
          due_on: o.dueOn,
          schedule: o.schedule.map((c) => ({ due_on: c.dueOn, amount: toPounds(c.amountPence) })),
        })),
      },
    };
  },
  balance: async ({ params, request }) => {
    const view = await balanceView(request.server.db, params.token);
    if (!view) return { status: 404, body: { message: NO_LINK } };
    const { order, items } = view;
    return {
      status: 200,
      body: {
        booking_reference: formatBookingRef(order.bookingRef),
        name: `${order.firstName} ${order.lastName}`,
        courses: items.map((i) => ({ title: i.title, date_label: i.dateLabel, seats: i.seats })),
        total: toPounds(order.totalPence),
        amount_paid: toPounds(order.amountPaidPence ?? 0),
        amount_due: toPounds(view.duePence),
        due_on: order.balanceDueOn,
        paid_in_full: !view.closed && view.duePence === 0,
        closed: view.closed,
      },
    };
  },
  payBalance: async ({ params, request }) => {
    const app = request.server;
    const view = await balanceView(app.db, params.token);
    if (!view) return { status: 404, body: { message: NO_LINK } };
    if (view.closed) return { status: 409, body: { message: CLOSED } };
    if (view.duePence === 0) return { status: 409, body: { message: NOTHING_DUE } };
    if (app.payments.name === "local") {
      return {
        status: 201,
        body: {
          payment_link: `${app.env.PUBLIC_API_URL}/api/balance/${encodeURIComponent(params.token)}/local`,
          amount: toPounds(view.duePence),
        },
      };
    }
    try {
      const checkout = await app.payments.createCheckout({
        ...view.order,
        items: view.items,
        part: {
          amountPence: view.duePence,
          label: `Balance for booking ${formatBookingRef(view.order.bookingRef)}`,
          saveCard: false,
          purpose: "balance",
          balanceToken: params.token,
        },
      });
      return { status: 201, body: { payment_link: checkout.url, amount: toPounds(view.duePence) } };
    } catch (err) {
      request.log.error({ err }, "could not open the balance payment page");
      throw new HttpError(503, "We could not open the payment page. Please try again in a few minutes.");
    }
  },
  localBalancePage: async ({ params, request, reply }) => {
    const app = request.server;
    if (app.payments.name !== "local" || app.env.production) return { status: 404, body: { message: "Not found" } };
    const view = await balanceView(app.db, params.token);
    if (!view) return { status: 404, body: { message: NO_LINK } };
    const csp = String(reply.getHeader("content-security-policy") ?? "");
    reply.header(
      "content-security-policy",
      csp.replace("form-action 'self'", `form-action 'self' ${new URL(app.env.PUBLIC_SITE_URL).origin}`),
    );
    reply.header("cache-control", "no-store");
    reply.type("text/html; charset=utf-8");
    const ref = escapeHtml(formatBookingRef(view.order.bookingRef));
    const action = `/api/balance/${encodeURIComponent(params.token)}/local/pay`;
    return {
      status: 200,
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Pay the balance – ${formatPence(view.duePence)}</title><meta name="robots" content="noindex"></head><body><main><h1>Development payment page</h1><p>Balance for booking ${ref}: <strong>${formatPence(view.duePence)}</strong></p><form method="post" action="${action}"><button type="submit">Pay ${formatPence(view.duePence)}</button></form></main></body></html>`,
    };
  },
  localBalancePay: async ({ params, request, reply }) => {
    const app = request.server;
    if (app.payments.name !== "local" || app.env.production) throw new HttpError(404, "Not found");
    const view = await balanceView(app.db, params.token);
    if (!view) throw new HttpError(404, NO_LINK);
    const outcome = await confirmBalance(
      app.db,
      view.order.reference,
      // The local page has no money behind it: it pays exactly what is due when it is pressed.
      { amountPence: view.duePence, provider: "local", providerRef: null, method: "card_online", kind: "balance" },
      app.now(),
      app.mail.settings,
    );
    if (outcome.kind === "closed") throw new HttpError(409, CLOSED);
    if (outcome.kind !== "paid") throw new HttpError(409, NOTHING_DUE);
    reply.header("location", `${balancePageUrl(app.env.PUBLIC_SITE_URL, params.token)}?paid=1`);
    return { status: 303, body: undefined };
  },
});
