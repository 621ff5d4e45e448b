/**
 * Customers manage their own bookings in the browser at 390 px (issue 30), against the real API
 * with the local payment provider: "My bookings" mails a sign-in link (read from the API test
 * server's outbox, as the customer would read their mail), which lists the booking; its page
 * changes the date paying the fee on the local payment page, and cancels with the refund shown
 * before confirming and after.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, inject } from "vitest";
import { createPaidBooking } from "@app/e2e-kit";
import { expect, test, VIEWPORTS } from "./fixtures";

const ADMIN = { email: "admin@example.com", password: "Admin!Passw0rd" };
const apiUrl = inject("apiUrl");
let token = "";

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A £200 course with a date 20 days away (a change costs 25 % then) and one 60 days away. */
async function courseWithTwoDates(title: string, capacity = 10): Promise<{ slug: string }> {
  const created = await fetch(`${apiUrl}/api/courses`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      title,
      price: 200,
      capacity,
      description: "Created by the My bookings browser test.",
      duration: "1 Day",
      time: "10 am - 5pm",
      courseDates: [
        { startDate: day(20), endDate: day(20) },
        { startDate: day(60), endDate: day(60) },
      ],
      keyPoints: [{ title: "Practical", details: "Hands-on all day." }],
      courseUnits: [{ title: "Self-service" }],
      addOns: [],
    }),
  });
  if (created.status !== 201) throw new Error(`creating the course failed: ${created.status} ${await created.text()}`);
  return (await created.json()) as { slug: string };
}

/** The newest mail of a kind to an address, from the API test server's outbox. */
async function mailed(email: string, kind: string): Promise<{ subject: string; text: string }> {
  let found: { kind: string; subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const rows = (await (await fetch(`${apiUrl}/test-only/outbox?to=${encodeURIComponent(email)}`)).json()) as {
        kind: string;
        subject: string;
        text: string;
      }[];
      found = rows.find((r) => r.kind === kind);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

beforeAll(async () => {
  const login = await fetch(`${apiUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  token = ((await login.json()) as { access_token: string }).access_token;
});

describe(`My bookings on a phone (${VIEWPORTS.phone.width} px)`, () => {
  test.scoped({ viewport: VIEWPORTS.phone });

  test("signs in by the mailed link, changes the date paying the fee, and cancels with the refund shown before and after", async ({
    page,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    const width = VIEWPORTS.phone.width;
    const course = await courseWithTwoDates(`Self Service Course ${Date.now().toString(36)}`);
    const booking = await createPaidBooking(apiUrl, { slug: course.slug, firstName: "Sasha" });

    // Sign in by link: the e-mail address, then the link from the mail.
    await navigate("/my-bookings");
    await page.getByLabel("E-mail address").fill(booking.email);
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await page
      .getByRole("status")
      .getByText(/a sign-in link is on its way/)
      .waitFor();
    await noSidewaysScroll(page, width);
    await screenshot("my-bookings-sign-in");
    const link = /https?:\/\/\S+\/my-bookings\/sign-in\/[\w-]+/.exec((await mailed(booking.email, "customer_sign_in")).text)![0];
    await page.goto(link.replace(/^https?:\/\/[^/]+/, new URL(page.url()).origin));
    await page.getByText(`Bookings made with ${booking.email}, newest first.`).waitFor();
    await expectNoA11yViolations("main");
    await noSidewaysScroll(page, width);
    await screenshot("my-bookings-list");

    // The booking's page.
    await page.getByRole("link", { name: booking.courseTitle }).click();
    await page.getByRole("heading", { level: 1, name: `Booking ${booking.bookingReference}` }).waitFor();
    await page.getByRole("heading", { level: 2, name: booking.courseTitle }).waitFor();
    expect(await page.getByTestId("paid").textContent()).toBe("£200.00");

    // Change date: 20 days out the fee is 25 % (£50.00), paid on the payment page.
    await page.getByRole("button", { name: "See other dates" }).click();
    const move = page.getByRole("button", { name: "Pay £50.00 and move" });
    await move.waitFor();
    await noSidewaysScroll(page, width);
    await screenshot("my-booking-change-options");
    await move.click();
    await page.waitForURL(/\/change-payments\/\d+\/local$/);
    await page.getByRole("button", { name: "Pay £50.00" }).click();
    await page.waitForURL(/\/my-bookings\/[\w-]+\?change=\d+$/);
    await page.getByTestId("change-done").waitFor();
    const newDate = new Date(`${day(60)}T12:00:00Z`).getUTCDate();
    await expect.poll(() => page.getByTestId("my-booking").textContent()).toContain(String(newDate));
    await expectNoA11yViolations("main");
    await noSidewaysScroll(page, width);
    await screenshot("my-booking-changed");
    expect((await mailed(booking.email, "booking_transferred")).subject).toContain(booking.courseTitle);

    // Cancel: within 14 days of booking, before the start: everything paid for the course back.
    await page.getByRole("button", { name: "See what cancelling would refund" }).click();
    const quote = page.getByTestId("cancel-quote");
    await quote.waitFor();
    expect(await quote.textContent()).toMatch(/^£200\.00 will be refunded to your card by \d{1,2} \w+ \d{4}\.$/);
    await noSidewaysScroll(page, width);
    await screenshot("my-booking-cancel-quote");
    await page.getByRole("button", { name: "Cancel my booking" }).click();
    await page.getByText("Cancelled", { exact: true }).waitFor();
    expect(await page.getByTestId("refunded").textContent()).toBe("£200.00");
    await noSidewaysScroll(page, width);
    await screenshot("my-booking-cancelled");
    expect((await mailed(booking.email, "booking_cancelled")).text).toContain("We have refunded £200.00");
  }, 180_000);

  test("the booking terms page shows the policy in force and the model cancellation form's information", async ({
    page,
    navigate,
    screenshot,
  }) => {
    const policy = (await (await fetch(`${apiUrl}/api/booking-policy`)).json()) as { version: number };
    await navigate("/booking-terms");
    const section = page.getByTestId("policy-in-force");
    await section.getByText(`Change of date (policy version ${policy.version})`, { exact: false }).waitFor();
    expect(await section.textContent()).toContain("You may use this model form, but it is not obligatory");
    await section.scrollIntoViewIfNeeded();
    await noSidewaysScroll(page, VIEWPORTS.phone.width);
    await screenshot("booking-terms-policy");
  });
});

describe(`A booking's page on a desktop (${VIEWPORTS.desktop.width} px)`, () => {
  test.scoped({ viewport: VIEWPORTS.desktop });

  test("opens from the booking's own link in the confirmation and leaves a waiting list", async ({
    page,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    const course = await courseWithTwoDates(`Waiting Course ${Date.now().toString(36)}`);
    const booking = await createPaidBooking(apiUrl, { slug: course.slug, firstName: "Wendy" });
    // Another course's only place taken, and the customer on its waiting list.
    const full = await courseWithTwoDates(`Full Course ${Date.now().toString(36)}`, 1);
    await createPaidBooking(apiUrl, { slug: full.slug, firstName: "Other" });
    const detail = (await (await fetch(`${apiUrl}/api/courses/slug/${full.slug}`)).json()) as {
      courseDates: { id: number }[];
    };
    const dateId = detail.courseDates[0]!.id;
    const joined = await fetch(`${apiUrl}/api/waiting-list`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        course_date_id: dateId,
        name: "Wendy Waiting",
        email: booking.email,
        phone: "07700 900123",
        places: 1,
      }),
    });
    expect(joined.status).toBeLessThan(300);

    const link = /https?:\/\/\S+\/my-bookings\/[\w-]{20,}/.exec((await mailed(booking.email, "booking_confirmation")).text)![0];
    await navigate(new URL(link).pathname);
    await page.getByRole("heading", { level: 1, name: `Booking ${booking.bookingReference}` }).waitFor();
    const lists = page.getByTestId("waiting-lists");
    await lists.getByText(/^Full Course/).waitFor();
    await expectNoA11yViolations("main");
    await screenshot("my-booking-desktop");
    await lists.getByRole("button", { name: "Leave the list" }).click();
    await lists.waitFor({ state: "detached" });
    await noSidewaysScroll(page, VIEWPORTS.desktop.width);
  });
});
