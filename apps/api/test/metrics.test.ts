/**
 * Prometheus metrics (decision 297): only with the bearer token, route patterns as labels (never
 * a raw URL), and every family the dashboard in deploy/grafana reads.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ROOT } from "../src/env";
import { loginAdmin, setupApp, type TestContext } from "./helpers";

const TOKEN = "metrics-token-for-tests-0123456789abcdef";

describe("metrics with METRICS_TOKEN", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => ctx.close());

  const scrape = (authorization?: string) =>
    ctx.app.inject({ method: "GET", url: "/api/metrics", headers: authorization ? { authorization } : {} });

  it("refuses a scrape without the token or with a wrong one", async () => {
    for (const auth of [undefined, "Bearer wrong", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(auth);
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain("http_requests_total");
    }
  });

  it("gives request rate, errors and latency per route pattern, the pool, the queue, the outbox and the business counters", async () => {
    const admin = await loginAdmin(ctx);
    const courses = await ctx.app.inject({ method: "GET", url: "/api/courses" });
    expect(courses.statusCode).toBe(200);
    const [first] = courses.json() as { id: number }[];
    expect((await ctx.app.inject({ method: "GET", url: `/api/courses/${first!.id}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "GET", url: "/api/orders/not-a-real-reference-123/status" })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: "/api/bookings?page=1", headers: admin.headers })).statusCode).toBe(200);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    for (const family of [
      "http_requests_total",
      "http_request_errors_total",
      "http_request_duration_seconds",
      "db_pool_connections",
      "job_queue_jobs",
      "mail_outbox_mails",
      "mail_outbox_oldest_pending_seconds",
      "orders_total",
      "payments_total",
      "payments_pence_total",
      "refunds_total",
      "refunds_pence_total",
      "process_resident_memory_bytes",
    ]) {
      expect(text).toContain(`# TYPE ${family} `);
    }
    // The route pattern, never the URL that was asked for.
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/courses\/:id",status_code="200"\} 1/);
    expect(text).toContain('route="/api/orders/:reference/status",status_code="404"');
    expect(text).not.toContain("not-a-real-reference-123");
    expect(text).not.toContain("page=1");
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.5",method="GET",route="\/api\/courses",status_class="2xx"\} 1/,
    );
    expect(text).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toMatch(/job_queue_jobs\{state="created"\} 0/);
    // The seeded template has sample orders.
    expect(text).toMatch(/orders_total\{channel="online"\} [1-9]/);

    // Every series the Grafana dashboard queries is in the scrape.
    const dashboard = JSON.parse(
      readFileSync(path.join(API_ROOT, "..", "..", "deploy", "grafana", "api-dashboard.json"), "utf8"),
    ) as {
      panels: { targets: { expr: string }[] }[];
    };
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr));
    const names = new Set(
      exprs.flatMap((e) =>
        [...e.matchAll(/\b([a-z_]+_(?:total|seconds|bytes|connections|jobs|mails|bucket))\b/g)].map((m) => m[1]!),
      ),
    );
    expect(names.size).toBeGreaterThan(10);
    // A family with no sample yet (no 5xx so far) still declares its TYPE.
    for (const name of names) expect(text).toMatch(new RegExp(`^(${name}(\\{| )|# TYPE ${name.replace(/_bucket$/, "")} )`, "m"));
  });
});

describe("metrics without METRICS_TOKEN", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp({ seeded: false });
  });
  afterAll(() => ctx.close());

  it("has no metrics endpoint at all on the public port", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/metrics" })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/metrics", headers: { authorization: "Bearer anything" } })).statusCode,
    ).toBe(404);
  });
});
