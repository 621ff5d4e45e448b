/**
 * Hydration in the development build as well as the production one (decision 293): the site's
 * development server (`tsx server.ts`, React with its hydration checks, through Vite) is started
 * here beside the run's production server, with an API test server of its own. On a phone, the home and About pages
 * hydrate without an error (the fixture fails a test on any console.error or page error), and a
 * tap on "Add to Cart" before the page's script has run (the script held back by route
 * interception) still puts the course in the cart.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { freePort, startApiTestServer, startServer, type ApiTestServer, type RunningServer } from "@app/e2e-kit/setup";
import { expect, test, VIEWPORTS } from "./fixtures";

const SITE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DOOR = { slug: "sia-door-supervisor-course", title: "SIA Door Supervisor Course" };

let dev: RunningServer | undefined;
let devApi: ApiTestServer | undefined;
let devUrl = "";
beforeAll(async () => {
  const port = await freePort();
  devUrl = `http://localhost:${port}`;
  // The development site calls its API from the browser too: an API test server of its own
  // (fresh seeded database), whose CORS allows this site's origin.
  devApi = await startApiTestServer({ env: { SITE_ORIGIN: devUrl, PUBLIC_SITE_URL: devUrl } });
  const apiUrl = devApi.url;
  dev = await startServer({
    name: "site (development)",
    command: process.execPath,
    args: ["--import", "tsx", "server.ts"],
    cwd: SITE_ROOT,
    env: {
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      API_URL: apiUrl,
      PUBLIC_API_URL: apiUrl,
      PUBLIC_SITE_URL: devUrl,
      ADMIN_URL: "http://localhost:5174/login",
    },
    readyTimeoutMs: 120_000,
  });
}, 180_000);
afterAll(async () => {
  await dev?.stop();
  await devApi?.stop();
});

const builds = () => [
  ["production", inject("siteUrl")],
  ["development", devUrl],
];

async function open(page: Page, url: string) {
  await page.goto(url, { waitUntil: "domcontentloaded", timeout: 90_000 });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 90_000 });
  // Late hydration errors are logged after the page marked itself hydrated: give them time.
  await page.waitForTimeout(1500);
}

describe("phone", () => {
  test.scoped({ viewport: VIEWPORTS.phone });

  for (const build of ["production", "development"] as const) {
    test(`the home and About pages hydrate without an error in the ${build} build; the carousel shows one review a page`, async ({
      page,
    }) => {
      const base = Object.fromEntries(builds())[build]!;
      for (const path of ["/", "/about"]) {
        await open(page, `${base}${path}`);
        // After hydration the phone's layout: one review at a time.
        await expect.poll(() => page.getByTestId("reviews-track").locator(".review-card").count()).toBe(1);
      }
    }, 180_000);

    test(`a tap on "Add to Cart" before the script has run puts the course in the cart (${build} build)`, async ({ page }) => {
      const base = Object.fromEntries(builds())[build]!;
      // Hold back the page's own script on the first load only, so the tap lands on the server's
      // HTML: the production bundle's chunks (/assets/*.js, imported by the inline boot module), or
      // Vite's entry module in development.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let holding = true;
      await page.route(/\/assets\/[^/?]+\.js(\?|$)|\/src\/app\/entry-client\.tsx/, async (route) => {
        if (holding) await held;
        await route.continue().catch(() => undefined);
      });
      await page.goto(`${base}/course/${DOOR.slug}`, { waitUntil: "commit", timeout: 90_000 });
      const button = page.getByRole("button", { name: "Add to Cart" });
      await button.waitFor({ state: "visible", timeout: 90_000 });
      expect(await page.locator("html[data-hydrated]").count()).toBe(0);
      await button.click({ noWaitAfter: true });
      holding = false;
      release();
      await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 90_000 });
      await expect
        .poll(() => page.evaluate(() => JSON.parse(window.localStorage.getItem("cart") ?? "[]") as { slug: string }[]), {
          timeout: 30_000,
        })
        .toEqual([expect.objectContaining({ slug: DOOR.slug })]);
      await expect.poll(() => page.locator('[data-toast-type="success"]').first().textContent()).toContain(DOOR.title);
      // The address is the course's own again (a reload adds nothing twice).
      await expect.poll(() => new URL(page.url()).search, { timeout: 30_000 }).toBe("");
    }, 180_000);
  }
});
