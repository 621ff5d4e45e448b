/**
 * Mock exam scores beside the readiness board (learner portal), real Chromium against the real API at
 * 390 px: a learner sits two practice papers through their portal link (the API), and the trainer
 * sees the best and latest score for that unit on the course date's board.
 */
import type { APIRequestContext } from "playwright-core";
import { describe } from "vitest";
import { expect, test } from "./fixtures";

const TRAINER = { email: "trainer@example.com", password: "Staff!Passw0rd" };
type Course = { id: number; courseDates: { id: number; startDate: string; placesLeft: number }[] };
type Paper = { id: number; questions: { id: number }[]; score: { percent: number } | null };

async function bookedLearner(request: APIRequestContext, apiUrl: string, lastName: string) {
  const course = (await (await request.get(`${apiUrl}/api/courses/slug/sia-door-supervisor-course`)).json()) as Course;
  const date = course.courseDates.find((d) => d.placesLeft > 0)!;
  const enroll = await request.post(`${apiUrl}/api/enroll`, {
    data: {
      courses: [{ id: course.id, selectedDate: date.id, selectedAddons: [] }],
      guest_email: `${lastName.toLowerCase()}@example.com`,
      guest_name: "Sam",
      first_name: "Sam",
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
  const status = (await (await request.get(`${apiUrl}/api/orders/${reference}/status`)).json()) as {
    learner_links: { url: string }[];
  };
  return { dateId: date.id, token: status.learner_links[0]!.url.split("/learner/")[1]!, name: `Sam ${lastName}` };
}

/** One paper of the conflict management unit, every question answered with option `choice`. */
async function sit(request: APIRequestContext, apiUrl: string, token: string, choice: number) {
  const portal = (await (await request.get(`${apiUrl}/api/learner-portal/${token}`)).json()) as {
    units: { id: number; title: string }[];
  };
  const unit = portal.units.find((u) => u.title.startsWith("Application of Conflict Management"))!;
  const paper = (await (
    await request.post(`${apiUrl}/api/learner-portal/${token}/mocks`, { data: { unit_id: unit.id } })
  ).json()) as Paper;
  const answers = paper.questions.map((q) => ({ question_id: q.id, choice }));
  const res = await request.post(`${apiUrl}/api/learner-portal/${token}/mocks/${paper.id}/submit`, { data: { answers } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as Paper).score!.percent;
}

describe("mock scores on the readiness board", () => {
  test.override({ viewport: { width: 390, height: 844 } });

  test("a trainer sees each learner's best and latest mock score per unit", async ({
    page,
    context,
    apiUrl,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    const who = await bookedLearner(context.request, apiUrl, `Mock${Date.now().toString(36)}`);
    const first = await sit(context.request, apiUrl, who.token, 1);
    const second = await sit(context.request, apiUrl, who.token, 0);
    await login(TRAINER);
    await navigate(`/learners/${who.dateId}`);
    await page.getByRole("heading", { level: 2, name: "Mock exam scores" }).waitFor();
    const row = page.getByRole("row", { name: new RegExp(who.name) });
    await expect.poll(() => row.textContent()).toContain(`Best ${Math.max(first, second)}% · latest ${second}%`);
    await row.scrollIntoViewIfNeeded();
    // The table scrolls inside its own region: the section stays within the phone's width.
    const box = await page.locator("section.learner-mocks").boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot("learner-mock-scores");
    await expectNoA11yViolations();
    // The trainer opens the learner's latest answers (the API logs the view).
    await row
      .getByRole("button", { name: `Latest answers of ${who.name}` })
      .first()
      .click();
    await page
      .getByRole("dialog")
      .getByText(/of \d+ right/)
      .waitFor();
    await expectNoA11yViolations();
  });
});

describe("the office's revision and mock exam editor", () => {
  test.override({ viewport: { width: 390, height: 844 } });

  test("the office adds a practice question to a unit's bank", async ({
    page,
    login,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    await login();
    await navigate("/learners/study");
    await page.getByRole("heading", { level: 1, name: "Revision and mock exams" }).waitFor();
    const unit = page.locator("details", { hasText: "Application of Conflict Management" }).first();
    const before = Number((await unit.locator("summary").textContent())!.match(/(\d+) questions/)![1]);
    await unit.locator("summary").click();
    const form = unit.locator("form", { has: page.getByLabel("New question") });
    const stamp = Date.now().toString(36);
    await form.getByLabel("New question").fill(`Which is the calmest response? (${stamp})`);
    for (const [i, text] of ["Shouting", "A calm, slow voice", "Walking off", "Laughing"].entries())
      await form.getByLabel(`Option ${"ABCD"[i]}`).fill(text);
    await form.getByLabel("Right answer").selectOption("1");
    await form.getByLabel("Explanation").fill("A calm, slow voice brings the other person's level down.");
    await form.getByRole("button", { name: "Add question" }).click();
    await expect.poll(async () => (await unit.locator("summary").textContent()) ?? "").toContain(`${before + 1} questions`);
    await screenshot("learner-study-editor");
    await expectNoA11yViolations();
  });
});
