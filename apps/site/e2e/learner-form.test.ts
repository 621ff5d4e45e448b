/**
 * The learner's pre-course form (learner records) on a 390 px phone: the buyer's success page links to
 * it, the learner fills it over two visits (it saves as they type, 'Saved' shows), the 12-month
 * first-aid rule is refused with the EFAW pointer, the certificate is uploaded, and the form ends
 * complete. Also the 1280 px layout once.
 */
import { describe } from "vitest";
import { addCalendarMonths } from "@app/contract";
import { createPaidBooking } from "@app/e2e-kit";
import { expect, test, VIEWPORTS } from "./fixtures";

/** A paid door supervisor booking (the shared helper); returns its reference, start date and learner link. */
async function paidDoorSupervisorBooking(apiUrl: string, who: string) {
  const booking = await createPaidBooking(apiUrl, {
    slug: "sia-door-supervisor-course",
    firstName: "Robin",
    lastName: "Learner",
    email: `learner-${who}-${Date.now()}@example.com`,
  });
  const url = new URL(booking.learnerLinks[0]!);
  return { reference: booking.reference, start: booking.startDate, path: url.pathname };
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

describe("learner form on a phone", () => {
  test.scoped({ viewport: VIEWPORTS.phone });

  test("a learner completes the form over two visits, saved as they type", async ({
    page,
    navigate,
    apiUrl,
    screenshot,
    expectNoA11yViolations,
  }) => {
    const booking = await paidDoorSupervisorBooking(apiUrl, "phone");

    // The buyer's success page carries the link.
    await navigate(`/payment/success?order=${booking.reference}`);
    await page.getByRole("heading", { name: "Learner forms" }).waitFor();
    expect(await page.getByRole("link", { name: "Open the learner form for Robin Learner" }).getAttribute("href")).toContain(
      booking.path,
    );

    await navigate(booking.path);
    await page.getByRole("heading", { level: 1, name: "SIA Door Supervisor Course" }).waitFor();
    await page.getByText(/things still to do/).waitFor();
    await screenshot("learner-form-start");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // First visit: a few details, then the page is closed.
    await page.getByLabel("Full name as on your ID").fill("Robin James Learner");
    await page.getByLabel("Date of birth").fill("1995-06-01");
    await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();

    // Second visit: what was typed is there; the rest is filled in.
    await navigate(booking.path);
    await expect.poll(() => page.getByLabel("Full name as on your ID").inputValue()).toBe("Robin James Learner");
    await page.getByLabel("Address").fill("4 Example Road, Bootle");
    await page.getByLabel("Postcode").fill("L20 3AB");
    await page.getByLabel("Phone", { exact: true }).first().fill("07700 900111");
    await page.getByLabel("E-mail").fill("robin.learner@example.com");
    const emergency = page.locator("section", { has: page.getByRole("heading", { name: "Emergency contact" }) });
    await emergency.getByLabel("Name").fill("Alex Learner");
    await emergency.getByLabel("Phone").fill("07700 900222");
    await page.getByLabel("The ID you will bring").selectOption("passport");
    await page.getByLabel("Expiry date of that document").fill(addCalendarMonths(booking.start, 30));
    await page.getByLabel("Qualification title").fill("Emergency First Aid at Work");
    await page.getByLabel("Awarding body").fill("Qualsafe Awards");
    await page.getByLabel("Date achieved").fill("2026-01-05");

    // A certificate that runs out a day too soon is refused, with the pointer to the EFAW course.
    const minExpiry = addCalendarMonths(booking.start, 12);
    const dayBefore = new Date(`${minExpiry}T12:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    await page.getByLabel("Expiry date", { exact: true }).fill(dayBefore.toISOString().slice(0, 10));
    await page.getByLabel("Expiry date", { exact: true }).blur();
    await page
      .getByText(/must be valid for at least 12 months after the course starts/)
      .first()
      .waitFor();
    await page.getByRole("link", { name: "See the EFAW course and its dates" }).waitFor();
    await screenshot("learner-form-first-aid-refused");
    await page.getByLabel("Expiry date", { exact: true }).fill(minExpiry);
    await page.getByLabel("Expiry date", { exact: true }).blur();
    await page
      .getByRole("status")
      .filter({ hasText: /^Saved$/ })
      .waitFor();

    await page
      .getByLabel("Photo or scan of your certificate")
      .setInputFiles({ name: "efaw.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByText("Uploaded: efaw.pdf").waitFor();
    await page.getByLabel(/I can speak, read and write English/).check();
    await page.getByLabel("Fitness declaration: type your full name to sign").fill("Robin James Learner");
    await page.getByLabel("Yes").check();
    await page.getByLabel("Fitness declaration: type your full name to sign").blur();
    await page.getByText("Your form is complete.").waitFor();
    await page
      .getByRole("status")
      .filter({ hasText: /^Saved$/ })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations("main");
    await screenshot("learner-form-complete");

    // The API holds it all.
    const token = booking.path.split("/").pop()!;
    const saved = (await (await fetch(`${apiUrl}/api/learner-forms/${token}`)).json()) as {
      complete: boolean;
      fields: Record<string, unknown>;
    };
    expect(saved.complete).toBe(true);
    expect(saved.fields).toMatchObject({
      full_name: "Robin James Learner",
      postcode: "L20 3AB",
      first_aid_expires_on: minExpiry,
      sia_link_consent: true,
    });
  });

  test("an unknown link says so plainly", async ({ page, navigate, screenshot, allowConsoleErrors }) => {
    allowConsoleErrors();
    await navigate(`/learner/${"0".repeat(64)}`);
    await page.getByRole("heading", { name: "Link not valid" }).waitFor();
    await screenshot("learner-form-unknown");
  });
});

describe("learner form on a desktop", () => {
  test.scoped({ viewport: VIEWPORTS.desktop });

  test("shows the same form in one column", async ({ page, navigate, apiUrl, screenshot }) => {
    const booking = await paidDoorSupervisorBooking(apiUrl, "desktop");
    await navigate(booking.path);
    await page.getByRole("heading", { level: 1, name: "SIA Door Supervisor Course" }).waitFor();
    await screenshot("learner-form-desktop");
  });
});
