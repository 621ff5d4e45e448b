/**
 * The customer's booking page lists the booking's invoice (issue 34, decision 490), in Chromium at
 * 1280 and 390 px. The page opens only by the secret link mailed to the customer, so this file
 * starts its own API with its mail sender on, writing mail to a folder, books and pays there, reads
 * the link from the confirmation and sends the browser's API calls to that API unchanged.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { createPaidBooking } from "@app/e2e-kit";
import { startApiTestServer, Teardown } from "@app/e2e-kit/setup";
import { expect, test, VIEWPORTS } from "./fixtures";

const teardown = new Teardown();
let otherApi = "";
let mailDir = "";

beforeAll(async () => {
  try {
    mailDir = mkdtempSync(join(tmpdir(), "site-e2e-mail-"));
    teardown.add(() => rmSync(mailDir, { recursive: true, force: true }));
    const siteUrl = inject("siteUrl");
    const api = await startApiTestServer({
      env: { SITE_ORIGIN: siteUrl, PUBLIC_SITE_URL: siteUrl, WORKERS_ENABLED: "true", MAIL_DIR: mailDir },
    });
    teardown.add(api.stop);
    otherApi = api.url;
  } catch (error) {
    await teardown.run().catch(() => undefined);
    throw error;
  }
}, 180_000);
afterAll(() => teardown.run());

/** The booking page's token from the confirmation mailed to `email` (a quoted-printable .eml file). */
async function manageToken(email: string): Promise<string> {
  for (let i = 0; i < 60; i++) {
    for (const file of readdirSync(mailDir)) {
      const text = readFileSync(join(mailDir, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      if (!text.includes(email) || !text.includes("Booking confirmed")) continue;
      const token = /\/my-bookings\/([\w-]{20,})/.exec(text)?.[1];
      if (token) return token;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no confirmation with a booking link for ${email}`);
}

describe.each([
  ["desktop", VIEWPORTS.desktop],
  ["phone", VIEWPORTS.phone],
] as const)("the customer's booking documents at %s width", (width, viewport) => {
  test.scoped({ viewport });
  test("the booking's page links its invoice as a PDF", async ({
    page,
    context,
    apiUrl,
    navigate,
    expectNoA11yViolations,
    screenshot,
  }) => {
    const email = `documents.${width}@example.com`;
    await createPaidBooking(otherApi, { email, lastName: `Documents${width}` });
    const token = await manageToken(email);
    await context.route(
      (url) => url.origin === new URL(apiUrl).origin,
      async (route) => {
        await route
          .fetch({ url: route.request().url().replace(apiUrl, otherApi) })
          .then(
            (response) => route.fulfill({ response }),
            () => route.abort(),
          )
          .catch(() => undefined);
      },
    );

    await navigate(`/my-bookings/${token}`);
    const section = page.getByRole("region", { name: "Invoices and credit notes" });
    const link = section.getByRole("link", { name: /^Invoice INV-\d{4}-\d{5} \(PDF\)$/ });
    await link.waitFor();
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(/\/api\/documents\/by-link\/[\w-]{16,}$/);
    const pdf = await context.request.get(`${otherApi}${new URL(href).pathname}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");

    await expectNoA11yViolations();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await section.scrollIntoViewIfNeeded();
    await screenshot("my-booking-documents");
  }, 120_000);
});
