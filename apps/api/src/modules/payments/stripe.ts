import { discountSizeLabel } from "@app/rules";
import type Stripe from "stripe";
import { lazyRequire } from "../../lib/lazy-require";
import { cancelUrl, successUrl, WebhookSignatureError, type PaymentEvent, type PaymentProvider } from "./port";

/** Stripe's SDK, loaded only when Stripe is the provider (decision 250). */
const loadStripe = lazyRequire<typeof Stripe>("stripe");

/** Stripe insists on at least 30 minutes between creation and expiry, by its own clock. */
const STRIPE_MIN_EXPIRY_S = 30 * 60;
/** Slack for clock skew and the time the request takes. */
const EXPIRY_SLACK_S = 60;

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

  return {
    name: "stripe",
    async createCheckout(order) {
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
      if (order.discountPence > 0) {
        // A fixed amount equal to our computed discount, so Stripe's total is ours to the penny.
        const coupon = await stripe.coupons.create(
          {
            amount_off: order.discountPence,
            currency: "gbp",
            duration: "once",
            max_redemptions: 1,
            name: `${order.discountCode ?? "Discount"} (${discountSizeLabel(order)})`.slice(0, 40),
          },
          { idempotencyKey: `coupon-${order.reference}` },
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
          metadata: { order_reference: order.reference },
          payment_intent_data: { metadata: { order_reference: order.reference } },
          success_url: `${successUrl(opts.siteUrl, order.reference)}&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: cancelUrl(opts.siteUrl, order.reference),
          expires_at: expiresAt,
        },
        { idempotencyKey: `checkout-${order.reference}` },
      );
      if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
      return { url: session.url, sessionId: session.id };
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
        session = await stripe.checkout.sessions.retrieve(sessionId);
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
      };
    },

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
