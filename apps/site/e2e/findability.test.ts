/**
 * Findability and accessibility in real Chromium, at 390 px and 1280 px: the reviews carousel's page buttons say the
 * right total right after hydration; the chat box closes on Escape with focus on its toggle;
 * course card pictures pick a size for their slot; /cart without JavaScript shows its heading
 * and how to book anyway.
 */
import { describe } from "vitest";
import { expect, test, VIEWPORTS } from "./fixtures";
import { REVIEWS } from "../src/content/reviews";

for (const [label, viewport, perPage] of [
  ["phone", VIEWPORTS.phone, 1],
  ["desktop", VIEWPORTS.desktop, 3],
] as const) {
  describe(`at ${viewport.width} px (${label})`, () => {
    test.scoped({ viewport });

    test("every carousel page button says 'Show reviews page i of N' with the real N right after hydration", async ({
      page,
      navigate,
    }) => {
      await navigate("/");
      const dots = page.locator(".reviews__dots button");
      const pages = Math.ceil(REVIEWS.length / perPage);
      await expect.poll(() => dots.count()).toBe(pages);
      const labels = await dots.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")));
      expect(labels).toEqual(Array.from({ length: pages }, (_, i) => `Show reviews page ${i + 1} of ${pages}`));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });

    test("the chat box closes on Escape with focus on its toggle as well as inside it", async ({ page, navigate }) => {
      await navigate("/about");
      const toggle = page.locator(".chat__toggle");
      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByRole("dialog", { name: "Chat with us" }).isVisible()).toBe(true);
      // Focus back on the toggle (the box opened with focus in its text field).
      await toggle.focus();
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await page.evaluate(() => document.activeElement?.classList.contains("chat__toggle"))).toBe(true);
      // Inside it too.
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByRole("dialog", { name: "Chat with us" }).isVisible()).toBe(true);
      await page.getByLabel("Your message").focus();
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    });

    test("the policies are native details/summary: one open at a time, numbered once after hydration", async ({
      page,
      navigate,
    }) => {
      await navigate("/privacy");
      const numbers = await page.locator(".policy__number").allTextContents();
      expect(numbers).toEqual(["1.", "2.", "3.", "4.", "5.", "6.", "7."]);
      const open = () => page.locator("details.ui-accordion__item[open] summary").allTextContents();
      expect(await open()).toEqual(["1. Health and Safety"]);
      await page.locator("summary", { hasText: "4. DBS Check" }).click();
      await expect.poll(open).toEqual(["4. DBS Check"]);
      // Keyboard: Enter on a summary toggles it natively.
      await page.locator("summary", { hasText: "4. DBS Check" }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(open).toEqual([]);
    });

    test("course card pictures load the 400 px candidate for their slot at device scale 1", async ({ page, navigate }) => {
      await navigate("/all-courses");
      const img = page.locator(".course-card img").first();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      const { slot, current, srcset, sizes } = await img.evaluate((el: HTMLImageElement) => ({
        slot: el.getBoundingClientRect().width,
        current: el.currentSrc,
        srcset: el.getAttribute("srcset"),
        sizes: el.getAttribute("sizes"),
      }));
      expect(srcset).toMatch(/-small\.webp 400w, .+-card\.webp 800w$/);
      expect(sizes).toBeTruthy();
      // At device scale 1 every card slot here is under 400 px: the 400 px picture is the one.
      expect(slot).toBeLessThanOrEqual(400);
      expect(current).toMatch(/-small\.webp$/);
      const small = await fetch(current);
      expect(small.status).toBe(200);
      expect(small.headers.get("cache-control")).toContain("immutable");
    });
  });
}

describe("without JavaScript", () => {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    test(`/cart is the server's empty cart when the browser holds none (${viewport.width} px)`, async ({ browser, siteUrl }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      try {
        const page = await context.newPage();
        await page.goto(`${siteUrl}/cart`);
        // No cart flag cookie (decision 257): the final empty cart, its text and ways out, no skeleton.
        await page.getByRole("heading", { level: 1, name: "Your Cart is Empty" }).waitFor();
        expect(await page.locator("main").getByRole("link", { name: "Browse Courses" }).getAttribute("href")).toBe(
          "/all-courses",
        );
        expect(await page.locator(".cart-page[aria-busy]").count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: `screenshots/cart-empty-nojs-${viewport.width}.png`, fullPage: false });
      } finally {
        await context.close();
      }
    });

    test(`/cart with a held cart shows its heading and how to book without JavaScript (${viewport.width} px)`, async ({
      browser,
      siteUrl,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport });
      // The cart flag (set by the scripts of an earlier visit): a cart is kept in this browser.
      await context.addCookies([{ name: "cart_held", value: "1", url: siteUrl }]);
      try {
        const page = await context.newPage();
        await page.goto(`${siteUrl}/cart`);
        expect(await page.locator("h1").first().textContent()).toBe("Your Cart");
        const box = page.locator(".cart-noscript");
        expect(await box.isVisible()).toBe(true);
        expect(await box.textContent()).toContain("needs JavaScript");
        expect(await box.getByRole("link", { name: "Browse our courses" }).getAttribute("href")).toBe("/all-courses");
        expect(await box.locator('a[href^="tel:"]').count()).toBe(1);
        // No skeleton promising a cart that never comes.
        expect(await page.locator(".cart-loading .cart-layout").isVisible()).toBe(false);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: `screenshots/cart-nojs-${viewport.width}.png`, fullPage: false });
      } finally {
        await context.close();
      }
    });
  }
});
