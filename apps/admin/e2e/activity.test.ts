import { describeAtWidths, expect, test } from "./fixtures";
import { createPaidBooking } from "./helpers";

type Entry = { id: number; action: string; timestamp: string; amount?: number; items?: number };

describeAtWidths("activity log", () => {
  test("shows all entries, pages by 10 with 5 page buttons and filters back to page 1", async ({
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
    // The test makes what it checks: a paid booking now (today's entries with an amount on top)
    // and more than one page of entries, whatever the seed holds.
    await createPaidBooking(context.request, apiUrl);
    let entries = await getJson<Entry[]>("/api/activity-logs?limit=200");
    while (entries.length <= 10) {
      await createPaidBooking(context.request, apiUrl);
      entries = await getJson<Entry[]>("/api/activity-logs?limit=200");
    }
    // The whole log can be longer than the 200 entries fetched above (other tests write to it too):
    // the count the screen shows is the server's total.
    const counted = await context.request.get(`${apiUrl}/api/activity-logs?limit=1`);
    const total = Number(counted.headers()["x-total-count"]);
    expect(total).toBeGreaterThanOrEqual(entries.length);
    // The screen asks the API for one page at a time (hardening, decision 112), never the whole log.
    const asked: URL[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/activity-logs")) asked.push(new URL(r.url()));
    });
    await navigate("/activity-log");
    await page.getByRole("heading", { level: 1, name: "Activity Logs" }).waitFor();
    await page.getByText("View all system activities including enrollments, payments, course changes, and more.").waitFor();
    const filter = page.getByLabel("Show activity from");
    expect(await filter.inputValue()).toBe("all");
    const actions = page.locator(".activity-item__action");
    await expect.poll(() => actions.allTextContents()).toEqual(entries.slice(0, 10).map((e) => e.action));

    const withAmount = entries.slice(0, 10).find((e) => e.amount !== undefined && e.items !== undefined);
    expect(withAmount, "the booking just paid shows an amount and items").toBeDefined();
    {
      const item = page.locator(".activity-item", { hasText: withAmount!.action }).first();
      expect(await item.locator(".activity-item__amount").textContent()).toMatch(/^£[\d,]+\.\d\d$/);
      expect(await item.locator(".activity-item__items").textContent()).toBe(
        `${withAmount!.items} ${withAmount!.items === 1 ? "item" : "items"}`,
      );
    }
    expect(await page.locator(".activity-item__time").first().textContent()).toMatch(
      /(Just now|\d+m ago|\d+h ago|Yesterday|\d+d ago|\d\d\/\d\d\/\d{4}) · \d\d:\d\d$/,
    );

    await expectNoA11yViolations();
    await screenshot("activity-log");

    expect(entries.length).toBeGreaterThan(10);
    {
      const showing = page.locator(".admin-showing");
      expect(await showing.textContent()).toBe(`Showing 1 to 10 of ${total} activities`);
      const pages = Math.ceil(total / 10);
      expect(await page.getByRole("button", { name: /^Page \d+$/ }).count()).toBe(Math.min(5, pages));
      await page.getByRole("button", { name: "Page 2" }).click();
      await expect.poll(() => showing.textContent()).toBe(`Showing 11 to ${Math.min(20, total)} of ${total} activities`);
      await expect.poll(() => actions.allTextContents()).toEqual(entries.slice(10, 20).map((e) => e.action));
      expect(asked.some((u) => u.searchParams.get("page") === "2" && u.searchParams.get("limit") === "10")).toBe(true);
      // Changing the filter goes back to page 1.
      await filter.selectOption("month");
      await filter.selectOption("all");
      await expect.poll(() => showing.textContent()).toBe(`Showing 1 to 10 of ${total} activities`);
    }

    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((u) => Number(u.searchParams.get("limit")) <= 10)).toBe(true);
    await filter.selectOption("today");
    const today = new Date();
    const midnight = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
    const todays = entries.filter((e) => Date.parse(e.timestamp) >= midnight);
    expect(todays.length).toBeGreaterThan(0);
    await expect.poll(() => actions.count()).toBe(Math.min(10, todays.length));
    await expect.poll(() => actions.allTextContents()).toEqual(todays.slice(0, 10).map((e) => e.action));
    // The period is filtered on the server: the request carries the start of today.
    await expect.poll(() => asked.some((u) => u.searchParams.get("since") === new Date(midnight).toISOString())).toBe(true);
  });

  test("shows a sign-in as the spec's 'other' type with its Security category", async ({ page, login, navigate, getJson }) => {
    await login();
    // The API answers the spec's types only; the richer kind comes as a category (decision 289).
    const entries = await getJson<(Entry & { type: string; category?: string })[]>("/api/activity-logs?limit=10");
    const signIn = entries.find((e) => e.action === "Signed in");
    expect(signIn, "this test's sign-in is among the newest entries").toMatchObject({ type: "other", category: "security" });
    await navigate("/activity-log");
    await page.getByRole("heading", { level: 1, name: "Activity Logs" }).waitFor();
    const item = page.locator(`.activity-item[data-category="security"]`, { hasText: "Signed in" }).first();
    await item.waitFor();
    expect(await item.getAttribute("data-type")).toBe("other");
    expect(await item.locator(".activity-item__category").textContent()).toBe("Security");
  });
});
