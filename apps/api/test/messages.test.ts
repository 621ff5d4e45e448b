import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { parseEnv } from "../src/env";
import { loginAdmin, setupApp, type Session, type TestContext } from "./helpers";

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await setupApp({ env: { CONTACT_RATE_LIMIT: "1000" } });
  admin = await loginAdmin(ctx);
});
afterAll(() => ctx.close());

const good = {
  firstName: "Robin",
  lastName: "Hughes",
  phoneNumber: "0151 496 0123",
  emailAddress: "robin.hughes@example.com",
  message: "Do you run weekend courses?",
};
const post = (payload: object, app = ctx.app, ip = "203.0.113.9") =>
  app.inject({ method: "POST", url: "/api/messages", payload, remoteAddress: ip });

describe("contact messages", () => {
  it.each([
    [{ firstName: "" }, "First name is required", "firstName"],
    [{ firstName: "A" }, "First name must be at least 2 characters", "firstName"],
    [{ lastName: " " }, "Last name is required", "lastName"],
    [{ lastName: "B" }, "Last name must be at least 2 characters", "lastName"],
    [{ phoneNumber: "" }, "Phone number is required", "phoneNumber"],
    [{ phoneNumber: "0151 496" }, "Please enter a valid phone number", "phoneNumber"],
    [{ emailAddress: "" }, "Email address is required", "emailAddress"],
    [{ emailAddress: "robin@" }, "Please enter a valid email address", "emailAddress"],
    [{ message: "Too short" }, "Message must be at least 10 characters", "message"],
  ])("refuses %j with '%s'", async (over, message, path) => {
    const res = await post({ ...good, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it("stores a message and lists it for the admin, newest first", async () => {
    const res = await post(good);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: "Message sent !" });
    const list = await ctx.app.inject({ method: "GET", url: "/api/messages", headers: admin.headers });
    expect(list.statusCode).toBe(200);
    const [first] = list.json();
    expect(first).toMatchObject(good);
    expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("limits messages per client across API instances (counts in Postgres)", async () => {
    const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", CONTACT_RATE_LIMIT: "3" });
    const one = await buildApp({ env, pool: ctx.pool, now: ctx.clock.now });
    const two = await buildApp({ env, pool: ctx.pool, now: ctx.clock.now });
    try {
      const ip = "198.51.100.77";
      expect((await post(good, one, ip)).statusCode).toBe(201);
      expect((await post(good, two, ip)).statusCode).toBe(201);
      expect((await post(good, one, ip)).statusCode).toBe(201);
      const limited = await post(good, two, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe("Too many messages sent. Please try again later.");
      // Another client is not affected; the window passes.
      expect((await post(good, one, "198.51.100.78")).statusCode).toBe(201);
      ctx.clock.advance(11 * 60_000);
      expect((await post(good, two, ip)).statusCode).toBe(201);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
