/**
 * The office sees repeated payment-page failures (decisions 272, 313), in real Chromium against a
 * real API: a warning card on the dashboard and one alert in the bell (the ops alert, which leads
 * to the status page), then its recovery notice once a payment page opens.
 *
 * The run's shared API plays the local payment page, which never fails. So this file starts its
 * own API with the Stripe provider, pointed by STRIPE_API_URL at a local stand-in that refuses new
 * Checkout Sessions with Stripe's 500 (and later opens them), and the browser's calls to the API
 * are sent on to that API unchanged (Playwright's route.fetch): the portal under test is the run's
 * build, every answer comes from the real API and its database.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, inject } from "vitest";
import { startApiTestServer, Teardown } from "@app/e2e-kit/setup";
import { describeAtWidths, expect, test } from "./fixtures";
import { useOtherApi } from "./helpers";

const teardown = new Teardown();
let stripeMode: "down" | "up" = "down";
let sessions = 0;
let otherApi = "";

/** Stripe's Checkout Sessions endpoint: refused with its 500 while down, opened while up. */
function stripeStandIn(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (stripeMode === "down") {
        res.writeHead(500);
        return res.end(JSON.stringify({ error: { type: "api_error", message: "Simulated outage" } }));
      }
      const id = `cs_test_${++sessions}`;
      res.writeHead(200);
      res.end(
        JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.test/c/pay/${id}`, status: "open" }),
      );
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
    const stripe = await stripeStandIn();
    teardown.add(stripe.close);
    const api = await startApiTestServer({
      env: {
        ADMIN_ORIGIN: inject("adminUrl"),
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_e2e_only",
        STRIPE_WEBHOOK_SECRET: "whsec_e2e_only",
        STRIPE_API_URL: stripe.url,
      },
    });
    teardown.add(api.stop);
    otherApi = api.url;
  } catch (error) {
    await teardown.run().catch(() => undefined);
    throw error;
  }
}, 180_000);
afterAll(() => teardown.run());

/** A guest's order on the Stripe-backed API: 503 while Stripe is down, 201 when it is up. */
async function book(n: number): Promise<number> {
  const courses = (await (await fetch(`${otherApi}/api/courses`)).json()) as Array<{ id: number }>;
  for (const c of courses) {
    const detail = (await (await fetch(`${otherApi}/api/courses/${c.id}`)).json()) as {
      courseDates: Array<{ id: number; placesLeft: number }>;
    };
    const date = detail.courseDates.find((d) => d.placesLeft > 0);
    if (!date) continue;
    const res = await fetch(`${otherApi}/api/enroll`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        courses: [{ id: c.id, selectedDate: date.id, selectedAddons: [] }],
        guest_email: `could.not.pay.${n}@example.com`,
        guest_name: "Robin",
        first_name: "Robin",
        last_name: `Payer${n}`,
        phone_number: "07700 900555",
        country: "United Kingdom",
        street_address: "5 Example Row",
        town_city: "Bootle",
        state: "England",
        accept_terms: true,
      }),
    });
    return res.status;
  }
  throw new Error("no course date with free places in the seed");
}

describeAtWidths("payment-page alerts", (width) => {
  test("repeated failures: a warning on the dashboard and an alert in the bell; then payments open again", async ({
    page,
    context,
    apiUrl,
    navigate,
    expectNoA11yViolations,
    screenshot,
  }) => {
    // Three customers in a row cannot open the payment page. The second width runs on the same
    // API an episode later: its card counts both widths' failures of the last hour.
    stripeMode = "down";
    for (let i = 0; i < 3; i++) expect(await book(i)).toBe(503);
    await useOtherApi(context, apiUrl, otherApi);

    await navigate("/admin");
    const warning = page.getByRole("alert").filter({ hasText: "Payment page failing" });
    await warning.waitFor();
    const failures = width === "desktop" ? 3 : 6;
    expect(await warning.locator(".dash-warning__message").textContent()).toMatch(
      new RegExp(`^Payment page failures: ${failures} in the last hour; customers could not pay\\. Failing since \\d\\d:\\d\\d`),
    );
    await expectNoA11yViolations();
    await screenshot("dashboard-payment-page-failing");

    const bell = page.getByRole("button", { name: /^Notifications, \d+ new$/ });
    await bell.click();
    const panel = page.getByRole("region", { name: "Notifications" });
    const alert = panel.getByRole("link").filter({ hasText: "Alert: Customers cannot pay" });
    await alert.first().waitFor();
    // One entry per episode: the first width's episode (over by its end) and, at the second, this one.
    expect(await alert.count()).toBe(width === "desktop" ? 1 : 2);
    expect(await alert.first().textContent()).toMatch(/3 of \d+ payment pages failed to open/);
    await alert.first().click();
    await page.waitForURL(/\/status$/);

    // Stripe answers again: the next payment page opens, the bell says so once, the card stays.
    stripeMode = "up";
    expect(await book(9)).toBe(201);
    stripeMode = "down";
    await navigate("/admin");
    await page.getByRole("alert").filter({ hasText: "Payment page failures" }).waitFor();
    expect(await page.getByText("Payment page failing").count()).toBe(0);
    await page.getByRole("button", { name: /^Notifications/ }).click();
    const recovered = panel.getByRole("link").filter({ hasText: "Recovered: Customers cannot pay" });
    await recovered.first().waitFor();
    expect(await recovered.count()).toBe(width === "desktop" ? 1 : 2);
  }, 180_000);
});
