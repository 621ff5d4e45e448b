import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRoute, AppRouter } from "@ts-rest/core";
import { contract, STAFF_ROLES, type RouteMeta, type StaffRole } from "@app/contract";
import { upsertUser } from "../src/modules/auth/service";
import { login, loginUser, setupApp, type Session, type TestContext } from "./helpers";

/**
 * Every route of the contract × every staff role, a signed-in non-staff user and nobody: the
 * roles come from each route's own `metadata.roles`, so a new route cannot be missed.
 */
function allRoutes(router: AppRouter, out: AppRoute[] = []): AppRoute[] {
  for (const value of Object.values(router)) {
    if (typeof (value as AppRoute).method === "string" && typeof (value as AppRoute).path === "string")
      out.push(value as AppRoute);
    else allRoutes(value as AppRouter, out);
  }
  return out;
}

const routes = allRoutes(contract);
const guarded = routes.filter((r) => (r.metadata as RouteMeta | undefined)?.roles);
const urlOf = (r: AppRoute) =>
  r.path.replace(/:(\w+)/g, (_m, name: string) =>
    name === "id" ? (r.path.includes("/account/sessions/") ? "00000000-0000-4000-8000-000000000000" : "999999") : "x",
  );
const call = (ctx: TestContext, route: AppRoute, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: route.method,
    url: urlOf(route),
    headers,
    ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
  });

let ctx: TestContext;
const sessions = {} as Record<StaffRole, Session>;
let customer: Session;
beforeAll(async () => {
  ctx = await setupApp();
  for (const role of STAFF_ROLES) {
    const email = `guard-${role}@example.com`;
    await upsertUser(ctx.db, { email, name: `Guard ${role}`, password: "Str0ng!Passw0rd-test", isAdmin: true, role });
    sessions[role] = await login(ctx.app, email, "Str0ng!Passw0rd-test");
  }
  customer = await loginUser(ctx);
});
afterAll(() => ctx.close());

describe("role guard, derived from the contract", () => {
  it("finds the guarded routes, and every admin route declares its roles", () => {
    expect(guarded.length).toBeGreaterThanOrEqual(30);
    for (const r of routes) expect((r.metadata as { auth?: unknown } | undefined)?.auth).toBeUndefined();
  });

  it.each(guarded.map((r) => [`${r.method} ${r.path}`, r] as const))("%s answers 401 without a session", async (_n, route) => {
    const res = await call(ctx, route);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it.each(guarded.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s answers 403 for a signed-in non-staff user",
    async (_n, route) => {
      const res = await call(ctx, route, customer.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "Administrator access required" });
    },
  );

  const cases = guarded.flatMap((r) => STAFF_ROLES.map((role) => [`${r.method} ${r.path} as ${role}`, r, role] as const));
  it.each(cases)("%s", async (_n, route, role) => {
    const allowed = ((route.metadata as RouteMeta).roles ?? []).includes(role);
    const res = await call(ctx, route, sessions[role].headers);
    if (allowed) {
      expect(res.statusCode, res.body).not.toBe(401);
      expect(res.statusCode, res.body).not.toBe(403);
      expect(res.statusCode, res.body).toBeLessThan(500);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "Your role does not allow this" });
    }
  });

  it("trainers reach only registers of course dates; office everything but staff; owner everything", () => {
    const names = (role: StaffRole) =>
      guarded.filter((r) => (r.metadata as RouteMeta).roles!.includes(role)).map((r) => `${r.method} ${r.path}`);
    expect(names("trainer")).toContain("GET /api/enrollments");
    expect(names("trainer")).not.toContain("POST /api/enrollments/:id/cancel");
    expect(names("trainer")).not.toContain("GET /api/messages");
    expect(names("office")).not.toContain("GET /api/staff");
    expect(names("owner").length).toBe(guarded.length);
  });
});
