/**
 * The course finder (course finder and prerequisites) in real Chromium at 390 px against the real API and its seeded
 * catalogue: three journeys to a filled cart (new to the industry; a door supervisor trained before
 * 2021 renewing; a security officer whose first aid runs out), and, over plain HTTP as a crawler
 * sees it, the server-rendered first question, the no-script questions, the unsettled answer's
 * contact link, the sitemap and the course page's "Who is this for?".
 */
import type { Page } from "playwright-core";
import { describe } from "vitest";
import { addCalendarMonths } from "@app/rules";
import { expect, fetchHtml, test, VIEWPORTS } from "./fixtures";

const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "Europe/London" });

async function answer(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).click();
}

/** The cart's course slugs, in the order they were added. */
async function cartSlugs(page: Page): Promise<string[]> {
  return page.evaluate(() => (JSON.parse(window.localStorage.getItem("cart") ?? "[]") as { slug: string }[]).map((i) => i.slug));
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function bookThese(page: Page, waitForPath: (p: string) => Promise<void>) {
  await page.getByRole("button", { name: "Book these" }).click();
  await waitForPath("/cart");
}

describe("course finder at 390 px", () => {
  test.scoped({ viewport: VIEWPORTS.phone });

  test("new to the industry: from the home page to first aid and the door supervisor course in the cart", async ({
    page,
    navigate,
    waitForPath,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await navigate("/");
    await page.getByRole("link", { name: "Answer a few questions" }).click();
    await waitForPath("/course-finder");
    await expect.poll(() => page.getByRole("heading", { name: "Do you hold an SIA licence?" }).isVisible()).toBe(true);
    await expectNoA11yViolations();
    await expectNoSidewaysScroll(page);
    await screenshot("finder-question");
    await answer(page, "No, I am new to the industry");
    await answer(page, "Door supervisor (pubs, clubs, events)");
    await answer(page, "I have no first-aid certificate");
    const steps = page.locator(".finder-steps__item h3");
    await expect
      .poll(() => steps.allTextContents())
      .toEqual([expect.stringContaining("Emergency First Aid at Work"), expect.stringContaining("SIA Door Supervisor Course")]);
    await expect.poll(() => page.getByText(/places? left/).count()).toBeGreaterThan(1);
    await expectNoA11yViolations();
    await expectNoSidewaysScroll(page);
    await screenshot("finder-result");
    await bookThese(page, waitForPath);
    expect(await cartSlugs(page)).toEqual(["emergency-first-aid-at-work", "sia-door-supervisor-course"]);
    await expect.poll(() => page.getByText("SIA Door Supervisor Course").count()).toBeGreaterThan(0);
    // The answers wait in this browser for the checkout, and nowhere else.
    expect(await page.evaluate(() => window.localStorage.getItem("finder:answers"))).toContain('"job":"door_supervisor"');
  });

  test("renewing door supervisor trained before 2021: the refresher (it replaced the top-up)", async ({
    page,
    navigate,
    waitForPath,
  }) => {
    await navigate("/course-finder");
    await answer(page, "Yes, a door supervisor licence");
    await page.getByLabel("Expiry date").fill(addCalendarMonths(today(), 3));
    await answer(page, "Next");
    await answer(page, "Before April 2021");
    await answer(page, "Door supervisor (pubs, clubs, events)");
    await page.getByLabel("Expiry date of your first-aid certificate").fill(addCalendarMonths(today(), 30));
    await answer(page, "Next");
    await expect
      .poll(() => page.locator(".finder-steps__item h3").allTextContents())
      .toEqual([expect.stringContaining("Door Supervisor Refresher")]);
    await expect.poll(() => page.getByText(/refresher training first \(it replaced the top-up\)/).count()).toBe(1);
    await expect.poll(() => page.getByText("You can apply to renew now").count()).toBe(1);
    await bookThese(page, waitForPath);
    expect(await cartSlugs(page)).toEqual(["door-supervisor-refresher"]);
  });

  test("security officer whose first aid runs out: first aid first, then the refresher", async ({
    page,
    navigate,
    waitForPath,
    screenshot,
  }) => {
    await navigate("/course-finder");
    await answer(page, "Yes, a security officer (guard) licence");
    await page.getByLabel("Expiry date").fill(addCalendarMonths(today(), 2));
    await answer(page, "Next");
    await answer(page, "April 2021 or later");
    await answer(page, "Security officer (sites, retail, patrols)");
    await page.getByLabel("Expiry date of your first-aid certificate").fill(addCalendarMonths(today(), 3));
    await answer(page, "Next");
    await expect
      .poll(() => page.locator(".finder-steps__item h3").allTextContents())
      .toEqual([expect.stringContaining("Emergency First Aid at Work"), expect.stringContaining("Security Guard Refresher")]);
    await expect.poll(() => page.getByText(/Your first-aid certificate runs out before/).count()).toBe(1);
    // The refresher's first offered date starts after the first aid course ends.
    const checked = await page
      .locator(".finder-dates input:checked")
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(checked).toHaveLength(2);
    await screenshot("finder-first-aid");
    await bookThese(page, waitForPath);
    expect(await cartSlugs(page)).toEqual(["emergency-first-aid-at-work", "security-guard-refresher"]);
  });
});

describe("course finder at 1280 px", () => {
  test.scoped({ viewport: VIEWPORTS.desktop });

  test("an unsettled answer: the reason, the notes and the contact link, axe clean", async ({
    page,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await navigate("/course-finder?licence=security_guard&expiry=&trained=from_2021&job=door_supervisor&firstAid=none");
    await expect.poll(() => page.getByRole("link", { name: "Ask us with your answers" }).count()).toBe(1);
    await expect.poll(() => page.locator(".finder-steps__item h3").count()).toBe(2);
    await expectNoA11yViolations();
    await expectNoSidewaysScroll(page);
    await screenshot("finder-unsettled");
  });
});

describe("a course that needs approval, booked from the finder at 390 px", () => {
  test.scoped({ viewport: VIEWPORTS.phone });

  test("asks the attendee the course's questions at checkout and waits for the office, with the finder's answers", async ({
    page,
    navigate,
    waitForPath,
    apiUrl,
    screenshot,
  }) => {
    const login = await fetch(`${apiUrl}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: "Admin!Passw0rd" }),
    });
    const auth = {
      authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
      "content-type": "application/json",
    };
    const course = (await (await fetch(`${apiUrl}/api/courses/slug/personal-licence-aplh`)).json()) as { id: number };
    const rules = (body: object) =>
      fetch(`${apiUrl}/api/courses/${course.id}/booking-rules`, { method: "PUT", headers: auth, body: JSON.stringify(body) });
    expect(
      (await rules({ needs_approval: true, prerequisites: ["earlier_training_date", "earlier_training_place"] })).status,
    ).toBe(200);
    try {
      await navigate("/course-finder?licence=none&job=personal_licence");
      await bookThese(page, waitForPath);
      await page.getByRole("button", { name: /Proceed to Checkout/ }).click();
      await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
      await page.getByLabel("First name*", { exact: true }).fill("Robin");
      await page.getByLabel("Last name*", { exact: true }).fill("Example");
      await page.getByLabel("Phone Number*").fill("07700 900456");
      await page.getByLabel("Email address*").fill("robin.example@example.com");
      await page.getByLabel("Street address*").fill("1 Example Street");
      await page.getByLabel("Town/City*").fill("Bootle");
      await page.getByLabel("State*").selectOption("England");
      await page.getByLabel("Attendee 1 First name*").fill("Robin");
      await page.getByLabel("Attendee 1 Last name*").fill("Example");
      await page.getByLabel("I agree to the booking terms*").check();
      // Unanswered questions are refused in the course's words.
      await page.getByRole("button", { name: /Proceed to Payment/ }).click();
      await expect.poll(() => page.getByText("When was your earlier training? is required for this course").count()).toBe(1);
      await page.getByLabel("Attendee 1 When was your earlier training?*").fill("2019-05-01");
      await page.getByLabel("Attendee 1 Where was your earlier training (training centre)?*").fill("Example Training Ltd");
      await page.getByRole("button", { name: /Proceed to Payment/ }).click();
      await page.getByRole("heading", { level: 1, name: "Booking waiting for approval" }).waitFor();
      await screenshot("finder-awaiting-approval");
      expect(await page.evaluate(() => window.localStorage.getItem("finder:answers"))).toBeNull();
      const list = (await (await fetch(`${apiUrl}/api/enrollments`, { headers: auth })).json()) as {
        guest_email: string;
        approval: string;
        finder_answers: Record<string, string>;
        courses: { attendees: { answers: Record<string, string> }[] }[];
      }[];
      const booking = list.find((e) => e.guest_email === "robin.example@example.com")!;
      expect(booking).toMatchObject({ approval: "waiting", finder_answers: { licence: "none", job: "personal_licence" } });
      expect(booking.courses[0]!.attendees[0]!.answers).toEqual({
        earlier_training_date: "2019-05-01",
        earlier_training_place: "Example Training Ltd",
      });
    } finally {
      await rules({ needs_approval: false, prerequisites: [] });
    }
  });
});

describe("course finder over plain HTTP", () => {
  test("renders the first question, its own title and description, and each next question without script", async ({
    siteUrl,
  }) => {
    const first = await fetchHtml(`${siteUrl}/course-finder`);
    expect(first.status).toBe(200);
    expect(first.html).toContain("Do you hold an SIA licence?");
    expect(first.html).toMatch(/<title[^>]*>Which SIA Course Do I Need\?[^<]*<\/title>/);
    expect(first.html).toMatch(/<meta name="description" content="Answer a few questions about your SIA licence/);
    expect(first.html).toMatch(/<form[^>]*method="get"[^>]*action="\/course-finder"/);
    const second = await fetchHtml(`${siteUrl}/course-finder?licence=none`);
    expect(second.html).toContain("Which job do you want to do?");
    expect(second.html).toContain('type="hidden" name="licence" value="none"');
  });

  test("an answer the rules cannot settle offers the contact form with the answers", async ({ siteUrl }) => {
    const { html } = await fetchHtml(`${siteUrl}/course-finder?licence=none&job=unsure`);
    expect(html).toContain("Ask us with your answers");
    const href = /href="(\/contact\?message=[^"#]+)/.exec(html)?.[1];
    expect(href).toBeTruthy();
    const contact = await fetchHtml(`${siteUrl}${href!.replace(/&amp;/g, "&")}`);
    expect(contact.html).toContain("Job wanted: I am not sure yet");
  });

  test("is in the sitemap and linked from the header and every course page, which says who the course is for", async ({
    siteUrl,
  }) => {
    expect((await fetchHtml(`${siteUrl}/sitemap.xml`)).html).toContain(`${siteUrl}/course-finder</loc>`);
    expect((await fetchHtml(`${siteUrl}/about`)).html).toContain('href="/course-finder"');
    const refresher = await fetchHtml(`${siteUrl}/course/door-supervisor-refresher`);
    expect(refresher.html).toContain("Who is this for?");
    expect(refresher.html).toContain("since 1 April 2025 the SIA asks for refresher training before every renewal");
    expect(refresher.html).toContain('href="/course-finder"');
  });
});
