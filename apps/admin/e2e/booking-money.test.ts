/**
 * A booking's money on its page (issue 29) in Chromium against the real API: an online deposit
 * shows how it is paid, what was paid and is still due and when, each payment with the provider's
 * id, and the office records the balance received by bank transfer; a deposit taken by phone from
 * the New booking form follows the course's payment options.
 */
import { describeAtWidths, expect, test } from "./fixtures";
import { apiSend, isoInDays, uniq } from "./content-helpers";

type Money = {
  plan: string;
  state: string | null;
  paid: number;
  outstanding: number;
  due_on: string | null;
  charges: { kind: string; amount: number; method: string; provider_ref: string | null }[];
};
type Detail = { id: number; booking_reference: string; money: Money };
type Row = { id: number; booking_reference: string };

const OPTIONS = {
  deposit_enabled: true,
  deposit_kind: "fixed",
  deposit_value: 30,
  balance_due_days: 28,
  instalments_enabled: false,
  klarna_enabled: false,
  overdue_action: "keep",
  overdue_release_days: 7,
  hold_results_until_paid: false,
};

describeAtWidths("a booking's money", (width) => {
  test("an online deposit, then the balance by bank transfer; a deposit by phone", async ({
    page,
    context,
    apiUrl,
    adminUrl,
    login,
    navigate,
    getJson,
    expectNoA11yViolations,
    screenshot,
  }) => {
    await login();
    const title = `Deposit Course ${uniq()}`;
    const created = await apiSend<{ id: number; courseDates: { id: number }[] }>(
      context,
      apiUrl,
      adminUrl,
      "POST",
      "/api/courses",
      {
        title,
        price: 250,
        description: "Close protection, paid in two parts.",
        duration: "1 Day",
        courseDates: [{ startDate: isoInDays(70) }],
      },
    );
    expect(created.status).toBe(201);
    const course = { id: created.body.id, dateId: created.body.courseDates[0]!.id };
    const own = await apiSend(context, apiUrl, adminUrl, "PUT", `/api/courses/${course.id}/payment-options`, {
      use_site_wide: false,
      options: OPTIONS,
    });
    expect(own.status).toBe(200);

    // A customer books online with a £30 deposit and pays it on the (local) payment page.
    const email = `deposit.${width}.${uniq().toLowerCase()}@example.com`;
    const placed = await fetch(`${apiUrl}/api/enroll`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        courses: [{ id: course.id, selectedDate: course.dateId, selectedAddons: [] }],
        guest_email: email,
        guest_name: "Dana",
        first_name: "Dana",
        last_name: "Deposit",
        phone_number: "07700 900123",
        country: "United Kingdom",
        street_address: "1 Example Street",
        town_city: "Bootle",
        state: "England",
        accept_terms: true,
        payment_plan: "deposit",
      }),
    });
    expect(placed.status).toBe(201);
    const { reference, booking_reference } = (await placed.json()) as { reference: string; booking_reference: string };
    const paid = await fetch(`${apiUrl}/api/payments/local/${reference}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    const [row] = (await getJson<Row[]>(`/api/bookings?q=${booking_reference}`)).filter(
      (r) => r.booking_reference === booking_reference,
    );

    await navigate(`/booking/${row!.id}`);
    const section = page.getByRole("region", { name: "Money" });
    await section.waitFor();
    await expect.poll(() => section.textContent()).toContain("Deposit, then the balance");
    const text = (await section.textContent()) ?? "";
    expect(text).toContain("Deposit paid");
    expect(text).toContain("Still due£220.00");
    expect(text).toContain("Deposit £30.00 · Card online");
    await section.scrollIntoViewIfNeeded();
    await expectNoA11yViolations();
    await screenshot("booking-money-deposit");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width === "phone" ? 390 : 1280);

    // The balance arrives by bank transfer: the office records it from the Money section.
    await section.getByRole("button", { name: "Record bank transfer" }).click();
    const dialog = page.getByRole("dialog", { name: `Record a payment for ${booking_reference}` });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Amount received (£)").inputValue()).toBe("220.00");
    expect(await dialog.getByLabel("Paid by").inputValue()).toBe("bank_transfer");
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => section.textContent()).toContain("Paid in full");
    expect(await section.textContent()).toContain("Balance £220.00 · Bank transfer");
    expect(await section.getByRole("button", { name: "Record bank transfer" }).count()).toBe(0);
    const detail = await getJson<Detail>(`/api/bookings/${row!.id}`);
    expect(detail.money).toMatchObject({ state: "paid in full", paid: 250, outstanding: 0 });
    expect(detail.money.charges.map((c) => [c.kind, c.method])).toEqual([
      ["deposit", "card_online"],
      ["balance", "bank_transfer"],
    ]);
    await section.scrollIntoViewIfNeeded();
    await screenshot("booking-money-paid");

    // A deposit by phone from the New booking form.
    await navigate("/create-booking");
    const courseField = page.getByLabel("Course*");
    await expect.poll(() => courseField.locator(`option[value="${course.id}"]`).count()).toBe(1);
    await courseField.selectOption(String(course.id));
    const date = page.getByLabel("Date*");
    await expect.poll(() => date.locator(`option[value="${course.dateId}"]`).count()).toBe(1);
    await date.selectOption(String(course.dateId));
    await page.getByLabel("Attendee 1 first name*").fill("Phil");
    await page.getByLabel("Attendee 1 last name*").fill("Phone");
    await page.getByLabel("First name*", { exact: true }).fill("Phil");
    await page.getByLabel("Last name*", { exact: true }).fill("Phone");
    await page.getByLabel("Email address*").fill(`phil.phone.${width}@example.com`);
    await page.getByLabel("Phone number*").fill("07700 900654");
    await page.getByLabel("Card (by phone)", { exact: true }).check();
    await page.getByLabel("This is a deposit: the balance is due before the course").check();
    await page.getByLabel("Deposit received (£)*").fill("50");
    await expectNoA11yViolations();
    await page.getByLabel("Deposit received (£)*").scrollIntoViewIfNeeded();
    await screenshot("booking-new-deposit");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width === "phone" ? 390 : 1280);
    await page.getByRole("button", { name: "Create booking" }).click();
    await page.waitForURL(/\/booking\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const phone = await getJson<Detail>(`/api/bookings/${id}`);
    expect(phone.money).toMatchObject({
      plan: "deposit",
      state: "deposit paid",
      paid: 50,
      outstanding: 200,
      due_on: isoInDays(42),
    });
    await expect
      .poll(() => page.getByRole("region", { name: "Money" }).textContent())
      .toContain("Deposit £50.00 · Card by phone");
  });
});
