/**
 * The learner's portal (learner portal) on a 390 px phone, real Chromium against the real API: the
 * learner revises (ticks a section read), sits a short timed mock paper and sees the score with
 * the explanations, then sees the certificate's progress and ticks a licence step.
 */
import { describe } from "vitest";
import { expect, test, VIEWPORTS } from "./fixtures";

const ADMIN = { email: "admin@example.com", password: "Admin!Passw0rd" };

type ApiCourse = { id: number; courseDates: { id: number; startDate: string; placesLeft: number }[] };

async function paidBooking(apiUrl: string, lastName: string) {
  const c = (await (await fetch(`${apiUrl}/api/courses/slug/sia-door-supervisor-course`)).json()) as ApiCourse;
  const date = c.courseDates.find((d) => d.placesLeft > 0)!;
  const placed = await fetch(`${apiUrl}/api/enroll`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      courses: [{ id: c.id, selectedDate: date.id, selectedAddons: [] }],
      guest_email: `portal-${Date.now()}@example.com`,
      guest_name: "Ash",
      first_name: "Ash",
      last_name: lastName,
      phone_number: "07700900111",
      country: "United Kingdom",
      street_address: "4 Example Road",
      town_city: "Bootle",
      state: "England",
    }),
  });
  expect(placed.status).toBe(201);
  const { reference } = (await placed.json()) as { reference: string };
  expect((await fetch(`${apiUrl}/api/payments/local/${reference}/pay`, { method: "POST", redirect: "manual" })).status).toBe(303);
  const status = (await (await fetch(`${apiUrl}/api/orders/${reference}/status`)).json()) as { learner_links: { url: string }[] };
  return { courseId: c.id, dateId: date.id, path: new URL(status.learner_links[0]!.url).pathname };
}

/** The office's bearer token, to shorten the paper and record the certificate's progress. */
async function officeToken(apiUrl: string) {
  const login = await fetch(`${apiUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { access_token: string }).access_token;
}

describe("learner portal on a phone", () => {
  test.scoped({ viewport: VIEWPORTS.phone });

  test("a learner revises, sits a timed mock, sees the score and explanations, the certificate and licence steps", async ({
    page,
    navigate,
    apiUrl,
    screenshot,
    expectNoA11yViolations,
  }) => {
    const lastName = `Portal${Date.now().toString(36)}`;
    const booking = await paidBooking(apiUrl, lastName);
    const bearer = { authorization: `Bearer ${await officeToken(apiUrl)}`, "content-type": "application/json" };
    const units = (await (
      await fetch(`${apiUrl}/api/admin/study/units?course_id=${booking.courseId}`, { headers: bearer })
    ).json()) as {
      id: number;
      title: string;
    }[];
    const conflict = units.find((u) => u.title.startsWith("Application of Conflict Management"))!;
    // A short paper: 3 questions in 2 minutes.
    const set = await fetch(`${apiUrl}/api/admin/study/units/${conflict.id}`, {
      method: "PUT",
      headers: bearer,
      body: JSON.stringify({ question_count: 3, minutes: 2 }),
    });
    expect(set.status).toBe(200);

    await navigate(`${booking.path}?view=revision`);
    await page.getByRole("heading", { level: 1, name: "Revision" }).waitFor();
    await page.getByRole("heading", { level: 3, name: "Calming conflict" }).waitFor();
    const calming = page.locator("article", { has: page.getByRole("heading", { name: "Calming conflict" }) });
    await calming.getByLabel("I have read this").check();
    await page.getByText("1 of 1 read").first().waitFor();
    await screenshot("learner-portal-revision");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations();

    await page.getByRole("link", { name: "Mock exams" }).click();
    await page.getByRole("heading", { level: 1, name: "Mock exams" }).waitFor();
    const unit = page.locator("section", { has: page.getByRole("heading", { name: conflict.title }) });
    await unit.getByText("3 questions · 2 minutes · pass mark 70%").waitFor();
    await unit.getByRole("button", { name: "Start a mock paper" }).click();
    await page
      .getByRole("timer")
      .getByText(/^[12]:\d\d$/)
      .waitFor();
    const groups = page.getByRole("group");
    await expect.poll(() => groups.count()).toBe(3);
    for (let i = 0; i < 3; i++) await groups.nth(i).getByRole("radio").first().check();
    await page.getByText("3 of 3 answered").waitFor();
    await screenshot("learner-portal-mock-running");
    await expectNoA11yViolations();
    await page.getByRole("button", { name: "Hand in my paper" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /of 3 right; the pass mark is 70%/ })
      .waitFor();
    // Every question shows whether it was right, and the explanation.
    await expect.poll(() => page.locator(".portal-explain").count()).toBe(3);
    await screenshot("learner-portal-mock-score");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations();

    // The office records the certificate's progress; the learner sees it with its date.
    const board = (await (await fetch(`${apiUrl}/api/admin/learners/dates/${booking.dateId}`, { headers: bearer })).json()) as {
      learners: { id: number; name: string }[];
    };
    const me = board.learners.find((l) => l.name === `Ash ${lastName}`)!;
    const recorded = await fetch(`${apiUrl}/api/admin/learners/${me.id}/certificate-progress`, {
      method: "PUT",
      headers: bearer,
      body: JSON.stringify({ claimed_on: "2026-11-20" }),
    });
    expect(recorded.status).toBe(200);
    await page.getByRole("link", { name: "Results" }).click();
    await page.getByRole("heading", { level: 2, name: "Your certificate" }).waitFor();
    await page.getByText("Certificate claimed from the awarding body").waitFor();
    await page.getByText("20th November, 2026").waitFor();
    await screenshot("learner-portal-results");

    await page.getByRole("link", { name: "Licence" }).click();
    await page.getByRole("heading", { level: 2, name: "SIA online account created" }).waitFor();
    await page.locator("#step-account").check();
    await page
      .getByText(/^Done \d/)
      .first()
      .waitFor();
    await screenshot("learner-portal-licence");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations();
  });
});

describe("learner portal on a desktop", () => {
  test.scoped({ viewport: VIEWPORTS.desktop });

  test("the mock exams view lays out at 1280 px", async ({ page, navigate, apiUrl, screenshot, expectNoA11yViolations }) => {
    const booking = await paidBooking(apiUrl, `Desk${Date.now().toString(36)}`);
    await navigate(`${booking.path}?view=mocks`);
    await page.getByRole("heading", { level: 1, name: "Mock exams" }).waitFor();
    await page.getByRole("button", { name: "Start a mock paper" }).first().waitFor();
    await screenshot("learner-portal-mocks");
    await expectNoA11yViolations();
  });
});
