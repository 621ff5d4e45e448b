import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../src/app";
import { createPool } from "../src/db/client";
import { parseEnv } from "../src/env";
import { setupApp, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApp();
});
afterAll(() => ctx.close());

describe("system", () => {
  it("answers health", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("answers ready when the database is reachable", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready" });
  });

  it("answers 404 with a message for an unknown path", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found" });
  });

  it("answers 400 for malformed JSON, never 500", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: '{"email": "x"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Malformed JSON body" });
  });

  it("sends the security headers", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("object-src 'none'");
    expect(res.headers["content-security-policy"]).toContain("base-uri 'none'");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("allows CORS only for the site and admin origins, with credentials", async () => {
    const ok = await ctx.app.inject({
      method: "OPTIONS",
      url: "/api/courses",
      headers: { origin: "http://localhost:5174", "access-control-request-method": "GET" },
    });
    expect(ok.headers["access-control-allow-origin"]).toBe("http://localhost:5174");
    expect(ok.headers["access-control-allow-credentials"]).toBe("true");
    const site = await ctx.app.inject({ method: "GET", url: "/api/health", headers: { origin: "http://localhost:5173" } });
    expect(site.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    const evil = await ctx.app.inject({ method: "GET", url: "/api/health", headers: { origin: "https://evil.example.com" } });
    expect(evil.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("server faults", () => {
  it("answers 500 with the request id and no internals, and logs the error", async () => {
    const lines: string[] = [];
    // A pool whose database does not exist: every query fails.
    const url = new URL(inject("serverUrl"));
    url.pathname = "/api_no_such_database";
    const pool = createPool(url.toString(), 1);
    const broken = await buildApp({
      env: parseEnv({ NODE_ENV: "test", LOG_LEVEL: "error" }),
      pool,
      logStream: { write: (l) => lines.push(l) },
    });
    try {
      const res = await broken.inject({ method: "GET", url: "/api/courses", headers: { "x-request-id": "req-test-123" } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: "Something went wrong on our side (request req-test-123)." });
      expect(res.body).not.toMatch(/api_no_such_database|postgres|stack/i);
      expect(lines.join("\n")).toContain("req-test-123");
      expect((await broken.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(503);
    } finally {
      await broken.close();
      await pool.end();
    }
  });
});
