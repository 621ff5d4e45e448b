/**
 * A local stand-in for the Stripe endpoints the API uses (apps/api/src/modules/payments/stripe.ts),
 * spoken to by the real `stripe` SDK through STRIPE_API_URL:
 *   POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire,
 *   POST /v1/coupons, GET /v1/payment_intents/:id, POST /v1/refunds, GET /v1/refunds.
 * It also plays Stripe's hosted payment page (GET /c/pay/:id, with a Pay button) and, like Stripe,
 * sends webhooks signed with Stripe's scheme (`Stripe-Signature: t=…,v1=HMAC-SHA256`, made by the
 * SDK's own generateTestHeaderString) to the API's public address, i.e. through Caddy:
 * checkout.session.completed after paying, charge.refunded after a refund.
 *
 * Anything else the SDK asks for is answered 404 and recorded in `unexpected`, which the smoke test
 * checks is empty: a new Stripe call in the API shows up here instead of passing unnoticed.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface WebhookDelivery {
  type: string;
  status: number;
  body: string;
}

interface Session {
  id: string;
  reference: string | null;
  amountTotal: number;
  currency: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  status: "open" | "complete" | "expired";
  paymentStatus: "unpaid" | "paid";
  paymentIntent: string | null;
  metadata: Record<string, string>;
}

interface Refund {
  id: string;
  amount: number;
  payment_intent: string;
  status: "succeeded";
  created: number;
  reason: string | null;
}

/** Stripe's form encoding (`a[b][0][c]=…`) back into a flat map; enough for reading fields by name. */
const form = (body: string) => new URLSearchParams(body);

export function startStripeStandIn(opts: {
  secretKey: string;
  webhookSecret: string;
  /** Sends a signed event to the API's webhook URL (through Caddy) and returns the answer. */
  deliver: (payload: string, signature: string) => Promise<{ status: number; body: string }>;
}) {
  const signer = new Stripe(opts.secretKey);
  const sessions = new Map<string, Session>();
  const intents = new Map<string, { amount: number; reference: string | null }>();
  const refunds: Refund[] = [];
  const byIdempotencyKey = new Map<string, object>();
  const unexpected: string[] = [];
  const webhooks: WebhookDelivery[] = [];
  const pendingWebhooks = new Set<Promise<void>>();
  let counter = 0;
  let base = "";

  async function sendEvent(type: string, object: Record<string, unknown>): Promise<WebhookDelivery> {
    const payload = JSON.stringify({
      id: `evt_smoke_${++counter}`,
      object: "event",
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret });
    let delivery: WebhookDelivery;
    try {
      const answer = await opts.deliver(payload, signature);
      delivery = { type, ...answer };
    } catch (err) {
      delivery = { type, status: 0, body: err instanceof Error ? err.message : String(err) };
    }
    webhooks.push(delivery);
    return delivery;
  }

  const sessionObject = (s: Session) => ({
    id: s.id,
    object: "checkout.session",
    mode: "payment",
    status: s.status,
    client_reference_id: s.reference,
    metadata: s.metadata,
    amount_total: s.amountTotal,
    currency: s.currency,
    customer_email: s.customerEmail,
    payment_status: s.paymentStatus,
    payment_intent: s.paymentIntent,
    success_url: s.successUrl,
    cancel_url: s.cancelUrl,
    url: s.status === "open" ? `${base}/c/pay/${s.id}` : null,
    livemode: false,
  });

  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => {
      void handle(req, res, body).catch((err: unknown) => {
        unexpected.push(`${req.method} ${req.url}: ${err instanceof Error ? err.message : String(err)}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const url = new URL(req.url ?? "/", "http://standin");
    const path = url.pathname;
    const method = req.method ?? "GET";
    const json = (status: number, value: object) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_smoke_${++counter}` });
      res.end(JSON.stringify(value));
    };
    const invalid = (status: number, message: string) => json(status, { error: { type: "invalid_request_error", message } });

    // ------------------------------------------------------------ the hosted payment page
    const page = /^\/c\/pay\/(cs_\w+)(\/pay)?$/.exec(path);
    if (page) {
      const s = sessions.get(page[1]!);
      if (!s) return void res.writeHead(404, { "content-type": "text/plain" }).end("No such checkout session");
      if (method === "GET" && !page[2]) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return void res.end(
          `<!doctype html><html lang="en"><title>Pay (Stripe stand-in)</title><main><h1>Stripe stand-in</h1>` +
            `<p data-testid="amount">${(s.amountTotal / 100).toFixed(2)} ${s.currency.toUpperCase()}</p>` +
            `<p data-testid="email">${s.customerEmail ?? ""}</p>` +
            `<form method="post" action="/c/pay/${s.id}/pay"><button type="submit">Pay</button></form></main></html>`,
        );
      }
      if (method === "POST" && page[2]) {
        if (s.status !== "open") return void res.writeHead(409, { "content-type": "text/plain" }).end(`Session is ${s.status}`);
        s.status = "complete";
        s.paymentStatus = "paid";
        s.paymentIntent = `pi_smoke_${s.id.slice(3)}`;
        intents.set(s.paymentIntent, { amount: s.amountTotal, reference: s.reference });
        // Stripe sends the event and redirects the customer independently; the site's success page
        // waits for the webhook's effect, so the event goes first here to keep the run predictable.
        await sendEvent("checkout.session.completed", sessionObject(s));
        res.writeHead(303, { location: s.successUrl.replace("{CHECKOUT_SESSION_ID}", s.id) });
        return void res.end();
      }
    }

    // ------------------------------------------------------------ the API (what the SDK calls)
    if (!path.startsWith("/v1/")) return invalid(404, `No route ${method} ${path}`);
    if (req.headers.authorization !== `Bearer ${opts.secretKey}`) {
      unexpected.push(`${method} ${path} without the secret key`);
      return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    const key = req.headers["idempotency-key"];
    const idem = typeof key === "string" ? `${method} ${path} ${key}` : null;
    const remembered = idem ? byIdempotencyKey.get(idem) : undefined;
    if (remembered) return json(200, remembered);
    const answer = (value: object) => {
      if (idem) byIdempotencyKey.set(idem, value);
      json(200, value);
    };
    const f = form(body);

    if (method === "POST" && path === "/v1/checkout/sessions") {
      let amount = 0;
      for (let i = 0; f.has(`line_items[${i}][quantity]`); i++) {
        amount += Number(f.get(`line_items[${i}][quantity]`)) * Number(f.get(`line_items[${i}][price_data][unit_amount]`));
      }
      for (let i = 0; f.has(`discounts[${i}][coupon]`); i++) {
        const coupon = coupons.get(f.get(`discounts[${i}][coupon]`)!);
        amount -= coupon ?? 0;
      }
      const metadata: Record<string, string> = {};
      for (const [k, v] of f) {
        const m = /^metadata\[(\w+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const s: Session = {
        id: `cs_test_smoke${++counter}`,
        reference: f.get("client_reference_id"),
        amountTotal: amount,
        currency: f.get("currency") ?? f.get("line_items[0][price_data][currency]") ?? "gbp",
        customerEmail: f.get("customer_email"),
        successUrl: f.get("success_url") ?? "",
        cancelUrl: f.get("cancel_url") ?? "",
        status: "open",
        paymentStatus: "unpaid",
        paymentIntent: null,
        metadata,
      };
      if (!s.successUrl || !s.cancelUrl) return invalid(400, "Missing required param: success_url.");
      sessions.set(s.id, s);
      return answer(sessionObject(s));
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/(\w+)(\/expire)?$/.exec(path);
    if (sessionPath) {
      const s = sessions.get(sessionPath[1]!);
      if (!s) return invalid(404, `No such checkout.session: '${sessionPath[1]}'`);
      if (method === "GET" && !sessionPath[2]) return json(200, sessionObject(s));
      if (method === "POST" && sessionPath[2]) {
        if (s.status !== "open") return invalid(400, `This Checkout Session is ${s.status}.`);
        s.status = "expired";
        return answer(sessionObject(s));
      }
    }
    if (method === "POST" && path === "/v1/coupons") {
      const id = `co_smoke_${++counter}`;
      coupons.set(id, Number(f.get("amount_off") ?? 0));
      return answer({ id, object: "coupon", amount_off: Number(f.get("amount_off") ?? 0), currency: "gbp" });
    }
    const intentPath = /^\/v1\/payment_intents\/(\w+)$/.exec(path);
    if (method === "GET" && intentPath) {
      const pi = intents.get(intentPath[1]!);
      if (!pi) return invalid(404, `No such payment_intent: '${intentPath[1]}'`);
      return json(200, {
        id: intentPath[1],
        object: "payment_intent",
        amount: pi.amount,
        currency: "gbp",
        status: "succeeded",
        metadata: pi.reference ? { order_reference: pi.reference } : {},
      });
    }
    if (method === "POST" && path === "/v1/refunds") {
      const pi = f.get("payment_intent") ?? "";
      const payment = intents.get(pi);
      if (!payment) return invalid(404, `No such payment_intent: '${pi}'`);
      const amount = Number(f.get("amount") ?? payment.amount);
      const already = refunds.filter((r) => r.payment_intent === pi).reduce((sum, r) => sum + r.amount, 0);
      if (already + amount > payment.amount) return invalid(400, "Refund amount is greater than unrefunded amount on charge");
      const refund: Refund = {
        id: `re_smoke_${++counter}`,
        amount,
        payment_intent: pi,
        status: "succeeded",
        created: Math.floor(Date.now() / 1000),
        reason: f.get("reason"),
      };
      refunds.push(refund);
      answer({ ...refund, object: "refund", currency: "gbp" });
      // Like Stripe: the charge's refund event follows the API answer, on its own.
      const listed = refunds.filter((r) => r.payment_intent === pi);
      const delivery = sendEvent("charge.refunded", {
        id: `ch_smoke_${pi.slice(3)}`,
        object: "charge",
        amount: payment.amount,
        amount_refunded: listed.reduce((sum, r) => sum + r.amount, 0),
        currency: "gbp",
        payment_intent: pi,
        metadata: payment.reference ? { order_reference: payment.reference } : {},
        refunded: listed.reduce((sum, r) => sum + r.amount, 0) >= payment.amount,
        refunds: { object: "list", data: listed.map((r) => ({ ...r, object: "refund" })), has_more: false },
      }).then(() => undefined);
      pendingWebhooks.add(delivery);
      void delivery.finally(() => pendingWebhooks.delete(delivery));
      return;
    }
    if (method === "GET" && path === "/v1/refunds") {
      const pi = url.searchParams.get("payment_intent");
      const data = refunds.filter((r) => r.payment_intent === pi).map((r) => ({ ...r, object: "refund" }));
      return json(200, { object: "list", data, has_more: false, url: "/v1/refunds" });
    }
    unexpected.push(`${method} ${path}`);
    return invalid(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const coupons = new Map<string, number>();

  return {
    sessions,
    refunds,
    webhooks,
    unexpected,
    /** Waits for webhooks still being delivered (the refund's). */
    settled: () => Promise.all([...pendingWebhooks]),
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return base;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
