import { describe } from "vitest";
import { ADMIN, VIEWPORTS, expect, test } from "./fixtures";
import { E2E_SITE_URL } from "./site-url";

const paths = { login: "/login", dashboard: "/admin", messages: "/messages", enrolments: "/enrolments" };

describe("sign-in screen", () => {
  test("shows the spec's texts, validates, toggles the password and passes axe", async ({
    page,
    navigate,
    expectNoA11yViolations,
    screenshot,
  }) => {
    await navigate(paths.login);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Admin Portal");
    await expect.poll(() => page.getByText("Secure access for administrators only").count()).toBe(1);
    const home = page.getByRole("link", { name: "Home" });
    // PUBLIC_SITE_URL as the admin server was started with (not a build-time address).
    expect(await home.getAttribute("href")).toBe(`${E2E_SITE_URL}/`);

    await page.getByRole("button", { name: "Access Admin Panel" }).click();
    await expect.poll(() => page.getByText("Email is required").count()).toBe(1);
    await expect.poll(() => page.getByText("Password is required").count()).toBe(1);

    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Access Admin Panel" }).click();
    await expect.poll(() => page.getByText("Please enter a valid email address").count()).toBe(1);

    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret");
    expect(await password.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Hide password" }).click();
    expect(await password.getAttribute("type")).toBe("password");

    await expectNoA11yViolations();
    await screenshot("login");
  });

  test("counts failed attempts from the server and shows the lock with the time left", async ({ page, navigate }) => {
    await navigate(paths.login);
    // An address with no account: the server counts and locks it like a real one, so the seeded
    // administrator stays usable for the other tests.
    await page.getByLabel("Email").fill("intruder@example.com");
    for (let n = 1; n <= 4; n += 1) {
      await page.getByLabel("Password", { exact: true }).fill(`wrong-${n}`);
      await page.getByRole("button", { name: "Access Admin Panel" }).click();
      await expect.poll(() => page.locator(".login__attempts").textContent()).toBe(`Login attempts: ${n}/5`);
      await expect.poll(() => page.locator(".ui-toast--error").last().textContent()).toContain("Invalid email or password");
    }
    await page.getByLabel("Password", { exact: true }).fill("wrong-5");
    await page.getByRole("button", { name: "Access Admin Panel" }).click();
    await expect.poll(() => page.locator(".login__attempts").textContent()).toBe("Login attempts: 5/5");
    const locked = page.locator(".login__locked");
    await expect.poll(() => locked.textContent()).toMatch(/Too many failed attempts\. Try again in \d{1,2}:\d\d\./);
    expect(await page.getByRole("button", { name: "Access Admin Panel" }).isDisabled()).toBe(true);
    // The countdown ticks.
    const first = await locked.textContent();
    await page.waitForTimeout(1200);
    expect(await locked.textContent()).not.toBe(first);
  });

  test("a wrong password shows the count, the right one signs in with the toast and goes to the dashboard", async ({
    page,
    navigate,
  }) => {
    await navigate(paths.login);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Access Admin Panel" }).click();
    await expect.poll(() => page.locator(".login__attempts").textContent()).toBe("Login attempts: 1/5");

    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Access Admin Panel" }).click();
    await page.waitForURL(/\/admin$/);
    await expect.poll(() => page.getByText("Login successful!").count()).toBe(1);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/^Welcome back, .+/);

    // The session is the API's cookie: a reload restores it through GET /api/me.
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/^Welcome back, .+/);
  });
});

describe("guard and logout", () => {
  test("without a session every admin URL goes to /login (replace) and comes back after sign-in", async ({ page, adminUrl }) => {
    await page.goto(`${adminUrl}/`);
    await page.goto(`${adminUrl}${paths.messages}`);
    await page.waitForURL(/\/login$/);
    // Replace: going back leaves the app instead of bouncing through /messages again.
    await page.goBack();
    expect(page.url()).not.toContain(paths.messages);
    await page.goto(`${adminUrl}${paths.enrolments}`);
    await page.waitForURL(/\/login$/);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Access Admin Panel" }).click();
    await page.waitForURL(/\/enrolments$/);
  });

  test("logout ends the session on the server; then an admin URL goes to /login", async ({
    page,
    login,
    navigate,
    context,
    apiUrl,
  }) => {
    await login();
    await navigate(paths.dashboard);
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(/\/login$/);
    // The old cookie no longer works on the server.
    const me = await context.request.get(`${apiUrl}/api/me`);
    expect(me.status()).toBe(401);
    await navigate(paths.dashboard);
    await page.waitForURL(/\/login$/);
  });

  test("a 401 from any call sends the user to /login", async ({ page, login, navigate, context, apiUrl }) => {
    await login();
    await navigate(paths.dashboard);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/^Welcome back/);
    // End the session behind the app's back, then make the app call the API again.
    await context.request.post(`${apiUrl}/api/logout`);
    // The click makes the next call; a call of the dashboard's own (its refresh) may meet the 401
    // first and send the user to /login before the click, which is the same rule at work.
    const link = page.getByRole("link", { name: "Enrolments" });
    if (await link.isVisible()) await link.click({ timeout: 5_000 }).catch(() => undefined);
    await page.waitForURL(/\/login$/);
  });
});

describe("sign-in at 390 px", () => {
  test.override({ viewport: VIEWPORTS.phone });
  test("fits the phone and passes axe", async ({ page, navigate, expectNoA11yViolations, screenshot }) => {
    await navigate(paths.login);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectNoA11yViolations();
    await screenshot("login");
  });
});
