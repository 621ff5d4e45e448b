/**
 * Checkout tells the truth (decision 270), in real Chromium against the real API: when the payment
 * page cannot be opened the customer reads the API's 503 message and keeps the cart; retrying too
 * often, the API's 429 message with when to try again (from Retry-After).
 *
 * The run's shared API plays the local payment page, which never fails, and lets every browser
 * test book without limits. So this file starts its own pair: an API whose provider is Stripe,
 * pointed by STRIPE_API_URL at a local stand-in that answers every new Checkout Session with
 * Stripe's 500, with ORDER_RATE_LIMIT=3, and a site server (the run's dist-e2e build) talking to it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe } from "vitest";
import { freePort, startApiTestServer, startServer, Teardown } from "@app/e2e-kit/setup";
import { expect, test, VIEWPORTS } from "./fixtures";

const SITE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DOOR = { slug: "sia-door-supervisor-course", title: "SIA Door Supervisor Course" };
const PAGE_FAILED = "We could not open the payment page. Please try again in a few minutes.";
const TOO_MANY = "Too many new bookings from your connection. Please try again later.";

const teardown = new Teardown();
let siteUrl = "";
let apiUrl = "";

/** Stripe down: every new Checkout Session is refused with its 500 (the SDK retries once). */
function stripeDown(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { type: "api_error", message: "Simulated outage" } }));
    });
  });
  return new Promise((ok) =>
    server.listen(0, "127.0.0.1", () =>
      ok({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

beforeAll(async () => {
  try {
    const stripe = await stripeDown();
    teardown.add(stripe.close);
    const sitePort = await freePort();
    siteUrl = `http://localhost:${sitePort}`;
    const api = await startApiTestServer({
      env: {
        SITE_ORIGIN: siteUrl,
        PUBLIC_SITE_URL: siteUrl,
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_e2e_only",
        STRIPE_WEBHOOK_SECRET: "whsec_e2e_only",
        STRIPE_API_URL: stripe.url,
        ORDER_RATE_LIMIT: "3",
      },
    });
    teardown.add(api.stop);
    apiUrl = api.url;
    const site = await startServer({
      name: "site (Stripe down)",
      command: process.execPath,
      args: ["--import", "tsx", "server.ts"],
      cwd: SITE_ROOT,
      env: {
        NODE_ENV: "production",
        SITE_DIST_DIR: join(SITE_ROOT, "dist-e2e"),
        HOST: "127.0.0.1",
        PORT: String(sitePort),
        API_URL: apiUrl,
        PUBLIC_API_URL: apiUrl,
        PUBLIC_SITE_URL: siteUrl,
        ADMIN_URL: "http://localhost:5174/login",
        // A production build on the repo's fictional identity: for tests only (decision 265).
        SITE_ALLOW_PLACEHOLDER_IDENTITY: "true",
      },
    });
    teardown.add(site.stop);
  } catch (error) {
    await teardown.run().catch(() => undefined);
    throw error;
  }
}, 180_000);
afterAll(() => teardown.run());

describe("when the payment page cannot be opened (390 px)", () => {
  test.override({ viewport: VIEWPORTS.phone });

  test("the customer reads the API's words, keeps the cart, and after too many tries is told when to try again", async ({
    page,
    screenshot,
    expectNoA11yViolations,
  }) => {
    const open = async (path: string) => {
      await page.goto(`${siteUrl}${path}`, { waitUntil: "domcontentloaded" });
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    };
    const res = await fetch(`${apiUrl}/api/courses/slug/${DOOR.slug}`);
    const door = (await res.json()) as {
      id: number;
      fee: number;
      courseDates: { id: number; label: string; placesLeft: number }[];
    };
    const date = door.courseDates.find((d) => d.placesLeft > 0)!;
    await open("/");
    await page.evaluate((item) => window.localStorage.setItem("cart", JSON.stringify([item])), {
      id: door.id,
      slug: DOOR.slug,
      title: DOOR.title,
      pricePence: Math.round(door.fee * 100),
      image: null,
      selectedDateId: date.id,
      selectedDate: date.label,
      selectedAddons: [],
    });
    await open("/cart?step=checkout");
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    await page.getByLabel("First name*").fill("Alex");
    await page.getByLabel("Last name*").fill("Example");
    await page.getByLabel("Phone Number*").fill("0770 090 0789");
    await page.getByLabel("Email address*").fill(`stripe-down-${Date.now()}@example.com`);
    await page.getByLabel("Street address*").fill("3 Example Lane");
    await page.getByLabel("Town/City*").fill("Bootle");
    await page.getByLabel("State*").selectOption("England");
    await page.getByLabel("I agree to the booking terms*").check();

    const notice = page.locator(".cart-notice--error");
    const submit = page.getByRole("button", { name: /^Proceed to Payment/ });
    const send = async () => {
      const answer = page.waitForResponse((r) => r.url() === `${apiUrl}/api/enroll` && r.request().method() === "POST");
      await submit.click();
      return answer;
    };

    // Stripe is down: the API's 503 in its own words, not "Something went wrong".
    const failed = await send();
    expect(failed.status()).toBe(503);
    expect(failed.headers()["retry-after"]).toBe("120");
    await expect.poll(() => notice.textContent()).toBe(PAGE_FAILED);
    expect(await page.locator('[data-toast-type="error"]').allTextContents()).toContainEqual(
      expect.stringContaining(PAGE_FAILED),
    );
    expect(await page.getByText("Something went wrong. Please try again.").count()).toBe(0);
    // The cart and the form are kept for the retry.
    await page.getByRole("button", { name: /^Cart: 1 item/ }).waitFor();
    expect(await page.getByLabel("First name*").inputValue()).toBe("Alex");
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await expectNoA11yViolations("main");
    await screenshot("checkout-payment-page-failed");

    // The customer keeps trying: more 503s, then the API's order limit (3 per fixed window) answers
    // 429 (a fourth try, or a few more if a window ended meanwhile).
    let limited = await send();
    for (let tries = 2; limited.status() === 503 && tries <= 8; tries++) {
      await expect.poll(() => submit.isEnabled()).toBe(true);
      limited = await send();
    }
    expect(limited.status()).toBe(429);
    const retryAfter = Number(limited.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    // The limit's window is fixed, so its end may be seconds or minutes away: the words follow it.
    const minutes = Math.ceil(retryAfter / 60);
    const when =
      retryAfter < 60
        ? "You can try again in a minute\\."
        : minutes > 90
          ? "You can try again at \\d\\d:\\d\\d\\."
          : `You can try again in ${minutes} minutes? \\(at \\d\\d:\\d\\d\\)\\.`;
    await expect.poll(() => notice.textContent()).toMatch(new RegExp(`^${TOO_MANY.replace(/\./g, "\\.")} ${when}$`));
    await page.getByRole("button", { name: /^Cart: 1 item/ }).waitFor();
    await expectNoA11yViolations("main");
    await screenshot("checkout-too-many-bookings");
  }, 180_000);
});
