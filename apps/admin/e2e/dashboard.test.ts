import { describe } from "vitest";
import { describeAtWidths, expect, test } from "./fixtures";
import { createPaidBooking } from "./helpers";

type Card = { title: string; value: number; percentage: number; isPositive: boolean; caption?: string };
type Entry = { id: number; action: string; timestamp: string };

function startOfWeekSunday(now: Date): Date {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  d.setDate(d.getDate() - d.getDay());
  return d;
}

describeAtWidths("dashboard", () => {
  test("greets the administrator, counts the API's figures up and shows this week's latest activity", async ({
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
    // A booking paid now: this week's block always has something to show, whatever the seed holds.
    await createPaidBooking(context.request, apiUrl);
    const me = await getJson<{ user: { name: string } }>("/api/me");
    const cards = await getJson<Card[]>("/api/dashboard");
    const entries = await getJson<Entry[]>("/api/activity-logs?limit=200");
    await navigate("/admin");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Welcome back, ${me.user.name}`);
    await page.getByText("Here's what's happening with your training center today.").waitFor();

    const statCards = page.locator(".stat-card:not(.stat-card--skeleton)");
    await expect.poll(() => statCards.count()).toBe(cards.length);
    // The spec's three monthly cards, then the standing Outstanding balances figure (issue 29).
    expect(cards.map((c) => c.title)).toEqual(["Enrollments", "Revenue", "Messages", "Outstanding balances"]);
    // After 0.4 s stagger + 30 × 50 ms every card shows its final value.
    await page.waitForTimeout(2200);
    for (const [i, card] of cards.entries()) {
      const el = statCards.nth(i);
      expect(await el.locator(".stat-card__title").textContent()).toBe(card.title);
      const shown = (await el.locator(".stat-card__value [aria-hidden]").textContent()) ?? "";
      expect(Number(shown.replace(/[^\d.]/g, ""))).toBeCloseTo(card.value, 2);
      if (card.caption !== undefined) {
        // A standing figure has no month to compare with: its own caption, no arrow.
        expect(await el.locator(".stat-card__caption").textContent()).toBe(card.caption);
        expect(await el.locator(".stat-card__pct").count()).toBe(0);
        continue;
      }
      expect(await el.locator(".stat-card__caption").textContent()).toBe("vs last month");
      // A 0% change is no change (neutral, no arrow up), not growth.
      const direction = card.percentage === 0 ? "flat" : card.isPositive ? "up" : "down";
      expect(await el.locator(`.stat-card__pct--${direction}`).count()).toBe(1);
      if (direction === "flat") expect(await el.locator(".stat-card__pct").textContent()).toBe("No change");
    }

    const sunday = startOfWeekSunday(new Date()).getTime();
    const thisWeek = entries.filter((e) => Date.parse(e.timestamp) >= sunday).slice(0, 4);
    const block = page.locator("section", { has: page.getByRole("heading", { name: "Activity Logs" }) });
    expect(await block.getByLabel("Show activity from").inputValue()).toBe("week");
    expect(thisWeek.length).toBeGreaterThan(0);
    await expect.poll(() => block.locator(".activity-item__action").allTextContents()).toEqual(thisWeek.map((e) => e.action));
    await block.getByLabel("Show activity from").selectOption("all");
    await expect
      .poll(() => block.locator(".activity-item__action").allTextContents())
      .toEqual(entries.slice(0, 4).map((e) => e.action));

    await expectNoA11yViolations();
    await screenshot("dashboard");
    await block.getByRole("link", { name: "View More Logs" }).click();
    await page.waitForURL(/\/activity-log$/);
  });
});

describe("dashboard motion", () => {
  test("shows the final values at once under prefers-reduced-motion", async ({ page, login, navigate, getJson }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await login();
    const cards = await getJson<Card[]>("/api/dashboard");
    await navigate("/admin");
    const first = page.locator(".stat-card:not(.stat-card--skeleton) .stat-card__value [aria-hidden]").first();
    await first.waitFor();
    expect(Number(((await first.textContent()) ?? "").replace(/[^\d.]/g, ""))).toBeCloseTo(cards[0]!.value, 2);
  });
});
