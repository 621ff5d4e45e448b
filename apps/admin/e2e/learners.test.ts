/**
 * Learner records in the portal (learner records), real Chromium against the real API: a trainer uses the
 * readiness board and the digital register on a tablet (768 px) and a desktop (1280 px): 'Not
 * ready' filter, ID check with the document seen, attendance (present, late with the time),
 * results per unit (refused with the reason while first aid is missing), certificate, and the
 * printable register filled from it; the office downloads the registration CSV.
 */
import type { APIRequestContext, Page } from "playwright-core";
import { describe } from "vitest";
import { addCalendarMonths } from "@app/contract";
import { expect, test } from "./fixtures";

const TRAINER = { email: "trainer@example.com", password: "Staff!Passw0rd" };
const OFFICE = { email: "office@example.com", password: "Staff!Passw0rd" };
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

type Course = { id: number; courseDates: { id: number; startDate: string; endDate: string; placesLeft: number }[] };

/** A paid door supervisor booking for one learner; `complete` also fills the learner's form and uploads the certificate. */
async function learner(request: APIRequestContext, apiUrl: string, lastName: string, complete: boolean) {
  const course = (await (await request.get(`${apiUrl}/api/courses/slug/sia-door-supervisor-course`)).json()) as Course;
  // The one-day date of today (the API test server adds it): the register records the day it is
  // (attendee changes), and the test trainer is assigned to it.
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
  const status = (await (await request.get(`${apiUrl}/api/orders/${reference}/status`)).json()) as {
    learner_links: { url: string }[];
  };
  const token = status.learner_links[0]!.url.split("/learner/")[1]!;
  if (complete) {
    const saved = await request.put(`${apiUrl}/api/learner-forms/${token}`, {
      data: {
        full_name: `Kim ${lastName}`,
        date_of_birth: "1992-02-02",
        address: "5 Example Road, Bootle",
        postcode: "L20 5AA",
        phone: "07700 900333",
        email: `${lastName.toLowerCase()}@example.com`,
        emergency_name: "Lee Contact",
        emergency_phone: "07700 900444",
        id_document_type: "uk_driving_licence",
        id_document_expiry: addCalendarMonths(date.startDate, 40),
        first_aid_title: "Emergency First Aid at Work",
        first_aid_body: "Qualsafe Awards",
        first_aid_achieved_on: "2026-01-02",
        first_aid_expires_on: addCalendarMonths(date.startDate, 13),
        english_declared: true,
        fitness_name: `Kim ${lastName}`,
        sia_link_consent: true,
        uln: "1234567890",
      },
    });
    expect(saved.status()).toBe(200);
    const up = await request.put(`${apiUrl}/api/learner-forms/${token}/first-aid-certificate`, {
      data: { file_name: "efaw.pdf", data_url: `data:application/pdf;base64,${PDF.toString("base64")}` },
    });
    expect(up.status()).toBe(200);
  }
  return { dateId: date.id, start: date.startDate, name: `Kim ${lastName}` };
}

const card = (page: Page, name: string) =>
  page.locator("article.learner-card", { has: page.getByRole("heading", { level: 2, name }) });

for (const [label, viewport] of [
  ["tablet", { width: 768, height: 1024 }],
  ["desktop", { width: 1280, height: 800 }],
] as const) {
  describe(`the register on a ${label}`, () => {
    test.override({ viewport });

    test("a trainer checks ID, takes attendance and records results; the printed register is filled from it", async ({
      page,
      context,
      apiUrl,
      login,
      navigate,
      screenshot,
      expectNoA11yViolations,
    }) => {
      const stamp = `${label}${Date.now().toString(36)}`;
      const ready = await learner(context.request, apiUrl, `Ready${stamp}`, true);
      const missing = await learner(context.request, apiUrl, `Missing${stamp}`, false);
      await login(TRAINER);

      await navigate("/learners");
      await page.getByRole("heading", { level: 1, name: "Learners" }).waitFor();
      await page.locator(`a[href="/learners/${ready.dateId}"]`).click();
      await page.getByRole("heading", { level: 1, name: "SIA Door Supervisor Course" }).waitFor();
      await card(page, ready.name).waitFor();

      // 'Not ready' shows the learner whose form is missing, not the one who is ready.
      await page.getByRole("button", { name: /^Not ready/ }).click();
      await card(page, missing.name).waitFor();
      // On the course day the ID check, done in the classroom, is all the complete learner still needs.
      const readyReasons = card(page, ready.name).locator(".learner-card__reasons").first();
      await expect.poll(() => readyReasons.textContent()).toContain("ID not checked");
      expect(await readyReasons.textContent()).not.toContain("First aid");
      await expect
        .poll(() => card(page, missing.name).locator(".learner-card__reasons").first().textContent())
        .toContain("First aid evidence is missing");
      await screenshot(`learners-not-ready-${label}`);
      // Results are refused for them, and the reason is on the card.
      await card(page, missing.name).getByText("Results cannot be recorded: First aid evidence is missing").waitFor();
      await page.getByRole("button", { name: /^All/ }).click();

      const c = card(page, ready.name);
      // The learner's whole form is one click away.
      await c.getByText("Form details").click();
      await c.getByText("Sun 2 Feb 1992").waitFor();
      await c.getByRole("combobox", { name: "Document seen" }).selectOption("uk_driving_licence");
      await c.getByRole("button", { name: "Mark ID checked" }).click();
      await c.getByText("Checked by Tess Trainer").waitFor();
      await page.getByLabel("Register for").selectOption({ index: 0 });
      await c.getByRole("group", { name: "Day 1" }).getByRole("button", { name: "Present" }).click();
      await expect
        .poll(() => c.getByRole("group", { name: "Day 1" }).getByRole("button", { name: "Present" }).getAttribute("aria-pressed"))
        .toBe("true");
      // A mark made by mistake is corrected: late, with the time.
      await c.getByRole("group", { name: "Day 1" }).getByRole("button", { name: "Late" }).click();
      const arrived = c.getByLabel("Arrived at");
      await arrived.waitFor();
      await arrived.fill("09:45");
      await arrived.blur();
      await expect.poll(async () => (await c.locator(".learner-chip").allTextContents()).join(" ")).toContain("Attended 1/");
      for (const select of await c.locator(".learner-register__block").nth(2).getByRole("combobox").all())
        await select.selectOption("pass");
      await c.getByRole("button", { name: "Save results" }).click();
      await c.getByText("Passed", { exact: true }).waitFor();
      // The box shows what the server holds: it turns ticked once the API has recorded the certificate.
      await c.getByLabel("Certificate issued").click();
      await expect.poll(() => c.getByLabel("Certificate issued").isChecked()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoA11yViolations("main");
      await screenshot(`learners-register-${label}`);

      // The printable register is filled from the digital one.
      await page.getByRole("link", { name: "Printable register" }).click();
      await page.getByRole("heading", { level: 1, name: "SIA Door Supervisor Course" }).waitFor();
      const row = page.locator("tr", { hasText: ready.name });
      await expect.poll(() => row.textContent()).toContain("Late 09:45");
      expect(await row.textContent()).toContain("Pass");
      expect(await row.textContent()).toContain("Issued");
      await screenshot(`learners-print-${label}`);
    });
  });
}

describe("the office's exports", () => {
  test("downloads the awarding-organisation registration CSV", async ({ page, context, apiUrl, login, navigate }) => {
    const ready = await learner(context.request, apiUrl, `Csv${Date.now().toString(36)}`, true);
    await login(OFFICE);
    await navigate(`/learners/${ready.dateId}`);
    await page.getByRole("heading", { level: 1, name: "SIA Door Supervisor Course" }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Registration CSV" }).click(),
    ]);
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    const csv = await readFile(path!, "utf8");
    expect(csv.split("\r\n")[0]).toBe(
      "Surname,Forenames,Date of birth,Email,Postcode,ULN,Qualification,Start date,End date,Booking reference",
    );
    expect(csv).toContain(`${ready.name.split(" ")[1]},Kim,02/02/1992`);
  });
});
