/**
 * Customer self-service (contract: packages/contract/src/self-service.ts). A booking's page and
 * actions open by its secret 'manage' link; the list needs the customer's session cookie.
 */
import { initServer } from "@ts-rest/fastify";
import type { FastifyRequest } from "fastify";
import { contract } from "@app/contract";
import { penceToPounds as toPounds } from "@app/rules";
import { HttpError } from "../../lib/http-error";
import type { CookieReply } from "../../plugins/auth";
import type { BookingCtx } from "../bookings";
import { takeHit } from "../ratelimit";
import {
  cancelByCustomer,
  cancelSummary,
  changeByCustomer,
  changeOptions,
  customerActor,
  policyOf,
  quoteCancel,
  renameByCustomer,
} from "./actions";
import { currentPolicy, setPolicy } from "./policy";
import * as repo from "./repository";
import { requestSignIn, SESSION_COOKIE, SESSION_MINUTES, sessionEmail, signIn, signOut } from "./session";
import { bookingView, myBookings } from "./view";
import { leaveListByCustomer } from "./waiting";
import { localChangePage } from "./local-page";
import { bookingPageUrl, changeCheckout, settleChange } from "./paid-change";

const s = initServer();

/** Sign-in requests per client address and per e-mail address per 15 minutes. */
const SIGN_IN_LIMIT = { perClient: 10, perEmail: 3, windowMs: 15 * 60_000 };
/** The answer is sent no sooner than this after the request, mailed or not (same timing either way). */
const SIGN_IN_ANSWER_MS = 250;

async function orderOf(request: FastifyRequest, token: string) {
  const order = await repo.orderOfLink(request.server.db, token);
  if (!order) throw new HttpError(404, "This booking link is not valid");
  return order;
}

const ctxOf = (request: FastifyRequest, order: repo.OrderRow): BookingCtx => {
  const app = request.server;
  return {
    db: app.db,
    provider: app.payments,
    mail: app.mail.settings,
    apiUrl: app.env.PUBLIC_API_URL,
    now: app.now(),
    actor: customerActor(order),
  };
};

async function answer(request: FastifyRequest, orderId: number) {
  const app = request.server;
  app.workers.kickMail();
  const order = (await repo.orderOfId(app.db, orderId))!;
  const { policy } = await policyOf(app.db, order.id);
  return bookingView(app.db, order, policy, { mail: app.mail.settings, apiUrl: app.env.PUBLIC_API_URL }, app.now());
}

const checkoutSettings = (request: FastifyRequest) => ({
  provider: request.server.payments,
  siteUrl: request.server.env.PUBLIC_SITE_URL,
  apiUrl: request.server.env.PUBLIC_API_URL,
  production: request.server.env.production,
});

/** The development payment pages exist only with the local provider, and never in production. */
const localPagesOn = (request: FastifyRequest) => request.server.payments.name === "local" && !request.server.env.production;

const cookieReply = (reply: unknown) => reply as CookieReply;

export const selfServiceRouter = s.router(contract.selfService, {
  requestSignIn: async ({ body, request }) => {
    const app = request.server;
    const now = app.now();
    const started = Date.now();
    const message = "Too many sign-in links asked for. Please try again later.";
    await takeHit(app.db, `my-bookings:${request.ip}`, {
      limit: SIGN_IN_LIMIT.perClient,
      windowMs: SIGN_IN_LIMIT.windowMs,
      now,
      message,
    });
    await takeHit(app.db, `my-bookings-mail:${body.email.toLowerCase()}`, {
      limit: SIGN_IN_LIMIT.perEmail,
      windowMs: SIGN_IN_LIMIT.windowMs,
      now,
      message,
    });
    const mailed = await requestSignIn(app.db, body.email, now, app.mail.settings);
    if (mailed) app.workers.kickMail();
    const wait = SIGN_IN_ANSWER_MS - (Date.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    return {
      status: 202,
      body: { message: "If this address has bookings with us, a sign-in link is on its way. It works once, for 30 minutes." },
    };
  },
  signIn: async ({ body, request, reply }) => {
    const app = request.server;
    const session = await signIn(app.db, body.token, app.now());
    if (!session) throw new HttpError(401, "This sign-in link has expired or was used already. Ask for a new one.");
    cookieReply(reply).setCookie(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: "lax",
      secure: app.env.COOKIE_SECURE,
      path: "/api/my-bookings",
      maxAge: SESSION_MINUTES * 60,
    });
    return { status: 200, body: { email: session.email } };
  },
  signOut: async ({ request, reply }) => {
    await signOut(request.server.db, request.cookies[SESSION_COOKIE]);
    cookieReply(reply).clearCookie(SESSION_COOKIE, { path: "/api/my-bookings" });
    return { status: 200, body: { message: "Signed out" } };
  },
  list: async ({ request }) => {
    const app = request.server;
    const email = await sessionEmail(app.db, request.cookies[SESSION_COOKIE], app.now());
    if (!email) throw new HttpError(401, "Sign in with the link we mail you to see your bookings");
    return { status: 200, body: await myBookings(app.db, email, app.now()) };
  },
  booking: async ({ params, request }) => {
    const order = await orderOf(request, params.token);
    return { status: 200, body: await answer(request, order.id) };
  },
  cancelQuote: async ({ params, request }) => {
    const order = await orderOf(request, params.token);
    const q = await quoteCancel(request.server.db, order, request.server.now());
    return {
      status: 200,
      body: q.allowed
        ? {
            allowed: true as const,
            basis: q.basis,
            kept: toPounds(q.keptPence),
            refund: toPounds(q.refundPence),
            credit: toPounds(q.creditPence),
            refund_by: q.refundBy,
            summary: cancelSummary(q),
          }
        : q,
    };
  },
  cancel: async ({ params, body, request }) => {
    const order = await orderOf(request, params.token);
    await cancelByCustomer(ctxOf(request, order), order.id, body.idempotency_key);
    const dates = (await repo.itemsOf(request.server.db, [order.id])).flatMap((i) => (i.courseDateId ? [i.courseDateId] : []));
    await request.server.waitlist.placesMayHaveFreed(dates);
    return { status: 200, body: await answer(request, order.id) };
  },
  changeOptions: async ({ params, request }) => {
    const order = await orderOf(request, params.token);
    return { status: 200, body: { items: await changeOptions(request.server.db, order, request.server.now()) } };
  },
  change: async ({ params, body, request }) => {
    const app = request.server;
    const order = await orderOf(request, params.token);
    const before = (await repo.itemsOf(app.db, [order.id])).find((i) => i.id === body.item_id)?.courseDateId;
    const outcome = await changeByCustomer(ctxOf(request, order), order.id, body);
    if (outcome.kind === "pay") {
      const settings = { ...checkoutSettings(request), db: app.db };
      try {
        return { status: 202, body: await changeCheckout(settings, order, outcome.change, params.token) };
      } catch (err) {
        if (err instanceof HttpError) throw err;
        request.log.error({ err }, "could not open the date change payment page");
        throw new HttpError(503, "We could not open the payment page. Please try again in a few minutes.");
      }
    }
    if (before) await app.waitlist.placesMayHaveFreed([before]);
    return { status: 200, body: await answer(request, order.id) };
  },
  localChangePage: async ({ params, request, reply }) => {
    const app = request.server;
    const order = await orderOf(request, params.token);
    const change = await repo.changePaymentOfOrder(app.db, order.id, params.changeId);
    if (!localPagesOn(request) || !change) return { status: 404, body: { message: "Not found" } };
    const csp = String(reply.getHeader("content-security-policy") ?? "");
    reply.header(
      "content-security-policy",
      csp.replace("form-action 'self'", `form-action 'self' ${new URL(app.env.PUBLIC_SITE_URL).origin}`),
    );
    reply.header("cache-control", "no-store");
    return {
      status: 200,
      body: localChangePage(order, change, await repo.courseDateLabel(app.db, change.courseDateId), params.token),
    };
  },
  localChangePay: async ({ params, request, reply }) => {
    const app = request.server;
    const order = await orderOf(request, params.token);
    const change = await repo.changePaymentOfOrder(app.db, order.id, params.changeId);
    if (!localPagesOn(request) || !change) throw new HttpError(404, "Not found");
    const before = (await repo.itemsOf(app.db, [order.id])).find((i) => i.id === change.orderItemId)?.courseDateId;
    // The local page has no money behind it: Pay settles the change as a provider's confirmation would.
    const result = await settleChange(ctxOf(request, order), { id: change.id }, change.feePence);
    app.workers.kickMail();
    if (result === "moved" && before) await app.waitlist.placesMayHaveFreed([before]);
    reply.header("location", `${bookingPageUrl(app.env.PUBLIC_SITE_URL, params.token)}?change=${change.id}`);
    return { status: 303, body: undefined };
  },
  rename: async ({ params, body, request }) => {
    const order = await orderOf(request, params.token);
    await renameByCustomer(ctxOf(request, order), order.id, params.attendeeId, body);
    return { status: 200, body: await answer(request, order.id) };
  },
  leaveWaitingList: async ({ params, body, request }) => {
    const app = request.server;
    const order = await orderOf(request, params.token);
    await leaveListByCustomer(app.db, order, params.entryId, body.idempotency_key, app.now(), app.waitlist.settings);
    return { status: 200, body: await answer(request, order.id) };
  },
  policy: async ({ request }) => ({ status: 200, body: await currentPolicy(request.server.db) }),
  setPolicy: async ({ body, request }) => {
    const user = request.session!.user;
    return {
      status: 200,
      body: await setPolicy(request.server.db, body, { id: user.id, name: user.name }, request.server.now()),
    };
  },
});
