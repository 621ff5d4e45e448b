import { beforeAll, describe } from "vitest";
import { request as playwrightRequest } from "playwright-core";
import { describeAtWidths, expect, inject, test } from "./fixtures";
import { sendContactMessage } from "./helpers";

const HOSTILE = `Hello <img src=x onerror="document.title='pwned'"><b>bold</b>\nSecond line of the message.`;

beforeAll(async () => {
  const request = await playwrightRequest.newContext();
  await sendContactMessage(request, inject("apiUrl"), {
    firstName: "Hannah",
    lastName: "Markup",
    phoneNumber: "07700 900999",
    emailAddress: "hannah.markup@example.com",
    message: HOSTILE,
  });
  await request.dispose();
});

type Message = {
  id: number;
  firstName: string;
  lastName: string;
  emailAddress: string;
  phoneNumber: string;
  message: string;
  created_at: string;
};

describeAtWidths("messages", () => {
  test("lists the API's messages, pages them and opens the details as text by mouse and keyboard", async ({
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
    // More than one page of messages, whatever the seed holds.
    let all = await getJson<Message[]>("/api/messages");
    for (let n = all.length; n <= 10; n += 1) {
      await sendContactMessage(context.request, apiUrl, {
        firstName: "Paging",
        lastName: `Filler${n}`,
        phoneNumber: "07700 900998",
        emailAddress: `paging.filler${n}@example.com`,
        message: "A message sent by the browser test so the list has a second page.",
      });
    }
    all = await getJson<Message[]>("/api/messages");
    await navigate("/messages");
    await page.getByRole("heading", { level: 1, name: "Messages" }).waitFor();
    await page.getByText("List of received messages from your clients").waitFor();
    const rows = page.locator(".messages-table tbody tr");
    await expect.poll(() => rows.count()).toBe(Math.min(10, all.length));
    expect(await page.locator(".admin-showing").textContent()).toBe(`Showing ${Math.min(10, all.length)} of ${all.length}`);
    const first = all[0]!;
    expect(await rows.first().locator("td").first().textContent()).toBe(first.created_at.split("T")[0]);
    expect(await rows.first().getByRole("button").textContent()).toContain(`${first.firstName} ${first.lastName}`);
    await expectNoA11yViolations();
    await screenshot("messages");

    expect(all.length).toBeGreaterThan(10);
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => rows.count()).toBe(Math.min(10, all.length - 10));
    await page.getByRole("button", { name: "Previous" }).click();
    await expect.poll(() => rows.count()).toBe(10);

    const hostileIndex = all.findIndex((m) => m.lastName === "Markup");
    expect(hostileIndex).toBeGreaterThanOrEqual(0);
    const row = rows.nth(hostileIndex % 10);
    await row.locator("td").first().click();
    const dialog = page.getByRole("dialog", { name: "Message Details" });
    await dialog.waitFor();
    // Shown as text: the markup is visible and nothing ran.
    await expect.poll(() => dialog.locator(".admin-details__text").textContent()).toBe(all[hostileIndex]!.message);
    expect(await dialog.locator("img, b").count()).toBe(0);
    expect(await page.title()).not.toBe("pwned");
    await expectNoA11yViolations();
    await screenshot("message-modal");

    await dialog.getByRole("button", { name: "Close" }).first().click(); // the cross
    await dialog.waitFor({ state: "detached" });
    await row.getByRole("button").click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Close" }).last().click(); // the footer button
    await dialog.waitFor({ state: "detached" });
    await row.getByRole("button").focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await row.getByRole("button").click();
    await dialog.waitFor();
    await page.locator(".ui-modal__backdrop").click({ position: { x: 3, y: 3 } });
    await dialog.waitFor({ state: "detached" });
  });
});

describe("load failures", () => {
  test("a failed load shows an error with a retry instead of an endless skeleton", async ({
    page,
    login,
    navigate,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/net::ERR_FAILED|Failed to load resource/);
    await login();
    // Only the network is cut for this one call; the data comes from the real API once it is back.
    await page.route("**/api/messages?*", (route) => route.abort("internetdisconnected"));
    await navigate("/messages");
    await page.getByText("Messages could not be loaded").waitFor();
    await page.getByText("No Internet connection. Please check your internet connection.").waitFor();
    await page.unroute("**/api/messages?*");
    await page.getByRole("button", { name: "Try again" }).click();
    await page.locator(".messages-table tbody tr").first().waitFor();
  });

  test("a server error on the dashboard is shown with the status and recovers on retry", async ({ page, login, navigate }) => {
    await login();
    await page.route("**/api/dashboard", (route) => route.fulfill({ status: 503, contentType: "application/json", body: "{}" }));
    await navigate("/admin");
    await page.getByText("The figures could not be loaded").waitFor();
    await page.getByText("Request failed with status 503").waitFor();
    await page.unroute("**/api/dashboard");
    await page.getByRole("button", { name: "Try again" }).click();
    await page.locator(".stat-card:not(.stat-card--skeleton)").first().waitFor();
  });
});
