/**
 * A local stand-in for api.stripe.com for the bookings tests (issue 13): Checkout Sessions (create,
 * retrieve, with a PaymentIntent once paid), PaymentIntents (retrieve: our reference in metadata),
 * and refunds (create with Stripe's idempotency: the same key answers the same refund; never more
 * than the payment; list by payment). A session paid with a kept card answers its customer and, with
 * `expand[]=payment_intent`, the intent's payment method; PaymentIntents created off-session with
 * `confirm=true` succeed, or fail as a card set by `setCardOutcome` says (the bank asks for
 * authentication: Stripe's 402 card error `authentication_required`; declined), under Stripe's
 * idempotency (the same key answers the same intent; other parameters are refused). Records every
 * request with its headers. The same shape as
 * the fake inside payments-stripe.test.ts, which the integrator may move onto this file.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const WEBHOOK_SECRET = "whsec_test_secret_for_tests_only";

/** The API's settings for the real Stripe SDK talking to this stand-in listening on `port`. */
export const stripeStandInEnv = (port: number) => ({
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_fake_key",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: `http://127.0.0.1:${port}`,
});
const signer = new Stripe("sk_test_signing_only");

export type Recorded = {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** When the request arrived (performance.now()). */
  at: number;
};
type FakeRefund = { id: string; amount: number; payment_intent: string; status: string; created: number };
/** A payout and its balance transactions (source: a charge `ch_…` or refund `re_…` of a PaymentIntent, or none). */
export type FakePayout = { id: string; amount: number; arrival_date: number; created: number; status: string };
export type FakeBalanceTransaction = {
  id: string;
  payout: string;
  type: string;
  amount: number;
  fee: number;
  net: number;
  description: string | null;
  created: number;
  source: { id: string; object: "charge" | "refund"; payment_intent: string | null } | null;
};

export function fakeStripe() {
  const requests: Recorded[] = [];
  let sessions = 0;
  let refundsMade = 0;
  let failRefunds = false;
  /** How opening a Checkout Session goes: answered, refused with Stripe's 500, or never answered. */
  let checkoutMode: "ok" | "error" | "hang" = "ok";
  const sessionState = new Map<
    string,
    {
      reference: string | null;
      amount_total: number;
      payment_status: string;
      payment_intent: string | null;
      purpose?: string | null;
      customer?: string | null;
      payment_method?: string | null;
    }
  >();
  const intents = new Map<string, { reference: string | null; amount: number }>();
  /** How an off-session charge of a payment method goes (default: it succeeds). */
  const cardOutcomes = new Map<string, "authentication_required" | "declined">();
  /** Off-session intents by idempotency key: the form they were made with and the answer given. */
  const intentsByKey = new Map<string, { body: string; status: number; json: object }>();
  let offSessionIntents = 0;
  /** While true, creating a PaymentIntent answers Stripe's 500 (an outage). */
  let intentOutage = false;
  /** While set, off-session charges of its payment method wait for it (a charge in flight while something else happens). */
  let chargeGate: { paymentMethod: string; open: Promise<void> } | null = null;
  const refunds: FakeRefund[] = [];
  const byIdempotencyKey = new Map<string, FakeRefund>();
  const payouts: FakePayout[] = [];
  const balanceTransactions: FakeBalanceTransaction[] = [];

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const url = new URL(req.url ?? "", "http://x");
      const path = url.pathname;
      const form = new URLSearchParams(body);
      requests.push({ method: req.method ?? "", path: req.url ?? "", form, headers: req.headers, at: performance.now() });
      const send = (status: number, json: object) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${requests.length}` });
        res.end(JSON.stringify(json));
      };
      const invalid = (message: string, status = 400) => send(status, { error: { type: "invalid_request_error", message } });
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        if (checkoutMode === "hang") return; // the connection stays open, silent, until the client gives up
        if (checkoutMode === "error") return send(500, { error: { type: "api_error", message: "Simulated outage" } });
        const id = `cs_test_${++sessions}`;
        let amount = 0;
        for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
          amount +=
            Number(form.get(`line_items[${i}][quantity]`)) * Number(form.get(`line_items[${i}][price_data][unit_amount]`));
        }
        sessionState.set(id, {
          reference: form.get("client_reference_id"),
          amount_total: amount,
          payment_status: "unpaid",
          payment_intent: null,
          purpose: form.get("metadata[payment_purpose]"),
        });
        return send(200, { id, object: "checkout.session", url: `https://checkout.stripe.test/c/pay/${id}`, status: "open" });
      }
      const session = path.match(/^\/v1\/checkout\/sessions\/(\w+)$/);
      if (req.method === "GET" && session) {
        const s = sessionState.get(session[1]!);
        if (!s) return invalid(`No such checkout.session: '${session[1]}'`, 404);
        const expandIntent = [...url.searchParams.entries()].some(([k, v]) => k.startsWith("expand") && v === "payment_intent");
        return send(200, {
          id: session[1],
          object: "checkout.session",
          customer: s.customer ?? null,
          status: s.payment_status === "paid" ? "complete" : "open",
          client_reference_id: s.reference,
          metadata: {
            ...(s.reference ? { order_reference: s.reference } : {}),
            ...(s.purpose ? { payment_purpose: s.purpose } : {}),
          },
          amount_total: s.amount_total,
          currency: "gbp",
          payment_status: s.payment_status,
          payment_intent:
            expandIntent && s.payment_intent
              ? {
                  id: s.payment_intent,
                  object: "payment_intent",
                  customer: s.customer ?? null,
                  payment_method: s.payment_method ?? null,
                }
              : s.payment_intent,
        });
      }
      if (req.method === "POST" && path === "/v1/payment_intents") {
        if (intentOutage) return send(500, { error: { type: "api_error", message: "Simulated outage" } });
        const key = String(req.headers["idempotency-key"] ?? "");
        const seen = key ? intentsByKey.get(key) : undefined;
        if (seen && seen.body !== body)
          return send(400, {
            error: {
              type: "idempotency_error",
              message: "Keys for idempotent requests can only be used with the same parameters they were first used with.",
            },
          });
        if (seen) return send(seen.status, seen.json);
        const answer = (status: number, json: object) => {
          if (key) intentsByKey.set(key, { body, status, json });
          send(status, json);
        };
        const gate = chargeGate?.paymentMethod === form.get("payment_method") ? chargeGate.open : Promise.resolve();
        void gate.then(() => {
          const id = `pi_off_${++offSessionIntents}`;
          const amount = Number(form.get("amount"));
          const method = form.get("payment_method") ?? "";
          const outcome = cardOutcomes.get(method);
          if (form.get("off_session") !== "true" || form.get("confirm") !== "true")
            return invalid("This stand-in only confirms off-session payments");
          if (outcome) {
            const failed = { id, object: "payment_intent", amount, status: "requires_payment_method" };
            return answer(402, {
              error:
                outcome === "authentication_required"
                  ? {
                      type: "card_error",
                      code: "authentication_required",
                      message: "Your card was declined. This transaction requires authentication.",
                      payment_intent: failed,
                    }
                  : {
                      type: "card_error",
                      code: "card_declined",
                      decline_code: "insufficient_funds",
                      message: "Your card has insufficient funds.",
                      payment_intent: failed,
                    },
            });
          }
          intents.set(id, { reference: form.get("metadata[order_reference]"), amount });
          answer(200, {
            id,
            object: "payment_intent",
            amount,
            amount_received: amount,
            currency: form.get("currency"),
            customer: form.get("customer"),
            payment_method: method,
            status: "succeeded",
            metadata: { order_reference: form.get("metadata[order_reference]") },
          });
        });
        return;
      }
      const intent = path.match(/^\/v1\/payment_intents\/(\w+)$/);
      if (req.method === "GET" && intent) {
        const pi = intents.get(intent[1]!);
        if (!pi) return invalid(`No such payment_intent: '${intent[1]}'`, 404);
        return send(200, {
          id: intent[1],
          object: "payment_intent",
          amount: pi.amount,
          currency: "gbp",
          metadata: pi.reference ? { order_reference: pi.reference } : {},
        });
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        if (failRefunds) return invalid("Simulated refund failure");
        const key = String(req.headers["idempotency-key"] ?? "");
        const seen = key ? byIdempotencyKey.get(key) : undefined;
        if (seen) return send(200, { ...seen, object: "refund" });
        const pi = form.get("payment_intent") ?? "";
        const payment = intents.get(pi);
        if (!payment) return invalid(`No such payment_intent: '${pi}'`, 404);
        const amount = Number(form.get("amount") ?? payment.amount);
        const already = refunds.filter((r) => r.payment_intent === pi).reduce((s, r) => s + r.amount, 0);
        if (already + amount > payment.amount)
          return invalid(`Refund amount (£${amount / 100}) is greater than unrefunded amount on charge`);
        const refund = {
          id: `re_test_${++refundsMade}`,
          amount,
          payment_intent: pi,
          status: "succeeded",
          created: Math.floor(Date.now() / 1000),
        };
        refunds.push(refund);
        if (key) byIdempotencyKey.set(key, refund);
        return send(200, { ...refund, object: "refund" });
      }
      if (req.method === "GET" && path === "/v1/refunds") {
        const pi = url.searchParams.get("payment_intent");
        const data = refunds.filter((r) => r.payment_intent === pi).map((r) => ({ ...r, object: "refund" }));
        return send(200, { object: "list", data, has_more: false, url: "/v1/refunds" });
      }
      if (req.method === "GET" && path === "/v1/checkout/sessions") {
        const pi = url.searchParams.get("payment_intent");
        const data = [...sessionState.entries()]
          .filter(([, v]) => v.payment_intent === pi)
          .map(([id, v]) => ({ id, object: "checkout.session", payment_intent: v.payment_intent, amount_total: v.amount_total }));
        return send(200, { object: "list", data, has_more: false, url: "/v1/checkout/sessions" });
      }
      if (req.method === "GET" && path === "/v1/payouts") {
        const data = payouts.map((p) => ({ ...p, object: "payout", currency: "gbp" }));
        return send(200, { object: "list", data, has_more: false, url: "/v1/payouts" });
      }
      if (req.method === "GET" && path === "/v1/balance_transactions") {
        const payout = url.searchParams.get("payout");
        const expand = [...url.searchParams.entries()].some(([k, v]) => k.startsWith("expand") && v === "data.source");
        const data = balanceTransactions
          .filter((t) => !payout || t.payout === payout)
          .map(({ payout: _p, source, ...t }) => ({
            ...t,
            object: "balance_transaction",
            currency: "gbp",
            source: source ? (expand ? source : source.id) : null,
          }));
        return send(200, { object: "list", data, has_more: false, url: "/v1/balance_transactions" });
      }
      invalid(`No route ${req.method} ${path}`, 404);
    });
  });

  return {
    requests,
    refunds,
    /** The customer paid the session (keeping the card when given): it now has a PaymentIntent carrying our reference. */
    markPaid(sessionId: string, card?: { customer: string; paymentMethod: string }) {
      const s = sessionState.get(sessionId)!;
      s.payment_status = "paid";
      s.customer = card?.customer ?? null;
      s.payment_method = card?.paymentMethod ?? null;
      s.payment_intent = `pi_test_${sessionId.replace("cs_test_", "")}`;
      intents.set(s.payment_intent, { reference: s.reference, amount: s.amount_total });
      return s.payment_intent;
    },
    /** A refund made by someone in Stripe's dashboard (no request of ours). */
    dashboardRefund(paymentIntent: string, amount: number): FakeRefund {
      const refund = {
        id: `re_dash_${++refundsMade}`,
        amount,
        payment_intent: paymentIntent,
        status: "succeeded",
        created: Math.floor(Date.now() / 1000),
      };
      refunds.push(refund);
      return refund;
    },
    payouts,
    balanceTransactions,
    /** A payout of these balance transactions (its amount is their net sum). */
    addPayout(id: string, lines: Omit<FakeBalanceTransaction, "payout" | "net" | "created">[]) {
      const created = Math.floor(Date.now() / 1000);
      const txns = lines.map((l) => ({ ...l, payout: id, net: l.amount - l.fee, created }));
      balanceTransactions.push(...txns);
      const amount = txns.reduce((sum, t) => sum + t.net, 0);
      payouts.push({ id, amount, arrival_date: created + 2 * 86_400, created, status: "paid" });
      return amount;
    },
    setFailRefunds: (v: boolean) => (failRefunds = v),
    /** An off-session charge of this payment method fails so (the bank asks for authentication, or declines). */
    setCardOutcome: (paymentMethod: string, outcome: "authentication_required" | "declined") =>
      cardOutcomes.set(paymentMethod, outcome),
    setIntentOutage: (v: boolean) => (intentOutage = v),
    /** Off-session charges of this payment method wait until the returned function is called. */
    holdCharges(paymentMethod: string) {
      let release!: () => void;
      chargeGate = { paymentMethod, open: new Promise<void>((resolve) => (release = resolve)) };
      return () => {
        chargeGate = null;
        release();
      };
    },
    setCheckoutMode: (mode: typeof checkoutMode) => (checkoutMode = mode),
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port))),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // hung requests would keep close() waiting
      }),
  };
}

let events = 0;

/** A signed Stripe event as the webhook receives it. */
export function signedEvent(type: string, object: Record<string, unknown>, id = `evt_fake_${++events}`) {
  const payload = JSON.stringify({
    id,
    object: "event",
    api_version: "2025-01-27.acacia",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}
