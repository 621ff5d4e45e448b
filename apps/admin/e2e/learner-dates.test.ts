/**
 * The learner dates list paged on the server (decision 530), real Chromium against the real API,
 * at 390 px and 1280 px: this week's and coming dates on the first tab with a paid booking's date
 * and its not-ready count, past dates on the second tab (kept in the address), no axe violations.
 */
import type { APIRequestContext } from "playwright-core";
import { describe } from "vitest";
import { expect, test, VIEWPORTS } from "./fixtures";

const OFFICE = { email: "office@example.com", password: "Staff!Passw0rd" };

type Course = { id: number; courseDates: { id: number; startDate: string; placesLeft: number }[] };

/** A paid door supervisor booking on today's date (the API test server adds it): one learner, form not filled. */
async function paidBooking(request: APIRequestContext, apiUrl: string, lastName: string) {
  const course = (await (await request.get(`${apiUrl}/api/courses/slug/sia-door-supervisor-course`)).json()) as Course;
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  const date = course.courseDates.find((d) => d.placesLeft > 0 && d.startDate === today)!;
  const enroll = await request.post(`${apiUrl}/api/enroll`, {
    data: {
      courses: [{ id: course.id, selectedDate: date.id, selectedAddons: [] }],
      guest_email: `${lastName.toLowerCase()}@example.com`,
      guest_name: "Kim",
      first_name: "Kim",
      last_name: lastName,
      phone_number: "07700900333",
      country: "United Kingdom",
      street_address: "5 Example Road",
      town_city: "Bootle",
      state: "England",
    },
  });
  expect(enroll.status()).toBe(201);
  const { reference } = (await enroll.json()) as { reference: string };
  expect((await request.post(`${apiUrl}/api/payments/local/${reference}/pay`, { maxRedirects: 0 })).status()).toBe(303);
  return date.id;
}

for (const [label, viewport] of [
  ["390", VIEWPORTS.phone],
  ["1280", VIEWPORTS.desktop],
] as const) {
  describe(`the learner dates at ${label} px`, () => {
    test.override({ viewport });

    test("shows this week's and coming dates first and the past dates on their tab", async ({
      page,
      context,
      apiUrl,
      login,
      navigate,
      screenshot,
      expectNoA11yViolations,
    }) => {
      const dateId = await paidBooking(context.request, apiUrl, `Dates${label}${Date.now().toString(36)}`);
      await login(OFFICE);
      await navigate("/learners");
      await page.getByRole("heading", { level: 1, name: "Learners" }).waitFor();
      const current = page.getByRole("tab", { name: "This week and coming" });
      await expect.poll(() => current.getAttribute("aria-selected")).toBe("true");
      const link = page.locator(`a[href="/learners/${dateId}"]`);
      await link.waitFor();
      await expect.poll(() => link.textContent()).toMatch(/not ready/);
      await expectNoA11yViolations();
      await screenshot(`learner-dates-${label}`);

      await page.getByRole("tab", { name: "Past" }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("when")).toBe("past");
      await expect.poll(() => page.getByRole("tab", { name: "Past" }).getAttribute("aria-selected")).toBe("true");
      await expect.poll(() => link.count()).toBe(0);
      await expectNoA11yViolations();
      await screenshot(`learner-dates-past-${label}`);
    });
  });
}
