import { discountSizeLabel } from "@app/rules";
import type Stripe from "stripe";
import { lazyRequire } from "../../lib/lazy-require";
import { partCheckout, returnUrls } from "./stripe-part";
import { cardOfSession, chargeSavedCard, paymentIdOfSession } from "./stripe-saved-card";
import { WebhookSignatureError, type CheckoutOrder, type PaymentEvent, type PaymentProvider } from "../orders";

/** Stripe's SDK, loaded only when Stripe is the provider (decision 250). */
const loadStripe = lazyRequire<typeof Stripe>("stripe");

/** Stripe insists on at least 30 minutes between creation and expiry, by its own clock. */
const STRIPE_MIN_EXPIRY_S = 30 * 60;
/** Slack for clock skew and the time the request takes. */
const EXPIRY_SLACK_S = 60;

/**
 * How long opening a payment page may take in all, retries included (decision 271). The customer
 * waits on this behind a spinner: the API answers within 10 s of the click, so this leaves ~1 s
 * for placing and cancelling the order. The SDK's defaults (80 s, and ours were 3 × 20 s) let a
 * hanging Stripe hold the customer for a minute.
 */
export const CHECKOUT_BUDGET_MS = 9_000;
/** One network retry per call: Stripe's idempotency keys make it safe; the SDK waits 0.5 s before it. */
const CHECKOUT_RETRIES = 1;
const RETRY_SLEEP_MS = 500;
/** Below this, a call cannot succeed in what is left of the budget: give up instead of starting it. */
const MIN_CALL_MS = 250;

/** The race's margin over the budget: the per-call timeouts normally end first, with their own error. */
const DEADLINE_GRACE_MS = 300;

export class CheckoutDeadlineError extends Error {
  constructor() {
    super(`Stripe did not open a Checkout Session within ${CHECKOUT_BUDGET_MS} ms`);
    this.name = "CheckoutDeadlineError";
  }
}

/** `work`'s answer if it comes by `deadline`, else CheckoutDeadlineError; a later answer goes to `late`. */
function untilDeadline<T>(work: Promise<T>, deadline: number, late: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        reject(new CheckoutDeadlineError());
      },
      Math.max(0, deadline - Date.now()),
    );
    work.then(
      (value) => {
        clearTimeout(timer);
        if (timedOut) late(value);
        else resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        if (!timedOut) reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/**
 * Per-call settings that keep every call of one checkout inside `deadline`: each try gets half of
 * what is left (less the SDK's retry sleep), so a call that hangs twice still ends in time, and a
 * later call (the session after the coupon) gets what the first left over.
 */
function budgetedCall(deadline: number): { timeout: number; maxNetworkRetries: number } {
  const left = deadline - Date.now();
  if (left < MIN_CALL_MS) throw new CheckoutDeadlineError();
  const perTry = Math.floor((left - RETRY_SLEEP_MS) / (CHECKOUT_RETRIES + 1));
  return perTry >= MIN_CALL_MS
    ? { timeout: perTry, maxNetworkRetries: CHECKOUT_RETRIES }
    : { timeout: left, maxNetworkRetries: 0 };
}

/**
 * Stripe Checkout: one Checkout Session per order, in GBP, one line per course (title and
 * dates) and per add-on, the discount as a one-off coupon of exactly our discount, the
 * customer's e-mail, 30-minute expiry and an idempotency key per order, so a retried request
 * never opens a second session.
 */
export function stripeProvider(opts: {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
  siteUrl: string;
}): PaymentProvider {
  const target = opts.apiUrl ? new URL(opts.apiUrl) : null;
  const StripeClient = loadStripe();
  const stripe = new StripeClient(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === "https:" ? 443 : 80),
          protocol: target.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });

  /** The coupon (if any) and the Checkout Session, every call inside `deadline`. */
  async function openCheckout(order: CheckoutOrder, deadline: number): Promise<{ url: string; sessionId: string }> {
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = order.items.flatMap((item) => {
      const addOnsTotal = item.addOns.reduce((s, a) => s + a.price_pence, 0);
      // A group booking: each place pays the fee and the add-ons (the line's price is per place × places).
      const places = Math.max(1, item.seats);
      return [
        {
          quantity: places,
          price_data: {
            currency: "gbp",
            unit_amount: item.originalPricePence / places - addOnsTotal,
            product_data: { name: `${item.title} (${item.dateLabel})` },
          },
        },
        ...item.addOns.map((a) => ({
          quantity: places,
          price_data: {
            currency: "gbp",
            unit_amount: a.price_pence,
            product_data: { name: `${a.name} (add-on to ${item.title})` },
          },
        })),
      ];
    });
    let discounts: Stripe.Checkout.SessionCreateParams.Discount[] | undefined;
    const part = partCheckout(order);
    if (part) lineItems.splice(0, lineItems.length, ...part.lineItems);
    if (order.discountPence > 0 && !part) {
      // A fixed amount equal to our computed discount, so Stripe's total is ours to the penny.
      const coupon = await stripe.coupons.create(
        {
          amount_off: order.discountPence,
          currency: "gbp",
          duration: "once",
          max_redemptions: 1,
          name: `${order.discountCode ?? "Discount"} (${discountSizeLabel(order)})`.slice(0, 40),
        },
        { idempotencyKey: `coupon-${order.reference}`, ...budgetedCall(deadline) },
      );
      discounts = [{ coupon: coupon.id }];
    }
    const expiresAt = Math.max(
      Math.floor(order.expiresAt.getTime() / 1000),
      Math.floor(Date.now() / 1000) + STRIPE_MIN_EXPIRY_S + EXPIRY_SLACK_S,
    );
    const session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        currency: "gbp",
        line_items: lineItems,
        ...(discounts ? { discounts } : {}),
        customer_email: order.guestEmail,
        client_reference_id: order.reference,
        metadata: { order_reference: order.reference, ...part?.metadata },
        payment_intent_data: { metadata: { order_reference: order.reference, ...part?.metadata }, ...part?.intent },
        ...(order.klarna ? { payment_method_types: ["klarna" as const] } : {}),
        ...part?.session,
        ...returnUrls(order, opts.siteUrl),
        expires_at: expiresAt,
      },
      { idempotencyKey: order.part?.checkoutKey ?? `checkout-${order.reference}`, ...budgetedCall(deadline) },
    );
    if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
    return { url: session.url, sessionId: session.id };
  }

  return {
    name: "stripe",
    createCheckout(order) {
      const deadline = Date.now() + CHECKOUT_BUDGET_MS;
      // The per-call timeouts keep a silent Stripe inside the budget; Node's timeout is per idle
      // socket, so a Stripe that trickles bytes could outlast it: the race is the hard stop. A
      // session that still opens after it is expired at once, so the cancelled order cannot be paid.
      return untilDeadline(openCheckout(order, deadline), deadline + DEADLINE_GRACE_MS, (late) => {
        stripe.checkout.sessions.expire(late.sessionId).catch(() => undefined);
      });
    },

    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return "expired";
      } catch (err) {
        // Stripe expires only open sessions and refuses the rest with an invalid-request error
        // whose wording is not an API: ask the session what it is instead of reading the message.
        if (!(err instanceof StripeClient.errors.StripeInvalidRequestError)) throw err;
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === "complete") return "completed";
        if (session.status === "expired") return "expired";
        throw err;
      }
    },

    async retrieveCheckout(sessionId) {
      let session: Stripe.Checkout.Session;
      try {
        // With its PaymentIntent: the card it kept (setup_future_usage) is on the intent.
        session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent"] });
      } catch (err) {
        if (err instanceof StripeClient.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err;
      }
      return {
        id: session.id,
        reference: session.client_reference_id ?? session.metadata?.order_reference ?? null,
        amountPence: session.amount_total ?? null,
        currency: session.currency ?? null,
        paid: session.payment_status === "paid" || session.payment_status === "no_payment_required",
        purpose: session.metadata?.payment_purpose ?? null,
        card: cardOfSession(session),
        paymentId: paymentIdOfSession(session),
      };
    },

    chargeSavedCard: (charge) => chargeSavedCard(stripe, StripeClient.errors, charge),

    async refund(paymentRef, amountPence, idempotencyKey) {
      // Our orders know their Checkout Session; the refund needs the session's PaymentIntent.
      let paymentIntent = paymentRef;
      if (paymentRef.startsWith("cs_")) {
        const session = await stripe.checkout.sessions.retrieve(paymentRef);
        const pi = session.payment_intent;
        if (!pi) throw new Error("The Checkout Session has no payment to refund");
        paymentIntent = typeof pi === "string" ? pi : pi.id;
      }
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountPence, reason: "requested_by_customer" },
        { idempotencyKey: `refund-${paymentIntent}-${idempotencyKey}` },
      );
      return { id: refund.id, paymentId: paymentIntent };
    },

    async paymentRefunds(paymentId) {
      // The PaymentIntent carries our reference (payment_intent_data.metadata at checkout).
      const intent = await stripe.paymentIntents.retrieve(paymentId);
      const refunds: { id: string; amountPence: number; status: string }[] = [];
      for await (const r of stripe.refunds.list({ payment_intent: paymentId, limit: 100 })) {
        refunds.push({ id: r.id, amountPence: r.amount, status: r.status ?? "succeeded" });
      }
      return { reference: intent.metadata?.order_reference ?? null, refunds };
    },

    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", opts.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : "Invalid signature");
      }
      const base = { id: event.id, type: event.type };
      if (event.type === "charge.refunded") {
        // Money went back (our own refund, or one made in Stripe's dashboard): reconciled once per refund id.
        const charge = event.data.object as Stripe.Charge;
        const paymentId = typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null);
        const listed = charge.refunds?.data;
        return {
          ...base,
          kind: "refunded",
          reference: charge.metadata?.order_reference ?? null,
          sessionId: null,
          amountPence: charge.amount_refunded,
          refund: {
            paymentId,
            refunds: listed ? listed.map((r) => ({ id: r.id, amountPence: r.amount, status: r.status ?? "succeeded" })) : null,
          },
        };
      }
      if (!event.type.startsWith("checkout.session.")) {
        return { ...base, kind: "ignored", reference: null, sessionId: null, amountPence: null };
      }
      const session = event.data.object as Stripe.Checkout.Session;
      const common = {
        ...base,
        reference: session.client_reference_id ?? session.metadata?.order_reference ?? null,
        sessionId: session.id,
        amountPence: session.amount_total ?? null,
      };
      const kind: PaymentEvent["kind"] = (() => {
        switch (event.type) {
          case "checkout.session.completed":
            return session.payment_status === "paid" || session.payment_status === "no_payment_required" ? "paid" : "awaiting";
          case "checkout.session.async_payment_succeeded":
            return "paid";
          case "checkout.session.async_payment_failed":
            return "failed";
          case "checkout.session.expired":
            return "expired";
          default:
            return "ignored";
        }
      })();
      return { ...common, kind };
    },
  };
}
