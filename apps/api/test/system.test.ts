import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
    const ok = await ctx.app.inject({ method: "OPTIONS", url: "/api/courses", headers: { origin: "http://localhost:5174", "access-control-request-method": "GET" } });
    expect(ok.headers["access-control-allow-origin"]).toBe("http://localhost:5174");
    expect(ok.headers["access-control-allow-credentials"]).toBe("true");
    const site = await ctx.app.inject({ method: "GET", url: "/api/health", headers: { origin: "http://localhost:5173" } });
    expect(site.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    const evil = await ctx.app.inject({ method: "GET", url: "/api/health", headers: { origin: "https://evil.example.com" } });
    expect(evil.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
