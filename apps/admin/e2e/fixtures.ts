/**
 * Browser-test fixtures shared by every e2e file (issue 6 and issue 7 screens):
 *
 *   import { test, expect, VIEWPORTS } from "./fixtures";
 *   test("shows the dashboard", async ({ page, login, navigate, screenshot, expectNoA11yViolations }) => {
 *     await login();                      // signs in as the seeded administrator (cookie in this context)
 *     await navigate(paths.dashboard);    // admin URL + waits for the app to settle
 *     await expectNoA11yViolations();     // axe, zero violations
 *     await screenshot("dashboard");      // screenshots/dashboard-1280.png
 *   });
 *
 * Each test gets a fresh browser context (no cookies) and page; Chromium starts once per file.
 * `test.override({ viewport: VIEWPORTS.phone })` inside a describe runs it at 390 px.
 * A test fails when the page throws or logs console.error (except network status lines such as
 * the expected 401 of /api/me before sign-in); call `allowConsoleErrors()` when a test expects them.
 */
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import { describe, expect, inject, test as base } from "vitest";

export { expect, inject };

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type Viewport = { width: number; height: number };

const WIDTHS = [
  ["desktop", VIEWPORTS.desktop],
  ["phone", VIEWPORTS.phone],
] as const;

export const ADMIN = {
  email: process.env.SEED_ADMIN_EMAIL ?? "admin@example.com",
  password: process.env.SEED_ADMIN_PASSWORD ?? "Admin!Passw0rd",
};

const SCREENSHOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../screenshots");

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface E2EFixtures {
  $file: { browser: Browser };
  $test: {
    viewport: Viewport;
    adminUrl: string;
    apiUrl: string;
    context: BrowserContext;
    page: Page;
    /** Signs in through the API (shares the context's cookies). Default: the seeded administrator. */
    login: (credentials?: { email: string; password: string }) => Promise<void>;
    /** GET an API path (e.g. "/api/me") with this context's session; the parsed JSON of a 2xx answer, else throws. */
    getJson: <T>(path: string) => Promise<T>;
    /** Opens an admin path and waits until the app has rendered (no route loader left). */
    navigate: (path: string) => Promise<void>;
    /** Full-page PNG in apps/admin/screenshots/<name>-<width>.png; returns the path. */
    screenshot: (name: string) => Promise<string>;
    /** Runs axe on the current page (or a selector) and expects zero violations. */
    expectNoA11yViolations: (include?: string) => Promise<void>;
    /** Lets console.error lines matching `pattern` pass (default: all). */
    allowConsoleErrors: (pattern?: RegExp) => void;
  };
}

export const test = base.extend<E2EFixtures>({
  browser: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
      await use(browser);
      await browser.close();
    },
    { scope: "file" },
  ],
  viewport: VIEWPORTS.desktop,
  // eslint-disable-next-line no-empty-pattern
  adminUrl: async ({}, use) => use(inject("adminUrl")),
  // eslint-disable-next-line no-empty-pattern
  apiUrl: async ({}, use) => use(inject("apiUrl")),
  context: async ({ browser, viewport }, use) => {
    const context = await browser.newContext({ viewport, locale: "en-GB", timezoneId: "Europe/London", acceptDownloads: true });
    await use(context);
    await context.close();
  },
  page: async ({ context }, use) => {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      // Chromium logs every 4xx/5xx answer; those are asserted by the tests themselves.
      if (/^Failed to load resource: the server responded with a status of \d+/.test(text)) return;
      problems.push(`console.error: ${text}`);
    });
    (page as Page & { __problems?: string[] }).__problems = problems;
    await use(page);
    const allowed = (page as Page & { __allowed?: RegExp[] }).__allowed ?? [];
    const unexpected = problems.filter((p) => !allowed.some((re) => re.test(p)));
    expect(unexpected, "unexpected errors in the browser").toEqual([]);
  },
  allowConsoleErrors: async ({ page }, use) => {
    await use((pattern = /.*/) => {
      const holder = page as Page & { __allowed?: RegExp[] };
      holder.__allowed = [...(holder.__allowed ?? []), pattern];
    });
  },
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
  navigate: async ({ page, adminUrl }, use) => {
    await use(async (path: string) => {
      await page.goto(`${adminUrl}${path}`, { waitUntil: "domcontentloaded" });
      // Lazy routes: wait for a top-level heading or the sign-in form.
      await page.locator("h1, form").first().waitFor({ state: "visible" });
    });
  },
  screenshot: async ({ page, viewport }, use) => {
    await use(async (name: string) => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const file = join(SCREENSHOT_DIR, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
      return file;
    });
  },
  expectNoA11yViolations: async ({ page }, use) => {
    await use(async (include?: string) => {
      let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]);
      if (include) builder = builder.include(include);
      const result = await builder.analyze();
      const summary = result.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join("\n  ")}`,
      );
      expect(summary, "axe violations").toEqual([]);
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
