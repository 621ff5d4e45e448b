/**
 * The Website area against the real API and the real site (website editing): the office edits an FAQ
 * answer and the phone number, previews at 390 px, publishes, and the public page shows both
 * within 2 s; an XSS attempt in every formatted field is inert on the public pages.
 */
import { afterAll, beforeAll, describe } from "vitest";
import type { Page } from "playwright-core";
import { expect, inject, test, VIEWPORTS } from "./fixtures";
import { apiSend, startSite, uniq } from "./content-helpers";
import { E2E_SITE_URL } from "./site-url";

let site: { url: string; stop: () => Promise<void> };
beforeAll(async () => {
  // The preview frames open the site at the portal's configured site address (E2E_SITE_URL);
  // the browser is routed to this server for it, and the site lets only the portal frame it.
  site = await startSite(inject("apiUrl"), { ADMIN_URL: `${inject("adminUrl")}/login`, PUBLIC_SITE_URL: E2E_SITE_URL });
}, 120_000);
afterAll(() => site?.stop());

/** Sends the portal's site address to the running site server. */
async function routeSite(page: Page) {
  await page.route(`${E2E_SITE_URL}/**`, async (route) => {
    const url = route.request().url().replace(E2E_SITE_URL, site.url);
    const response = await route.fetch({ url });
    await route.fulfill({ response });
  });
}

/** The site's home page HTML, as a visitor's first request gets it. */
const homeHtml = async () => (await fetch(`${site.url}/`)).text();

describe("the office edits the website at 390 px", () => {
  test.override({ viewport: VIEWPORTS.phone });

  test("edits an FAQ answer and the phone number, previews, publishes; the site shows both within 2 s", async ({
    page,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
    allowConsoleErrors,
  }) => {
    // The framed site runs its development server (its live-reload socket cannot connect there).
    allowConsoleErrors(/WebSocket|vite|Failed to load resource|CORS|Access-Control|Cross-Origin-Opener-Policy/i);
    await routeSite(page);
    await login();
    const answer = `Retakes are free: ask us about it (${uniq()}).`;
    const phone = "0151 496 0456";

    await navigate("/website/faq");
    await page.getByRole("heading", { name: "Website", level: 1 }).waitFor();
    await page.getByText("What happens if I fail an exam?", { exact: true }).click();
    await page.getByLabel("Answer (question 4)").fill(answer);
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText(/Draft saved .* not published yet/).waitFor();
    await expectNoA11yViolations();
    await screenshot("website-faq");

    await page.getByRole("link", { name: "Identity" }).click();
    await page.getByLabel("Phone", { exact: true }).fill(phone);
    await page.getByRole("button", { name: "Preview" }).click();
    // The phone-width frame: the contact page with the draft number, not yet on the site.
    const frame = page.frameLocator('iframe[title="Preview at 390 px"]');
    // Phone numbers are shown with non-breaking spaces (they never wrap).
    await expect
      .poll(async () => (await frame.locator("main").innerText()).replace(/\u00a0/g, " "), { timeout: 30_000 })
      .toContain(phone);
    expect(await page.locator('iframe[title="Preview at 390 px"]').getAttribute("width")).toBe("390");
    expect(await homeHtml()).not.toContain(answer);
    await screenshot("website-preview");

    await page.getByRole("button", { name: "Publish" }).click();
    await page
      .locator(".ws-status")
      .getByText(/^Published .* by /)
      .waitFor();
    await page.getByRole("link", { name: "FAQ" }).click();
    await page.getByText(/Draft saved .* not published yet/).waitFor();
    await page.getByRole("button", { name: "Publish" }).click();
    const published = Date.now();
    await page
      .locator(".ws-status")
      .getByText(/^Published .* by /)
      .waitFor();

    // The public page: both changes within 2 s of the publish answering.
    let html = "";
    while (Date.now() - published < 2_000) {
      html = await homeHtml();
      if (html.includes(answer) && html.includes(phone.replace(/ /g, "\u00a0"))) break;
    }
    expect(html).toContain(answer);
    expect(html).toContain(phone.replace(/ /g, "\u00a0"));
    expect(Date.now() - published).toBeLessThan(2_000);

    // And in a visitor's browser.
    const visitor = await page.context().newPage();
    await visitor.goto(`${site.url}/`);
    await visitor.getByText("What happens if I fail an exam?").click();
    await expect.poll(() => visitor.getByText(answer).isVisible()).toBe(true);
    await visitor.close();
  });
});

const XSS =
  '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>[link](javascript:window.__xss=1) <b onmouseover="window.__xss=1">x</b>';

describe("formatted fields on the public site", () => {
  test("renders an XSS attempt in every formatted field inert", async ({
    page,
    context,
    apiUrl,
    adminUrl,
    login,
    screenshot,
  }) => {
    await login();
    const send = (method: "PUT" | "POST", path: string, data?: unknown) => apiSend(context, apiUrl, adminUrl, method, path, data);
    const state = async (section: string) => (await context.request.get(`${apiUrl}/api/admin/website/${section}`)).json();
    const faq = (await state("faq")).body;
    const policies = (await state("policies")).body;
    const marker = uniq();
    faq.items[0].answer = `${XSS} faq-${marker}`;
    policies.items[0].body = `${XSS} policy-${marker}`;
    const drafts = [
      { section: "faq", body: faq },
      { section: "policies", body: policies },
      { section: "banner", body: { text: `${XSS} banner-${marker}`, startsOn: null, endsOn: null } },
      {
        section: "news",
        body: {
          items: [
            {
              slug: `xss-${marker.toLowerCase()}`,
              title: "Safe",
              body: `${XSS} news-${marker}`,
              image: null,
              imageAlt: "",
              publishedOn: "2026-01-01",
            },
          ],
        },
      },
    ];
    for (const draft of drafts) {
      expect((await send("PUT", "/api/admin/website/draft", draft)).status).toBe(200);
      expect((await send("POST", `/api/admin/website/${draft.section}/publish`)).status).toBe(200);
    }
    page.on("dialog", (dialog) => void dialog.dismiss());
    for (const [path, text] of [
      ["/", `faq-${marker}`],
      ["/", `banner-${marker}`],
      ["/privacy", `policy-${marker}`],
      [`/news/xss-${marker.toLowerCase()}`, `news-${marker}`],
    ] as const) {
      await page.goto(`${site.url}${path}`);
      await page.locator("html[data-hydrated=true]").waitFor({ timeout: 30_000 });
      const holder = page.locator(".faq__answer, .announcement__text, .rich-text").filter({ hasText: text }).first();
      await holder.waitFor({ state: "attached" });
      expect(await holder.locator("script, img, [onerror], [onmouseover]").count()).toBe(0);
      expect(await holder.locator('a[href^="javascript"]').count()).toBe(0);
      await page.mouse.move(10, 10);
      expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
      await screenshot(`site-${path === "/" ? "home" : path.split("/")[1]}`);
    }
  });
});
