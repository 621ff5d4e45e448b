/**
 * The office runs bookings from the portal (office booking tools): the list (at 1280 and 390 px), a booking's
 * own page, and each action done as the office would, in real Chromium against the real API.
 * Every booking is made the way a customer makes one (POST /api/enroll, paid on the local payment
 * page), so the tests hold whatever the seed holds.
 */
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "playwright-core";
import { describe } from "vitest";
import { describeAtWidths, expect, test } from "./fixtures";
import { createPaidBooking } from "./helpers";

type Row = { id: number; booking_reference: string; status: string; amount: number; booked_on: string };
type Detail = {
  id: number;
  booking_reference: string;
  status: string;
  email: string;
  items: Array<{
    id: number;
    course_id: number;
    course_date_id: number;
    title: string;
    start_date: string;
    end_date: string;
    seats: number;
  }>;
  payment: {
    amount_paid: number | null;
    refunded: number;
    refundable: number;
    refunds: Array<{ provider_refund_id: string | null }>;
  };
  mails: unknown[];
  notes: Array<{ text: string; author_name: string }>;
};
type TransferOption = { item_id: number; course_date_id: number; fits: boolean; current: boolean; places_left: number };

async function apiJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  if (!res.ok()) throw new Error(`GET ${url} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A paid booking from the "site", and its id in the office's list (found by its reference). */
async function paidBookingId(request: APIRequestContext, apiUrl: string, who: { firstName?: string; lastName?: string } = {}) {
  const booking = await createPaidBooking(request, apiUrl, who);
  const rows = await apiJson<Row[]>(
    request,
    `${apiUrl}/api/bookings?status=all&q=${encodeURIComponent(booking.bookingReference)}`,
  );
  const row = rows.find((r) => r.booking_reference === booking.bookingReference);
  if (!row) throw new Error(`booking ${booking.bookingReference} not in the list`);
  return { ...booking, id: row.id };
}

async function noPageOverflow(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

describeAtWidths("bookings list", (width) => {
  test("opens on confirmed bookings, filters, searches, sorts and pages on the server", async ({
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
    // More than one page of confirmed bookings, whatever the seed holds.
    const mine = await paidBookingId(context.request, apiUrl, { firstName: "Listed", lastName: `Person${width}` });
    const total = async (query: string) =>
      Number((await context.request.get(`${apiUrl}/api/bookings?${query}`)).headers()["x-total-count"]);
    while ((await total("limit=1")) <= 20) await createPaidBooking(context.request, apiUrl);
    const confirmed = await total("limit=1");

    await navigate("/enrolments");
    await expect.poll(() => heading(page).textContent()).toBe("Bookings");
    expect(await page.getByRole("button", { name: "Confirmed", pressed: true }).count()).toBe(1);
    const rows = page.locator(".bk-table tbody tr:not(.admin-table__skeleton)");
    await expect.poll(() => rows.count()).toBe(20);
    await expect.poll(() => page.locator(".admin-showing").textContent()).toBe(`Showing 1-20 of ${confirmed}`);
    const headers = (await page.locator(".bk-table thead th").allTextContents()).map((t) => t.trim());
    expect(headers).toEqual(["Reference", "Learner(s)", "Course", "Date", "Amount", "Booked on", "Status"]);
    // Newest first: the API's own first page in the same order.
    const first = await getJson<Row[]>("/api/bookings?limit=20");
    expect(await rows.locator(".bk-ref").allTextContents()).toEqual(first.map((r) => r.booking_reference));

    if (width === "phone") {
      // Cards, not a table wider than the phone; the column headers give way to a 'Sort by' choice.
      await noPageOverflow(page);
      expect((await page.locator(".bk-table thead").boundingBox())!.height).toBeLessThanOrEqual(1);
      await page.getByLabel("Sort by").selectOption("reference:asc");
      await page.waitForURL(/sort=reference&dir=asc/);
      const asc = await getJson<Row[]>("/api/bookings?sort=reference&dir=asc&limit=20");
      await expect.poll(() => rows.locator(".bk-ref").allTextContents()).toEqual(asc.map((r) => r.booking_reference));
      await page.getByLabel("Sort by").selectOption("booked_on:desc");
      await expect.poll(() => rows.locator(".bk-ref").allTextContents()).toEqual(first.map((r) => r.booking_reference));
    } else {
      expect(await page.getByRole("columnheader", { name: "Booked on" }).isVisible()).toBe(true);
      expect(await page.getByLabel("Sort by").isVisible()).toBe(false);
      // The table fits beside the side bar: no sideways scrolling inside its box either.
      const wrap = page.locator(".bk-table-wrap");
      expect(await wrap.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await expectNoA11yViolations();
    await screenshot("bookings");

    // Next page from the server.
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/page=2/);
    await expect
      .poll(() => page.locator(".admin-showing").textContent())
      .toBe(`Showing 21-${Math.min(40, confirmed)} of ${confirmed}`);

    if (width === "desktop") {
      // Sort by reference, A to Z then Z to A, as the API orders it.
      await page.getByRole("button", { name: "Reference" }).click();
      await page.waitForURL(/sort=reference&dir=asc/);
      await expect.poll(() => page.getByRole("columnheader", { name: "Reference" }).getAttribute("aria-sort")).toBe("ascending");
      const asc = await getJson<Row[]>("/api/bookings?sort=reference&dir=asc&limit=20");
      await expect.poll(() => rows.locator(".bk-ref").allTextContents()).toEqual(asc.map((r) => r.booking_reference));
      await page.getByRole("button", { name: "Reference" }).click();
      await page.waitForURL(/sort=reference&dir=desc/);
      const desc = await getJson<Row[]>("/api/bookings?sort=reference&dir=desc&limit=20");
      await expect.poll(() => rows.locator(".bk-ref").allTextContents()).toEqual(desc.map((r) => r.booking_reference));
      // 'Export CSV' downloads the API's export of this list (the session goes with the link).
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Export CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
      expect(csv.split(/\r?\n/)[0]).toContain("Booking reference");
      expect(csv).toContain(mine.bookingReference);
      // The other filters.
      for (const [label, status] of [
        ["Pending", "pending"],
        ["Expired", "expired"],
        ["Cancelled", "cancelled"],
        ["Refunded", "refunded"],
        ["All", "all"],
      ] as const) {
        await page.getByRole("button", { name: label, exact: true }).click();
        await page.waitForURL(new RegExp(`status=${status}`));
        const n = await total(`status=${status}&limit=1`);
        if (n === 0)
          await expect.poll(() => page.locator(".bk-list").textContent()).toContain(`No ${label.toLowerCase()} bookings`);
        else await expect.poll(() => page.locator(".admin-showing").textContent()).toBe(`Showing 1-${Math.min(20, n)} of ${n}`);
      }
    }

    // Search by reference (any case, no dash), e-mail and name: the booking is found. The first two
    // are sent by a pause in typing, the last by Enter.
    const searches = [mine.bookingReference.replace("-", "").toLowerCase(), mine.email, `Listed Person${width}`];
    for (const [i, q] of searches.entries()) {
      const box = page.getByLabel("Search");
      await box.fill(q);
      if (i === searches.length - 1) await box.press("Enter");
      await page
        .waitForURL((url) => url.searchParams.get("q") === q)
        .catch(async (error: unknown) => {
          // What the office would see, for the next reader of a failed run.
          throw new Error(`search "${q}" not in the address: ${page.url()}, box "${await box.inputValue()}"`, { cause: error });
        });
      await expect.poll(() => rows.locator(".bk-ref").allTextContents()).toContain(mine.bookingReference);
    }
    await expect.poll(() => rows.count()).toBe(1);
    await noPageOverflow(page);
    await screenshot("bookings-search");

    // The reference opens the booking's own page.
    await rows.first().getByRole("link", { name: mine.bookingReference }).click();
    await page.waitForURL(new RegExp(`/booking/${mine.id}$`));
    await expect.poll(() => heading(page).textContent()).toContain(mine.bookingReference);
    await noPageOverflow(page);
    await screenshot("booking-page");
  });
});

describe("a booking's page and actions at 1280 px", () => {
  test("shows everything about the booking and adds a note with the administrator's name", async ({
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
    const b = await paidBookingId(context.request, apiUrl, { firstName: "Nora", lastName: "Notes" });
    const me = await getJson<{ user: { name: string } }>("/api/me");
    await navigate(`/booking/${b.id}`);
    await expect.poll(() => heading(page).textContent()).toContain(b.bookingReference);
    const main = page.locator("main");
    for (const text of [
      b.courseTitle,
      "Nora Notes",
      b.email,
      "Card (online)",
      "Confirmed",
      "Courses and dates (1)",
      "Amounts",
      "Payment",
      "History",
      "Mails sent",
    ]) {
      await expect.poll(() => main.textContent()).toContain(text);
    }
    // The receipt PDF link goes to the API with the admin session.
    const receipt = page.getByRole("link", { name: "Receipt PDF" });
    expect(await receipt.getAttribute("href")).toBe(`${apiUrl}/api/bookings/${b.id}/receipt.pdf`);
    const pdf = await context.request.get((await receipt.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");

    await page.getByLabel("Add a note").fill("Called the customer: parking at the back.");
    await page.getByRole("button", { name: "Add note" }).click();
    const notes = page.locator(".bk-notes");
    await expect.poll(() => notes.textContent()).toContain("Called the customer: parking at the back.");
    await expect.poll(() => notes.textContent()).toContain(me.user.name);
    expect(await page.getByLabel("Add a note").inputValue()).toBe("");
    const detail = await getJson<Detail>(`/api/bookings/${b.id}`);
    expect(detail.notes.map((n) => [n.text, n.author_name])).toEqual([
      ["Called the customer: parking at the back.", me.user.name],
    ]);
    await expectNoA11yViolations();
    await screenshot("booking-note");
  });

  test("resends the confirmation after confirming, and the mail shows under Mails sent", async ({
    page,
    context,
    apiUrl,
    login,
    navigate,
    getJson,
  }) => {
    await login();
    const b = await paidBookingId(context.request, apiUrl);
    const before = await getJson<Detail>(`/api/bookings/${b.id}`);
    await navigate(`/booking/${b.id}`);
    await page.getByRole("button", { name: "Resend confirmation" }).click();
    const dialog = page.getByRole("dialog", { name: "Resend the confirmation?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Resend confirmation" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.locator(".bk-result--ok").textContent()).toBe(`Confirmation sent again to ${b.email}`);
    const after = await getJson<Detail>(`/api/bookings/${b.id}`);
    expect(after.mails.length).toBe(before.mails.length + 1);
    await expect
      .poll(() => page.getByRole("heading", { name: /^Mails sent/ }).textContent())
      .toBe(`Mails sent (${after.mails.length})`);
  });

  test("refunds part, refuses more than is left, then cancels with the rest refunded and frees the place", async ({
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
    const b = await paidBookingId(context.request, apiUrl, { firstName: "Rita", lastName: "Refund" });
    const start = await getJson<Detail>(`/api/bookings/${b.id}`);
    const paid = start.payment.amount_paid!;
    expect(paid).toBeGreaterThan(10);
    await navigate(`/booking/${b.id}`);

    // More than paid: refused in the dialog, nothing sent.
    await page.getByRole("button", { name: "Refund", exact: true }).click();
    let dialog = page.getByRole("dialog", { name: /^Refund part of/ });
    await dialog.waitFor();
    await dialog.getByLabel("Amount to refund (£)").fill(String(paid + 1));
    await dialog.getByRole("button", { name: "Refund", exact: true }).click();
    await expect.poll(() => dialog.textContent()).toContain(`can be refunded`);
    expect((await getJson<Detail>(`/api/bookings/${b.id}`)).payment.refunded).toBe(0);
    await expectNoA11yViolations();
    await screenshot("booking-refund-dialog");

    // £10 back; the booking stays confirmed, partly refunded, with the provider's refund id.
    await dialog.getByLabel("Amount to refund (£)").fill("10");
    await dialog.getByRole("button", { name: "Refund", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.locator(".bk-result--ok").textContent()).toBe("£10.00 refunded");
    await expect.poll(() => page.locator(".bk-head .bk-badges").textContent()).toBe("ConfirmedPartly refunded");
    const partly = await getJson<Detail>(`/api/bookings/${b.id}`);
    expect(partly.payment.refunded).toBe(10);
    expect(partly.payment.refunds[0]!.provider_refund_id).toBeTruthy();
    await expect.poll(() => page.locator(".bk-refunds").textContent()).toContain(partly.payment.refunds[0]!.provider_refund_id!);

    // Cancel with a full refund of the rest; the place goes back to the date at once.
    const item = partly.items[0]!;
    const placesBefore = await placesLeft(context.request, apiUrl, item.course_id, item.course_date_id);
    await page.getByRole("button", { name: "Cancel and refund" }).click();
    dialog = page.getByRole("dialog", { name: `Cancel booking ${b.bookingReference}?` });
    await dialog.waitFor();
    expect(await dialog.getByLabel(/^Full refund:/).isChecked()).toBe(true);
    await expect.poll(() => dialog.textContent()).toContain(`Full refund: £${(paid - 10).toFixed(2)}`);
    await screenshot("booking-cancel-dialog");
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect
      .poll(() => page.locator(".bk-result--ok").textContent())
      .toBe(`Booking cancelled and £${(paid - 10).toFixed(2)} refunded`);
    await expect.poll(() => page.locator(".bk-head .bk-badges").textContent()).toBe("Refunded");
    // Nothing left to refund or cancel.
    expect(await page.getByRole("button", { name: "Cancel and refund" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Refund", exact: true }).count()).toBe(0);
    const done = await getJson<Detail>(`/api/bookings/${b.id}`);
    expect(done.payment.refunded).toBe(paid);
    await expect
      .poll(() => placesLeft(context.request, apiUrl, item.course_id, item.course_date_id), { timeout: 10_000 })
      .toBe(placesBefore + 1);
    await screenshot("booking-cancelled");
  });

  test("shows the server's refusal in the dialog when another administrator refunded everything meanwhile", async ({
    page,
    context,
    apiUrl,
    adminUrl,
    login,
    navigate,
    getJson,
  }) => {
    await login();
    const b = await paidBookingId(context.request, apiUrl);
    await navigate(`/booking/${b.id}`);
    await page.getByRole("button", { name: "Refund", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: /^Refund part of/ });
    await dialog.waitFor();
    // Someone else, in another tab: all of it back.
    const paid = (await getJson<Detail>(`/api/bookings/${b.id}`)).payment.amount_paid!;
    const other = await context.request.post(`${apiUrl}/api/bookings/${b.id}/refund`, {
      data: { amount: paid, idempotency_key: `other-tab-${b.id}-refund` },
      headers: { Origin: adminUrl },
    });
    expect(other.status()).toBe(200);
    await dialog.getByLabel("Amount to refund (£)").fill("10");
    await dialog.getByRole("button", { name: "Refund", exact: true }).click();
    // The API refuses (never more than paid); the dialog stays open and says so.
    await expect.poll(() => dialog.getByRole("alert").count()).toBe(1);
    expect((await dialog.getByRole("alert").textContent())!.length).toBeGreaterThan(5);
    const after = await getJson<Detail>(`/api/bookings/${b.id}`);
    expect(after.payment.refunded).toBe(paid);
    await dialog.getByRole("button", { name: "Back" }).click();
    await dialog.waitFor({ state: "detached" });
  });

  test("cancels with a chosen amount refunded", async ({ page, context, apiUrl, login, navigate, getJson }) => {
    await login();
    const b = await paidBookingId(context.request, apiUrl);
    await navigate(`/booking/${b.id}`);
    await page.getByRole("button", { name: "Cancel and refund" }).click();
    const dialog = page.getByRole("dialog", { name: `Cancel booking ${b.bookingReference}?` });
    await dialog.getByLabel("Refund a chosen amount").check();
    await dialog.getByLabel("Amount to refund (£)").fill("5.50");
    await dialog.getByLabel("Reason (optional, kept in the history)").fill("Cancelled late: admin fee kept");
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.locator(".bk-result--ok").textContent()).toBe("Booking cancelled and £5.50 refunded");
    const done = await getJson<Detail>(`/api/bookings/${b.id}`);
    expect(done.payment.refunded).toBe(5.5);
    expect(done.status).toBe("refunded");
  });

  test("transfers to another date of the same course picked from the dates with places left", async ({
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
    const b = await paidBookingId(context.request, apiUrl, { firstName: "Tom", lastName: "Transfer" });
    const options = await getJson<TransferOption[]>(`/api/bookings/${b.id}/transfer-options`);
    const target = options.find((o) => o.fits && !o.current);
    expect(target, "the seed has another date of this course with places").toBeTruthy();
    await navigate(`/booking/${b.id}`);
    await page.getByRole("button", { name: "Transfer to another date" }).click();
    const dialog = page.getByRole("dialog", { name: /^Transfer .* to another date$/ });
    await dialog.waitFor();
    const radios = dialog.getByRole("radio");
    await expect.poll(() => radios.count()).toBe(options.length);
    // The current date cannot be chosen.
    expect(await dialog.getByRole("radio", { name: /current date/ }).isDisabled()).toBe(true);
    // Transfer without a choice: told to choose.
    await dialog.getByRole("button", { name: "Transfer", exact: true }).click();
    await expect.poll(() => dialog.textContent()).toContain("Choose a date");
    await expectNoA11yViolations();
    await screenshot("booking-transfer-dialog");
    await dialog.locator(`input[value="${target!.course_date_id}"]`).check();
    await dialog.getByRole("button", { name: "Transfer", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.locator(".bk-result--ok").textContent()).toMatch(/^Moved to /);
    const moved = await getJson<Detail>(`/api/bookings/${b.id}`);
    expect(moved.items[0]!.course_date_id).toBe(target!.course_date_id);
  });

  test("a manual booking: course, date, add-ons, attendees added and removed, invoice unpaid", async ({
    page,
    login,
    navigate,
    getJson,
    expectNoA11yViolations,
    screenshot,
  }) => {
    await login();
    await navigate("/enrolments");
    await page.getByRole("link", { name: "New booking" }).click();
    await page.waitForURL(/\/create-booking$/);
    await expect.poll(() => heading(page).textContent()).toBe("New booking");

    // Nothing filled: the contract's words on each field.
    await page.getByRole("button", { name: "Create booking" }).click();
    await expect.poll(() => page.locator("main").textContent()).toContain("Choose a course");
    await expect.poll(() => page.locator("main").textContent()).toContain("Choose how they pay");
    await expect.poll(() => page.locator("main").textContent()).toContain("Attendee first name is required");

    const course = page.getByLabel("Course*");
    const firstCourse = await course.locator("option").nth(1).getAttribute("value");
    await course.selectOption(firstCourse!);
    const date = page.getByLabel("Date*");
    await expect.poll(() => date.locator("option:not([disabled])").count()).toBeGreaterThan(1);
    const dateValue = await date.locator("option:not([disabled])").nth(1).getAttribute("value");
    await date.selectOption(dateValue!);
    const addOns = page.locator(".bk-choice").filter({ hasText: "Add-ons" }).getByRole("checkbox");
    const addOnCount = await addOns.count();
    if (addOnCount > 0) await addOns.first().check();

    await page.getByLabel("Attendee 1 first name*").fill("Mo");
    await page.getByLabel("Attendee 1 last name*").fill("Manual");
    await page.getByRole("button", { name: "Add attendee" }).click();
    await page.getByLabel("Attendee 2 first name*").fill("Wrong");
    await page.getByRole("button", { name: "Add attendee" }).click();
    await page.getByLabel("Attendee 3 first name*").fill("Sam");
    await page.getByLabel("Attendee 3 last name*").fill("Second");
    await page.getByLabel("Attendee 3 e-mail").fill("sam.second@example.com");
    await page.getByRole("button", { name: "Remove attendee 2" }).click();
    expect(await page.getByLabel("Attendee 2 first name*").inputValue()).toBe("Sam");

    await page.getByLabel("First name*", { exact: true }).fill("Mo");
    await page.getByLabel("Last name*", { exact: true }).fill("Manual");
    await page.getByLabel("Email address*").fill("mo.manual@example.com");
    await page.getByLabel("Phone number*").fill("07700 900456");
    await page.getByLabel("Company name").fill("Manual Security Ltd");
    await page.getByLabel("Purchase order").fill("PO-4711");
    await page.getByLabel("Invoice", { exact: true }).check();
    await page.getByLabel("Unpaid, invoice sent").check();
    expect(await page.getByLabel("Amount received (£)*").count()).toBe(0);
    await expectNoA11yViolations();
    await screenshot("booking-new");

    await page.getByRole("button", { name: "Create booking" }).click();
    await page.waitForURL(/\/booking\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const made = await getJson<Detail & { payment: { method: string; invoice_unpaid: boolean } }>(`/api/bookings/${id}`);
    expect(made.status).toBe("confirmed");
    expect(made.payment.method).toBe("invoice");
    expect(made.payment.invoice_unpaid).toBe(true);
    expect(made.items).toHaveLength(1);
    expect(made.items[0]!.seats).toBe(2);
    expect(made.items[0]!.course_date_id).toBe(Number(dateValue));
    await expect.poll(() => heading(page).textContent()).toContain(made.booking_reference);
    await expect.poll(() => page.locator(".bk-head .bk-badges").textContent()).toBe("ConfirmedInvoice unpaid");
    await expect.poll(() => page.locator(".bk-item__attendees").textContent()).toContain("Sam Second");
    await screenshot("booking-manual");

    // The invoice is paid by bank transfer a week later: the office records it.
    await page.getByRole("button", { name: "Record payment" }).click();
    const dialog = page.getByRole("dialog", { name: `Record a payment for ${made.booking_reference}` });
    await dialog.waitFor();
    const owed = (made as unknown as { total: number }).total;
    expect(await dialog.getByLabel("Amount received (£)").inputValue()).toBe(owed.toFixed(2));
    await dialog.getByLabel("Paid by").selectOption("bank_transfer");
    await expectNoA11yViolations();
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.locator(".bk-result--ok").textContent()).toBe(`£${owed.toFixed(2)} received`);
    await expect.poll(() => page.locator(".bk-head .bk-badges").textContent()).toBe("Confirmed");
    expect(await page.getByRole("button", { name: "Record payment" }).count()).toBe(0);
    const paid = await getJson<Detail & { payment: { invoice_unpaid: boolean } }>(`/api/bookings/${id}`);
    expect(paid.payment.invoice_unpaid).toBe(false);
    expect(paid.payment.amount_paid).toBe(owed);
  });

  test("a manual cash booking records the amount received", async ({ page, login, navigate, getJson }) => {
    await login();
    await navigate("/create-booking");
    const course = page.getByLabel("Course*");
    await expect.poll(() => course.locator("option").count()).toBeGreaterThan(1);
    await course.selectOption((await course.locator("option").nth(1).getAttribute("value"))!);
    const date = page.getByLabel("Date*");
    await expect.poll(() => date.locator("option:not([disabled])").count()).toBeGreaterThan(1);
    await date.selectOption((await date.locator("option:not([disabled])").nth(1).getAttribute("value"))!);
    await page.getByLabel("Attendee 1 first name*").fill("Cash");
    await page.getByLabel("Attendee 1 last name*").fill("Payer");
    await page.getByLabel("First name*", { exact: true }).fill("Cash");
    await page.getByLabel("Last name*", { exact: true }).fill("Payer");
    await page.getByLabel("Email address*").fill("cash.payer@example.com");
    await page.getByLabel("Phone number*").fill("07700 900789");
    await page.getByLabel("Cash", { exact: true }).check();
    // 'Unpaid' is only for invoices and bank transfers.
    expect(await page.getByLabel("Unpaid, invoice sent").count()).toBe(0);
    await page.getByLabel("Amount received (£)*").fill("120.50");
    await page.getByRole("button", { name: "Create booking" }).click();
    await page.waitForURL(/\/booking\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const made = await getJson<Detail & { payment: { method: string } }>(`/api/bookings/${id}`);
    expect(made.payment.method).toBe("cash");
    expect(made.payment.amount_paid).toBe(120.5);
  });

  test("a booking notification in the bell opens that booking", async ({ page, context, apiUrl, login, navigate }) => {
    await login();
    await context.request.post(`${apiUrl}/api/notifications/seen`);
    const b = await paidBookingId(context.request, apiUrl, { firstName: "Bea", lastName: `Bell${Date.now().toString(36)}` });
    await navigate("/admin");
    const bell = page.getByRole("button", { name: /^Notifications, \d+ new$/ });
    await bell.waitFor();
    await bell.click();
    const panel = page.getByRole("region", { name: "Notifications" });
    const item = panel.getByRole("link").filter({ hasText: `Bea ${b.lastName}` });
    await item.click();
    await page.waitForURL(new RegExp(`/booking/${b.id}$`));
    await expect.poll(() => heading(page).textContent()).toContain(b.bookingReference);
  });
});

async function placesLeft(request: APIRequestContext, apiUrl: string, courseId: number, dateId: number): Promise<number> {
  const course = await apiJson<{ courseDates: Array<{ id: number; placesLeft: number }> }>(
    request,
    `${apiUrl}/api/courses/${courseId}`,
  );
  return course.courseDates.find((d) => d.id === dateId)?.placesLeft ?? -1;
}
