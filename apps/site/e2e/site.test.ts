/**
 * The public site in real Chromium at 390 px and 1280 px against the real API: every route
 * renders and passes axe, header/footer/menu navigation works with keyboard and touch, a course
 * page adds to the cart, the contact form sends, and the first load of / stays under budget.
 */
import { gzipSync } from "node:zlib";
import { describe } from "vitest";
import type { Page } from "playwright-core";
import { formatDateRangeWithWeekday } from "@app/contract/dates";
import { expect, test, VIEWPORTS } from "./fixtures";

interface Course {
  id: number;
  slug: string;
  title: string;
}

async function catalogue(apiUrl: string): Promise<Course[]> {
  return (await (await fetch(`${apiUrl}/api/courses`)).json()) as Course[];
}

const h1 = (page: Page) => page.locator("h1").first();

const ROUTES: { path: string | ((c: Course) => string); name: string; heading: RegExp }[] = [
  { path: "/", name: "home", heading: /Get your SIA licence/ },
  { path: "/all-courses", name: "all-courses", heading: /SIA Training in Liverpool - / },
  { path: (c) => `/course/${c.slug}`, name: "course", heading: /.+/ },
  { path: "/shop-page", name: "shop", heading: /Get The Best Security Kits/ },
  { path: "/about", name: "about", heading: /About Us/ },
  { path: "/contact", name: "contact", heading: /Contact Us/ },
  { path: "/privacy", name: "privacy", heading: /Privacy Policy/ },
  { path: "/careers", name: "sitemap", heading: /Site Map/ },
  { path: "/cart", name: "cart", heading: /Your Cart is Empty/ },
  { path: "/booking-terms", name: "booking-terms", heading: /Booking terms/ },
  { path: "/payment/success", name: "payment-success", heading: /Payment status unknown/ },
  { path: "/nope", name: "not-found", heading: /Oops! The page you're looking for doesn't exist\./ },
];

for (const [label, viewport] of [
  ["phone", VIEWPORTS.phone],
  ["desktop", VIEWPORTS.desktop],
] as const) {
  describe(`at ${viewport.width} px (${label})`, () => {
    test.scoped({ viewport });

    test("every route renders its heading with zero axe violations", async ({
      page,
      apiUrl,
      navigate,
      screenshot,
      expectNoA11yViolations,
      allowConsoleErrors,
    }) => {
      // The 404 page is answered with status 404, which Chromium logs as a failed resource.
      allowConsoleErrors(/status of 404/);
      const [course] = await catalogue(apiUrl);
      for (const route of ROUTES) {
        const path = typeof route.path === "string" ? route.path : route.path(course!);
        await navigate(path);
        await expect.poll(() => h1(page).textContent(), { message: path }).toMatch(route.heading);
        await expectNoA11yViolations();
        await screenshot(route.name);
      }
      // Eleven routes with axe each: about 40 s on an idle machine, 75–95 s on a loaded one.
    }, 180_000);

    test("a course page shows dates with weekday and places, preselects a date but no add-on, and adds to the cart", async ({
      page,
      apiUrl,
      navigate,
    }) => {
      const [course] = await catalogue(apiUrl);
      const detail = (await (await fetch(`${apiUrl}/api/courses/slug/${course!.slug}`)).json()) as {
        title: string;
        addOns: { id: number }[];
        courseDates: { label: string; placesLeft: number; startDate: string; endDate: string }[];
      };
      await navigate(`/course/${course!.slug}`);
      await expect.poll(() => h1(page).textContent()).toBe(detail.title);
      const firstOpen = detail.courseDates.find((d) => d.placesLeft > 0)!;
      await expect
        .poll(() =>
          page
            .getByRole("radio", { name: new RegExp(formatDateRangeWithWeekday(firstOpen.startDate, firstOpen.endDate)) })
            .isChecked(),
        )
        .toBe(true);
      // No add-on ticked in advance (UK Consumer Contracts Regulations 2013 reg. 40).
      expect(await page.locator(".addon-option__input").count()).toBe(detail.addOns.length);
      expect(await page.locator(".addon-option__input:checked").count()).toBe(0);
      const total = await page.getByTestId("booking-total").textContent();

      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect
        .poll(() => page.getByRole("status").filter({ hasText: "has been added" }).first().textContent())
        .toContain(`${detail.title} has been added to your cart!`);
      const cart = page.getByRole("button", { name: `Cart: 1 item, ${total}` });
      await expect.poll(() => cart.count()).toBe(1);
      await cart.click();
      await page.waitForURL(/\/cart$/);
    });

    test("each course page shows its own side box and assessment text: first aid speaks of CPR, door supervision of SIA help", async ({
      page,
      navigate,
    }) => {
      await navigate("/course/paediatric-first-aid");
      const assessment = page.locator("section[aria-labelledby='assessment'] p");
      await expect.poll(() => assessment.textContent()).toContain("CPR on a manikin");
      const sideBox = page.locator(".side-box .benefits");
      await expect.poll(() => sideBox.textContent()).toContain("Certificate valid for 3 years");
      expect(await sideBox.textContent()).not.toContain("SIA account");
      await navigate("/course/sia-door-supervisor-course");
      await expect.poll(() => assessment.textContent()).toContain("physical intervention");
      await expect.poll(() => sideBox.textContent()).toContain("Free help setting up your SIA account and licence application");
    });

    test("the cart button with an empty cart announces 'Your cart is empty!'", async ({ page, navigate }) => {
      await navigate("/about");
      await page.getByRole("button", { name: "Cart: 0 items, £0.00" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Your cart is empty!" }).count()).toBe(1);
      expect(new URL(page.url()).pathname).toBe("/about");
    });
  });
}

describe("navigation", () => {
  test("desktop: the Training dropdown works with the keyboard and client navigation updates the head", async ({
    page,
    apiUrl,
    navigate,
    siteUrl,
  }) => {
    const courses = await catalogue(apiUrl);
    await navigate("/");
    const training = page.getByRole("button", { name: "Training", exact: true });
    await training.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => training.getAttribute("aria-expanded")).toBe("true");
    const links = page.locator(".main-nav .nav-dropdown--open .nav-dropdown__link");
    const count = await links.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(7);
    await page.keyboard.press("ArrowDown");
    const target = (await page.evaluate(() => document.activeElement?.textContent)) ?? "";
    expect(courses.map((c) => c.title)).toContain(target);
    await page.keyboard.press("Escape");
    await expect.poll(() => training.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Training");

    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect.poll(() => h1(page).textContent()).toBe(target);
    const slug = courses.find((c) => c.title === target)!.slug;
    expect(page.url()).toBe(`${siteUrl}/course/${slug}`);
    await expect.poll(() => page.title()).toContain(target);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${siteUrl}/course/${slug}`);
    const ld = await page.locator('script[type="application/ld+json"]').textContent();
    expect(JSON.parse(ld!)["@graph"].some((n: { "@type": string }) => n["@type"] === "Course")).toBe(true);

    // Footer links navigate without a page load (the SPA after hydration).
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.locator("footer").getByRole("link", { name: "Site Map" }).click();
    await expect.poll(() => h1(page).textContent()).toBe("Site Map");
    await page.locator("footer").getByRole("link", { name: "About Us" }).click();
    await expect.poll(() => h1(page).textContent()).toBe("About Us");
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  describe("phone", () => {
    test.scoped({ viewport: VIEWPORTS.phone });

    test("the full-screen menu opens, closes with Escape and navigates", async ({ page, navigate }) => {
      await navigate("/");
      const toggle = page.getByRole("button", { name: "Open menu" });
      await toggle.click();
      const menu = page.locator("#mobile-menu");
      await expect.poll(() => menu.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => menu.isVisible()).toBe(false);
      await toggle.click();
      await menu.getByRole("link", { name: "Shop" }).click();
      await expect.poll(() => h1(page).textContent()).toBe("Get The Best Security Kits");
      expect(await menu.isVisible()).toBe(false);
    });

    test("the chat box opens from the keyboard, greets after typing and closes with Escape", async ({ page, navigate }) => {
      await navigate("/contact");
      await page.getByRole("button", { name: "Chat with us on WhatsApp" }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByRole("dialog", { name: "Chat with us" }).isVisible()).toBe(true);
      await expect
        .poll(() => page.getByText("Hey there, Need help? Chat with us on WhatsApp.").isVisible(), { timeout: 5000 })
        .toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    });
  });

  test("the contact form shows the spec's messages, then sends and shows the thank-you card", async ({ page, navigate }) => {
    await navigate("/contact");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => page.getByText("First name is required").count()).toBe(1);
    expect(await page.getByText("Please agree to our Privacy Policy and Terms of Use").count()).toBe(1);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("firstName");
    await page.getByLabel("First name*").fill("Jo");
    expect(await page.getByText("First name is required").count()).toBe(0);
    await page.getByLabel("Last name*").fill("Example");
    await page.getByLabel("Phone Number*").fill("07700 900123");
    await page.getByLabel("Email address*").fill("jo@example.com");
    await page.getByRole("textbox", { name: "Message" }).fill("When is the next CCTV course?");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => page.getByText("Thank you, Jo!").count()).toBe(1);
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Message sent !" }).count()).toBe(1);
  });
});

describe("performance budget", () => {
  test.scoped({ viewport: VIEWPORTS.phone });

  test("the first load of / ships at most 60 KB of gzipped JavaScript (performance)", async ({ page, navigate }) => {
    const scripts: Promise<number>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script")
        scripts.push(response.body().then((b) => gzipSync(b, { level: 9 }).length));
    });
    await navigate("/");
    await page.waitForLoadState("networkidle");
    const sizes = await Promise.all(scripts);
    const total = sizes.reduce((a, b) => a + b, 0);
    console.info(`first load of /: ${sizes.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(total).toBeLessThanOrEqual(60 * 1024);
  });
});
