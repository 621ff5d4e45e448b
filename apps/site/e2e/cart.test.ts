/**
 * The booking journey (site checkout) in real Chromium against the real API on a real database:
 * home → course → date and add-ons → cart → discount codes → checkout form (one mistake of each
 * kind, corrected) → order → the API's local payment page → /payment/success, then the order is
 * paid in the admin's enrolments. Also: a cancelled payment gives the cart back (the order cancelled
 * by the local page's Cancel, or by the cart page on a Stripe-style return), and axe on the
 * cart and checkout screens. At 390 px (phone) and 1280 px.
 *
 * axe runs on `main` (these screens); the shared header and footer are checked by the site's own tests.
 */
import type { Page } from "playwright-core";
import { describe } from "vitest";
import { formatDateRangeWithWeekday } from "@app/contract/dates";
import { createPaidBooking } from "@app/e2e-kit";
import { expect, test, VIEWPORTS } from "./fixtures";

const DOOR = { slug: "sia-door-supervisor-course", title: "SIA Door Supervisor Course" };
const FIRST_AID = { slug: "emergency-first-aid-at-work", title: "Emergency First Aid at Work" };
/** Seeded codes (apps/api/src/db/seed/catalogue.ts). */
const CODES = { valid: "WELCOME10", expired: "SPRING15", usedUp: "FIRST50" };
const ADMIN = { email: "admin@example.com", password: "Admin!Passw0rd" };

interface ApiCourse {
  id: number;
  fee: number;
  courseDates: { id: number; label: string; placesLeft: number; startDate: string; endDate: string }[];
  addOns: { id: number; name: string; price: number }[];
}

async function course(apiUrl: string, slug: string): Promise<ApiCourse> {
  const res = await fetch(`${apiUrl}/api/courses/slug/${slug}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ApiCourse;
}

async function validationMessage(apiUrl: string, code: string): Promise<string> {
  const res = await fetch(`${apiUrl}/api/discounts/validate/${code}`);
  const body = (await res.json()) as { valid: boolean; message: string };
  expect(body.valid).toBe(false);
  return body.message;
}

const pounds = (n: number) => `£${n.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const penceToText = (p: number) => pounds(p / 100);

/** Text of the visible toasts of one kind. */
function toast(page: Page, type: "success" | "error" | "info") {
  return page.locator(`[data-toast-type="${type}"]`);
}

async function dismissToasts(page: Page) {
  for (const close of await page.getByRole("button", { name: "Dismiss notification" }).all()) {
    await close.click().catch(() => undefined);
  }
}

/** The error text linked to a field through aria-describedby. */
async function fieldError(page: Page, label: string): Promise<string | null> {
  const describedBy = (await page.getByLabel(label, { exact: true }).getAttribute("aria-describedby")) ?? "";
  const id = describedBy.split(" ").find((x) => x.endsWith("-error"));
  if (!id) return null;
  return page.locator(`[id="${id}"]`).textContent();
}

/** The door supervisor course on its first date with places, saved in the browser's cart as the site saves it. */
async function putDoorCourseInCart(page: Page, navigate: (p: string) => Promise<void>, apiUrl: string) {
  const door = await course(apiUrl, DOOR.slug);
  const date = door.courseDates.find((d) => d.placesLeft > 0)!;
  await navigate("/");
  await page.evaluate((item) => window.localStorage.setItem("cart", JSON.stringify([item])), {
    id: door.id,
    slug: DOOR.slug,
    title: DOOR.title,
    pricePence: Math.round(door.fee * 100),
    image: null,
    selectedDateId: date.id,
    selectedDate: date.label,
    selectedAddons: [],
  });
}

/** From the home page to the course page, choose the second date and drop one add-on, add to cart. */
async function addCourseFromHome(
  page: Page,
  navigate: (p: string) => Promise<void>,
  apiUrl: string,
  slug: string,
  title: string,
) {
  const c = await course(apiUrl, slug);
  await navigate("/");
  const link = page.locator(`main a[href="/course/${slug}"]`).first();
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await page.waitForURL(`**/course/${slug}`);
  await page.getByRole("heading", { level: 1, name: title }).waitFor();

  const dates = c.courseDates.filter((d) => d.placesLeft > 0);
  const date = dates[1] ?? dates[0]!;
  // Dates are shown with their weekday ('Mon 7 – Sat 12 Dec 2026').
  await page
    .getByLabel(new RegExp(`^${formatDateRangeWithWeekday(date.startDate, date.endDate).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`))
    .check();
  // No add-on is ticked in advance (CCR 2013 reg. 40, overriding the spec): tick all but the last.
  for (const a of c.addOns) {
    expect(
      await page.getByRole("checkbox", { name: new RegExp(a.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).isChecked(),
    ).toBe(false);
  }
  const addOns = c.addOns.length > 1 ? c.addOns.slice(0, -1) : [];
  for (const a of addOns)
    await page.getByRole("checkbox", { name: new RegExp(a.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).check();
  const pricePence = Math.round(c.fee * 100) + addOns.reduce((s, a) => s + Math.round(a.price * 100), 0);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect
    .poll(() => toast(page, "success").allTextContents())
    .toContainEqual(expect.stringContaining(`${title} has been added to your cart!`));
  return { course: c, date, addOns, pricePence };
}

async function openCartFromHeader(page: Page, count: number, totalPence: number) {
  const button = page.getByRole("button", {
    name: `Cart: ${count} ${count === 1 ? "item" : "items"}, ${penceToText(totalPence)}`,
  });
  await button.click();
  await page.waitForURL("**/cart");
  await page.getByRole("heading", { level: 1, name: "Your Cart Summary" }).waitFor();
}

async function adminEnrollments(apiUrl: string) {
  const login = await fetch(`${apiUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  const { access_token } = (await login.json()) as { access_token: string };
  const res = await fetch(`${apiUrl}/api/enrollments`, { headers: { authorization: `Bearer ${access_token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    reference: string;
    status: string;
    first_name: string;
    last_name: string;
    guest_email: string;
    phone_number: string;
    town_city: string;
    state: string;
    company_name?: string;
    order_notes?: string;
    discount_code: string | null;
    total: number;
    amount_paid: number | null;
    courses: { id: number | null; course_date_id: number | null; addOns: { name: string }[] }[];
  }[];
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  describe(`booking journey on a ${name} (${viewport.width} px)`, () => {
    test.scoped({ viewport });

    test("books and pays a course from the home page to the success page", async ({
      page,
      navigate,
      apiUrl,
      screenshot,
      expectNoA11yViolations,
    }) => {
      const email = `e2e-${name}-${Date.now()}@example.com`;
      const picked = await addCourseFromHome(page, navigate, apiUrl, DOOR.slug, DOOR.title);
      await openCartFromHeader(page, 1, picked.pricePence);

      // Summary: breadcrumb, the line with date and add-ons, subtotal.
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect
        .poll(() => crumbs.getByRole("listitem").allTextContents())
        .toEqual([expect.stringContaining("Home"), "Cart Summary"]);
      const line = page.locator(".cart-line").filter({ hasText: DOOR.title });
      await expect
        .poll(() => line.textContent())
        .toContain(formatDateRangeWithWeekday(picked.date.startDate, picked.date.endDate));
      for (const a of picked.addOns) expect(await line.textContent()).toContain(a.name);
      await page.getByRole("button", { name: `Proceed to Checkout (${penceToText(picked.pricePence)})` }).waitFor();
      await expectNoA11yViolations("main");
      await screenshot("cart-summary");

      // An expired code: the API's message as an error toast and under the field, which keeps the code.
      const expiredMessage = await validationMessage(apiUrl, CODES.expired);
      const codeField = page.getByLabel("Discount code", { exact: true });
      await codeField.fill(CODES.expired);
      await codeField.press("Enter");
      await expect.poll(() => toast(page, "error").allTextContents()).toContainEqual(expect.stringContaining(expiredMessage));
      await expect.poll(() => codeField.inputValue()).toBe(CODES.expired);
      expect(await fieldError(page, "Discount code")).toBe(expiredMessage);
      await screenshot("cart-code-invalid");
      await dismissToasts(page);

      // A used-up code, checked on leaving the field.
      const usedUpMessage = await validationMessage(apiUrl, CODES.usedUp);
      await codeField.fill(CODES.usedUp);
      await codeField.blur();
      await expect.poll(() => toast(page, "error").allTextContents()).toContainEqual(expect.stringContaining(usedUpMessage));
      await dismissToasts(page);

      // The valid code through 'Apply Code': discount row, new total, no code box.
      await codeField.fill(CODES.valid.toLowerCase());
      await page.getByRole("button", { name: "Apply Code" }).click();
      const discountPence = Math.round((picked.pricePence * 10) / 100);
      const totalPence = picked.pricePence - discountPence;
      await page.getByText(`Discount (${CODES.valid}, 10% off)`).waitFor();
      await expect
        .poll(() => page.locator(".cart-totals__row--discount dd").textContent())
        .toBe(`-${penceToText(discountPence)}`);
      expect(await page.getByLabel("Discount code", { exact: true }).count()).toBe(0);
      expect(await page.getByText(usedUpMessage).count()).toBe(0);
      // The header's cart shows the cart page's total, after the code (attendee changes).
      const headerTotal = () => page.locator(".cart-button__total").first().textContent();
      await expect.poll(headerTotal).toBe(penceToText(totalPence));
      // The applied code survives a reload (checked again with the API).
      await page.reload();
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.getByText(`Discount (${CODES.valid}, 10% off)`).waitFor();
      await expect.poll(headerTotal).toBe(penceToText(totalPence));
      await screenshot("cart-code-applied");

      // Checkout step.
      await page.getByRole("button", { name: `Proceed to Checkout (${penceToText(totalPence)})` }).click();
      await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
      await expect
        .poll(() => crumbs.getByRole("listitem").allTextContents())
        .toEqual([expect.stringContaining("Home"), expect.stringContaining("Cart Summary"), "Cart Checkout"]);
      expect(await page.getByRole("button", { name: /Remove/ }).count()).toBe(0);
      await expectNoA11yViolations("main");
      await screenshot("checkout");

      // One mistake of each kind: a missing value, a spaces-only value, a bad phone, a bad e-mail,
      // no state chosen.
      const submit = page.getByRole("button", { name: `Proceed to Payment (${penceToText(totalPence)})` });
      await page.getByLabel("First name*").fill("   ");
      await page.getByLabel("Phone Number*").fill("0770 090 012");
      await page.getByLabel("Email address*").fill("jane.example.com");
      await page.getByLabel("Street address*").fill("1 Example Street");
      await page.getByLabel("Town/City*").fill("Bootle");
      await page.getByLabel("Company name (optional)").fill("Example Security Ltd");
      await page.getByLabel("Order notes (optional)").fill("Booked by the browser test");
      await submit.click();
      await expect
        .poll(() => toast(page, "info").allTextContents())
        .toContainEqual(expect.stringContaining("Please fill in all required fields correctly"));
      expect(await fieldError(page, "I agree to the booking terms*")).toBe(
        "Please tick 'I agree to the booking terms' to continue",
      );
      expect(await fieldError(page, "First name*")).toBe("First name is required");
      expect(await fieldError(page, "Last name*")).toBe("Last name is required");
      expect(await fieldError(page, "Phone Number*")).toBe("Please enter a valid phone number");
      expect(await fieldError(page, "Email address*")).toBe("Please enter a valid email address");
      expect(await fieldError(page, "State*")).toBe("State is required");
      expect(await fieldError(page, "Town/City*")).toBeNull();
      // The first wrong field has the focus.
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("firstName");
      await expectNoA11yViolations("main");
      await screenshot("checkout-errors");

      // Empty the phone: its other message.
      await page.getByLabel("Phone Number*").fill("");
      await dismissToasts(page);
      await submit.click();
      expect(await fieldError(page, "Phone Number*")).toBe("Phone number is required");

      // Each error clears as that field is corrected.
      await page.getByLabel("First name*").fill("Jane");
      expect(await fieldError(page, "First name*")).toBeNull();
      expect(await fieldError(page, "Last name*")).toBe("Last name is required");
      await page.getByLabel("Last name*").fill("Doe");
      await page.getByLabel("Phone Number*").fill("07700 900123");
      await page.getByLabel("Email address*").fill(email);
      await page.getByLabel("State*").selectOption("England");
      await page.getByLabel("I agree to the booking terms*").check();
      for (const label of [
        "First name*",
        "Last name*",
        "Phone Number*",
        "Email address*",
        "State*",
        "I agree to the booking terms*",
      ]) {
        expect(await fieldError(page, label)).toBeNull();
      }

      // Submit: the browser goes to the API's local payment page.
      await submit.click();
      await page.waitForURL(/\/api\/payments\/local\/[^/]+$/);
      const reference = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
      expect(reference).not.toBe("");
      await screenshot("payment-page");
      expect(await page.locator("main").textContent()).toContain(penceToText(totalPence));
      await page.getByRole("button", { name: /^Pay\b/ }).click();

      // Back on the site.
      await page.waitForURL(/\/payment\/success\?/);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.getByRole("heading", { level: 1, name: "Payment Successful!" }).waitFor();
      await page.getByText("Your payment was completed successfully. A confirmation email has been sent to you.").waitFor();
      await page.getByText(penceToText(totalPence), { exact: true }).waitFor();
      const status = (await (await fetch(`${apiUrl}/api/orders/${encodeURIComponent(reference)}/status`)).json()) as {
        booking_reference: string;
      };
      await page.getByText(status.booking_reference, { exact: true }).waitFor();
      await page.getByText(formatDateRangeWithWeekday(picked.date.startDate, picked.date.endDate)).waitFor();
      expect(await page.getByRole("link", { name: "Add to calendar" }).getAttribute("href")).toMatch(/\/calendar\.ics$/);
      await expectNoA11yViolations("main");
      await screenshot("payment-success");

      // The cart was emptied on submit.
      await page.getByRole("button", { name: `Cart: 0 items, ${penceToText(0)}` }).waitFor({ state: "attached" });

      // The admin sees the booking as paid, with what was chosen.
      const booking = (await adminEnrollments(apiUrl)).find((e) => e.reference === reference);
      expect(booking).toBeDefined();
      expect(booking).toMatchObject({
        status: "paid",
        first_name: "Jane",
        last_name: "Doe",
        guest_email: email,
        phone_number: "07700 900123",
        town_city: "Bootle",
        state: "England",
        company_name: "Example Security Ltd",
        order_notes: "Booked by the browser test",
        discount_code: CODES.valid,
        total: totalPence / 100,
        amount_paid: totalPence / 100,
      });
      expect(booking!.courses).toHaveLength(1);
      expect(booking!.courses[0]).toMatchObject({ id: picked.course.id, course_date_id: picked.date.id });
      expect(booking!.courses[0]!.addOns.map((a) => a.name).sort()).toEqual(picked.addOns.map((a) => a.name).sort());
    }, 150_000);

    test("gives the cart back after the payment is cancelled", async ({ page, navigate, apiUrl, screenshot }) => {
      const picked = await addCourseFromHome(page, navigate, apiUrl, FIRST_AID.slug, FIRST_AID.title);
      await openCartFromHeader(page, 1, picked.pricePence);
      await page.getByRole("button", { name: /Proceed to Checkout/ }).click();
      await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
      await page.getByLabel("First name*").fill("Sam");
      await page.getByLabel("Last name*").fill("Example");
      await page.getByLabel("Phone Number*").fill("07700900456");
      await page.getByLabel("Email address*").fill(`cancel-${name}-${Date.now()}@example.com`);
      await page.getByLabel("Street address*").fill("2 Example Road");
      await page.getByLabel("Town/City*").fill("Liverpool");
      await page.getByLabel("State*").selectOption("England");
      await page.getByLabel("I agree to the booking terms*").check();
      await page.getByRole("button", { name: /Proceed to Payment/ }).click();
      await page.waitForURL(/\/api\/payments\/local\/[^/]+$/);
      const reference = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");

      if (name === "phone") {
        // Stripe's Back link: its cancel_url brings the browser back with the order still pending
        // (docs/decisions/031); the cart page cancels it.
        expect((await (await fetch(`${apiUrl}/api/orders/${encodeURIComponent(reference)}/status`)).json()).status).toBe(
          "pending",
        );
        await navigate(`/cart?cancelled=${encodeURIComponent(reference)}`);
      } else {
        // The local page's Cancel cancels, then sends the browser to the same address.
        await page.getByRole("button", { name: "Cancel" }).click();
        await page.waitForURL(/\/cart/);
      }
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      // Both providers send the browser to /cart?cancelled=<reference> (docs/decisions/030).
      await page.getByText("Your payment was cancelled and you have not been charged. Your cart is as you left it.").waitFor();
      expect(new URL(page.url()).search).toBe("");
      await page.getByRole("heading", { level: 1, name: "Your Cart Summary" }).waitFor();
      await expect
        .poll(() => page.locator(".cart-line").filter({ hasText: FIRST_AID.title }).textContent())
        .toContain(formatDateRangeWithWeekday(picked.date.startDate, picked.date.endDate));
      await page.getByRole("button", { name: `Cart: 1 item, ${penceToText(picked.pricePence)}` }).waitFor();
      await screenshot("cart-after-cancel");

      const booking = (await adminEnrollments(apiUrl)).find((e) => e.reference === reference);
      expect(booking?.status).toBe("cancelled");
    });

    test("says plainly that an order was paid when its cancelled return comes after the payment", async ({
      page,
      navigate,
      apiUrl,
      screenshot,
    }) => {
      const { reference } = await createPaidBooking(apiUrl, {
        slug: FIRST_AID.slug,
        firstName: "Pat",
        lastName: "Example",
        email: `paid-${name}-${Date.now()}@example.com`,
      });

      await navigate(`/cart?cancelled=${encodeURIComponent(reference)}`);
      await page.getByText("This order has already been paid.").waitFor();
      expect(await page.getByRole("link", { name: "See your booking" }).getAttribute("href")).toBe(
        `/payment/success?order=${reference}`,
      );
      await page.getByRole("heading", { level: 1, name: "Your Cart is Empty" }).waitFor();
      await screenshot("cart-cancel-return-paid");
      const booking = (await adminEnrollments(apiUrl)).find((e) => e.reference === reference);
      expect(booking?.status).toBe("paid");
    });

    test("shows the empty cart with its ways out", async ({ page, navigate, screenshot, expectNoA11yViolations }) => {
      await navigate("/cart");
      await page.getByRole("heading", { level: 1, name: "Your Cart is Empty" }).waitFor();
      expect(await page.getByRole("link", { name: "Browse Courses" }).getAttribute("href")).toBe("/all-courses");
      expect(await page.locator("main").getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
      await expectNoA11yViolations("main");
      await screenshot("cart-empty");
      await page.getByRole("link", { name: "Browse Courses" }).click();
      await page.waitForURL("**/all-courses");
    });
  });
}

describe("the cart flag cookie: /cart drawn by the server (performance, decision 257)", () => {
  test.scoped({ viewport: VIEWPORTS.phone });

  test("renders the empty cart on the server, and a held cart never flashes it", async ({
    page,
    navigate,
    siteUrl,
    apiUrl,
    screenshot,
  }) => {
    // No flag: the server's own HTML is the empty cart, final text and ways out, no skeleton.
    const empty = await (await fetch(`${siteUrl}/cart`)).text();
    expect(empty).toContain("Your Cart is Empty");
    expect(empty).not.toContain('aria-busy="true"');

    await putDoorCourseInCart(page, navigate, apiUrl);
    // A cart saved without the flag (before it existed): the next page's hydration sets it.
    await navigate("/contact");
    const flag = async () => (await page.context().cookies()).find((c) => c.name === "cart_held");
    expect((await flag())?.value).toBe("1");
    expect((await flag())?.sameSite).toBe("Lax");

    // With the flag the server renders the skeleton; the page must never say the cart is empty.
    const cookie = `cart_held=1`;
    const held = await (await fetch(`${siteUrl}/cart`, { headers: { cookie } })).text();
    expect(held).toContain('aria-busy="true"');
    expect(held).not.toContain("Your Cart is Empty");
    await page.addInitScript(() => {
      const w = window as unknown as { sawEmpty: boolean };
      w.sawEmpty = false;
      new MutationObserver(() => {
        if (document.body?.textContent?.includes("Your Cart is Empty")) w.sawEmpty = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await navigate("/cart");
    await page.getByRole("heading", { level: 1, name: "Your Cart Summary" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sawEmpty: boolean }).sawEmpty)).toBe(false);
    await screenshot("cart-flag-held");

    // Removing the last course takes the flag away: the next server render is the empty cart.
    await page.getByRole("button", { name: `Remove ${DOOR.title} from your cart` }).click();
    await page.getByRole("heading", { level: 1, name: "Your Cart is Empty" }).waitFor();
    expect(await flag()).toBeUndefined();
  });
});

describe("what /cart loads (390 px)", () => {
  test.scoped({ viewport: VIEWPORTS.phone });

  test("the checkout's schemas arrive only once the customer is in the checkout form, and still check it", async ({
    page,
    navigate,
    apiUrl,
  }) => {
    await putDoorCourseInCart(page, navigate, apiUrl);
    // zod's own error class name survives minifying: a script that has it carries the schemas.
    const zodScripts: Promise<boolean>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script")
        zodScripts.push(response.text().then((body) => body.includes("ZodError")));
    });
    const zodLoaded = async () => (await Promise.all(zodScripts)).some(Boolean);

    await navigate("/cart");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    expect(zodScripts.length).toBeGreaterThan(0);
    expect(await zodLoaded()).toBe(false);
    await page.getByRole("button", { name: /^Proceed to Checkout/ }).click();
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    expect(await zodLoaded()).toBe(false);

    // Sent empty: the rules load on the way and answer in the contract's words.
    await page.getByRole("button", { name: /^Proceed to Payment/ }).click();
    await expect.poll(() => fieldError(page, "First name*")).toBe("First name is required");
    expect(await fieldError(page, "Email address*")).toBe("Email address is required");
    expect(await zodLoaded()).toBe(true);
  });
});

describe("a date that fills up while the customer checks out (390 px)", () => {
  test.scoped({ viewport: VIEWPORTS.phone });

  test("keeps the cart, says so in the API's words and leads back to the course page", async ({
    page,
    navigate,
    apiUrl,
    screenshot,
  }) => {
    const slug = "close-protection-course";
    const c = await course(apiUrl, slug);
    const date = c.courseDates.find((d) => d.placesLeft > 0)!;
    await navigate(`/course/${slug}`);
    await page.getByLabel(new RegExp(`^${formatDateRangeWithWeekday(date.startDate, date.endDate)}`)).check();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.getByRole("button", { name: /^Cart: 1 item/ }).click();
    await page.waitForURL("**/cart");
    await page.getByRole("button", { name: /Proceed to Checkout/ }).click();
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    await page.getByLabel("First name*").fill("Alex");
    await page.getByLabel("Last name*").fill("Example");
    await page.getByLabel("Phone Number*").fill("0770 090 0789");
    await page.getByLabel("Email address*").fill(`full-${Date.now()}@example.com`);
    await page.getByLabel("Street address*").fill("3 Example Lane");
    await page.getByLabel("Town/City*").fill("Bootle");
    await page.getByLabel("State*").selectOption("England");
    await page.getByLabel("I agree to the booking terms*").check();

    // Meanwhile other customers take every place left on that date.
    for (let n = 0; n < date.placesLeft; n++) {
      const res = await fetch(`${apiUrl}/api/enroll`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          courses: [{ id: c.id, selectedDate: date.id, selectedAddons: [] }],
          guest_email: `other-${n}-${Date.now()}@example.com`,
          guest_name: "Other",
          first_name: "Other",
          last_name: "Customer",
          phone_number: "07700900999",
          country: "United Kingdom",
          street_address: "9 Example Way",
          town_city: "Liverpool",
          state: "England",
        }),
      });
      expect(res.status).toBe(201);
    }
    const refused = await fetch(`${apiUrl}/api/enroll`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        courses: [{ id: c.id, selectedDate: date.id, selectedAddons: [] }],
        guest_email: "probe@example.com",
        guest_name: "Probe",
        first_name: "Probe",
        last_name: "Customer",
        phone_number: "07700900998",
        country: "United Kingdom",
        street_address: "9 Example Way",
        town_city: "Liverpool",
        state: "England",
      }),
    });
    expect(refused.status).toBe(409);
    const { message } = (await refused.json()) as { message: string };

    await page.getByRole("button", { name: /Proceed to Payment/ }).click();
    await expect.poll(() => toast(page, "error").allTextContents()).toContainEqual(expect.stringContaining(message));
    const notice = page.locator(".cart-notice--error");
    await expect.poll(() => notice.textContent()).toContain(message);
    await screenshot("checkout-date-full");
    // The cart is kept.
    await page.getByRole("button", { name: /^Cart: 1 item/ }).waitFor();
    // And the way back to choose another date.
    await notice.getByRole("link", { name: /Choose another date for/ }).click();
    await page.waitForURL(`**/course/${slug}`);
    await page.getByText("Fully booked").first().waitFor();
  });
});
