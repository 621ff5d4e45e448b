import { describe, expect, it } from "vitest";
import { DEV_ADMIN_PASSWORD, DEV_JWT_SECRET, parseEnv } from "../src/env";

const strong = "k3J9#xP2!qL8@vN5$wR7%tY4^uZ6&mB1";
const prod = {
  NODE_ENV: "production",
  JWT_SECRET: strong,
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
};

describe("environment", () => {
  it("has working development defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      EMBEDDED_PG_PORT: 54329,
      SITE_ORIGIN: "http://localhost:5173",
      ADMIN_ORIGIN: "http://localhost:5174",
      COOKIE_SECURE: false,
      SEED_ON_START: true,
      PAYMENT_PROVIDER: "local",
    });
  });

  it("accepts a complete production environment, with Secure cookies", () => {
    const env = parseEnv(prod);
    expect(env.COOKIE_SECURE).toBe(true);
    expect(env.SEED_ON_START).toBe(false);
  });

  it.each([
    [{ JWT_SECRET: undefined }, /JWT_SECRET: is required in production/],
    [{ JWT_SECRET: "short" }, /JWT_SECRET: is weak/],
    [{ JWT_SECRET: DEV_JWT_SECRET }, /JWT_SECRET: is weak/],
    [{ SEED_ADMIN_PASSWORD: DEV_ADMIN_PASSWORD }, /SEED_ADMIN_PASSWORD/],
    [{ PAYMENT_PROVIDER: "local" }, /PAYMENT_PROVIDER/],
    [{ COOKIE_SECURE: "false" }, /COOKIE_SECURE/],
    [{ STRIPE_WEBHOOK_SECRET: undefined }, /STRIPE_SECRET_KEY/],
  ])("refuses to start in production with %j", (over, error) => {
    expect(() => parseEnv({ ...prod, ...over })).toThrow(error);
  });

  it("lists every bad field at once", () => {
    expect(() => parseEnv({ PORT: "abc", SITE_ORIGIN: "nope" })).toThrow(/PORT[\s\S]*SITE_ORIGIN|SITE_ORIGIN[\s\S]*PORT/);
  });
});
