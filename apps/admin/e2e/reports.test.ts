/**
 * Reports (issue 34) in Chromium against the real API at 1280 and 390 px: with a paid booking in the
 * books, the money, fill-rate, outstanding and discount reports render as charts with their tables,
 * the figures match the API's, and a report downloads as CSV.
 */
import { describeAtWidths, expect, test } from "./fixtures";
import { createPaidBooking } from "./helpers";

type Reports = {
  from: string;
  to: string;
  money: { month: string; received: number; refunded: number; net: number }[];
  courses: { course: string; fill_percent: number }[];
};

describeAtWidths("reports", () => {
  test("render as charts with tables, match the API and download as CSV", async ({
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
    await createPaidBooking(context.request, apiUrl);
    await navigate("/reports");
    await page.getByRole("heading", { level: 1, name: "Reports" }).waitFor();
    const from = await page.getByLabel("From").inputValue();
    const to = await page.getByLabel("To").inputValue();
    const data = await getJson<Reports>(`/api/reports?from=${from}&to=${to}`);
    expect(data.money.length).toBe(12);
    const thisMonth = data.money.at(-1)!;
    expect(thisMonth.received).toBeGreaterThan(0);

    for (const name of [
      "Money per month",
      "Fill rate per course",
      "Fill rate per date",
      "Outstanding balances",
      "What discount codes cost",
    ])
      await page.getByRole("heading", { level: 2, name }).waitFor();
    const money = page.locator("section.report", { has: page.getByRole("heading", { name: "Money per month" }) });
    const chart = money.getByRole("img");
    expect(await chart.getAttribute("aria-label")).toContain("Money per month:");
    expect(await money.locator(".report-chart__bar").count()).toBe(12);
    const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
    const lastRow = money.locator("tbody tr").last();
    expect(await lastRow.locator("td").allTextContents()).toEqual([
      gbp.format(thisMonth.received),
      gbp.format(thisMonth.refunded),
      gbp.format(thisMonth.net),
    ]);
    const courses = page.locator("section.report", { has: page.getByRole("heading", { name: "Fill rate per course" }) });
    expect(await courses.locator("tbody tr").count()).toBe(data.courses.length);

    const download = page.waitForEvent("download");
    await money.getByRole("button", { name: /Download CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`report-money-${from}-to-${to}.csv`);

    await expectNoA11yViolations();
    await money.scrollIntoViewIfNeeded();
    await screenshot("reports");
  }, 120_000);
});
