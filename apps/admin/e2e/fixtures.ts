/**
 * Browser-test fixtures shared by every e2e file (the shared machinery is @app/e2e-kit):
 *
 *   import { test, expect, VIEWPORTS } from "./fixtures";
 *   test("shows the dashboard", async ({ page, login, navigate, screenshot, expectNoA11yViolations }) => {
 *     await login();                      // signs in as the seeded administrator (cookie in this context)
 *     await navigate(paths.dashboard);    // admin URL + waits for the app to settle
 *     await expectNoA11yViolations();     // axe, zero violations
 *     await screenshot("dashboard");      // screenshots/dashboard-1280.png
 *   });
 *
 * Each test gets a fresh browser context (no cookies; downloads accepted) and page; Chromium
 * starts once per file.
 * `test.override({ viewport: VIEWPORTS.phone })` inside a describe runs it at 390 px.
 * A test fails when the page throws or logs console.error (except network status lines such as
 * the expected 401 of /api/me before sign-in); call `allowConsoleErrors()` when a test expects them.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createE2ETest, VIEWPORTS } from "@app/e2e-kit";
import { describe, expect, inject, test as base } from "vitest";

export { expect, inject, VIEWPORTS };
export type { Viewport } from "@app/e2e-kit";

const WIDTHS = [
  ["desktop", VIEWPORTS.desktop],
  ["phone", VIEWPORTS.phone],
] as const;

/** The seeded administrator (global-setup.ts reads the seed's environment). */
export const ADMIN = inject("adminCredentials");

const kit = createE2ETest({
  test: base,
  expect,
  appUrl: () => inject("adminUrl"),
  apiUrl: () => inject("apiUrl"),
  screenshotDir: resolve(dirname(fileURLToPath(import.meta.url)), "../screenshots"),
  // Lazy routes: wait for a top-level heading or the sign-in form.
  ready: (page) => page.locator("h1, form").first().waitFor({ state: "visible" }),
  contextOptions: { acceptDownloads: true },
});

export const test = kit.extend<{
  adminUrl: string;
  /** Signs in through the API (shares the context's cookies). Default: the seeded administrator. */
  login: (credentials?: { email: string; password: string }) => Promise<void>;
  /** GET an API path (e.g. "/api/me") with this context's session; the parsed JSON of a 2xx answer, else throws. */
  getJson: <T>(path: string) => Promise<T>;
}>({
  adminUrl: async ({ appUrl }, use) => use(appUrl),
  login: async ({ context, apiUrl, adminUrl }, use) => {
    await use(async (credentials = ADMIN) => {
      const response = await context.request.post(`${apiUrl}/api/login`, {
        data: credentials,
        headers: { Origin: adminUrl },
      });
      if (response.status() !== 200) {
        throw new Error(`login failed: ${response.status()} ${await response.text()}`);
      }
    });
  },
  getJson: async ({ context, apiUrl }, use) => {
    await use(async <T>(path: string) => {
      const response = await context.request.get(`${apiUrl}${path}`);
      if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}: ${await response.text()}`);
      return (await response.json()) as T;
    });
  },
});

/**
 * Runs the same tests at 1280 px and at 390 px: `describeAtWidths("messages", (name) => { test(…) })`
 * gives the suites "messages at desktop width" and "messages at phone width".
 */
export function describeAtWidths(title: string, body: (name: (typeof WIDTHS)[number][0]) => void): void {
  describe.each(WIDTHS)(`${title} at %s width`, (name, viewport) => {
    test.override({ viewport });
    body(name);
  });
}
