import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRoute, AppRouter } from "@ts-rest/core";
import { contract } from "@app/contract";
import { loginUser, setupApp, type Session, type TestContext } from "./helpers";

/** Every route of the contract marked admin-only: a new admin route cannot be missed. */
function adminRoutes(router: AppRouter, out: AppRoute[] = []): AppRoute[] {
  for (const value of Object.values(router)) {
    if (typeof (value as AppRoute).method === "string" && typeof (value as AppRoute).path === "string") {
      if ((value as AppRoute).metadata && ((value as AppRoute).metadata as { auth?: string }).auth === "admin") out.push(value as AppRoute);
    } else adminRoutes(value as AppRouter, out);
  }
  return out;
}

const routes = adminRoutes(contract);
const urlOf = (r: AppRoute) => r.path.replace(/:(\w+)/g, (_m, name: string) => (name === "id" ? "1" : "x"));

let ctx: TestContext;
let user: Session;
beforeAll(async () => {
  ctx = await setupApp();
  user = await loginUser(ctx);
});
afterAll(() => ctx.close());

describe("admin guard", () => {
  it("finds the admin routes in the contract", () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))("%s answers 401 without a session", async (_name, route) => {
    const res = await ctx.app.inject({ method: route.method, url: urlOf(route), ...(route.method === "GET" ? {} : { payload: {} }) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))("%s answers 403 for a non-admin", async (_name, route) => {
    const res = await ctx.app.inject({
      method: route.method,
      url: urlOf(route),
      headers: user.headers,
      ...(route.method === "GET" ? {} : { payload: {} }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "Administrator access required" });
  });
});
