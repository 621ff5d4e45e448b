/**
 * Deposits and balances in the browser (issue 29), against the real API with the local payment
 * provider: a course whose own payment options take a £30 deposit per place; checkout offers
 * Full Payment and "Deposit (Pay £30.00 per item)" with what is paid today and what is due when,
 * and the consent to keep the card; the order carries the plan; the deposit is paid on the local
 * payment page; the success page links the balance page, which shows paid and due; paying the
 * balance there leaves the booking paid in full. Where the office turned Klarna on, checkout shows
 * it as its own way of paying (the whole amount today, no card kept). An unknown balance link is
 * the not-found page.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, inject } from "vitest";
import { expect, test, VIEWPORTS } from "./fixtures";

const ADMIN = { email: "admin@example.com", password: "Admin!Passw0rd" };
const apiUrl = inject("apiUrl");
let token = "";

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${apiUrl}${path}`, {
    ...init,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const DEPOSIT_LABEL = "Deposit (Pay £30.00 per item)";

let made = 0;
/** A course 70 days away (price £150) whose own options take a £30 deposit, balance due 28 days before. */
async function depositCourse(title: string, options: Record<string, unknown> = {}): Promise<{ id: number; slug: string }> {
  made++;
  const created = await api("/api/courses", {
    method: "POST",
    body: JSON.stringify({
      title,
      price: 150,
      capacity: 10,
      description: "Created by the deposit browser test.",
      duration: "1 Day",
      time: "10 am - 5pm",
      courseDates: [{ startDate: day(70 + made), endDate: day(70 + made) }],
      keyPoints: [{ title: "Practical", details: "Hands-on all day." }],
      courseUnits: [{ title: "Deposits" }],
      addOns: [],
    }),
  });
  if (created.status !== 201) throw new Error(`creating the course failed: ${created.status} ${await created.text()}`);
  const course = (await created.json()) as { id: number; slug: string };
  // Deposits on for this course only (the site-wide options stay as other tests expect them).
  const set = await api(`/api/courses/${course.id}/payment-options`, {
    method: "PUT",
    body: JSON.stringify({
      use_site_wide: false,
      options: {
        deposit_enabled: true,
        deposit_kind: "fixed",
        deposit_value: 30,
        balance_due_days: 28,
        instalments_enabled: false,
        klarna_enabled: false,
        overdue_action: "keep",
        overdue_release_days: 7,
        hold_results_until_paid: false,
        ...options,
      },
    }),
  });
  if (set.status !== 200) throw new Error(`setting the payment options failed: ${set.status} ${await set.text()}`);
  return course;
}

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

beforeAll(async () => {
  const login = await fetch(`${apiUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  token = ((await login.json()) as { access_token: string }).access_token;
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  describe(`deposit and balance on a ${name} (${viewport.width} px)`, () => {
    test.scoped({ viewport });

    test("books with a deposit, pays it, opens the balance link, pays the balance, sees paid in full", async ({
      page,
      navigate,
      screenshot,
      expectNoA11yViolations,
    }) => {
      const title = `Deposit Course ${name}`;
      const course = await depositCourse(title);
      await navigate(`/course/${course.slug}`);
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.locator('[data-toast-type="success"]').first().waitFor();
      await navigate("/cart?step=checkout");
      await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();

      // The ways of paying, with today's amount and what is due when.
      const plans = page.getByRole("group", { name: "How would you like to pay?" });
      await plans.waitFor();
      const full = plans.getByRole("radio", { name: /^Full Payment/ });
      expect(await full.isChecked()).toBe(true);
      await plans.getByText("Pay £150.00 today.").waitFor();
      await plans.getByRole("radio", { name: new RegExp(`^${DEPOSIT_LABEL.replace(/[().£]/g, "\\$&")}`) }).check();
      await plans.getByText(/^Pay £30\.00 today, then £120\.00 by /).waitFor();
      await plans.getByText(/the deposit is not refunded/).waitFor();

      await page.getByLabel("First name*", { exact: true }).fill("Dana");
      await page.getByLabel("Last name*", { exact: true }).fill("Deposit");
      await page.getByLabel("Phone Number*").fill("07700 900456");
      await page.getByLabel("Email address*").fill(`deposit-${name}-${Date.now()}@example.com`);
      await page.getByLabel("Street address*").fill("3 Example Street");
      await page.getByLabel("Town/City*").fill("Bootle");
      await page.getByLabel("State*").selectOption("England");
      const keepCard = plans.getByRole("checkbox", { name: /^Keep my card on file/ });
      expect(await keepCard.isChecked()).toBe(false);
      await keepCard.check();
      await page.getByLabel("I agree to the booking terms*").check();
      await noSidewaysScroll(page, viewport.width);
      await expectNoA11yViolations("main");
      await plans.scrollIntoViewIfNeeded();
      await screenshot("deposit-checkout");

      const request = page.waitForRequest((r) => r.url().endsWith("/api/enroll") && r.method() === "POST");
      await page.getByRole("button", { name: "Proceed to Payment (£30.00)" }).click();
      const body = JSON.parse((await request).postData() ?? "{}") as Record<string, unknown>;
      expect(body).toMatchObject({ payment_plan: "deposit", save_card: true });

      // The deposit on the local payment page, then the success page with the balance link.
      await page.waitForURL(/\/api\/payments\/local\/[^/]+$/);
      await page.getByRole("button", { name: /^Pay\b/ }).click();
      await page.waitForURL(/\/payment\/success\?/);
      await page.getByRole("heading", { level: 1, name: "Payment Successful!" }).waitFor();
      const due = page.getByTestId("balance-due");
      await expect.poll(() => due.textContent()).toMatch(/^Still to pay: £120\.00 by /);
      await due.getByRole("link", { name: "Pay the balance" }).click();

      // The balance page: paid and due, then the balance on its payment page.
      await page.waitForURL(/\/pay\/[\w-]+$/);
      await page.getByRole("heading", { level: 1, name: "Pay your balance" }).waitFor();
      expect(await page.getByTestId("balance-paid").textContent()).toBe("£30.00");
      expect(await page.getByTestId("balance-due").textContent()).toBe("£120.00");
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toMatch(/noindex/);
      await noSidewaysScroll(page, viewport.width);
      await expectNoA11yViolations("main");
      await screenshot("balance-page");
      await page.getByRole("button", { name: "Pay the balance (£120.00)" }).click();
      await page.waitForURL(/\/api\/balance\/[^/]+\/local$/);
      await page.getByRole("button", { name: "Pay £120.00" }).click();

      // Back on the balance page: paid in full, nothing more to pay.
      await page.waitForURL(/\/pay\/[\w-]+\?paid=1$/);
      await page.getByRole("heading", { level: 1, name: "Paid in full" }).waitFor();
      expect(await page.getByTestId("balance-paid").textContent()).toBe("£150.00");
      expect(await page.getByTestId("balance-due").textContent()).toBe("£0.00");
      expect(await page.getByRole("button", { name: /^Pay the balance/ }).count()).toBe(0);
      await screenshot("balance-paid-in-full");
    }, 150_000);
  });
}

describe("Klarna where the office turned it on", () => {
  test.scoped({ viewport: VIEWPORTS.phone });
  test("is its own way of paying: the whole amount today, no card kept", async ({
    page,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    const course = await depositCourse("Klarna Course phone", { deposit_enabled: false, klarna_enabled: true });
    await navigate(`/course/${course.slug}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.locator('[data-toast-type="success"]').first().waitFor();
    await navigate("/cart?step=checkout");
    const plans = page.getByRole("group", { name: "How would you like to pay?" });
    await plans.waitFor();
    expect(await plans.getByRole("radio").count()).toBe(2);
    await plans.getByRole("radio", { name: /^Klarna/ }).check();
    await plans.getByText("Pay £150.00 with Klarna; Klarna lets you spread the cost.").waitFor();
    expect(await plans.getByRole("checkbox", { name: /^Keep my card on file/ }).count()).toBe(0);
    // No deposit is offered, so no words on deposits.
    expect(await plans.textContent()).not.toContain("deposit");

    await page.getByLabel("First name*", { exact: true }).fill("Kit");
    await page.getByLabel("Last name*", { exact: true }).fill("Klarna");
    await page.getByLabel("Phone Number*").fill("07700 900457");
    await page.getByLabel("Email address*").fill(`klarna-${Date.now()}@example.com`);
    await page.getByLabel("Street address*").fill("4 Example Street");
    await page.getByLabel("Town/City*").fill("Bootle");
    await page.getByLabel("State*").selectOption("England");
    await page.getByLabel("I agree to the booking terms*").check();
    await noSidewaysScroll(page, VIEWPORTS.phone.width);
    await expectNoA11yViolations("main");
    await plans.scrollIntoViewIfNeeded();
    await screenshot("klarna-checkout");

    const request = page.waitForRequest((r) => r.url().endsWith("/api/enroll") && r.method() === "POST");
    await page.getByRole("button", { name: "Proceed to Payment (£150.00)" }).click();
    const body = JSON.parse((await request).postData() ?? "{}") as Record<string, unknown>;
    expect(body).toMatchObject({ payment_plan: "klarna" });
    expect(body.save_card).not.toBe(true);
    await page.waitForURL(/\/api\/payments\/local\/[^/]+$/);
  }, 150_000);
});

describe("an unknown balance link", () => {
  test.scoped({ viewport: VIEWPORTS.phone });
  test("shows the not-found page with HTTP 404", async ({ siteUrl }) => {
    const res = await fetch(`${siteUrl}/pay/not-a-real-balance-link-token`);
    expect(res.status).toBe(404);
    expect(await res.text()).toMatch(/not found/i);
  });
});
