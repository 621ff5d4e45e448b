/**
 * Erasure on request (decision 309) in Chromium at 390 px against the real API: the owner checks
 * what is held for a customer's e-mail address (a booking and a contact message), reads what is
 * erased and what is kept, confirms, and the data is gone.
 */
import { describe } from "vitest";
import { expect, test, VIEWPORTS } from "./fixtures";
import { sendContactMessage } from "./helpers";

describe("personal data erasure at phone width", () => {
  test.override({ viewport: VIEWPORTS.phone });

  test("the owner checks what is held, confirms, and it is erased; what the law requires is kept", async ({
    page,
    context,
    apiUrl,
    login,
    navigate,
    getJson,
    expectNoA11yViolations,
    screenshot,
  }) => {
    const email = `erase.me.${Date.now()}@example.com`;
    await sendContactMessage(context.request, apiUrl, {
      firstName: "Erin",
      lastName: "Erasable",
      phoneNumber: "07700 900111",
      emailAddress: email,
      message: "Please delete my details",
    });
    // A paid booking with the local payment page.
    const courses = await (await context.request.get(`${apiUrl}/api/courses`)).json();
    let booked = false;
    for (const c of courses as { id: number }[]) {
      const detail = await (await context.request.get(`${apiUrl}/api/courses/${c.id}`)).json();
      const date = (detail.courseDates as { id: number; placesLeft: number }[]).find((d) => d.placesLeft > 0);
      if (!date) continue;
      const res = await context.request.post(`${apiUrl}/api/enroll`, {
        data: {
          courses: [{ id: c.id, selectedDate: date.id, selectedAddons: [] }],
          guest_email: email,
          guest_name: "Erin",
          first_name: "Erin",
          last_name: "Erasable",
          phone_number: "07700 900111",
          country: "United Kingdom",
          street_address: "3 Example Quay",
          town_city: "Bootle",
          state: "England",
          accept_terms: true,
        },
      });
      expect(res.status()).toBe(201);
      const { reference } = await res.json();
      const paid = await context.request.post(`${apiUrl}/api/payments/local/${reference}/pay`, { maxRedirects: 0 });
      expect(paid.status()).toBe(303);
      booked = true;
      break;
    }
    expect(booked).toBe(true);

    await login();
    await navigate("/privacy");
    await page.getByRole("heading", { level: 1, name: "Personal data" }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Check what is held" }).click();
    const held = page.locator(".admin-card").filter({ has: page.getByRole("heading", { name: `Held for ${email}` }) });
    await held.waitFor();
    const text = (await held.textContent()) ?? "";
    expect(text).toMatch(/Contact details \(e-mail, phone, address\) on 1 booking \(\w{4}-\w{4}\)/);
    expect(text).toContain("1 contact message");
    expect(text).toContain("Kept, as the law requires");
    expect(text).toContain("The buyer's name and the amounts of each booking, for 6 years (financial records)");
    await expectNoA11yViolations();
    await screenshot("privacy-preview");

    await held.getByRole("button", { name: "Erase personal data" }).click();
    const dialog = page.getByRole("dialog", { name: "Erase personal data" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`The personal data held for ${email} will be erased now.`);
    await expectNoA11yViolations();
    await dialog.getByRole("button", { name: "Erase", exact: true }).click();
    await page.getByRole("heading", { name: "Personal data erased" }).waitFor();
    expect(await page.getByText("The erasure is recorded in the activity log, without the erased data.").count()).toBe(1);
    await screenshot("privacy-erased");

    // Gone from the messages and bookings the office sees; the activity log names no address.
    const messages = await getJson<{ emailAddress: string }[]>("/api/messages");
    expect(messages.filter((m) => m.emailAddress === email)).toEqual([]);
    const bookings = await getJson<{ email: string; customer_name: string }[]>(`/api/bookings?q=Erasable`);
    expect(bookings.map((b) => [b.customer_name, b.email])).toContainEqual(["Erin Erasable", ""]);
    const activity = JSON.stringify(await getJson<unknown>("/api/activity-logs?limit=50"));
    expect(activity).toContain("Personal data erased (request)");
    expect(activity).not.toContain(email);
  }, 120_000);
});
