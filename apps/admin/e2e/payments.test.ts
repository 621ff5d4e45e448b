/**
 * The office's payment options (issue 29) in Chromium against the real API: the Payments screen
 * saves the site-wide options (and shows the API's message under a bad field), and a training's
 * page gives that course its own options or takes it back to the site-wide ones.
 */
import { describeAtWidths, expect, test } from "./fixtures";

type Options = { deposit_enabled: boolean; deposit_kind: string; deposit_value: number; balance_due_days: number };

describeAtWidths("payment options", (width) => {
  test("sets the site-wide options and a course's own", async ({
    page,
    context,
    apiUrl,
    login,
    navigate,
    getJson,
    expectNoA11yViolations,
    screenshot,
  }) => {
    await login();
    const before = await getJson<Options>("/api/payment-options");

    await navigate("/payments");
    await page.getByRole("heading", { level: 1, name: "Payments" }).waitFor();
    const due = page.getByLabel("Balance due (days before the first day)");
    await expect.poll(() => due.inputValue()).toBe(String(before.balance_due_days));
    // A bad value: the API's words under the field, nothing saved.
    await due.fill("");
    await page.getByRole("button", { name: "Save payment options" }).click();
    await expect
      .poll(() => page.locator("#site-pay-due-error").textContent())
      .toBe("Enter how many days before the course the balance is due");
    expect((await getJson<Options>("/api/payment-options")).balance_due_days).toBe(before.balance_due_days);
    await due.fill(String(before.balance_due_days + 1));
    await page.getByRole("button", { name: "Save payment options" }).click();
    await page.getByText("Payment options saved: they apply to new bookings").first().waitFor();
    await expect
      .poll(async () => (await getJson<Options>("/api/payment-options")).balance_due_days)
      .toBe(before.balance_due_days + 1);
    await expectNoA11yViolations("main");
    await screenshot("payments-settings");
    // Back as it was, for the other tests.
    const reset = await context.request.put(`${apiUrl}/api/payment-options`, { data: before });
    expect(reset.status()).toBe(200);

    // A training's own options.
    const courses = (await (await context.request.get(`${apiUrl}/api/courses`)).json()) as Array<{ id: number }>;
    const courseId = courses[width === "phone" ? 0 : 1]!.id;
    await navigate(`/training/${courseId}`);
    const section = page.getByRole("region", { name: "Payment options" });
    const siteWide = section.getByLabel("Use the site-wide payment options (set under Payments)");
    await expect.poll(() => siteWide.isChecked()).toBe(true);
    await siteWide.uncheck();
    await section.getByLabel("Customers can pay a deposit and the balance later").check();
    await section.getByLabel("Deposit per place").selectOption("percent");
    await section.getByLabel("Deposit (% of each place's price)").fill("25");
    await section.getByRole("button", { name: "Save payment options" }).click();
    await page.getByText("Payment options saved: they apply to new bookings").first().waitFor();
    await expect
      .poll(async () => getJson<{ use_site_wide: boolean; options: Options }>(`/api/courses/${courseId}/payment-options`))
      .toMatchObject({ use_site_wide: false, options: { deposit_enabled: true, deposit_kind: "percent", deposit_value: 25 } });
    await section.scrollIntoViewIfNeeded();
    await screenshot("training-payment-options");
    // And back to the site-wide options.
    await siteWide.check();
    await section.getByRole("button", { name: "Save payment options" }).click();
    await expect
      .poll(async () => (await getJson<{ use_site_wide: boolean }>(`/api/courses/${courseId}/payment-options`)).use_site_wide)
      .toBe(true);
  });
});
