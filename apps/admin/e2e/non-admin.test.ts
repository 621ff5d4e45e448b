import { describe } from "vitest";
import { VIEWPORTS, expect, test } from "./fixtures";
import type { Page } from "playwright-core";

/**
 * A signed-in user who is not an administrator (seeded only by the API test server:
 * TEST_STAFF_EMAIL / TEST_STAFF_PASSWORD in apps/api/src/env.ts) must not get into the portal.
 */
const STAFF = { email: "staff@example.com", password: "Staff!Passw0rd" };

/** The only API calls the guard may make for such a user: sign in, who-am-I, sign out. */
const SESSION_CALLS = new Set(["/api/login", "/api/me", "/api/logout"]);

function recordApiCalls(page: Page, apiUrl: string): string[] {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(apiUrl)) calls.push(new URL(request.url()).pathname);
  });
  return calls;
}

async function signInAsStaff(page: Page) {
  await page.getByLabel("Email").fill(STAFF.email);
  await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
  await page.getByRole("button", { name: "Access Admin Panel" }).click();
}

async function expectDenied(page: Page) {
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Administrators only");
  expect(await page.locator(".admin-denied").textContent()).toContain(
    `You are signed in as ${STAFF.email}, which is not an administrator account. Sign out and sign in with an administrator account to use the Admin Portal.`,
  );
  // Nothing of the portal: no frame (navigation, Logout), no page content.
  expect(await page.locator("#admin-main").count()).toBe(0);
  expect(await page.getByRole("navigation").count()).toBe(0);
  expect(await page.getByRole("button", { name: "Logout" }).count()).toBe(0);
  expect(await page.getByRole("link", { name: "Enrolments" }).count()).toBe(0);
  expect(await page.getByRole("table").count()).toBe(0);
  expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
}

describe("a signed-in user who is not an administrator", () => {
  test("signs in through the login screen, sees 'Administrators only' on every admin URL, and Sign out returns to /login", async ({
    page,
    navigate,
    adminUrl,
    apiUrl,
    context,
    expectNoA11yViolations,
    screenshot,
  }) => {
    const calls = recordApiCalls(page, apiUrl);
    await navigate("/login");
    await signInAsStaff(page);
    await page.waitForURL(/\/admin$/);
    await expectDenied(page);
    // No success toast for a sign-in that does not let the user in.
    expect(await page.getByText("Login successful!").count()).toBe(0);
    await expectNoA11yViolations();
    await screenshot("non-admin");

    // The session is real (GET /api/me knows the user) but not an administrator's, and the
    // server refuses admin data to it as well.
    const me = await context.request.get(`${apiUrl}/api/me`);
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email: STAFF.email, is_admin: false } });
    const enrollments = await context.request.get(`${apiUrl}/api/enrollments`);
    expect(enrollments.status()).toBe(403);

    // Typed-in admin URLs (full page loads) show the same screen, not the page.
    for (const path of ["/enrolments", "/messages", "/activity-log", "/trainings"]) {
      await page.goto(`${adminUrl}${path}`);
      await expectDenied(page);
      expect(new URL(page.url()).pathname).toBe(path);
    }

    // The app never asked the API for admin data on the user's behalf.
    expect(calls.filter((p) => !SESSION_CALLS.has(p))).toEqual([]);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Admin Portal");
    expect((await context.request.get(`${apiUrl}/api/me`)).status()).toBe(401);
    // Signed out for real: an admin URL now goes to the sign-in screen.
    await page.goto(`${adminUrl}/enrolments`);
    await page.waitForURL(/\/login$/);
  });
});

describe("the 'Administrators only' screen at 390 px", () => {
  test.override({ viewport: VIEWPORTS.phone });
  test("fits the phone and passes axe", async ({ page, navigate, expectNoA11yViolations, screenshot }) => {
    await navigate("/login");
    await signInAsStaff(page);
    await page.waitForURL(/\/admin$/);
    await expectDenied(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations();
    await screenshot("non-admin");
  });
});
