/**
 * Prometheus metrics (decision 297) at /api/metrics, only with `Authorization: Bearer
 * METRICS_TOKEN` (no token configured: the route does not exist). One registry per app, so tests
 * that build several apps never share counters. Requests are labelled by route pattern
 * (`/api/bookings/:id`), never the raw URL: no references, tokens or query strings in a label,
 * and a bounded number of series.
 */
import { timingSafeEqual } from "node:crypto";
import fp from "fastify-plugin";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { businessTotals, jobsByState, oldestPendingMailAge, outboxByStatus } from "./metrics-repository";

declare module "fastify" {
  interface FastifyRequest {
    metricsStart?: bigint;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default fp(
  async (app) => {
    const token = app.env.METRICS_TOKEN;
    const registry = new Registry();
    // Node's own metrics start event-loop monitors: only when someone can scrape them.
    if (token) collectDefaultMetrics({ register: registry });

    const requests = new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status code",
      labelNames: ["method", "route", "status_code"] as const,
      registers: [registry],
    });
    const errors = new Counter({
      name: "http_request_errors_total",
      help: "HTTP requests answered with a 5xx status, by method and route pattern",
      labelNames: ["method", "route"] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer, by method, route pattern and status class",
      labelNames: ["method", "route", "status_class"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });

    // Read at each scrape: the pool's own counters, and backlog figures from the database.
    new Gauge({
      name: "db_pool_connections",
      help: "Database pool connections by state (total, idle, waiting = requests queued for a connection)",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        this.set({ state: "total" }, app.pool.totalCount);
        this.set({ state: "idle" }, app.pool.idleCount);
        this.set({ state: "waiting" }, app.pool.waitingCount);
      },
    });
    new Gauge({
      name: "job_queue_jobs",
      help: "Jobs in the queue by state (created = waiting, retry, active, failed in the last 24 hours)",
      labelNames: ["state"] as const,
      registers: [registry],
      async collect() {
        const rows = await jobsByState(app.db);
        this.reset();
        for (const s of ["created", "retry", "active", "failed"]) this.set({ state: s }, 0);
        for (const r of rows) this.set({ state: r.state }, Number(r.n));
      },
    });
    new Gauge({
      name: "mail_outbox_mails",
      help: "Mails in the outbox by status (pending = backlog; failed = gave up)",
      labelNames: ["status"] as const,
      registers: [registry],
      async collect() {
        const rows = await outboxByStatus(app.db);
        this.set({ status: "pending" }, 0);
        this.set({ status: "failed" }, 0);
        for (const r of rows) this.set({ status: r.status }, Number(r.n));
      },
    });
    new Gauge({
      name: "mail_outbox_oldest_pending_seconds",
      help: "Age of the oldest mail waiting to be sent (0 when none)",
      registers: [registry],
      async collect() {
        this.set(Math.max(0, Number((await oldestPendingMailAge(app.db)) ?? 0)));
      },
    });

    // Business counters from the database (decision 297): the same totals from every instance
    // and across restarts, so rate() over them works behind a load balancer.
    const totals = () => businessTotals(app.db);
    let latest: Promise<Record<string, number>> | null = null;
    // One query per scrape for the five counters below.
    const shared = () => (latest ??= totals().finally(() => setTimeout(() => (latest = null), 0)));
    const counterFrom = (
      name: string,
      help: string,
      pick: (t: Record<string, number>) => Array<[Record<string, string>, number]>,
    ) =>
      new Counter({
        name,
        help,
        labelNames: name === "orders_total" ? (["channel"] as const) : ([] as const),
        registers: [registry],
        async collect() {
          const t = await shared();
          this.reset();
          for (const [labels, v] of pick(t)) this.inc(labels, v);
        },
      });
    counterFrom("orders_total", "Orders placed (online = the site's checkout, office = manual bookings)", (t) => [
      [{ channel: "online" }, t.orders_online ?? 0],
      [{ channel: "office" }, t.orders_office ?? 0],
    ]);
    counterFrom("payments_total", "Orders paid", (t) => [[{}, t.payments ?? 0]]);
    counterFrom("payments_pence_total", "Money received for paid orders, in pence", (t) => [[{}, t.paid_pence ?? 0]]);
    counterFrom("refunds_total", "Refunds made", (t) => [[{}, t.refunds ?? 0]]);
    counterFrom("refunds_pence_total", "Money refunded, in pence", (t) => [[{}, t.refunded_pence ?? 0]]);

    app.addHook("onRequest", async (request) => {
      request.metricsStart = process.hrtime.bigint();
    });
    app.addHook("onResponse", async (request, reply) => {
      // The route pattern; requests that matched no route share one label.
      const route = request.routeOptions.url ?? "unmatched";
      if (route === "/api/metrics") return;
      const method = request.method;
      const status = reply.statusCode;
      requests.inc({ method, route, status_code: String(status) });
      if (status >= 500) errors.inc({ method, route });
      if (request.metricsStart !== undefined) {
        const seconds = Number(process.hrtime.bigint() - request.metricsStart) / 1e9;
        duration.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
      }
    });

    if (!token) return;
    app.get("/api/metrics", { schema: { hide: true } }, async (request, reply) => {
      const header = request.headers.authorization ?? "";
      const given = header.startsWith("Bearer ") ? header.slice(7) : "";
      if (!given || !sameSecret(given, token)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        return reply.code(401).send({ message: "Metrics need the metrics token" });
      }
      reply.header("content-type", registry.contentType);
      reply.header("cache-control", "no-store");
      return registry.metrics();
    });
  },
  { name: "metrics", dependencies: ["db"] },
);
