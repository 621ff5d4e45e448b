/**
 * Attendee changes: the office cancels one attendee of a group booking from the booking's page at 390 px,
 * in real Chromium against the real API: the place is freed, the others stay, the page says so.
 */
import type { APIRequestContext } from "playwright-core";
import { describe } from "vitest";
import { expect, test, VIEWPORTS } from "./fixtures";

type Detail = { id: number; items: Array<{ seats: number; attendees: Array<{ id: number; first_name: string }> }> };

/** A paid group booking of three named places (as the site makes one), answered with its id. */
async function groupBooking(request: APIRequestContext, apiUrl: string) {
  const stamp = Date.now().toString(36);
  const courses = (await (await request.get(`${apiUrl}/api/courses`)).json()) as Array<{ id: number }>;
  let chosen: { id: number; dateId: number } | undefined;
  for (const c of courses) {
    const detail = (await (await request.get(`${apiUrl}/api/courses/${c.id}`)).json()) as {
      courseDates: Array<{ id: number; placesLeft: number }>;
    };
    const date = detail.courseDates.find((d) => d.placesLeft >= 3);
    if (date) {
      chosen = { id: c.id, dateId: date.id };
      break;
    }
  }
  if (!chosen) throw new Error("no course date with three places in the seed");
  const enroll = await request.post(`${apiUrl}/api/enroll`, {
    data: {
      courses: [
        {
          id: chosen.id,
          selectedDate: chosen.dateId,
          selectedAddons: [],
          quantity: 3,
          attendees: [
            { first_name: "Ada", last_name: `Group${stamp}` },
            { first_name: "Ben", last_name: `Group${stamp}`, email: `ben.${stamp}@example.com` },
            { first_name: "Cy", last_name: `Group${stamp}` },
          ],
        },
      ],
      guest_email: `group.${stamp}@example.com`,
      guest_name: "Gail",
      first_name: "Gail",
      last_name: `Group${stamp}`,
      phone_number: "07700 900777",
      country: "United Kingdom",
      street_address: "1 Example Street",
      town_city: "Bootle",
      state: "England",
      accept_terms: true,
    },
  });
  if (enroll.status() !== 201) throw new Error(`enroll failed: ${enroll.status()} ${await enroll.text()}`);
  const { reference, booking_reference } = (await enroll.json()) as { reference: string; booking_reference: string };
  await request.post(`${apiUrl}/api/payments/local/${encodeURIComponent(reference)}/pay`, { maxRedirects: 0 });
  const rows = (await (await request.get(`${apiUrl}/api/bookings?status=all&q=${booking_reference}`)).json()) as Array<{
    id: number;
  }>;
  return rows[0]!.id;
}

describe("single-attendee actions at phone width", () => {
  test.override({ viewport: VIEWPORTS.phone });

  test("cancels one attendee's place with their share refunded; the others stay", async ({
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
    const id = await groupBooking(context.request, apiUrl);
    await navigate(`/booking/${id}`);
    const ben = page.getByRole("group", { name: /^Actions for Ben / });
    await ben.waitFor({ state: "visible" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations();
    await screenshot("booking-attendees");

    await ben.getByRole("button", { name: "Cancel place" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByRole("heading").first().textContent()).toMatch(/^Cancel Ben .*'s place\?$/);
    expect(await dialog.getByLabel(/This place's share/).isChecked()).toBe(true);
    await expectNoA11yViolations();
    await screenshot("booking-attendee-cancel");
    await dialog.getByRole("button", { name: "Cancel place" }).click();

    await expect
      .poll(() => page.locator(".bk-result--ok").textContent())
      .toMatch(/^Ben .*'s place cancelled and £\d+\.\d\d refunded$/);
    expect(await page.getByRole("group", { name: /^Actions for Ben / }).count()).toBe(0);
    expect(await page.getByRole("group", { name: /^Actions for (Ada|Cy) / }).count()).toBe(2);
    expect(await page.getByText("2 places").count()).toBeGreaterThan(0);
    const detail = await getJson<Detail>(`/api/bookings/${id}`);
    expect(detail.items[0]!.seats).toBe(2);
    expect(detail.items[0]!.attendees.map((a) => a.first_name)).toEqual(["Ada", "Cy"]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
