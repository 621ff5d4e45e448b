import { describe } from "vitest";
import { VIEWPORTS, expect, test } from "./fixtures";
import { sendContactMessage } from "./helpers";

// The owner's menu: the spec's items, then Staff and the account screens of staff accounts.
const MENU = [
  "Dashboard",
  "Messages",
  "Trainings",
  "Shop",
  "Website",
  "Discount",
  "Enrolments",
  "Reports",
  "Payouts",
  "Activity Log",
  "Payments",
  "Booking policy",
  "Scheduled mail",
  "Staff",
  "Personal data",
  "Your account",
  "Second factor",
  "Learners",
  "Waiting list",
  "Status",
];

describe("portal frame on desktop", () => {
  test("side bar: menu, user, collapse 280 → 80 px and back", async ({
    page,
    login,
    navigate,
    getJson,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await login();
    const me = await getJson<{ user: { name: string; email: string } }>("/api/me");
    await navigate("/admin");
    const sidebar = page.locator("#admin-sidebar");
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link").allTextContents()).toEqual(MENU);
    await expect.poll(() => sidebar.locator(".admin-user__name").textContent()).toBe(me.user.name);
    expect(await sidebar.locator(".admin-user__email").textContent()).toBe(me.user.email);
    expect(await sidebar.locator(".admin-user__avatar").textContent()).toMatch(/^[A-Z]{1,2}$/);
    expect(await nav.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");

    expect((await sidebar.boundingBox())?.width).toBe(280);
    await page.getByRole("button", { name: "Collapse side bar" }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(80);
    // Labels stay for assistive technology; the link still works.
    await nav.getByRole("link", { name: "Messages" }).click();
    await page.waitForURL(/\/messages$/);
    await page.locator(".messages-table tbody tr").first().waitFor();
    await expectNoA11yViolations();
    await screenshot("collapsed");
    await page.getByRole("button", { name: "Expand side bar" }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(280);
  });

  test("notification bell lists new messages and paid bookings, then marks them seen", async ({
    page,
    login,
    navigate,
    context,
    apiUrl,
    getJson,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await login();
    // Start from "all seen", then something new arrives.
    await context.request.post(`${apiUrl}/api/notifications/seen`);
    await sendContactMessage(context.request, apiUrl, {
      firstName: "Bella",
      lastName: "Bell",
      phoneNumber: "07700 900321",
      emailAddress: "bella.bell@example.com",
      message: "Do you run weekend door supervisor courses?",
    });
    await navigate("/admin");
    const bell = page.getByRole("button", { name: /^Notifications, \d+ new$/ });
    await bell.waitFor();
    await bell.click();
    const panel = page.getByRole("region", { name: "Notifications" });
    await panel.waitFor();
    await expect.poll(() => panel.textContent()).toContain("Bella");
    await screenshot("bell");
    // Seen on the server: a new count is 0.
    await expect.poll(async () => (await getJson<{ unread: number }>("/api/notifications")).unread).toBe(0);
    await expectNoA11yViolations();
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Notifications" }).waitFor();
  });
});

describe("portal frame on a phone", () => {
  test.override({ viewport: VIEWPORTS.phone });
  test("menu opens as a drawer, closes on navigation and on Escape", async ({
    page,
    login,
    navigate,
    expectNoA11yViolations,
    screenshot,
  }) => {
    await login();
    await navigate("/admin");
    const sidebar = page.locator("#admin-sidebar");
    expect(await sidebar.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    await expectNoA11yViolations();
    await screenshot("drawer");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Enrolments" }).click();
    await page.waitForURL(/\/enrolments$/);
    await expect.poll(() => sidebar.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => sidebar.isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Open menu" }).evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test("the bell panel fits the phone", async ({ page, login, navigate, context, apiUrl }) => {
    await login();
    await context.request.post(`${apiUrl}/api/notifications/seen`);
    await navigate("/admin");
    await page.getByRole("button", { name: /^Notifications/ }).click();
    const panel = page.getByRole("region", { name: "Notifications" });
    await panel.waitFor();
    await panel.locator(".admin-bell__item, .admin-bell__state").first().waitFor();
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
