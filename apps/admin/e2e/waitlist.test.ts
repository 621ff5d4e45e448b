/**
 * The office's Waiting list screen (waiting lists and reminders) at 1280 px against the real API: each date's line,
 * move up, an offer by hand refused while no place is free, a freed place offered to the first
 * in line, and removing the person offered (the place passes to the next).
 */
import { describe } from "vitest";
import type { APIRequestContext } from "playwright-core";
import { expect, test, VIEWPORTS } from "./fixtures";

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function post(request: APIRequestContext, url: string, data: unknown, headers: Record<string, string> = {}) {
  const res = await request.post(url, { data, headers });
  if (!res.ok()) throw new Error(`POST ${url} answered ${res.status()}: ${await res.text()}`);
  return res.json();
}

describe("waiting list screen at 1280 px", () => {
  test.override({ viewport: VIEWPORTS.desktop });

  test("lists the line, moves up, offers by hand only free places, removes the person offered", async ({
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
    const origin = { Origin: adminUrl };
    const title = `Waiting List Screen ${Date.now()}`;
    const course = await post(
      context.request,
      `${apiUrl}/api/courses`,
      {
        title,
        price: 180,
        capacity: 1,
        description: "Created by the waiting-list screen test.",
        duration: "1 Day",
        time: "10 am - 5pm",
        courseDates: [{ startDate: day(70), endDate: day(70) }],
        keyPoints: [{ title: "Practical", details: "Hands-on all day." }],
        courseUnits: [{ title: "Waiting" }],
        addOns: [],
      },
      origin,
    );
    const dateId = course.courseDates[0].id as number;
    const hold = await post(context.request, `${apiUrl}/api/enroll`, {
      courses: [{ id: course.id, selectedDate: dateId, selectedAddons: [] }],
      guest_email: "holder.screen@example.com",
      guest_name: "Holly",
      first_name: "Holly",
      last_name: "Holder",
      phone_number: "07700900111",
      country: "United Kingdom",
      street_address: "1 Example Street",
      town_city: "Bootle",
      state: "England",
      accept_terms: true,
    });
    for (const [name, places] of [
      ["Ivy One", 1],
      ["Jay Two", 2],
      ["Kay Three", 1],
    ] as const) {
      await post(context.request, `${apiUrl}/api/waiting-list`, {
        course_date_id: dateId,
        name,
        email: `${name.toLowerCase().replace(" ", ".")}@example.com`,
        phone: "07700 900123",
        places,
      });
    }

    await navigate("/waiting-list");
    await page.getByRole("heading", { level: 1, name: "Waiting list" }).waitFor();
    const card = page.getByRole("article", { name: new RegExp(`^${title}`) });
    await card.waitFor();
    await expect.poll(() => card.getByText("Capacity 1 · 0 places left · 0 places held by offers · 3 in line").count()).toBe(1);
    const names = () => card.locator("tbody tr td[data-label='Name']").allTextContents();
    expect(await names()).toEqual(["Ivy One", "Jay Two", "Kay Three"]);

    await card.getByRole("button", { name: "Move up Kay Three" }).click();
    await expect.poll(names).toEqual(["Ivy One", "Kay Three", "Jay Two"]);

    // No place is free: the API refuses and the screen says why.
    await card.getByRole("button", { name: "Offer places to Kay Three" }).click();
    await page.getByText(/^Not enough free places: Kay Three wants 1 place and none is free/).waitFor();

    // The holder cancels: the place goes to Ivy, first in line.
    await post(context.request, `${apiUrl}/api/orders/${hold.reference}/cancel`, {});
    await page.reload();
    await card.waitFor();
    await expect
      .poll(() => card.locator("tbody tr").first().locator("td[data-label='Status']").textContent())
      .toMatch(/^Offered until /);
    await expectNoA11yViolations();
    await screenshot("waitlist-screen");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    // The office takes Ivy off the list: the held place passes to Kay (now first).
    await card.getByRole("button", { name: "Remove Ivy One" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await expect.poll(names).toEqual(["Kay Three", "Jay Two"]);
    await expect
      .poll(() => card.locator("tbody tr").first().locator("td[data-label='Status']").textContent())
      .toMatch(/^Offered until /);
    await card.getByText("Earlier (1)").click();
    await card.getByText("Ivy One (1 place): Removed").waitFor();
    await screenshot("waitlist-screen-after-remove");
  });
});

describe("waiting list screen at 390 px", () => {
  test.override({ viewport: VIEWPORTS.phone });

  test("fits the phone: no sideways scroll, each person a card with its actions", async ({
    page,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await login();
    await navigate("/waiting-list");
    await page.getByRole("heading", { level: 1, name: "Waiting list" }).waitFor();
    // The screen above left a list behind (same API server for the file).
    await page
      .getByRole("button", { name: /^Move up / })
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations();
    await screenshot("waitlist-screen");
  });
});
