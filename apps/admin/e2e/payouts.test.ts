/**
 * Payouts (issue 34) in Chromium at 1280 and 390 px: the office fetches the payouts, sees each with
 * its amount, fees and status, and opens one to see what it contains and the line that matched no
 * booking. The run's shared API takes payments on the local page and has no payouts, so this file
 * starts its own API with the Stripe provider, pointed by STRIPE_API_URL at a stand-in that answers
 * the real `stripe` SDK's list calls; the browser's calls go to that API unchanged. The matching of
 * payments and refunds to bookings is the API's test (apps/api/test/payouts.test.ts).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, inject } from "vitest";
import { startApiTestServer, Teardown } from "@app/e2e-kit/setup";
import { describeAtWidths, expect, test } from "./fixtures";
import { useOtherApi } from "./helpers";

const teardown = new Teardown();
let otherApi = "";
const ARRIVAL = Date.UTC(2026, 10, 24) / 1000;

const list = (data: unknown[]) => ({ object: "list", data, has_more: false, url: "/v1/list" });
const PAYOUT = {
  id: "po_e2e_1",
  object: "payout",
  amount: 24105,
  currency: "gbp",
  status: "paid",
  arrival_date: ARRIVAL,
  created: ARRIVAL - 86_400,
};
const LINES = [
  {
    id: "txn_e2e_charge",
    object: "balance_transaction",
    type: "charge",
    amount: 25000,
    fee: 395,
    net: 24605,
    description: "A payment taken outside the site",
    created: ARRIVAL - 3 * 86_400,
    source: { id: "ch_e2e_unknown", object: "charge", payment_intent: "pi_e2e_unknown" },
  },
  {
    id: "txn_e2e_fee",
    object: "balance_transaction",
    type: "stripe_fee",
    amount: -500,
    fee: 0,
    net: -500,
    description: "Radar fees",
    created: ARRIVAL - 2 * 86_400,
    source: null,
  },
  {
    id: "txn_e2e_payout",
    object: "balance_transaction",
    type: "payout",
    amount: -24105,
    fee: 0,
    net: -24105,
    created: ARRIVAL,
    source: PAYOUT.id,
  },
];

/** Stripe's list endpoints the sync calls: one payout, its balance transactions, no Checkout Session. */
function stripeStandIn(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://stand-in").pathname;
      const body =
        path === "/v1/payouts"
          ? list([PAYOUT])
          : path === "/v1/balance_transactions"
            ? list(LINES)
            : path === "/v1/checkout/sessions"
              ? list([])
              : null;
      res.setHeader("content-type", "application/json");
      res.writeHead(body ? 200 : 404);
      res.end(JSON.stringify(body ?? { error: { type: "invalid_request_error", message: `No stand-in for ${path}` } }));
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

describeAtWidths("payouts", () => {
  test("fetch payouts, read one's amount, fees and status, open it and see the unmatched line", async ({
    page,
    context,
    apiUrl,
    navigate,
    expectNoA11yViolations,
    screenshot,
  }) => {
    await useOtherApi(context, apiUrl, otherApi);
    await navigate("/payouts");
    await page.getByRole("heading", { level: 1, name: "Payouts" }).waitFor();
    await page.getByRole("button", { name: "Fetch payouts" }).click();
    const row = page.getByRole("row").filter({ hasText: "24th Nov 2026" });
    await row.waitFor();
    expect(await row.locator("td").allTextContents()).toEqual(["£241.05", "£3.95", "Paid", "1 to check"]);
    await expectNoA11yViolations();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await screenshot("payouts");

    await row.getByRole("link", { name: "24th Nov 2026" }).click();
    await page.waitForURL(/\/payouts\/po_e2e_1$/);
    await page.getByRole("heading", { level: 1, name: "Payout of 24th Nov 2026" }).waitFor();
    const unmatched = page.getByRole("region", { name: "Not matched to a booking, table" });
    const line = unmatched.getByRole("row").filter({ hasText: "ch_e2e_unknown" });
    expect(await line.locator("td").allTextContents()).toEqual(["No booking", "£250.00", "£3.95", "£246.05"]);
    const contains = page.getByRole("region", { name: "What it contains, table" });
    expect(await contains.getByRole("row").filter({ hasText: "Stripe fee" }).locator("td").allTextContents()).toEqual([
      "—",
      "-£5.00",
      "£0.00",
      "-£5.00",
    ]);
    await expectNoA11yViolations();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await screenshot("payout");
  }, 180_000);
});
