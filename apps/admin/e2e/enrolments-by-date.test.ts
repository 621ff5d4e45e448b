/**
 * The enrolments screen and the printable register ask the API for what they show (decision 536):
 * the list one page of its filters and the dates with bookings, the register its one course date;
 * never every booking page after page. Real Chromium against the real API, at 1280 px and 390 px.
 */
import { beforeAll } from "vitest";
import { request as playwrightRequest, type Page } from "playwright-core";
import { describeAtWidths, expect, inject, test } from "./fixtures";
import { createPaidBooking } from "./helpers";
import type { PaidBooking } from "./helpers";

const TRAINER = { email: "trainer@example.com", password: "Staff!Passw0rd" };

let booking: PaidBooking;

beforeAll(async () => {
  const request = await playwrightRequest.newContext();
  booking = await createPaidBooking(request, inject("apiUrl"), {
    firstName: "Rhiannon",
    lastName: `Register${Date.now().toString(36)}`,
    phone: "07700 900246",
  });
  await request.dispose();
});

/** The enrolments API calls the page makes from now on, as URLs. */
function enrolmentCalls(page: Page): URL[] {
  const calls: URL[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/enrollments")) calls.push(url);
  });
  return calls;
}

describeAtWidths("enrolments by date", () => {
  test("the office's register asks only for its course date and lists the paid attendees with contact details", async ({
    page,
    login,
    navigate,
    expectNoA11yViolations,
    screenshot,
  }) => {
    await login();
    const calls = enrolmentCalls(page);
    await navigate(`/enrolments/register/${booking.courseDateId}`);
    await page.getByRole("heading", { level: 1, name: booking.courseTitle }).waitFor();
    const row = page.locator(".register__table tbody tr", { hasText: booking.lastName });
    await row.waitFor();
    expect(await row.locator(".register__ref").textContent()).toBe(booking.bookingReference);
    // The office's register carries the phone and the e-mail.
    expect(await row.locator(".register__email").textContent()).toBe(booking.email);
    expect(await row.locator(".register__nowrap").textContent()).toBe(booking.phone);
    expect(await page.locator(".register__facts").textContent()).toMatch(/\d+ paid attendees?/);
    // One date, so a page or two at most; every call names the date.
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.length).toBeLessThanOrEqual(2);
    for (const url of calls) expect(url.searchParams.get("course_date_id")).toBe(String(booking.courseDateId));
    await expectNoA11yViolations();
    await screenshot("register-office");
  });

  test("a register address that names no course date says so without asking the API", async ({ page, login, navigate }) => {
    await login();
    const calls = enrolmentCalls(page);
    await navigate("/enrolments/register/abc");
    await page.getByText("No bookings for this course date").waitFor();
    expect(calls).toEqual([]);
  });

  test("a trainer's enrolments ask for one page of 10 and the dates, then one date's bookings", async ({
    page,
    context,
    apiUrl,
    login,
    navigate,
    expectNoA11yViolations,
    screenshot,
  }) => {
    // More than one page of bookings on the trainer's dates (the test server assigns them every date).
    for (let i = 0; i < 11; i++) await createPaidBooking(context.request, apiUrl);
    await login(TRAINER);
    const calls = enrolmentCalls(page);
    await navigate("/enrolments");
    const rows = page.locator(".enrol-table tbody tr");
    await expect.poll(() => rows.count()).toBe(10);
    await expect.poll(() => page.locator(".admin-showing").textContent()).toMatch(/^Showing 1-10 of \d+$/);
    const lists = calls.filter((u) => u.pathname === "/api/enrollments");
    expect(lists.length).toBe(1);
    expect(lists[0]!.searchParams.get("limit")).toBe("10");
    expect(calls.filter((u) => u.pathname === "/api/enrollments/course-dates")).toHaveLength(1);

    // The date choice offers the booking's date; choosing it asks for that date only.
    const choice = page.getByLabel("Course date");
    expect(await choice.locator(`option[value="${booking.courseDateId}"]`).textContent()).toContain(booking.courseTitle);
    calls.length = 0;
    await choice.selectOption(String(booking.courseDateId));
    await expect.poll(() => calls.length).toBeGreaterThan(0);
    for (const url of calls) expect(url.searchParams.get("course_date_id")).toBe(String(booking.courseDateId));
    // The date's newest ten: the booking may be on a later page (other tests book this date too);
    // the search below finds it on this date.
    await expect.poll(() => rows.count()).toBeGreaterThan(0);

    // A search on that date is sent after the typing pauses, and the page answers from the server.
    await page.getByLabel("Search").fill(booking.lastName);
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => page.locator(".admin-showing").textContent()).toBe("Showing 1-1 of 1");
    expect(calls.some((u) => u.searchParams.get("q") === booking.lastName)).toBe(true);
    await expectNoA11yViolations();
    await screenshot("enrolments-date-search");

    await page.getByLabel("Search").fill("no such learner anywhere");
    await page.getByText("No enrolments match").waitFor();
    await page.getByText("Try another name, e-mail, phone, date or status.").waitFor();
    expect(await page.getByRole("button", { name: "Export CSV" }).isDisabled()).toBe(true);

    // The register of the chosen date, as the trainer sees it: names and references, no contact details.
    await page.getByLabel("Search").fill("");
    calls.length = 0;
    await page.getByRole("link", { name: "Print register" }).click();
    await page.getByRole("heading", { level: 1, name: booking.courseTitle }).waitFor();
    const row = page.locator(".register__table tbody tr", { hasText: booking.lastName });
    await row.waitFor();
    expect(await row.locator(".register__email").textContent()).toBe("");
    expect(calls.filter((u) => u.pathname === "/api/enrollments").length).toBeLessThanOrEqual(2);
    for (const url of calls.filter((u) => u.pathname === "/api/enrollments"))
      expect(url.searchParams.get("course_date_id")).toBe(String(booking.courseDateId));
    await expectNoA11yViolations();
    await screenshot("register-trainer");
  });
});
