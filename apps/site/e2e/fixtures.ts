/**
 * Browser-test fixtures for the site (issue 4 pages and issue 5 cart files):
 *
 *   import { test, expect, VIEWPORTS } from "./fixtures";
 *   describe("phone", () => {
 *     test.scoped({ viewport: VIEWPORTS.phone });
 *     test("adds a course", async ({ page, navigate, screenshot, expectNoA11yViolations }) => {
 *       await navigate("/course/door-supervisor");   // site URL + waits until React has hydrated
 *       await expectNoA11yViolations();
 *       await screenshot("course");                   // screenshots/course-390.png
 *     });
 *   });
 *
 * No login: the site is public. Chromium starts once per file; each test gets a fresh context
 * (empty local storage, so an empty cart) and page. A test fails when the page throws or logs
 * console.error (Chromium's 'Failed to load resource' status lines are ignored; assert those
 * yourself); `allowConsoleErrors(re)` lets expected ones pass.
 */
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import { expect, inject, test as base } from "vitest";

export { expect };

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type Viewport = { width: number; height: number };

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

export interface SiteFixtures {
  $file: { browser: Browser };
  $test: {
    viewport: Viewport;
    siteUrl: string;
    apiUrl: string;
    context: BrowserContext;
    page: Page;
    /** Opens a site path and waits until the page has hydrated (the app is interactive). */
    navigate: (path: string) => Promise<void>;
    /** Waits for the app after a click that changes the page (client navigation). */
    waitForPath: (path: string | RegExp) => Promise<void>;
    /** Full-page PNG in apps/site/screenshots/<name>-<width>.png; returns the path. */
    screenshot: (name: string) => Promise<string>;
    /** axe (WCAG 2.x A/AA + best practice) on the page or a selector: expects zero violations. */
    expectNoA11yViolations: (include?: string) => Promise<void>;
    /** Lets console.error lines matching `pattern` pass (default: all). */
    allowConsoleErrors: (pattern?: RegExp) => void;
  };
}

export const test = base.extend<SiteFixtures>({
  browser: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const browser = await launchBrowser();
      await use(browser);
      await browser.close();
    },
    { scope: "file" },
  ],
  viewport: VIEWPORTS.desktop,
  // eslint-disable-next-line no-empty-pattern
  siteUrl: async ({}, use) => use(inject("siteUrl")),
  // eslint-disable-next-line no-empty-pattern
  apiUrl: async ({}, use) => use(inject("apiUrl")),
  context: async ({ browser, viewport }, use) => {
    const context = await browser.newContext({ viewport, locale: "en-GB", timezoneId: "Europe/London", reducedMotion: "reduce" });
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
  navigate: async ({ page, siteUrl }, use) => {
    await use(async (path: string) => {
      await page.goto(`${siteUrl}${path}`, { waitUntil: "domcontentloaded" });
      // The root layout marks <html data-hydrated> once React has taken over the server HTML.
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    });
  },
  waitForPath: async ({ page, siteUrl }, use) => {
    await use(async (path: string | RegExp) => {
      await page.waitForURL(typeof path === "string" ? `${siteUrl}${path}` : path);
      await page.locator("h1").first().waitFor({ state: "visible" });
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

/** Fetches a page as a crawler does: plain HTTP, no JavaScript. */
export async function fetchHtml(url: string): Promise<{ status: number; html: string; headers: Headers }> {
  const response = await fetch(url, { redirect: "manual", headers: { accept: "text/html" } });
  return { status: response.status, html: await response.text(), headers: response.headers };
}
