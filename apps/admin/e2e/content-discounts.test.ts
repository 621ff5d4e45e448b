/**
 * Discount codes against the real API: create one with 'Generate', see it listed with its uses
 * left, edit and delete it; every create-code message of spec §5; the red banner on failure.
 */
import { describe } from "vitest";
import type { Page } from "playwright-core";
import type { Discount } from "@app/contract";
import { expect, test, VIEWPORTS } from "./fixtures";
import { activityMentioning, adminName, apiGet, apiSend, expectToast, isoInDays, slowDown, uniq } from "./content-helpers";

const fieldError = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((el) => {
    const ids = (el.getAttribute("aria-describedby") ?? "").split(" ");
    return (
      ids.map((id) => document.getElementById(id)).find((n) => n?.classList.contains("ui-field__error"))?.textContent ?? null
    );
  });

/** '2025-01-01' → '1st January, 2025' (what the screens must show). */
function longDate(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const month = new Date(Date.UTC(y, m - 1, 1)).toLocaleString("en-GB", { month: "long", timeZone: "UTC" });
  const s = d % 10 === 1 && d !== 11 ? "st" : d % 10 === 2 && d !== 12 ? "nd" : d % 10 === 3 && d !== 13 ? "rd" : "th";
  return `${d}${s} ${month}, ${y}`;
}

describe("discount codes at 1280 px", () => {
  test("creates a code with Generate, edits it and deletes it", async ({
    page,
    context,
    apiUrl,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await login();
    const who = await adminName(context, apiUrl);
    const from = isoInDays(1);
    const until = isoInDays(31);

    await navigate("/discount");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.locator(".dc-table tbody tr:not([aria-hidden])").first().waitFor();
    await expect
      .poll(() => page.locator(".dc-table thead th").allInnerTexts())
      .toEqual(["Code", "Percentage", "Valid From", "Valid Until", "Max Users", "Actions"]);
    await expectNoA11yViolations();
    await screenshot("discounts");

    await page.getByRole("link", { name: "Create a code" }).first().click();
    await page.waitForURL("**/create-code");
    await expect
      .poll(() => page.getByRole("navigation", { name: "Breadcrumb" }).innerText())
      .toMatch(/Discount\s*›\s*Add Discount/);
    await expectNoA11yViolations();
    await screenshot("create-code");

    // Typed codes are uppercased; Generate gives 8 capitals/digits, a new one each time.
    await page.getByLabel("Discount Code").fill("spring");
    await expect.poll(() => page.getByLabel("Discount Code").inputValue()).toBe("SPRING");
    await page.getByRole("button", { name: "Generate" }).click();
    const first = await page.getByLabel("Discount Code").inputValue();
    expect(first).toMatch(/^[A-Z0-9]{8}$/);
    await page.getByRole("button", { name: "Generate" }).click();
    const code = await page.getByLabel("Discount Code").inputValue();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(code).not.toBe(first);

    await page.getByLabel("Discount Percentage").fill("15");
    await page.getByLabel("Valid From").fill(from);
    await page.getByLabel("Valid Until").fill(until);
    await page.getByLabel("Maximum Uses").fill("3");
    await screenshot("create-code-filled");
    await slowDown(page, "**/api/discounts", "POST");
    await page.getByRole("button", { name: "Create Code" }).click();
    await page.getByRole("button", { name: "Creating Code..." }).waitFor();
    await expectToast(page, "Discount code created successfully!");
    await page.waitForURL(/\/discount$/);

    const all = (await apiGet<Discount[]>(context, apiUrl, "/api/discounts")).body;
    const created = all.find((d) => d.code === code)!;
    expect(created).toMatchObject({ percent_off: 15, valid_from: from, valid_until: until, max_uses: 3, uses_left: 3 });

    // Listed with long dates and uses left (go to the page that holds it when there are more than 10)
    const row = page.locator("tr", { hasText: code });
    while (
      (await row.count()) === 0 &&
      (await page
        .getByRole("button", { name: "Next" })
        .isEnabled()
        .catch(() => false))
    ) {
      await page.getByRole("button", { name: "Next" }).click();
    }
    await expect.poll(() => row.innerText()).toContain(longDate(from));
    expect(await row.innerText()).toContain(longDate(until));
    expect(await row.innerText()).toContain("3 of 3 uses left");
    expect(await row.innerText()).toContain("15%");

    // View
    await row.getByRole("link", { name: `View Details: ${code}` }).click();
    await page.waitForURL(`**/discount/${created.id}`);
    await expect
      .poll(() => page.getByRole("navigation", { name: "Breadcrumb" }).innerText())
      .toMatch(/Discount\s*›\s*View Discount/);
    await expect.poll(() => page.locator(".dc-facts").innerText()).toContain(longDate(until));
    await expect.poll(() => page.locator(".dc-badge").textContent()).toBe("3 of 3 uses left");
    await expectNoA11yViolations();
    await screenshot("discount-detail");

    // Edit
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await expect.poll(() => page.getByLabel("Percentage", { exact: true }).inputValue()).toBe("15");
    await page.getByLabel("Percentage", { exact: true }).fill("20");
    await page.getByLabel("Max Users", { exact: true }).fill("5");
    await expectNoA11yViolations();
    await screenshot("discount-edit");
    await page.getByRole("button", { name: "Save Discount" }).click();
    await expectToast(page, "Discount saved successfully");
    await expect.poll(() => page.locator(".dc-badge").textContent()).toBe("5 of 5 uses left");
    expect(await page.locator(".dc-facts").innerText()).toContain("20%");
    const saved = (await apiGet<Discount>(context, apiUrl, `/api/discounts/${created.id}`)).body;
    expect(saved).toMatchObject({ percent_off: 20, max_uses: 5 });

    // Delete
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await expect
      .poll(() => dialog.textContent())
      .toContain(`Are you sure you want to delete discount code "${code}"? This will permanently remove the discount.`);
    await expectNoA11yViolations();
    await screenshot("discount-delete");
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "Discount Deleted");
    await page.waitForURL(/\/discount$/);
    expect((await apiGet(context, apiUrl, `/api/discounts/${created.id}`)).status).toBe(404);

    const log = await activityMentioning(context, apiUrl, code);
    expect(log.length).toBeGreaterThanOrEqual(3);
    expect(log.every((e) => e.user === who)).toBe(true);
  });

  test("says each create-code message of spec §5 for its mistake", async ({
    page,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await login();
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/discounts")) posts += 1;
    });
    await navigate("/create-code");
    const create = page.getByRole("button", { name: "Create Code" });

    await create.click();
    await expect.poll(() => fieldError(page, "Discount Code")).toBe("Discount code is required");
    expect(await fieldError(page, "Discount Percentage")).toBe("Discount must be greater than 0%");
    expect(await fieldError(page, "Valid From")).toBe("Start date is required");
    expect(await fieldError(page, "Valid Until")).toBe("End date is required");
    expect(await fieldError(page, "Maximum Uses")).toBe("Max uses must be greater than 0");
    await expectNoA11yViolations();
    await screenshot("create-code-errors");

    const cases: Array<[string, string, string, string]> = [
      // field, value, label of the field with the message, message
      ["Discount Code", "AB", "Discount Code", "Code must be at least 3 characters"],
      ["Discount Code", "SAVE-10", "Discount Code", "Code must contain only uppercase letters and numbers"],
      ["Discount Percentage", "0", "Discount Percentage", "Discount must be greater than 0%"],
      ["Discount Percentage", "101", "Discount Percentage", "Discount cannot exceed 100%"],
      ["Valid From", isoInDays(-1), "Valid From", "Start date cannot be in the past"],
      ["Maximum Uses", "0", "Maximum Uses", "Max uses must be greater than 0"],
    ];
    for (const [label, value, errorLabel, message] of cases) {
      await page.getByLabel(label, { exact: true }).fill(value);
      // The error goes as the field is edited, and comes back on the next attempt if still wrong.
      await create.click();
      await expect.poll(() => fieldError(page, errorLabel), { message: `${label}=${value}` }).toBe(message);
    }

    await page.getByLabel("Valid From", { exact: true }).fill(isoInDays(10));
    await page.getByLabel("Valid Until", { exact: true }).fill(isoInDays(5));
    await create.click();
    await expect.poll(() => fieldError(page, "Valid Until")).toBe("End date must be after start date");
    await page.getByLabel("Valid Until", { exact: true }).fill(isoInDays(10));
    await expect.poll(() => fieldError(page, "Valid Until")).toBeNull();
    await create.click();
    await expect.poll(() => fieldError(page, "Valid Until")).toBe("End date must be after start date");
    expect(posts, "no request while the form is wrong").toBe(0);
  });

  test("shows the server's refusal in the red banner", async ({
    page,
    context,
    apiUrl,
    adminUrl,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await login();
    const code = `DUP${uniq()}`.slice(0, 12);
    const made = await apiSend<Discount>(context, apiUrl, adminUrl, "POST", "/api/discounts", {
      code,
      percent_off: 10,
      valid_from: isoInDays(1),
      valid_until: isoInDays(5),
      max_uses: 1,
    });
    expect(made.status).toBe(201);

    await navigate("/create-code");
    await page.getByLabel("Discount Code").fill(code);
    await page.getByLabel("Discount Percentage").fill("10");
    await page.getByLabel("Valid From").fill(isoInDays(1));
    await page.getByLabel("Valid Until").fill(isoInDays(5));
    await page.getByLabel("Maximum Uses").fill("2");
    await page.getByRole("button", { name: "Create Code" }).click();
    const banner = page.locator(".dc-banner");
    await banner.waitFor();
    expect((await banner.innerText()).trim().length).toBeGreaterThan(0);
    expect(page.url()).toMatch(/\/create-code$/);
    await expectNoA11yViolations();
    await screenshot("create-code-banner");
    await apiSend(context, apiUrl, adminUrl, "DELETE", `/api/discounts/${made.body.id}`);
  });

  test("pages the list only above 10 codes", async ({ page, context, apiUrl, adminUrl, login, navigate }) => {
    await login();
    const before = (await apiGet<Discount[]>(context, apiUrl, "/api/discounts")).body.length;
    const made: number[] = [];
    // Make sure there are more than 10.
    for (let i = before; i < 11; i += 1) {
      const r = await apiSend<Discount>(context, apiUrl, adminUrl, "POST", "/api/discounts", {
        code: `PAGE${i}${uniq()}`.slice(0, 14),
        percent_off: 5,
        valid_from: isoInDays(1),
        valid_until: isoInDays(9),
        max_uses: 1,
      });
      made.push(r.body.id);
    }
    await navigate("/discount");
    await page.getByRole("navigation", { name: "Discount code pages" }).waitFor();
    expect(await page.locator(".dc-table tbody tr").count()).toBe(10);
    await page.getByRole("button", { name: "Page 2" }).click();
    await expect.poll(() => page.locator(".dc-table tbody tr").count()).toBeGreaterThan(0);
    for (const id of made) await apiSend(context, apiUrl, adminUrl, "DELETE", `/api/discounts/${id}`);
  });
});

describe("discount codes at 390 px", () => {
  test.override({ viewport: VIEWPORTS.phone });

  test("list, form and detail fit a phone", async ({
    page,
    context,
    apiUrl,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await login();
    const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await navigate("/discount");
    await page.locator(".dc-table tbody tr:not([aria-hidden]), .ui-state--empty").first().waitFor();
    await expectNoA11yViolations();
    await screenshot("discounts");
    expect(await noOverflow()).toBe(true);

    await navigate("/create-code");
    await page.getByRole("button", { name: "Generate" }).click();
    await page.getByRole("button", { name: "Create Code" }).click();
    await expectNoA11yViolations();
    await screenshot("create-code");
    expect(await noOverflow()).toBe(true);

    const list = (await apiGet<Discount[]>(context, apiUrl, "/api/discounts")).body;
    // The code created just above exists, so the detail screen always has one to show.
    expect(list.length).toBeGreaterThan(0);
    {
      await navigate(`/discount/${list[0]!.id}`);
      await page.locator(".dc-badge").waitFor();
      await expectNoA11yViolations();
      await screenshot("discount-detail");
      expect(await noOverflow()).toBe(true);
      await page.getByRole("button", { name: "Edit", exact: true }).click();
      await screenshot("discount-edit");
      expect(await noOverflow()).toBe(true);
    }
  });
});
