import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupApp, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApp({ seeded: false });
});
afterAll(() => ctx.close());

describe("API documentation", () => {
  it("serves the OpenAPI document generated from the contract", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/login",
        "/api/courses",
        "/api/courses/{id}",
        "/api/enroll",
        "/api/discounts/validate/{code}",
      ]),
    );
    expect(doc.paths["/api/dashboard"].get.security).toBeTruthy();
  });

  it("serves the docs page with its assets from this server", async () => {
    const page = await ctx.app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("swagger-ui");
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
    const asset = await ctx.app.inject({ method: "GET", url: "/api/docs/static/swagger-ui-bundle.js" });
    expect(asset.statusCode).toBe(200);
  });
});
