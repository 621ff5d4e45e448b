import { readFileSync } from "node:fs";
import { beforeAll, describe } from "vitest";
import { request as playwrightRequest } from "playwright-core";
import { describeAtWidths, expect, inject, test } from "./fixtures";
import { createPaidBooking } from "./helpers";
import type { PaidBooking } from "./helpers";

let booking: PaidBooking;

/**
 * The office's /enrolments is the bookings list now (office booking tools, e2e/bookings.test.ts); this screen
 * (search, CSV, registers) is what a trainer sees there, so it signs in as one. A trainer sees the
 * paid bookings on their own course dates (the test server assigns them every date) with names and
 * courses only: no e-mail, phone, address, status, money or terms (decision 333).
 */
const TRAINER = { email: "trainer@example.com", password: "Staff!Passw0rd" };

beforeAll(async () => {
  const request = await playwrightRequest.newContext();
  booking = await createPaidBooking(request, inject("apiUrl"), { firstName: "Olivia", lastName: `O'Quote, "Tester"` });
  await request.dispose();
});

describeAtWidths("enrolments", (name) => {
  test("lists bookings from the API with status badges, pages by 10 and opens the details by mouse and keyboard", async ({
    page,
    context,
    apiUrl,
    login,
    navigate,
    getJson,
    expectNoA11yViolations,
    screenshot,
  }) => {
    await login(TRAINER);
    // More than one page of bookings, whatever the seed holds.
    let all = await getJson<Array<{ id: number }>>("/api/enrollments");
    while (all.length <= 10) {
      await createPaidBooking(context.request, apiUrl);
      all = await getJson<Array<{ id: number }>>("/api/enrollments");
    }
    await navigate("/enrolments");
    const rows = page.locator(".enrol-table tbody tr");
    await expect.poll(() => rows.count()).toBe(Math.min(10, all.length));
    await expect
      .poll(() => page.locator(".admin-showing").textContent())
      .toBe(`Showing 1-${Math.min(10, all.length)} of ${all.length}`);
    expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Next" }).click();
    await expect
      .poll(() => page.locator(".admin-showing").textContent())
      .toBe(`Showing 11-${Math.min(20, all.length)} of ${all.length}`);
    await page.getByRole("button", { name: "Previous" }).click();
    await expect.poll(() => page.locator(".admin-showing").textContent()).toBe(`Showing 1-10 of ${all.length}`);
    // Phone: name and e-mail only (plus the status).
    const phoneHeader = page.getByRole("columnheader", { name: "Phone Number" });
    expect(await phoneHeader.isVisible()).toBe(name === "desktop");

    await expectNoA11yViolations();
    await screenshot("enrolments");

    // Find the booking just paid on the "site" (by its reference: a trainer has no e-mails to search).
    await page.getByLabel("Search").fill(booking.bookingReference);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().locator(".enrol-badge").count()).toBe(0);

    // Mouse: click the row.
    await rows.first().locator("td").nth(1).click();
    const dialog = page.getByRole("dialog", { name: "Enrollment Information" });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain(booking.courseTitle);
    await expect.poll(() => dialog.textContent()).toContain("Enrolled Courses (1)");
    expect(await dialog.textContent()).not.toContain(booking.email);
    await expectNoA11yViolations();
    await screenshot("enrolment-modal");
    await page.locator(".ui-modal__backdrop").click({ position: { x: 5, y: 5 } });
    await dialog.waitFor({ state: "detached" });

    // Keyboard: the name is a button; Enter opens, Escape closes and focus returns.
    const nameButton = rows.first().getByRole("button");
    await nameButton.focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await nameButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await nameButton.click();
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "detached" });
  });
});

describe("enrolment tools", () => {
  test("finds a booking by its reference (with or without the dash, any case), course title and discount code; list and detail show XXXX-XXXX", async ({
    page,
    login,
    navigate,
  }) => {
    await login(TRAINER);
    await navigate("/enrolments");
    const ref = booking.bookingReference;
    expect(ref).toMatch(/^[ACDEFGHJKMNPQRTUVWXYZ234679]{4}-[ACDEFGHJKMNPQRTUVWXYZ234679]{4}$/);
    for (const q of [ref, ref.replace("-", "").toLowerCase(), ref.toLowerCase()]) {
      await page.getByLabel("Search").fill(q);
      await expect.poll(() => page.locator(".enrol-table tbody tr").count()).toBe(1);
      await page.locator(".enrol-table tbody tr").getByText(ref).waitFor();
    }
    await page.locator(".enrol-table tbody tr").getByRole("button").click();
    await page.getByRole("dialog").getByText(`Reference ${ref}`).waitFor();
    // The booking terms are the office's business, not the trainer's.
    expect(
      await page
        .getByRole("dialog")
        .getByText(/agreed/)
        .count(),
    ).toBe(0);
    await page.keyboard.press("Escape");
    await page.getByLabel("Search").fill(booking.courseTitle);
    await expect.poll(() => page.locator(".enrol-table tbody tr").count()).toBeGreaterThan(0);
  });

  test("exports the trainer's own dates as a names-only CSV with safe quoting", async ({ page, login, navigate }) => {
    await login(TRAINER);
    await navigate("/enrolments");
    await page.getByLabel("Search").fill(booking.lastName);
    await expect.poll(() => page.locator(".enrol-table tbody tr").count()).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^enrolments-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const text = readFileSync(path!, "utf8").replace(/^\uFEFF/, "");
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toMatch(/^Booking reference,Booked on \(UK time\),Attendee first name,Attendee last name,Course/);
    const line = lines.find((l) => l.startsWith(`${booking.bookingReference},`));
    expect(line).toContain(`Olivia,"O'Quote, ""Tester"""`);
    expect(line).toContain(booking.courseTitle);
    expect(text).not.toContain(booking.email);
    expect(text).not.toContain("07700 900777");
  });

  test("filters by course date and prints the register with a signature column per day", async ({
    page,
    login,
    navigate,
    getJson,
    expectNoA11yViolations,
    screenshot,
  }) => {
    await login(TRAINER);
    await navigate("/enrolments");
    await page.getByLabel("Course date").selectOption(String(booking.courseDateId));
    const all = await getJson<
      Array<{
        status?: string;
        courses: Array<{ course_date_id: number | null; startDate?: string; endDate?: string }>;
      }>
    >("/api/enrollments");
    const onDate = all.filter((e) => e.courses.some((c) => c.course_date_id === booking.courseDateId));
    await expect
      .poll(() => page.locator(".admin-showing").textContent())
      .toBe(`Showing 1-${Math.min(10, onDate.length)} of ${onDate.length}`);

    await page.getByRole("link", { name: "Print register" }).click();
    await page.waitForURL(new RegExp(`/enrolments/register/${booking.courseDateId}$`));
    await page.getByRole("heading", { level: 1, name: booking.courseTitle }).waitFor();
    // A trainer's list holds paid bookings only and carries no status.
    const paid = onDate.filter((e) => (e.status ?? "paid") === "paid").length;
    const course = onDate[0]!.courses.find((c) => c.course_date_id === booking.courseDateId)!;
    const days = Math.round((Date.parse(course.endDate!) - Date.parse(course.startDate!)) / 86_400_000) + 1;
    const headers = await page.locator(".register__table thead th").allTextContents();
    expect(headers.slice(0, 5)).toEqual(["#", "Attendee name", "Reference", "Phone", "Email"]);
    expect(headers.length - 5).toBe(days);
    // createPaidBooking picks a multi-day date, so the register has a column per day.
    expect(days).toBeGreaterThan(1);
    expect(headers[5]).toMatch(/^Day 1/);
    const names = await page.locator(".register__name").allTextContents();
    expect(names).toHaveLength(paid);
    expect(await page.locator(".register__ref").allTextContents()).toContain(booking.bookingReference);
    expect(names).toContain(`Olivia ${booking.lastName}`);
    await expectNoA11yViolations();
    await screenshot("register");
    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".register__toolbar").isVisible()).toBe(false);
    await screenshot("register-print");
    const pdf = await page.pdf({ format: "A4", landscape: true });
    expect(pdf.byteLength).toBeGreaterThan(1000);
  });
});
