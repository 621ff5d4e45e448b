import { generate } from "otplib";
import type { Page } from "playwright-core";
import { describeAtWidths, expect, test } from "./fixtures";

/**
 * Roles and second factors in the real browser against the real API (staff accounts). The accounts are
 * seeded by the API test server only (TEST_ROLE_STAFF in apps/api/src/env.ts), one per screen
 * width for each factor, so no test changes an account another test signs in with.
 */
const PASSWORD = "Staff!Passw0rd";

async function signIn(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Access Admin Panel" }).click();
}

/** The menu (opened first on a phone, where it is a drawer). */
async function menuLabels(page: Page): Promise<string[]> {
  const open = page.getByRole("button", { name: "Open menu" });
  if (await open.count()) await open.click();
  const labels = await page.locator(".admin-nav .admin-nav__label").allTextContents();
  const close = page.getByRole("button", { name: "Close menu" });
  if (await close.count()) await close.click();
  return labels.map((l) => l.trim()).filter((l) => l !== "Logout");
}

async function signOut(page: Page) {
  // At phone width Logout sits in the menu: wait for the frame (menu button or Logout) first.
  const open = page.getByRole("button", { name: "Open menu" });
  const logout = page.getByRole("button", { name: "Logout" });
  await open.or(logout).first().waitFor();
  if (await open.isVisible()) await open.click();
  await logout.click();
  await page.waitForURL(/\/login$/);
}

describeAtWidths("a trainer's portal", () => {
  test("shows only registers, their account and second factor; other admin URLs say 'Not allowed'", async ({
    page,
    navigate,
    expectNoA11yViolations,
    screenshot,
  }) => {
    await navigate("/login");
    await signIn(page, "trainer@example.com");
    // A trainer starts at the registers: there is no dashboard for them.
    await page.waitForURL(/\/enrolments$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Enrolments");
    expect(await menuLabels(page)).toEqual(["Enrolments", "Your account", "Second factor", "Learners"]);
    // No bell: notifications are bookings and messages, which a trainer does not see.
    expect(await page.getByRole("button", { name: /notifications/i }).count()).toBe(0);
    await expectNoA11yViolations();
    await screenshot("trainer-enrolments");

    for (const url of ["/messages", "/admin", "/discount", "/staff", "/activity-log"]) {
      await navigate(url);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Not allowed");
      expect(await page.getByText("Your role (Trainer) does not give access to this page.", { exact: false }).count()).toBe(1);
    }
    await expectNoA11yViolations();
    await screenshot("trainer-not-allowed");
    const width_ = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width_).toBeLessThanOrEqual(page.viewportSize()!.width);

    await page.getByRole("link", { name: "Go to your start page" }).click();
    await page.waitForURL(/\/enrolments$/);
  });

  test("the owner sees Staff and can change a role; office does not see Staff", async ({
    page,
    navigate,
    login,
    expectNoA11yViolations,
    screenshot,
  }) => {
    await login();
    await navigate("/staff");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Staff");
    await expect.poll(() => page.getByText("office@example.com", { exact: true }).count()).toBe(1);
    await expectNoA11yViolations();
    await screenshot("staff");
    expect(await menuLabels(page)).toContain("Staff");
  });
});

async function addTotp(page: Page): Promise<{ secret: string; codes: string[] }> {
  await page.getByRole("button", { name: "Add authenticator app" }).click();
  const secretEl = page.getByTestId("totp-secret");
  await secretEl.waitFor();
  const secret = (await secretEl.textContent())!.trim();
  expect(await page.getByRole("img", { name: "QR code for the authenticator app" }).count()).toBe(1);
  await page.getByLabel("Code from the app").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn on" }).click();
  await page.getByRole("heading", { name: "Your recovery codes" }).waitFor();
  const codes = (await page.locator(".recovery-codes__list code").allTextContents()).map((c) => c.trim());
  return { secret, codes };
}

describeAtWidths("authenticator app", (width) => {
  test("is set up with its QR code and key, then asked for after the password; a recovery code works once", async ({
    page,
    navigate,
    login,
    expectNoA11yViolations,
    screenshot,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors();
    const email = `totp-${width}@example.com`;
    await login({ email, password: PASSWORD });
    await navigate("/security");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Second factor");
    await page.getByRole("button", { name: "Add authenticator app" }).waitFor();
    await expectNoA11yViolations();
    await screenshot("security");

    const { secret, codes } = await addTotp(page);
    expect(codes).toHaveLength(10);
    await expectNoA11yViolations();
    await screenshot("recovery-codes");
    await page.getByRole("button", { name: "I have saved my codes" }).click();
    await expect.poll(() => page.locator(".security-badge").first().textContent()).toBe("On");

    await signOut(page);
    await signIn(page, email);
    await expect.poll(() => page.getByRole("heading", { name: "Second step" }).count()).toBe(1);
    // A wrong code is counted like a wrong password.
    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => page.locator(".login__attempts").textContent()).toBe("Code attempts: 1/5");
    await expectNoA11yViolations();
    await screenshot("second-step");
    // The code of the next 30-second step: a fresh step (the one used at set-up cannot be replayed).
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await page.getByLabel("Authentication code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    // Back where the person signed out (the guard remembers the page).
    await page.waitForURL(/\/security$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Second factor");

    // A recovery code instead of the app: once.
    await signOut(page);
    await signIn(page, email);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(codes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(/\/security$/);
    await signOut(page);
    await signIn(page, email);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(codes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect
      .poll(() => page.locator(".login__error").textContent())
      .toBe("That recovery code is not right. Please try again.");
  });
});

describeAtWidths("passkey", (width) => {
  test("is added with Chromium's virtual authenticator and signs in after the password", async ({
    page,
    context,
    navigate,
    login,
    expectNoA11yViolations,
    screenshot,
  }) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const email = `passkey-${width}@example.com`;
    await login({ email, password: PASSWORD });
    await navigate("/security");
    await page.getByLabel("Passkey name (optional)").fill("Test laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.getByRole("heading", { name: "Your recovery codes" }).waitFor();
    await page.getByRole("button", { name: "I have saved my codes" }).click();
    await expect.poll(() => page.getByText("Test laptop").count()).toBe(1);
    await expectNoA11yViolations();
    await screenshot("passkeys");

    await signOut(page);
    await signIn(page, email);
    await expect.poll(() => page.getByRole("heading", { name: "Second step" }).count()).toBe(1);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    // Back where the person signed out (the guard remembers the page).
    await page.waitForURL(/\/security$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Second factor");
  });
});

describeAtWidths("your sessions", () => {
  test("lists each signed-in device and signs out everywhere else", async ({
    page,
    navigate,
    login,
    browser,
    apiUrl,
    adminUrl,
    expectNoA11yViolations,
    screenshot,
  }) => {
    const other = await browser.newContext();
    const res = await other.request.post(`${apiUrl}/api/login`, {
      data: { email: "office@example.com", password: PASSWORD },
      headers: { Origin: adminUrl },
    });
    expect(res.status()).toBe(200);
    await login({ email: "office@example.com", password: PASSWORD });
    await navigate("/account");
    await expect.poll(() => page.locator(".session-list__item").count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByText("· This device").count()).toBe(1);
    await expectNoA11yViolations();
    await screenshot("sessions");
    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect.poll(() => page.locator(".session-list__item").count()).toBe(1);
    expect((await other.request.get(`${apiUrl}/api/me`)).status()).toBe(401);
    await other.close();
  });
});

describeAtWidths("idle sign-out", () => {
  test("warns two minutes before, 'Stay signed in' keeps the session, then signs out after 30 quiet minutes", async ({
    page,
    navigate,
    login,
    apiUrl,
    context,
    expectNoA11yViolations,
    screenshot,
  }) => {
    // The page's clock only: the server keeps real time, the app measures the quiet time itself.
    await page.clock.install();
    // Every answer the app counts as activity moves the idle end to "now + 30 minutes" on the
    // page's clock: a call of the account page still in flight when the clock jumps would answer
    // after the jump and take the warning away. Jump only once nothing is on the wire.
    let inFlight = 0;
    page.on("request", () => void inFlight++);
    page.on("requestfinished", () => void inFlight--);
    page.on("requestfailed", () => void inFlight--);
    await login({ email: "trainer@example.com", password: PASSWORD });
    await navigate("/account");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your account");
    await expect.poll(() => inFlight).toBe(0);
    expect(await page.getByRole("dialog").count()).toBe(0);

    await page.clock.fastForward("28:10");
    const dialog = page.getByRole("dialog", { name: "Are you still there?" });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toMatch(/signed out in 1:\d\d because there has been no activity/);
    await expectNoA11yViolations();
    await screenshot("idle-warning");
    // (The page clock is frozen between jumps, so the dialog's opening transition never "settles".)
    await dialog.getByRole("button", { name: "Stay signed in" }).last().dispatchEvent("click");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    // Quiet again for the whole idle time: signed out, told why, and the server session is over.
    await page.clock.fastForward("31:00");
    await page.waitForURL(/\/login$/);
    await screenshot("idle-signed-out");
    await expect
      .poll(() => page.getByText("You were signed out after 30 minutes without activity.", { exact: false }).count())
      .toBe(1);
    expect((await context.request.get(`${apiUrl}/api/me`)).status()).toBe(401);
  });
});
