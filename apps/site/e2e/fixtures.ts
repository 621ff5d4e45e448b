/**
 * Browser-test fixtures for the site (the shared machinery is @app/e2e-kit):
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
 * (empty local storage, so an empty cart; reduced motion) and page. A test fails when the page
 * throws or logs console.error (Chromium's 'Failed to load resource' status lines are ignored;
 * assert those yourself); `allowConsoleErrors(re)` lets expected ones pass.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createE2ETest, VIEWPORTS } from "@app/e2e-kit";
import { expect, inject, test as base } from "vitest";

export { expect, VIEWPORTS };
export type { Viewport } from "@app/e2e-kit";

const kit = createE2ETest({
  test: base,
  expect,
  appUrl: () => inject("siteUrl"),
  apiUrl: () => inject("apiUrl"),
  screenshotDir: resolve(dirname(fileURLToPath(import.meta.url)), "../screenshots"),
  // The root layout marks <html data-hydrated> once React has taken over the server HTML.
  ready: (page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" }),
  contextOptions: { reducedMotion: "reduce" },
});

export const test = kit.extend<{
  siteUrl: string;
  /** Waits for the app after a click that changes the page (client navigation). */
  waitForPath: (path: string | RegExp) => Promise<void>;
  /** The kit's full-page PNG, with the sections drawn on scroll drawn (see below). */
  screenshot: (name: string) => Promise<string>;
}>({
  siteUrl: async ({ appUrl }, use) => use(appUrl),
  // A full-page capture does not draw sections left to `content-visibility: auto` (decision 257:
  // drawn when a visitor scrolls near them); draw them for the picture so it shows the whole page.
  screenshot: async ({ page, screenshot }, use) => {
    await use(async (name: string) => {
      await page.addStyleTag({ content: ".section--later { content-visibility: visible !important; }" });
      return screenshot(name);
    });
  },
  waitForPath: async ({ page, siteUrl }, use) => {
    await use(async (path: string | RegExp) => {
      await page.waitForURL(typeof path === "string" ? `${siteUrl}${path}` : path);
      await page.locator("h1").first().waitFor({ state: "visible" });
    });
  },
});

/** Fetches a page as a crawler does: plain HTTP, no JavaScript. */
export async function fetchHtml(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; html: string; headers: Headers }> {
  const response = await fetch(url, { redirect: "manual", headers: { accept: "text/html", ...headers } });
  return { status: response.status, html: await response.text(), headers: response.headers };
}
