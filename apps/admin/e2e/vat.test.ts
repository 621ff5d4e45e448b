/**
 * VAT by date on the Payments page (issue 34, decision 420) in Chromium against the real API at 1280
 * and 390 px: the owner registers VAT from a day with its number and rate and sees it listed; a day
 * on or before documents already issued is refused with the API's reason.
 */
import { describeAtWidths, expect, test } from "./fixtures";
import { createPaidBooking } from "./helpers";

type Period = { starts_on: string; vat_number: string | null; rate_percent: number };

describeAtWidths("VAT settings", (width) => {
  test("the owner sets VAT from a day; a day already invoiced is refused", async ({
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
    // An invoice issued today: VAT cannot start on or before today any more.
    await createPaidBooking(context.request, apiUrl, { lastName: `Vat${width}` });
    await navigate("/payments");
    const vat = page.getByRole("region", { name: "VAT", exact: true });
    await vat.getByRole("heading", { level: 2, name: "VAT" }).waitFor();

    await vat.getByLabel("From", { exact: true }).fill("2020-01-01");
    await vat.getByLabel("VAT number").fill("GB123456789");
    await vat.getByRole("button", { name: "Save VAT" }).click();
    await expect.poll(() => vat.getByRole("alert").textContent()).toMatch(/^Documents are already issued on or after 2020-01-01/);

    const startsOn = width === "desktop" ? "2031-04-01" : "2031-05-01";
    await vat.getByLabel("From", { exact: true }).fill(startsOn);
    await vat.getByLabel("Rate (%)").fill("20");
    await vat.getByRole("button", { name: "Save VAT" }).click();
    const period = vat.getByRole("listitem").filter({ hasText: startsOn === "2031-04-01" ? "1st Apr 2031" : "1st May 2031" });
    await period.waitFor();
    expect(await period.locator("span").textContent()).toBe("VAT number GB123456789 at 20%");
    const periods = await getJson<Period[]>("/api/vat-periods");
    expect(periods).toContainEqual({ starts_on: startsOn, vat_number: "GB123456789", rate_percent: 20 });

    await expectNoA11yViolations();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await vat.scrollIntoViewIfNeeded();
    await screenshot("vat-settings");
  }, 120_000);
});
