/**
 * The status page (operations) in Chromium against the real API: every item the API reports, with
 * its level in words, its plain sentence, what to do and the measured reading; worst first; the
 * running version; reachable from the menu by the office and the owner, not by a trainer.
 */
import { describeAtWidths, expect, test } from "./fixtures";

type Item = {
  key: string;
  title: string;
  level: "green" | "amber" | "red";
  reading: string;
  summary: string;
  action: string | null;
};
type Status = { items: Item[]; parts: { name: string; version: string | null; commit: string | null }[] };

const LEVEL_WORDS = { green: "OK", amber: "Needs a look", red: "Needs action now" } as const;

describeAtWidths("status page", (width) => {
  test("shows each part of the system green, amber or red with what to do", async ({
    page,
    login,
    navigate,
    getJson,
    expectNoA11yViolations,
    screenshot,
  }) => {
    await login();
    const status = await getJson<Status>("/api/status");
    expect(status.items.map((i) => i.key).sort()).toEqual(["backup", "database", "disk", "jobs", "mail", "payments", "webhooks"]);
    await navigate("/admin");
    if (width === "phone") await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Status" }).click();
    await page.waitForURL(/\/status$/);
    await page.getByRole("heading", { level: 1, name: "Status" }).waitFor();

    const cards = page.getByRole("list", { name: "Status of each part" }).getByRole("listitem");
    await expect.poll(() => cards.count()).toBe(status.items.length);
    // Worst first.
    const rank = { red: 0, amber: 1, green: 2 } as const;
    const titles = await cards.locator("h2").allTextContents();
    const levels = titles.map((t) => status.items.find((i) => i.title === t)!.level);
    expect(levels).toEqual([...levels].sort((a, b) => rank[a] - rank[b]));
    for (const item of status.items) {
      const card = cards.filter({ has: page.getByRole("heading", { name: item.title }) });
      const text = (await card.textContent()) ?? "";
      expect(text).toContain(LEVEL_WORDS[item.level]);
      expect(text).toContain(item.summary);
      if (item.action) expect(text).toContain(`What to do: ${item.action}`);
      // Readings with a time in them ("… just now") may move between the two reads: compare the
      // start. Disk use moves with every write on the machine; it is matched by its shape below.
      if (item.key !== "disk") expect(text).toContain(item.reading.slice(0, 12));
    }
    // Real readings from the test server: the database answers; no backup is recorded there.
    expect(await cards.filter({ hasText: "Database" }).textContent()).toMatch(/Reachable \(answered in \d+ ms\)/);
    expect(await cards.filter({ hasText: "Backups" }).textContent()).toContain("No backup recorded");
    expect(await cards.filter({ hasText: "Disk space" }).textContent()).toMatch(/\d+(\.\d)?% used/);
    const overall = page.getByRole("status").filter({ hasText: "Checked" });
    expect(await overall.textContent()).toMatch(/need|working/);
    const versions = page.getByRole("region", { name: "Running versions" });
    expect(await versions.textContent()).toContain(`Version ${status.parts[0]!.version}`);

    await expectNoA11yViolations();
    await screenshot("status");
  });
});

test("a trainer has no Status in the menu and is refused the page", async ({ page, login, navigate }) => {
  await login({ email: "trainer@example.com", password: "Staff!Passw0rd" });
  await navigate("/enrolments");
  await page.getByRole("heading", { level: 1 }).waitFor();
  const nav = page.getByRole("navigation", { name: "Main" });
  expect(await nav.getByRole("link", { name: "Status" }).count()).toBe(0);
  await navigate("/status");
  await page.getByText("Not allowed").first().waitFor();
});
