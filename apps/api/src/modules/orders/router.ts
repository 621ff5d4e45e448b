/**
 * Orders: place (price, hold seats and code use, open the provider's checkout), list for the
 * admin, status for the success page, the customer's cancel and the admin's. Payments live in src/modules/payments.
 */
import { initServer } from "@ts-rest/fastify";
import { contract, formatBookingRef } from "@app/contract";
import { penceToPounds as toPounds } from "@app/rules";
import { pageOf, sendTotal } from "../../lib/paging";
import { HttpError } from "../../lib/http-error";
import { SYSTEM_ACTOR } from "../activity";
import { takeHit } from "../ratelimit";
import { withUniqueBookingRef } from "./booking-reference";
import { bookingCalendar } from "./calendar";
import { guardNewOrder, orderClientOf } from "./abuse";
import { refusalError } from "./http-answers";
import { toOrderStatus } from "./mappers";
import { balanceStatus } from "./balance";
import { cancelOrderAndCheckout, cancelPending } from "./lifecycle";
import { placeOrder } from "./placing";
import { enrollmentById, enrollmentDates, listEnrollments, orderWithItems } from "./queries";
import { attachCheckoutSession, findAttendeesOf, findItems, findOrderById } from "./repository";
import { learnerLinksForOrder } from "../learners";
import { scopeOf } from "../trainers";
import { trainerEnrollments } from "./trainer-view";
import { checkoutOf, dueToday } from "./payment-plan";

import { recordCheckoutAnswer } from "../customer-links";

const s = initServer();

/** The course dates of an order's items (whose lists a cancel may let in, issue 15). */
const datesOf = async (db: Parameters<typeof findItems>[0], orderId: number) =>
  (await findItems(db, orderId)).flatMap((i) => (i.courseDateId ? [i.courseDateId] : []));

/** What the customer reads when the payment page could not be opened, and when to try again (seconds). */
export const PAYMENT_PAGE_FAILED_MESSAGE = "We could not open the payment page. Please try again in a few minutes.";
const PAYMENT_PAGE_RETRY_AFTER_S = 120;
/** The activity log's words for such an order (after "Booking XXXX-XXXX for <name>"). */
const PAGE_FAILED_REASON =
  "was cancelled because the payment page could not be opened (the payment provider failed or did not answer)";

/** Customer cancels per client address per 10 minutes: a person cancels a few orders at most. */
const CUSTOMER_CANCEL_RATE_LIMIT = 20;

export const ordersRouter = s.router(contract.orders, {
  enroll: async ({ body, request }) => {
    const app = request.server;
    // The rate limits are checked while the cart is priced (placeOrder writes nothing unless they
    // pass), the hold limits in the order's own statement; the no-op catch only keeps an early
    // refusal from counting as unhandled.
    const admission = guardNewOrder(request, body);
    admission.catch(() => undefined);
    const client = orderClientOf(request, body.guest_email);
    const placed = await withUniqueBookingRef(() =>
      placeOrder(app.db, body, app.now(), app.payments.name, { client, admission }),
    );
    if (placed.kind === "hold_limit") request.log.warn({ limit: placed.limit }, "order refused: unpaid hold limit");
    if (placed.kind !== "placed") throw refusalError(placed);
    const order = placed.order;
    // The express request to start inside the cancellation period, kept when it was asked (decision 442).
    await recordCheckoutAnswer(app.db, order.id, body.early_start_requested, app.now());
    const orderDates = order.items.flatMap((i) => (i.courseDateId ? [i.courseDateId] : []));
    // An offer booked with fewer places than it held lets the rest go to the next in line (issue 15).
    if (body.waitlist_offer) await app.waitlist.placesMayHaveFreed(orderDates);
    // Issue 33: a course that needs approval: places held, no payment page until the office approves.
    if (order.approval === "waiting") {
      return {
        status: 201,
        body: {
          payment_link: "",
          reference: order.reference,
          booking_reference: formatBookingRef(order.bookingRef),
          total: toPounds(order.totalPence),
          expires_at: order.expiresAt.toISOString(),
          awaiting_approval: true,
        },
      };
    }
    let checkout: { url: string; sessionId: string };
    try {
      // Gives up within 10 s in all (decision 271): the customer is waiting on this answer.
      checkout = await app.payments.createCheckout(checkoutOf(order));
    } catch (err) {
      // The customer cannot pay: give the seats and the code use back at once, say why in the
      // activity log, and count the failure for the office's alert (decision 272).
      request.log.error({ err, reference: order.reference }, "could not open the payment page");
      const now = app.now();
      await cancelPending(app.db, order.reference, now, SYSTEM_ACTOR, PAGE_FAILED_REASON);
      await app.waitlist.placesMayHaveFreed(orderDates);
      // Recorded, then judged by the ops alerts; a fault there must not change the customer's answer.
      await app.paymentPages
        .failed(order.id, now)
        .catch((e: unknown) => request.log.error({ err: e }, "could not record the payment-page failure"));
      throw new HttpError(503, PAYMENT_PAGE_FAILED_MESSAGE, { retry_after: PAYMENT_PAGE_RETRY_AFTER_S });
    }
    // The local page finds its order by reference; real providers' webhooks may only name the session.
    if (app.payments.name !== "local") await attachCheckoutSession(app.db, order.id, checkout.sessionId);
    // Payments open again after an alert: the alert ends (no query unless one is open, decision
    // 313). After the session is on the order: that is what says its page opened.
    await app.paymentPages
      .opened()
      .catch((e: unknown) => request.log.error({ err: e }, "could not judge the payment-page alert"));
    return {
      status: 201,
      body: {
        payment_link: checkout.url,
        reference: order.reference,
        booking_reference: formatBookingRef(order.bookingRef),
        total: toPounds(order.totalPence),
        expires_at: order.expiresAt.toISOString(),
        awaiting_approval: false,
        pay_today: toPounds(dueToday(order)),
      },
    };
  },
  enrollments: async ({ query, request, reply }) => {
    const app = request.server;
    const user = request.session!.user;
    // Trainers: their own course dates only, without contact details or money (decision 333).
    const scope = await scopeOf(app.db, { id: user.id, name: user.name, role: user.role });
    const filters = { courseDateId: query?.course_date_id, status: query?.status };
    const { items, total } = scope
      ? await trainerEnrollments(app.db, app.now(), pageOf(query), scope, query?.q, filters)
      : await listEnrollments(app.db, app.now(), pageOf(query), { ...filters, q: query?.q });
    sendTotal(reply, total);
    return { status: 200, body: items };
  },
  enrollmentDates: async ({ request }) => {
    const app = request.server;
    const user = request.session!.user;
    // A trainer's choice holds their own dates' paid bookings only (decision 333), like their list.
    const scope = await scopeOf(app.db, { id: user.id, name: user.name, role: user.role });
    return { status: 200, body: await enrollmentDates(app.db, scope ? [...scope] : null) };
  },
  status: async ({ params, request }) => {
    const found = await orderWithItems(request.server.db, params.reference);
    if (!found) return { status: 404, body: { message: "Order not found" } };
    // The buyer's success page shows each learner's personal form link (issue 14).
    const learnerLinks =
      found.order.status === "paid"
        ? await learnerLinksForOrder(request.server.db, found.order.id, request.server.env.PUBLIC_SITE_URL)
        : undefined;
    const balance = await balanceStatus(request.server.db, found.order, request.server.env.PUBLIC_SITE_URL);
    return { status: 200, body: { ...toOrderStatus(found.order, request.server.now(), found.items, learnerLinks), ...balance } };
  },
  calendar: async ({ params, request, reply }) => {
    const app = request.server;
    const found = await orderWithItems(app.db, params.reference);
    // Only a paid booking is in anyone's diary; the token in the address is the secret.
    if (!found || found.order.status !== "paid") return { status: 404, body: { message: "Order not found" } };
    const { order, items } = found;
    const places = await findAttendeesOf(app.db, [order.id]);
    // A file to import, not a scheduling message: PUBLISH, with the same UIDs and SEQUENCEs as the mails.
    const ics = bookingCalendar(order, items, places, { ...app.mail.settings }, { method: "PUBLISH", now: app.now() });
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
    const outcome = await cancelOrderAndCheckout(app.db, { reference: params.reference }, now, {
      provider: app.payments,
      reason: "was cancelled by the customer on the payment page",
      onProviderError: (err, o) =>
        request.log.warn({ err, reference: o.reference }, "could not expire the checkout session; cancelling anyway"),
    });
    switch (outcome.kind) {
      case "cancelled":
        // Freed places go to the waiting lists first (issue 15).
        await app.waitlist.placesMayHaveFreed(await datesOf(app.db, outcome.order.id));
        return { status: 200, body: toOrderStatus(outcome.order, now) };
      case "not_pending":
        // Expired: nothing left to cancel, answered as it is. Paid: the customer is told so.
        if (outcome.order.status === "paid") throw refusalError({ kind: "already_paid", order: outcome.order });
        return { status: 200, body: toOrderStatus(outcome.order, now) };
      default:
        throw refusalError(outcome);
    }
  },
  cancel: async ({ params, request }) => {
    const app = request.server;
    const found = await findOrderById(app.db, params.id);
    if (!found) return { status: 404, body: { message: "Enrollment not found" } };
    const user = request.session!.user;
    // The same decision as the customer's cancel: the checkout is closed under the order's lock.
    const outcome = await cancelOrderAndCheckout(app.db, { reference: found.reference }, app.now(), {
      provider: app.payments,
      actor: { id: user.id, name: user.name },
      onProviderError: (err, o) =>
        request.log.warn({ err, reference: o.reference }, "could not expire the checkout session; cancelling anyway"),
    });
    if (outcome.kind !== "cancelled") throw refusalError(outcome, { notFound: "Enrollment not found" });
    await app.waitlist.placesMayHaveFreed(await datesOf(app.db, outcome.order.id)); // freed places go to waiting lists (issue 15)
    return { status: 200, body: (await enrollmentById(app.db, outcome.order.id, app.now()))! };
  },
});
