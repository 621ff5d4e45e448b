/**
 * The office's Scheduled mail view (waiting lists and reminders) in Chromium against the real API: a booking paid just
 * now shows its course reminders under Due, sent mail under Sent, and a mail that failed for good
 * is sent again with Retry. The test server seeds one sent and two failed mails (one per width).
 */
import { describeAtWidths, expect, test } from "./fixtures";
import type { APIRequestContext } from "playwright-core";

/** Books and pays (as the site does) a date at least 10 days ahead, so both reminders are still ahead. */
async function bookAhead(request: APIRequestContext, apiUrl: string, email: string) {
  const courses = (await (await request.get(`${apiUrl}/api/courses`)).json()) as Array<{ id: number }>;
  const soonest = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  for (const c of courses) {
    const detail = (await (await request.get(`${apiUrl}/api/courses/${c.id}`)).json()) as {
      courseDates: Array<{ id: number; placesLeft: number; startDate: string }>;
    };
    const date = detail.courseDates.find((d) => d.placesLeft > 0 && d.startDate >= soonest);
    if (!date) continue;
    const enroll = await request.post(`${apiUrl}/api/enroll`, {
      data: {
        courses: [{ id: c.id, selectedDate: date.id, selectedAddons: [] }],
        guest_email: email,
        guest_name: "Remi",
        first_name: "Remi",
        last_name: "Reminder",
        phone_number: "07700 900777",
        country: "United Kingdom",
        street_address: "1 Example Street",
        town_city: "Bootle",
        state: "England",
        accept_terms: true,
      },
    });
    expect(enroll.status()).toBe(201);
    const { reference, booking_reference } = (await enroll.json()) as { reference: string; booking_reference: string };
    const pay = await request.post(`${apiUrl}/api/payments/local/${encodeURIComponent(reference)}/pay`, { maxRedirects: 0 });
    expect(pay.status()).toBeLessThan(400);
    return { email, bookingReference: booking_reference };
  }
  throw new Error("no course date 10 days ahead with free places in the seed");
}

type Row = { key: string; kind: string; to: string; status: string; booking_ref: string | null };
type List = { items: Row[]; counts: Record<string, number> };

describeAtWidths("scheduled mail", (width) => {
  test("shows what is due, sent and failed, and retries a failed mail", async ({
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
    const booking = await bookAhead(context.request, apiUrl, `remi.${width}@example.com`);

    await navigate("/scheduled-mail");
    await page.getByRole("heading", { level: 1, name: "Scheduled mail" }).waitFor();
    await expect.poll(() => page.getByRole("tab", { name: /^Due/ }).getAttribute("aria-selected")).toBe("true");
    // The booking's reminders (7 days and 1 day before), planned at once (and its confirmation, queued).
    const due = await getJson<List>("/api/scheduled-mail?view=due&limit=200");
    const remi = due.items.filter((i) => i.to === booking.email && i.kind !== "booking_confirmation");
    expect(remi.length).toBe(2);
    expect(remi.map((i) => [i.booking_ref, i.kind])).toEqual(
      remi.map(() => [booking.bookingReference.replace("-", ""), expect.stringMatching(/^reminder_\d+d$/)]),
    );
    // The list is in due order, 25 a page: other tests' bookings may put these reminders on a
    // later page, so page forward until each one shows.
    const rows = page.locator(".sched-table tbody tr");
    async function pageUntil(row: ReturnType<typeof rows.filter>) {
      for (let i = 0; i < 40 && (await row.count()) === 0; i++) {
        await rows.first().waitFor();
        const pager = page.getByRole("navigation", { name: "Scheduled mail pages" });
        if ((await pager.count()) === 0) break;
        const next = pager.getByRole("button", { name: "Next" });
        if (await next.isDisabled()) break;
        const before = await rows.first().textContent();
        await next.click();
        await expect.poll(() => rows.first().textContent()).not.toBe(before);
      }
      await expect.poll(() => row.count()).toBe(1);
    }
    const weekBefore = rows.filter({ hasText: booking.email }).filter({ hasText: "Course reminder, 7 days before" });
    await pageUntil(weekBefore);
    expect(await weekBefore.textContent()).toContain(booking.bookingReference);
    const dayBefore = rows.filter({ hasText: booking.email }).filter({ hasText: "Course reminder, 1 day before" });
    await pageUntil(dayBefore);
    expect(await dayBefore.textContent()).toContain(booking.bookingReference);
    // The background jobs' line (the browser-test server runs no queue: not run yet).
    expect(await page.getByRole("list", { name: "Background jobs" }).textContent()).toContain("Mail sender not run yet");
    await expectNoA11yViolations();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await screenshot("scheduled-mail-due");

    await page.getByRole("tab", { name: /^Sent/ }).click();
    await page.locator(".sched-table tbody tr", { hasText: "sam.sent@example.com" }).waitFor();

    await page.getByRole("tab", { name: /^Failed/ }).click();
    const failedBefore = (await getJson<List>("/api/scheduled-mail?view=failed")).items;
    const target = failedBefore.find((i) => i.to.endsWith("failed@example.com"))!;
    expect(target).toBeTruthy();
    const row = page.locator(".sched-table tbody tr", { hasText: target.to });
    await row.waitFor();
    expect(await row.textContent()).toContain("550 5.1.1 Mailbox unavailable");
    expect(await row.textContent()).toContain("12 attempts");
    await expect.poll(() => row.getByRole("button", { name: "Retry" }).isVisible()).toBe(true);
    await expectNoA11yViolations();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await screenshot("scheduled-mail-failed");

    await row.getByRole("button", { name: "Retry" }).click();
    await page.getByText("The mail will be sent again.").waitFor();
    await row.waitFor({ state: "detached" });
    const after = await getJson<List>("/api/scheduled-mail?view=due&limit=200");
    expect(after.items.find((i) => i.key === target.key)).toMatchObject({ status: "due" });
    const log = await getJson<Array<{ action: string; user: string }>>("/api/activity-logs?limit=5");
    expect(log.some((l) => l.action === "Failed mail sent again")).toBe(true);
  });
});
