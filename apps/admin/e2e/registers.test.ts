/**
 * Attendee changes part B in real Chromium against the real API: a course date on a bank holiday warns in
 * the office's course form (phone, 390 px), and a trainer's register for today offers "Mark
 * everyone present" and keeps a day still ahead closed.
 */
import { describe } from "vitest";
import { expect, test } from "./fixtures";
import { expectToast } from "./content-helpers";

const TRAINER = { email: "trainer@example.com", password: "Staff!Passw0rd" };

describe("register and catalogue at 390 px", () => {
  test.override({ viewport: { width: 390, height: 844 } });

  test("a course date on Christmas Day warns in the course form", async ({
    page,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await login();
    await navigate("/create-training");
    const range = page.getByRole("group", { name: "Date range 1" });
    await range.getByLabel("Start date").fill("2027-12-24");
    await range.getByLabel("End date").fill("2027-12-28");
    const warning = range.getByRole("status");
    await expect.poll(() => warning.textContent()).toContain("Christmas Day");
    expect(await warning.textContent()).toContain("Boxing Day");
    await range.getByLabel("End date").fill("2027-12-24");
    await expect.poll(() => range.getByRole("status").count()).toBe(0);
    await range.getByLabel("Start date").fill("2027-12-27");
    await range.getByLabel("End date").fill("");
    await expect.poll(() => range.getByRole("status").textContent()).toContain("Christmas Day (substitute day)");
    // On failure, name what sticks out past the screen's edge.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > 391)
        .slice(0, 8)
        .map(
          (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} → ${Math.round(el.getBoundingClientRect().right)}`,
        ),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth), wide.join("\n")).toBeLessThanOrEqual(390);
    await expectNoA11yViolations();
    await screenshot("training-bank-holiday-warning-390");
  });

  test("a trainer marks everyone present today on their own date", async ({
    page,
    context,
    apiUrl,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    // A paid booking on today's door supervisor date (the API test server adds it and assigns the trainer).
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    const course = (await (await context.request.get(`${apiUrl}/api/courses/slug/sia-door-supervisor-course`)).json()) as {
      id: number;
      courseDates: { id: number; startDate: string }[];
    };
    const date = course.courseDates.find((d) => d.startDate === today)!;
    const last = `Present${Date.now().toString(36)}`;
    const enroll = await context.request.post(`${apiUrl}/api/enroll`, {
      data: {
        courses: [{ id: course.id, selectedDate: date.id, selectedAddons: [] }],
        guest_email: `${last.toLowerCase()}@example.com`,
        guest_name: "Pat",
        first_name: "Pat",
        last_name: last,
        phone_number: "07700900555",
        country: "United Kingdom",
        street_address: "7 Example Road",
        town_city: "Bootle",
        state: "England",
        postcode: "L20 7AA",
      },
    });
    expect(enroll.status()).toBe(201);
    const { reference } = (await enroll.json()) as { reference: string };
    expect((await context.request.post(`${apiUrl}/api/payments/local/${reference}/pay`, { maxRedirects: 0 })).status()).toBe(303);

    await login(TRAINER);
    await navigate(`/learners/${date.id}`);
    await page.getByRole("heading", { level: 1, name: "SIA Door Supervisor Course" }).waitFor();
    const card = page.locator("article.learner-card", { has: page.getByRole("heading", { level: 2, name: `Pat ${last}` }) });
    await card.waitFor();
    // No contact details for a trainer.
    expect(await card.textContent()).not.toContain("07700");
    await page.getByRole("button", { name: "Mark everyone present" }).click();
    await expectToast(page, "Everyone without a mark is present on");
    await expect
      .poll(() =>
        card.getByRole("group", { name: "Day 1" }).getByRole("button", { name: "Present" }).getAttribute("aria-pressed"),
      )
      .toBe("true");
    // On failure, name what sticks out past the screen's edge.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > 391)
        .slice(0, 8)
        .map(
          (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} → ${Math.round(el.getBoundingClientRect().right)}`,
        ),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth), wide.join("\n")).toBeLessThanOrEqual(390);
    await expectNoA11yViolations("main");
    await screenshot("register-mark-everyone-present-390");
  });
});
