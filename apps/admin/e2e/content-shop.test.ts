/**
 * Saved items against the real API: add with a picture (a non-image and a file over 5 MB refused
 * in the page), the success modal, view, edit with a new picture, delete; each change logged.
 */
import { describe } from "vitest";
import type { Page } from "playwright-core";
import type { ShopItem } from "@app/contract";
import { expect, test, VIEWPORTS } from "./fixtures";
import { activityMentioning, adminName, apiGet, apiSend, expectToast, files, makePng, slowDown, uniq } from "./content-helpers";

const fieldError = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((el) => {
    const ids = (el.getAttribute("aria-describedby") ?? "").split(" ");
    return (
      ids.map((id) => document.getElementById(id)).find((n) => n?.classList.contains("ui-field__error"))?.textContent ?? null
    );
  });

describe("saved items at 1280 px", () => {
  test("adds, edits and deletes an item with a picture", async ({
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
    const name = `E2E Stab Vest ${uniq()}`;

    await navigate("/shop");
    await page.getByRole("heading", { name: "Saved Items", level: 1 }).waitFor();
    await page.locator(".sh-grid, .ui-state--empty").first().waitFor();
    await expectNoA11yViolations();
    await screenshot("shop");

    await page.getByRole("link", { name: "Add Item" }).first().click();
    await page.waitForURL("**/shop/add");
    await expect
      .poll(() => page.getByRole("navigation", { name: "Breadcrumb" }).innerText())
      .toMatch(/Saved Items\s*›\s*Add Item/);
    await expect.poll(() => page.getByText("PNG, JPG up to 5MB").count()).toBe(1);
    await expectNoA11yViolations();

    // The spec's checks, said in the page
    await page.getByRole("button", { name: "Save Item" }).click();
    await expect.poll(() => fieldError(page, "Item Title *")).toBe("Item title is required");
    expect(await fieldError(page, "URL *")).toBe("URL is required");
    await expectNoA11yViolations();
    await screenshot("shop-add-errors");
    await page.getByLabel("Item Title *").fill(name);
    await expect.poll(() => fieldError(page, "Item Title *")).toBeNull();
    await page.getByLabel("URL *").fill("not a url");
    await page.getByRole("button", { name: "Save Item" }).click();
    await expect.poll(() => fieldError(page, "URL *")).toBe("Please enter a valid URL");
    await page.getByLabel("URL *").fill("https://shop.example.com/stab-vest");
    await expect.poll(() => fieldError(page, "URL *")).toBeNull();

    const input = page.locator("input[type=file]");
    await input.setInputFiles(files.text());
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Please select an image file" }).count()).toBe(1);
    await input.setInputFiles(files.tooBig());
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "File size must be less than 5MB" }).count()).toBe(1);
    expect(await page.getByRole("img", { name: "Chosen item image" }).count()).toBe(0);
    await screenshot("shop-add-image-error");

    await input.setInputFiles(files.png("vest.png"));
    await page.getByRole("img", { name: "Chosen item image" }).waitFor();
    expect(await page.getByText("File size must be less than 5MB").count()).toBe(0);
    // Remove, then choose again (Change)
    await page.getByRole("button", { name: "Remove" }).click();
    expect(await page.getByRole("img", { name: "Chosen item image" }).count()).toBe(0);
    await input.setInputFiles(files.png("vest.png"));
    await page.getByRole("img", { name: "Chosen item image" }).waitFor();
    await expect.poll(() => page.locator("label", { hasText: "Change" }).count()).toBe(1);
    await expectNoA11yViolations();
    await screenshot("shop-add-filled");

    await slowDown(page, "**/api/shops", "POST");
    await page.getByRole("button", { name: "Save Item" }).click();
    await page.getByRole("button", { name: "Saving..." }).waitFor();
    const modal = page.getByRole("dialog", { name: "Item Added Successfully!" });
    await modal.waitFor();
    await expect.poll(() => modal.textContent()).toContain(`"${name}" has been added to your saved items.`);
    await expectNoA11yViolations();
    await screenshot("shop-add-success");
    await modal.getByRole("button", { name: "View Saved Items" }).click();
    await page.waitForURL(/\/shop$/);
    await page.getByRole("heading", { name }).waitFor();

    const items = (await apiGet<ShopItem[]>(context, apiUrl, "/api/shops")).body;
    const item = items.find((i) => i.name === name)!;
    expect(item).toMatchObject({ url: "https://shop.example.com/stab-vest" });
    expect(item.image).toMatch(/^\/api\/images\//);
    expect((await context.request.get(`${apiUrl}${item.image}`)).status()).toBe(200);

    // View
    await page.getByRole("link", { name: `View Details: ${name}` }).click();
    await page.waitForURL(`**/shop/item/${item.id}`);
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    await expect
      .poll(() => page.getByRole("navigation", { name: "Breadcrumb" }).innerText())
      .toMatch(/Saved Items\s*›\s*View Item/);
    await page.getByRole("img", { name: `Image of ${name}` }).waitFor();
    await expectNoA11yViolations();
    await screenshot("shop-item");

    // Edit: new title and a new picture
    await page.getByRole("button", { name: "Edit Item" }).click();
    await page.getByLabel("Item Title", { exact: true }).fill(`${name} Pro`);
    await page.locator("label", { hasText: "Change Image" }).waitFor();
    await page
      .locator("input[type=file]")
      .setInputFiles({ ...files.png("vest2.png"), buffer: makePng(120, 90, [200, 30, 30], [20, 20, 20]) });
    await expectNoA11yViolations();
    await screenshot("shop-item-edit");
    await slowDown(page, `**/api/shops/${item.id}`, "PUT");
    await page.getByRole("button", { name: "Save Item" }).click();
    await page.getByRole("button", { name: "Please wait ..." }).waitFor();
    await expectToast(page, "Item saved successfully");
    await page.getByRole("heading", { name: `${name} Pro`, level: 1 }).waitFor();
    const edited = (await apiGet<ShopItem>(context, apiUrl, `/api/shops/${item.id}`)).body;
    expect(edited.name).toBe(`${name} Pro`);
    expect(edited.image).toMatch(/^\/api\/images\//);
    expect(edited.image).not.toBe(item.image);

    // Cancel discards edits
    await page.getByRole("button", { name: "Edit Item" }).click();
    await page.getByLabel("Item Title", { exact: true }).fill("Discarded");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("heading", { name: `${name} Pro`, level: 1 }).waitFor();

    // Delete
    await page.getByRole("button", { name: "Delete Item" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await expect
      .poll(() => dialog.textContent())
      .toContain(`Are you sure you want to delete ${name} Pro? This will permanently remove the item from your saved items.`);
    await expect.poll(() => dialog.textContent()).toContain("This action cannot be undone");
    await expectNoA11yViolations();
    await screenshot("shop-item-delete");
    await slowDown(page, `**/api/shops/${item.id}`, "DELETE");
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await dialog.getByRole("button", { name: "Deleting..." }).waitFor();
    await expectToast(page, "Item Deleted");
    await page.waitForURL(/\/shop$/);
    expect((await apiGet(context, apiUrl, `/api/shops/${item.id}`)).status).toBe(404);

    // Every change logged with who made it
    const log = await activityMentioning(context, apiUrl, name);
    expect(log.length).toBeGreaterThanOrEqual(3);
    expect(log.every((e) => e.user === who)).toBe(true);
  });
});

describe("saved items at 390 px", () => {
  test.override({ viewport: VIEWPORTS.phone });

  test("grid, add form and item fit a phone", async ({
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
    const image = `data:image/png;base64,${makePng(400, 300).toString("base64")}`;
    const made = await apiSend<ShopItem>(context, apiUrl, adminUrl, "POST", "/api/shops", {
      name: `Hi-Vis Vest ${uniq()}`,
      url: "https://shop.example.com/hi-vis",
      image,
    });
    expect(made.status).toBe(201);
    const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    try {
      await navigate("/shop");
      await page.locator(".sh-grid").waitFor();
      await expectNoA11yViolations();
      await screenshot("shop");
      expect(await noOverflow()).toBe(true);

      await navigate("/shop/add");
      await page.getByRole("button", { name: "Save Item" }).click();
      await expectNoA11yViolations();
      await screenshot("shop-add");
      expect(await noOverflow()).toBe(true);

      await navigate(`/shop/item/${made.body.id}`);
      await page.getByRole("button", { name: "Edit Item" }).waitFor();
      await expectNoA11yViolations();
      await screenshot("shop-item");
      expect(await noOverflow()).toBe(true);
      await page.getByRole("button", { name: "Edit Item" }).click();
      await page.getByRole("button", { name: "Save Item" }).waitFor();
      await expectNoA11yViolations();
      await screenshot("shop-item-edit");
      expect(await noOverflow()).toBe(true);
    } finally {
      await apiSend(context, apiUrl, adminUrl, "DELETE", `/api/shops/${made.body.id}`);
    }
  });
});
