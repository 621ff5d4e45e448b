import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_MAX_ATTEMPTS } from "@app/contract";
import { buildApp } from "../src/app";
import { createUser } from "../src/db/seed/factories";
import { parseEnv } from "../src/env";
import { ADMIN, login, setupApp, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApp();
});
afterAll(() => ctx.close());

const post = (payload: unknown) => ctx.app.inject({ method: "POST", url: "/api/login", payload: payload as object });

describe("login", () => {
  it("signs in: HttpOnly SameSite=Strict cookie plus access_token and user", async () => {
    const res = await post(ADMIN);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: ADMIN.email, is_admin: true });
    expect(typeof body.access_token).toBe("string");
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    // Tests run over plain http: Secure is off outside production.
    expect(cookie).not.toContain("Secure");
  });

  it.each([
    [{ email: "", password: "x" }, "Email is required"],
    [{ email: "   ", password: "x" }, "Email is required"],
    [{ email: "not-an-email", password: "x" }, "Please enter a valid email address"],
    [{ email: "a@example.com", password: "" }, "Password is required"],
    [{ email: "a@example.com" }, "Password is required"],
  ])("refuses %j with '%s'", async (payload, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues[0].message).toBe(message);
  });

  it("counts failures per client, holds that client back after 5 for 15 minutes, then lets the right password in", async () => {
    const user = await createUser(ctx.db, { isAdmin: true });
    const from = (payload: object, remoteAddress = "203.0.113.7") =>
      ctx.app.inject({ method: "POST", url: "/api/login", payload, remoteAddress });
    for (let i = 1; i < LOGIN_MAX_ATTEMPTS; i++) {
      const res = await from({ email: user.email, password: "wrong-password" });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Invalid email or password", attempts: i, max_attempts: 5 });
    }
    const holding = await from({ email: user.email, password: "wrong-password" });
    expect(holding.statusCode).toBe(429);
    expect(holding.json()).toMatchObject({ attempts: 5, max_attempts: 5 });
    const lockedUntil = new Date(holding.json().locked_until).getTime();
    expect(lockedUntil - ctx.clock.now().getTime()).toBe(15 * 60_000);

    // Even the right password is refused from this client while it is held back…
    const held = await from({ email: user.email, password: user.password });
    expect(held.statusCode).toBe(429);
    expect(held.json().locked_until).toBe(holding.json().locked_until);
    // …but the account is not locked: another client signs in at once (no denial of service).
    expect((await from({ email: user.email, password: user.password }, "198.51.100.20")).statusCode).toBe(200);

    ctx.clock.advance(14 * 60_000);
    expect((await from({ email: user.email, password: user.password })).statusCode).toBe(429);
    ctx.clock.advance(61_000);
    const ok = await from({ email: user.email, password: user.password });
    expect(ok.statusCode).toBe(200);
    // The count starts again from zero.
    const again = await from({ email: user.email, password: "wrong-password" });
    expect(again.json().attempts).toBe(1);
  });

  it("answers unknown e-mails with the same shape, counting and holding back too", async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const first = await post({ email, password: "whatever" });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({ message: "Invalid email or password", attempts: 1, max_attempts: 5 });
    for (let i = 2; i < 5; i++) expect((await post({ email, password: "whatever" })).json().attempts).toBe(i);
    const locked = await post({ email, password: "whatever" });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ attempts: 5, max_attempts: 5 });
    expect(typeof locked.json().locked_until).toBe("string");
  });
});

describe("session", () => {
  it("GET /api/me answers the user with the cookie and with a bearer token, 401 without", async () => {
    const s = await login(ctx.app, ADMIN.email, ADMIN.password);
    const byCookie = await ctx.app.inject({ method: "GET", url: "/api/me", headers: s.headers });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json().user).toMatchObject({ email: ADMIN.email, is_admin: true });
    const byBearer = await ctx.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${s.token}` } });
    expect(byBearer.statusCode).toBe(200);
    const none = await ctx.app.inject({ method: "GET", url: "/api/me" });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBeTruthy();
    const forged = await ctx.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${s.token}x` } });
    expect(forged.statusCode).toBe(401);
  });

  it("logout makes the token unusable, by cookie and by bearer", async () => {
    const s = await login(ctx.app, ADMIN.email, ADMIN.password);
    const out = await ctx.app.inject({ method: "POST", url: "/api/logout", headers: s.headers });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers["set-cookie"])).toMatch(/session=;/);
    expect((await ctx.app.inject({ method: "GET", url: "/api/me", headers: s.headers })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${s.token}` } })).statusCode,
    ).toBe(401);
    expect((await ctx.app.inject({ method: "GET", url: "/api/messages", headers: s.headers })).statusCode).toBe(401);

    const b = await login(ctx.app, ADMIN.email, ADMIN.password);
    await ctx.app.inject({ method: "POST", url: "/api/logout", headers: { authorization: `Bearer ${b.token}` } });
    expect((await ctx.app.inject({ method: "GET", url: "/api/me", headers: b.headers })).statusCode).toBe(401);
  });

  it("revocation is in the database: another API instance refuses the token too", async () => {
    const s = await login(ctx.app, ADMIN.email, ADMIN.password);
    // A second instance on the same database.
    const second = await buildApp({
      env: parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
      pool: ctx.pool,
      now: ctx.clock.now,
    });
    try {
      expect((await second.inject({ method: "GET", url: "/api/me", headers: s.headers })).statusCode).toBe(200);
      await ctx.app.inject({ method: "POST", url: "/api/logout", headers: s.headers });
      expect((await second.inject({ method: "GET", url: "/api/me", headers: s.headers })).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it("logout without a session still answers 200", async () => {
    const res = await ctx.app.inject({ method: "POST", url: "/api/logout" });
    expect(res.statusCode).toBe(200);
  });
});
