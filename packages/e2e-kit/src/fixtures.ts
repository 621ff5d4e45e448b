/**
 * The browser-test fixtures both apps share. An app makes its `test` once, in its e2e/fixtures.ts:
 *
 *   import { expect, inject, test as base } from "vitest";
 *   export const test = createE2ETest({
 *     test: base,
 *     expect,
 *     appUrl: () => inject("siteUrl"),
 *     apiUrl: () => inject("apiUrl"),
 *     screenshotDir: resolve(here, "../screenshots"),
 *     ready: (page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" }),
 *   });
 *
 * Chromium starts once per file; each test gets a fresh context (no cookies, empty storage) and
 * page at `viewport` (default 1280x800). A test fails when its page throws or logs console.error
 * (Chromium's 'Failed to load resource: … status of N' lines are left to the tests, which assert
 * statuses themselves); `allowConsoleErrors(re)` lets expected ones pass.
 *
 * The app hands in its own `test` and `expect`: the kit never imports vitest at run time, so it
 * can never end up with a second copy of vitest that the app's runner does not know about.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import type { ExpectStatic, TestAPI } from "vitest";
import { launchBrowser } from "./chromium";

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type Viewport = { width: number; height: number };

/** WCAG 2.x A/AA (up to 2.2 AA) and axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

export interface E2EOptions {
  /** `test` and `expect` from the app's own "vitest" import. */
  test: TestAPI;
  expect: ExpectStatic;
  /** The app under test, e.g. `() => inject("siteUrl")` (read when a test asks for it). */
  appUrl: () => string;
  apiUrl: () => string;
  /** Where `screenshot(name)` writes <name>-<width>.png. */
  screenshotDir: string;
  /** After `navigate(path)` has loaded the page: wait until the app is usable. */
  ready: (page: Page) => Promise<unknown>;
  /** Added to every context (locale en-GB and Europe/London are set already). */
  contextOptions?: BrowserContextOptions;
}

export interface E2EFixtures {
  $file: { browser: Browser };
  $test: {
    viewport: Viewport;
    appUrl: string;
    apiUrl: string;
    context: BrowserContext;
    page: Page;
    /** Opens an app path and waits until the app is ready (see E2EOptions.ready). */
    navigate: (path: string) => Promise<void>;
    /** Full-page PNG <screenshotDir>/<name>-<width>.png; returns the path. */
    screenshot: (name: string) => Promise<string>;
    /** axe (AXE_TAGS) on the page or a selector, once running animations have ended: expects zero violations. */
    expectNoA11yViolations: (include?: string) => Promise<void>;
    /** Lets console.error lines matching `pattern` pass (default: all). */
    allowConsoleErrors: (pattern?: RegExp) => void;
  };
}

/**
 * Waits for the CSS animations and transitions that are running and will end (a modal fading in;
 * not a spinner): axe judges colour contrast on the colours it sees, and half-way through a fade
 * those are not the ones a person reads.
 */
async function finishAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return animation.playState === "running" && typeof end === "number" && Number.isFinite(end);
    });
    // `finished` rejects when an animation is cancelled (its element went away): that is fine.
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Chromium's own line for every 4xx/5xx answer; tests assert statuses themselves. */
const NETWORK_STATUS_LINE = /^Failed to load resource: the server responded with a status of \d+/;

export function createE2ETest(options: E2EOptions) {
  // Per page: what went wrong in the browser, and what the test said to let pass.
  const allowed = new WeakMap<Page, RegExp[]>();
  const { test: base, expect } = options;

  return base.extend<E2EFixtures>({
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
    appUrl: async ({}, use) => use(options.appUrl()),
    // eslint-disable-next-line no-empty-pattern
    apiUrl: async ({}, use) => use(options.apiUrl()),
    context: async ({ browser, viewport }, use) => {
      const context = await browser.newContext({
        viewport,
        locale: "en-GB",
        timezoneId: "Europe/London",
        ...options.contextOptions,
      });
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
        if (NETWORK_STATUS_LINE.test(text)) return;
        problems.push(`console.error: ${text}`);
      });
      await use(page);
      const passes = allowed.get(page) ?? [];
      const unexpected = problems.filter((p) => !passes.some((re) => re.test(p)));
      expect(unexpected, "unexpected errors in the browser").toEqual([]);
    },
    allowConsoleErrors: async ({ page }, use) => {
      await use((pattern = /.*/) => {
        allowed.set(page, [...(allowed.get(page) ?? []), pattern]);
      });
    },
    navigate: async ({ page, appUrl }, use) => {
      await use(async (path: string) => {
        await page.goto(`${appUrl}${path}`, { waitUntil: "domcontentloaded" });
        await options.ready(page);
      });
    },
    screenshot: async ({ page, viewport }, use) => {
      await use(async (name: string) => {
        mkdirSync(options.screenshotDir, { recursive: true });
        const file = join(options.screenshotDir, `${name}-${viewport.width}.png`);
        await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
        return file;
      });
    },
    expectNoA11yViolations: async ({ page }, use) => {
      await use(async (include?: string) => {
        await finishAnimations(page);
        let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
        if (include) builder = builder.include(include);
        const result = await builder.analyze();
        const summary = result.violations.map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 5)
              .join("\n  ")}`,
        );
        expect(summary, "axe violations").toEqual([]);
      });
    },
  });
}
