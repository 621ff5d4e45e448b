import { describe, expect, it } from "vitest";
import { DEV_ADMIN_PASSWORD, DEV_JWT_SECRET, parseEnv } from "../src/env";
import { PRODUCTION_ENV } from "./production-env";

const prod: Record<string, string | undefined> = { ...PRODUCTION_ENV };

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
    [{ JWT_SECRET_PREVIOUS: "short" }, /JWT_SECRET_PREVIOUS: is weak/],
    // No database: an embedded development Postgres would start. No SMTP: mail only written to files.
    [{ DATABASE_URL: undefined }, /DATABASE_URL: is required in production/],
    [{ SMTP_URL: undefined }, /SMTP_URL: is required in production/],
    // Signed links need their own key ring, with strong keys.
    [{ LINK_SIGNING_KEYS: undefined }, /LINK_SIGNING_KEYS: is required in production/],
    [{ LINK_SIGNING_KEYS: "k1:tooshort" }, /LINK_SIGNING_KEYS: key 'k1' is weak/],
    // Origins and public addresses: present, https (http only on localhost), consistent.
    [{ PUBLIC_SITE_URL: undefined }, /PUBLIC_SITE_URL: is required in production/],
    [{ PUBLIC_API_URL: undefined }, /PUBLIC_API_URL: is required in production/],
    [{ SITE_ORIGIN: undefined }, /SITE_ORIGIN: is required in production/],
    [{ ADMIN_ORIGIN: undefined }, /ADMIN_ORIGIN: is required in production/],
    [{ SITE_ORIGIN: "https://shop.mdgt-training.co.uk" }, /SITE_ORIGIN: must be the origin of PUBLIC_SITE_URL \(https:\/\/www/],
    [{ SITE_ORIGIN: "https://www.mdgt-training.co.uk/home" }, /SITE_ORIGIN: must be an origin only/],
    [{ PUBLIC_API_URL: "http://api.mdgt-training.co.uk" }, /PUBLIC_API_URL: must be an https:\/\/ address/],
    [
      { SITE_ORIGIN: "http://www.mdgt-training.co.uk", PUBLIC_SITE_URL: "http://www.mdgt-training.co.uk" },
      /SITE_ORIGIN: must be an https:\/\/ address[\s\S]*PUBLIC_SITE_URL: must be an https:\/\/ address|PUBLIC_SITE_URL: must be an https[\s\S]*SITE_ORIGIN: must be an https/,
    ],
    [{ ADMIN_ORIGIN: "http://admin.mdgt-training.co.uk" }, /ADMIN_ORIGIN: must be an https:\/\/ address/],
    // The repo's fictional identity.
    [{ MAIL_FROM: undefined }, /MAIL_FROM: is a placeholder address/],
    [{ MAIL_FROM: "Bookings <bookings@mdgt.example.org>" }, /MAIL_FROM: is a placeholder address/],
    [{ PROVIDER_EMAIL: undefined }, /PROVIDER_EMAIL: is a placeholder address/],
    [{ PROVIDER_EMAIL: "office@mdgt.test" }, /PROVIDER_EMAIL: is a placeholder address/],
    [{ PROVIDER_PHONE: undefined }, /PROVIDER_PHONE: is a fictional number from Ofcom's drama range/],
    [{ PROVIDER_PHONE: "07700 900123" }, /PROVIDER_PHONE: is a fictional number/],
    [{ PROVIDER_PHONE: "020 7946 0555" }, /PROVIDER_PHONE: is a fictional number/],
    [{ VENUE_ADDRESS: undefined }, /VENUE_ADDRESS: is the fictional placeholder address/],
    [{ VENUE_ADDRESS: "1 Example Street, Liverpool" }, /VENUE_ADDRESS: is the fictional placeholder address/],
    [{ PROVIDER_NAME: undefined }, /PROVIDER_NAME: is the fictional placeholder name/],
  ])("refuses to start in production with %j", (over, error) => {
    expect(() => parseEnv({ ...prod, ...over })).toThrow(error);
  });

  it("lists every unsafe production default at once, naming what to set", () => {
    const message = (() => {
      try {
        parseEnv({ NODE_ENV: "production" });
      } catch (err) {
        return (err as Error).message;
      }
      return "";
    })();
    for (const variable of [
      "JWT_SECRET",
      "LINK_SIGNING_KEYS",
      "DATABASE_URL",
      "SMTP_URL",
      "PAYMENT_PROVIDER",
      "PUBLIC_SITE_URL",
      "PUBLIC_API_URL",
      "SITE_ORIGIN",
      "ADMIN_ORIGIN",
      "MAIL_FROM",
      "PROVIDER_EMAIL",
      "PROVIDER_PHONE",
      "VENUE_ADDRESS",
      "PROVIDER_NAME",
    ])
      expect(message).toContain(`  ${variable}: `);
  });

  it("accepts http:// addresses on localhost in production (a trial on one machine)", () => {
    const local = {
      SITE_ORIGIN: "http://localhost:8080",
      PUBLIC_SITE_URL: "http://localhost:8080/",
      ADMIN_ORIGIN: "http://127.0.0.1:8081",
      PUBLIC_API_URL: "http://localhost:3000",
    };
    expect(parseEnv({ ...prod, ...local }).PUBLIC_SITE_URL).toBe("http://localhost:8080");
  });

  it("reads the link key ring (first signs) and refuses malformed ones, never echoing a secret", () => {
    const env = parseEnv({ LINK_SIGNING_KEYS: "k2:newer-secret, k1:older:secret" });
    expect(env.LINK_SIGNING_KEYS.keys).toEqual([
      { id: "k2", secret: "newer-secret" },
      { id: "k1", secret: "older:secret" },
    ]);
    expect(() => parseEnv({ LINK_SIGNING_KEYS: "k1:a,k1:b" })).toThrow(/key id 'k1' appears twice/);
    expect(() => parseEnv({ LINK_SIGNING_KEYS: "no-id-secret" })).toThrow(/LINK_SIGNING_KEYS: entry 1 needs a key id/);
    expect(() => parseEnv({ LINK_SIGNING_KEYS: "k.1:hunter2secret" })).toThrow(/entry 1 needs a key id/);
    expect(() => parseEnv({ LINK_SIGNING_KEYS: "k.1:hunter2secret" })).not.toThrow(/hunter2secret/);
    expect(() => parseEnv({ LINK_SIGNING_KEYS: "k1:" })).toThrow(/key 'k1' has no secret/);
  });

  it("logs client addresses only when told to: off by default in production, on in development", () => {
    expect(parseEnv(prod).LOG_CLIENT_ADDRESS).toBe(false);
    expect(parseEnv({ ...prod, LOG_CLIENT_ADDRESS: "on" }).LOG_CLIENT_ADDRESS).toBe(true);
    expect(parseEnv({}).LOG_CLIENT_ADDRESS).toBe(true);
    expect(parseEnv({ LOG_CLIENT_ADDRESS: "off" }).LOG_CLIENT_ADDRESS).toBe(false);
  });

  it("lists every bad field at once", () => {
    expect(() => parseEnv({ PORT: "abc", SITE_ORIGIN: "nope" })).toThrow(/PORT[\s\S]*SITE_ORIGIN|SITE_ORIGIN[\s\S]*PORT/);
  });
});
