/**
 * The office's catalogue, discount codes and messages (office booking tools) against the real API and the real
 * site: a draft course kept off the site and its sitemap until 'Publish', the catalogue order,
 * one-day dates, 'Add repeating dates' with its preview, discount status / fixed amount / course
 * limit, and messages marked handled with 'Reply' as a mail to the sender.
 */
import { describe } from "vitest";
import type { AdminCourseDetail, AdminCourseListItem, ContactMessage, Discount } from "@app/contract";
import { expect, test, VIEWPORTS } from "./fixtures";
import { activityMentioning, apiGet, apiSend, expectToast, isoInDays, startSite, uniq } from "./content-helpers";
import { sendContactMessage } from "./helpers";

const LOOK_ALIKES = /[0O1IL2Z5S8B]/;

/** The next Monday at least `after` days ahead. */
function mondayAfter(after: number): string {
  for (let i = after; ; i++) {
    const d = isoInDays(i);
    if (new Date(`${d}T12:00:00Z`).getUTCDay() === 1) return d;
  }
}

describe("catalogue at 1280 px", () => {
  test("a draft course stays off the site and its sitemap until published; the order is the office's", async ({
    page,
    context,
    apiUrl,
    adminUrl,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await login();
    const title = `E2E Draft Course ${uniq()}`;
    await navigate("/create-training");
    await page.getByLabel("Course Title *").fill(title);
    await page.getByLabel("Course Description *").fill("A course prepared before it goes on sale.");
    await page.getByLabel("Training Fee (£) *").fill("120");
    await page.getByLabel("Duration *").fill("1 Day");
    // A one-day date: no end date.
    const range1 = page.getByRole("group", { name: "Date range 1" });
    await range1.getByLabel("Start date").fill(isoInDays(35));
    await page.getByLabel("Save as draft (not on the website until published)").check();
    await page.getByRole("button", { name: "Save Training" }).click();
    await expectToast(page, "Training created successfully!");

    const office = (await apiGet<AdminCourseListItem[]>(context, apiUrl, "/api/admin/courses")).body;
    const course = office.find((c) => c.title === title)!;
    expect(course.status).toBe("draft");
    const detail = (await apiGet<AdminCourseDetail>(context, apiUrl, `/api/admin/courses/${course.id}`)).body;
    expect(detail.courseDates).toMatchObject([{ startDate: isoInDays(35), endDate: isoInDays(35) }]);
    expect((await apiGet(context, apiUrl, `/api/courses/slug/${course.slug}`)).status).toBe(404);

    // The list: a Draft badge and Publish on its row.
    await navigate("/trainings");
    const row = page.locator(".tr-table__row", { has: page.getByRole("heading", { name: title }) });
    await expect.poll(() => row.locator(".tr-status").textContent()).toBe("Draft");
    await expectNoA11yViolations();
    await screenshot("trainings-draft");

    // The site: no page and no sitemap entry for the draft.
    const site = await startSite(apiUrl);
    try {
      const sitemap = async () => (await (await fetch(`${site.url}/sitemap.xml`)).text()) as string;
      expect(await sitemap()).not.toContain(course.slug);
      expect((await fetch(`${site.url}/courses/${course.slug}`)).status).toBe(404);

      await row.getByRole("button", { name: `Publish: ${title}` }).click();
      await expectToast(page, `${title} is published`);
      await expect.poll(() => row.locator(".tr-status").textContent()).toBe("Published");
      expect((await apiGet(context, apiUrl, `/api/courses/slug/${course.slug}`)).status).toBe(200);
      await expect.poll(sitemap, { timeout: 15_000 }).toContain(course.slug);
    } finally {
      await site.stop();
    }
    expect((await activityMentioning(context, apiUrl, title)).map((e) => e.action)).toContain("Course published");

    // Order: the new course is last; 'Move up' puts it above its neighbour, on the public list too.
    const ids = () => apiGet<AdminCourseListItem[]>(context, apiUrl, "/api/admin/courses").then((r) => r.body.map((c) => c.id));
    const before = await ids();
    expect(before.at(-1)).toBe(course.id);
    await row.getByRole("button", { name: `Move up: ${title}` }).click();
    await expect.poll(async () => (await ids()).indexOf(course.id)).toBe(before.length - 2);
    const publicIds = (await apiGet<{ id: number }[]>(context, apiUrl, "/api/courses")).body.map((c) => c.id);
    expect(publicIds.indexOf(course.id)).toBeLessThan(publicIds.indexOf(before.at(-2)!));
    await expect
      .poll(() =>
        page
          .locator(".tr-table__row")
          .nth(before.length - 2)
          .getByRole("heading")
          .textContent(),
      )
      .toBe(title);
    await row.getByRole("button", { name: `Move down: ${title}` }).click();
    await expect.poll(async () => (await ids()).at(-1)).toBe(course.id);

    // Back to draft from the detail page.
    await navigate(`/training/${course.id}`);
    await page.getByRole("button", { name: "Unpublish" }).click();
    await expectToast(page, "Training saved as draft");
    await page.locator(".tr-status", { hasText: "Draft" }).waitFor();
    expect((await apiGet(context, apiUrl, `/api/courses/slug/${course.slug}`)).status).toBe(404);
    await apiSend(context, apiUrl, adminUrl, "DELETE", `/api/courses/${course.id}`);
  });

  test("'Add repeating dates' previews Mon–Sat every 2 weeks and adds them with one capacity", async ({
    page,
    context,
    apiUrl,
    adminUrl,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await login();
    const title = `E2E Series ${uniq()}`;
    const created = await apiSend<AdminCourseDetail>(context, apiUrl, adminUrl, "POST", "/api/courses", {
      title,
      price: 250,
      description: "Door supervisor course run every other week.",
      duration: "6 Days",
      courseDates: [{ startDate: isoInDays(3) }],
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    await navigate(`/training/${id}`);
    await page.getByRole("button", { name: "Add repeating dates" }).click();
    const dialog = page.getByRole("dialog", { name: "Add repeating dates" });
    await dialog.waitFor();
    const start = mondayAfter(8);
    const until = isoInDays(Math.round((Date.parse(start) - Date.parse(isoInDays(0))) / 86_400_000) + 91);
    await dialog.getByLabel("First date").fill(start);
    await dialog.getByLabel("Days in each run").fill("6");
    await dialog.getByText("Each run: Mon – Sat").waitFor();
    await dialog.getByLabel("Repeat every (weeks)").fill("2");
    await dialog.getByLabel("Places per date").fill("9");
    await dialog.getByLabel("Last start date").fill(until);
    const items = dialog.locator(".tr-series__list li");
    await expect.poll(() => items.count()).toBe(7);
    expect(await dialog.locator(".tr-series__preview-title").textContent()).toBe("7 dates, 9 places each");
    await expectNoA11yViolations();
    await screenshot("repeating-dates");

    // A bad value is shown under its field and nothing is added.
    await dialog.getByLabel("Places per date").fill("0");
    await dialog.getByRole("button", { name: "Add dates" }).click();
    await dialog.getByText("Places must be between 1 and 1000").waitFor();
    await dialog.getByLabel("Places per date").fill("9");
    await dialog.getByRole("button", { name: "Add 7 dates" }).click();
    await expectToast(page, "Repeating dates added");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.locator(".tr-chip").count()).toBe(8);

    const detail = (await apiGet<AdminCourseDetail>(context, apiUrl, `/api/admin/courses/${id}`)).body;
    const series = detail.courseDates.filter((d) => d.startDate >= start);
    expect(series).toHaveLength(7);
    for (const d of series) {
      expect(new Date(`${d.startDate}T12:00:00Z`).getUTCDay()).toBe(1);
      expect(new Date(`${d.endDate}T12:00:00Z`).getUTCDay()).toBe(6);
      expect(d.capacity).toBe(9);
    }
    expect((await activityMentioning(context, apiUrl, title)).map((e) => e.action)).toContain("Repeating dates added");
    await apiSend(context, apiUrl, adminUrl, "DELETE", `/api/courses/${id}`);
  });
});

describe("training form at 1280 px", () => {
  test("'Add repeating dates' in the form fills the date ranges of the working copy (saved with the form)", async ({
    page,
    login,
    navigate,
  }) => {
    await login();
    await navigate("/create-training");
    await page.getByLabel("Course Title *").fill(`E2E Form Series ${uniq()}`);
    await page.getByRole("button", { name: "Add repeating dates" }).click();
    const dialog = page.getByRole("dialog", { name: "Add repeating dates" });
    const start = mondayAfter(8);
    await dialog.getByLabel("First date").fill(start);
    await dialog.getByLabel("Days in each run").fill("2");
    await dialog.getByLabel("After a number of dates").check();
    await dialog.getByLabel("Number of dates", { exact: true }).fill("3");
    await dialog.getByLabel("Places per date").fill("7");
    await dialog.getByRole("button", { name: "Add 3 dates" }).click();
    await dialog.waitFor({ state: "detached" });
    // The empty first range is replaced by the series; the title typed before stays.
    await expect.poll(() => page.locator("fieldset.tr-row").count()).toBe(3);
    const third = page.getByRole("group", { name: "Date range 3" });
    expect(await third.getByLabel("Seats").inputValue()).toBe("7");
    expect(await page.getByRole("group", { name: "Date range 1" }).getByLabel("Start date").inputValue()).toBe(start);
    expect(await page.getByLabel("Course Title *").inputValue()).toMatch(/^E2E Form Series/);
    expect(page.url()).toMatch(/\/create-training$/);
  });
});

describe("discount codes at 1280 px", () => {
  test("a fixed amount limited to chosen courses; Generate avoids look-alikes; an expired code shows 'Expired', not uses left", async ({
    page,
    context,
    apiUrl,
    adminUrl,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await login();
    const courses = (await apiGet<AdminCourseListItem[]>(context, apiUrl, "/api/admin/courses")).body;
    const [a, b] = courses;
    await navigate("/create-code");
    for (let i = 0; i < 5; i++) {
      await page.getByRole("button", { name: "Generate" }).click();
      const generated = await page.getByLabel("Discount Code").inputValue();
      expect(generated).toMatch(/^[A-Z0-9]{8}$/);
      expect(generated).not.toMatch(LOOK_ALIKES);
    }
    const code = `FIXED${uniq()}`.slice(0, 20);
    await page.getByLabel("Discount Code").fill(code);
    await page.getByLabel("Fixed amount off (£)").check();
    await page.getByRole("button", { name: "Create Code" }).click();
    await page.getByText("Amount off must be greater than £0").waitFor();
    await page.getByLabel("Amount Off (£)", { exact: true }).fill("25.50");
    await page.getByLabel("Valid From").fill(isoInDays(0));
    await page.getByLabel("Valid Until").fill(isoInDays(30));
    await page.getByLabel("Maximum Uses").fill("4");
    await page.getByLabel(a!.title, { exact: false }).first().check();
    await page.getByLabel(b!.title, { exact: false }).first().check();
    await page.getByText("Works only for the 2 ticked courses.").waitFor();
    await expectNoA11yViolations();
    await screenshot("create-code-fixed");
    await page.getByRole("button", { name: "Create Code" }).click();
    await expectToast(page, "Discount code created successfully!");

    const all = (await apiGet<Discount[]>(context, apiUrl, "/api/discounts?limit=200")).body;
    const saved = all.find((d) => d.code === code)!;
    expect(saved).toMatchObject({ amount_off: 25.5, status: "active" });
    expect([...(saved.course_ids ?? [])].sort()).toEqual([a!.id, b!.id].sort());

    // Expired: dates moved into the past by an edit (the edit screen has no date rules).
    const expiredCode = `OLD${uniq()}`.slice(0, 20);
    const made = await apiSend<Discount>(context, apiUrl, adminUrl, "POST", "/api/discounts", {
      code: expiredCode,
      percent_off: 10,
      valid_from: isoInDays(0),
      valid_until: isoInDays(5),
      max_uses: 3,
    });
    expect(made.status).toBe(201);
    await apiSend(context, apiUrl, adminUrl, "PUT", `/api/discounts/${made.body.id}`, {
      valid_from: isoInDays(-20),
      valid_until: isoInDays(-10),
    });

    await navigate(`/discount/${saved.id}`);
    await page.locator(".dc-status", { hasText: "Active" }).waitFor();
    await page.getByText("£25.50 off").waitFor();
    await page.getByText(`${a!.title}`, { exact: false }).first().waitFor();

    await navigate(`/discount/${made.body.id}`);
    await page.locator(".dc-status", { hasText: "Expired" }).waitFor();
    expect(await page.locator(".dc-badge").count()).toBe(0);

    // The list: find the page holding the expired code.
    await navigate("/discount");
    const row = page.locator(".dc-row", { hasText: expiredCode });
    await page.locator(".dc-row .dc-status").first().waitFor();
    while (
      (await row.count()) === 0 &&
      (await page
        .getByRole("button", { name: "Next" })
        .isEnabled()
        .catch(() => false))
    ) {
      await page.getByRole("button", { name: "Next" }).click();
      await page.waitForTimeout(300);
    }
    await expect.poll(() => row.locator(".dc-status").textContent()).toBe("Expired");
    expect(await row.locator(".dc-uses__left").count()).toBe(0);
    // Codes never wrap mid-code.
    const lines = await row
      .locator(".dc-code")
      .evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight || "20")));
    expect(lines).toBeLessThanOrEqual(1);
    expect(await row.locator(".dc-code").evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("nowrap");
    await screenshot("discounts-status");
  });
});

describe("messages at 1280 px", () => {
  test("mark handled and unhandled, filter the unhandled ones, Reply opens a mail with the message quoted", async ({
    page,
    context,
    apiUrl,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await login();
    const last = `Handled${uniq()}`;
    await sendContactMessage(context.request, apiUrl, {
      firstName: "Jordan",
      lastName: last,
      phoneNumber: "07700 900123",
      emailAddress: "jordan.handled@example.com",
      message: "Can I book the CCTV course for two staff?\nWe are in Bootle.",
    });
    await navigate("/messages");
    const row = page.locator(".messages-table tbody tr", { hasText: last });
    await expect.poll(() => row.locator(".msg-badge").textContent()).toBe("Unhandled");
    await row.getByRole("button").click();
    const dialog = page.getByRole("dialog", { name: "Message Details" });
    await dialog.waitFor();

    const href = await dialog.getByRole("link", { name: "Reply" }).getAttribute("href");
    expect(href!.startsWith("mailto:jordan.handled@example.com?")).toBe(true);
    const url = new URL(href!);
    expect(url.searchParams.get("subject")).toBe("Re: Can I book the CCTV course for two staff?");
    expect(url.searchParams.get("body")).toContain("> Can I book the CCTV course for two staff?\r\n> We are in Bootle.");

    await dialog.getByRole("button", { name: "Mark as handled" }).click();
    await expectToast(page, "Message marked as handled");
    await dialog.getByRole("button", { name: "Mark as unhandled" }).waitFor();
    await expectNoA11yViolations();
    await screenshot("message-handled");
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await expect.poll(() => row.locator(".msg-badge").textContent()).toBe("Handled");

    const messages = (await apiGet<ContactMessage[]>(context, apiUrl, "/api/messages?status=handled")).body;
    expect(messages.find((m) => m.lastName === last)?.handled_by).toBeTruthy();

    await page.getByLabel("Show").selectOption("unhandled");
    await expect.poll(() => page.locator(".messages-table tbody tr .msg-badge--handled").count()).toBe(0);
    expect(await row.count()).toBe(0);
    await page.getByLabel("Show").selectOption("handled");
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole("button").click();
    await dialog.getByRole("button", { name: "Mark as unhandled" }).click();
    await expectToast(page, "Message marked as unhandled");
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await expect.poll(() => row.count()).toBe(0);
    expect((await activityMentioning(context, apiUrl, last)).map((e) => e.action)).toEqual([
      "Message marked unhandled",
      "Message marked handled",
    ]);
  });
});

describe("at 390 px", () => {
  test.override({ viewport: VIEWPORTS.phone });

  test("trainings list, repeating-dates dialog, discounts and messages fit a phone", async ({
    page,
    context,
    apiUrl,
    login,
    navigate,
    screenshot,
  }) => {
    await login();
    const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await navigate("/trainings");
    await page.locator(".tr-status").first().waitFor();
    await screenshot("trainings-order");
    expect(await noOverflow()).toBe(true);

    const first = (await apiGet<AdminCourseListItem[]>(context, apiUrl, "/api/admin/courses")).body[0]!;
    await navigate(`/training/${first.id}`);
    await page.getByRole("button", { name: "Add repeating dates" }).click();
    const dialog = page.getByRole("dialog", { name: "Add repeating dates" });
    await dialog.getByLabel("First date").fill(mondayAfter(8));
    await dialog.getByLabel("Days in each run").fill("6");
    await dialog.getByLabel("After a number of dates").check();
    await dialog.getByLabel("Number of dates", { exact: true }).fill("4");
    await expect.poll(() => dialog.locator(".tr-series__list li").count()).toBe(4);
    await screenshot("repeating-dates");
    expect(await noOverflow()).toBe(true);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await navigate("/discount");
    await page.locator(".dc-status").first().waitFor();
    await screenshot("discounts-status");
    expect(await noOverflow()).toBe(true);

    await navigate("/messages");
    await page.locator(".msg-badge").first().waitFor();
    await screenshot("messages-handled");
    expect(await noOverflow()).toBe(true);
  });
});
