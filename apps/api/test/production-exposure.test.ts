import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupApp, type TestContext } from "./helpers";
import { PRODUCTION_SETTINGS } from "./production-env";

/** Production does not serve the API docs (and their looser CSP) unless enabled (issue 11, decision 107). */

const PRODUCTION = {
  ...PRODUCTION_SETTINGS,
  WORKERS_ENABLED: "false",
  LOG_LEVEL: "error",
};

describe("API docs in production", () => {
  let prod: TestContext;
  let enabled: TestContext;
  beforeAll(async () => {
    prod = await setupApp({ env: PRODUCTION });
    enabled = await setupApp({ env: { ...PRODUCTION, API_DOCS_ENABLED: "true" } });
  });
  afterAll(async () => {
    await prod.close();
    await enabled.close();
  });

  it("are not served by default: /api/docs and /api/openapi.json answer 404", async () => {
    for (const url of ["/api/docs", "/api/docs/", "/api/docs/static/swagger-ui-bundle.js", "/api/openapi.json"]) {
      const res = await prod.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: "Not found" });
    }
  });

  it("every answer carries the strict policy: no inline styles", async () => {
    const res = await prod.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("are served with API_DOCS_ENABLED=true", async () => {
    expect((await enabled.app.inject({ method: "GET", url: "/api/docs/" })).statusCode).toBe(200);
    expect((await enabled.app.inject({ method: "GET", url: "/api/openapi.json" })).statusCode).toBe(200);
  });
});
