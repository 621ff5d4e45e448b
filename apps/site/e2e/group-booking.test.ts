/**
 * Group and employer bookings on the public site (office booking tools) and the marketing opt-in (waiting lists and reminders),
 * in real Chromium against the real API, at 390 px (phone) and 1280 px: places chosen on the
 * course page (1 up to the places left, at most 10), changed on the cart line, priced per place;
 * each attendee named at checkout (first and last name, e-mail optional); company name and
 * purchase-order number; one place booked for someone else; the unticked opt-in box; the order
 * request carries all of it; after payment the success page links the receipt PDF.
 *
 * Both the request and what the API made of it are checked: the 3-place order holds 3 seats (the
 * course page's places left drops by 3), the local payment page charges the price × 3, the office's
 * view of the order holds the purchase order, the company and each attendee, and the success
 * page's receipt link answers a PDF.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { FileSystemConfigLoader, HtmlValidate } from "html-validate";
import type { Page } from "playwright-core";
import { describe } from "vitest";
import { formatDateRangeWithWeekday } from "@app/contract/dates";
import { MAX_PLACES_PER_ORDER } from "@app/contract";
import { expect, test, VIEWPORTS } from "./fixtures";

const DOOR = { slug: "sia-door-supervisor-course", title: "SIA Door Supervisor Course" };
const FIRST_AID = { slug: "emergency-first-aid-at-work", title: "Emergency First Aid at Work" };
const OPT_IN = "Send me reminders about my licence renewal and new course dates (you can unsubscribe at any time)";

interface ApiCourse {
  id: number;
  fee: number;
  courseDates: { id: number; label: string; placesLeft: number; startDate: string; endDate: string }[];
}

const penceToText = (p: number) =>
  `£${(p / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function course(apiUrl: string, slug: string): Promise<ApiCourse> {
  const res = await fetch(`${apiUrl}/api/courses/slug/${slug}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ApiCourse;
}

const SITE_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * html-validate (the site's config, recommended preset) over the rendered <main>: the cart and the
 * checkout are never in a first HTML, so the HTTP check of every route cannot see them.
 */
async function expectValidMain(page: Page, name: string) {
  // An empty `style=""` is left on a field by the test tools that ran before (axe), not by us.
  const main = (await page.locator("main").evaluate((el) => el.outerHTML)).replace(/ style=""/g, "");
  const doc = `<!DOCTYPE html><html lang="en"><head><title>Checkout | Test</title></head><body>${main}</body></html>`;
  // The browser's serialiser writes boolean attributes as `novalidate=""` (the server's HTML writes
  // them bare): a style of the serialiser, not of our markup.
  const report = await new HtmlValidate(new FileSystemConfigLoader()).validateString(doc, join(SITE_ROOT, `${name}.html`), {
    rules: { "attribute-boolean-style": "off" },
  });
  const problems = report.results.flatMap((r) =>
    r.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId} ${m.message} (${m.selector ?? ""})`),
  );
  expect(problems).toEqual([]);
}

async function adminToken(apiUrl: string): Promise<string> {
  const login = await fetch(`${apiUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "Admin!Passw0rd" }),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { access_token: string }).access_token;
}

/** A code made through the admin API for one test (unique per run). */
async function createCode(apiUrl: string, body: Record<string, unknown>): Promise<void> {
  const today = new Date();
  const later = new Date(today.getTime() + 30 * 86_400_000);
  const res = await fetch(`${apiUrl}/api/discounts`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await adminToken(apiUrl)}` },
    body: JSON.stringify({
      valid_from: today.toLocaleDateString("en-CA", { timeZone: "Europe/London" }),
      valid_until: later.toLocaleDateString("en-CA", { timeZone: "Europe/London" }),
      max_uses: 50,
      ...body,
    }),
  });
  expect(res.status).toBe(201);
}

/** The office's view of one order (GET /api/enrollments as the seeded administrator). */
async function storedOrder(apiUrl: string, reference: string) {
  const access_token = await adminToken(apiUrl);
  const res = await fetch(`${apiUrl}/api/enrollments`, { headers: { authorization: `Bearer ${access_token}` } });
  expect(res.status).toBe(200);
  const all = (await res.json()) as {
    reference: string;
    status: string;
    company_name?: string;
    purchase_order?: string | null;
    marketing_consent_at?: string | null;
    total: number;
    courses: {
      id: number | null;
      course_date_id: number | null;
      seats: number;
      attendees: { first_name: string; last_name: string; email: string | null }[];
    }[];
  }[];
  return all.find((e) => e.reference === reference);
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The error text linked to a control through aria-describedby. */
async function describedError(page: Page, control: ReturnType<Page["getByLabel"]>): Promise<string | null> {
  const id = ((await control.getAttribute("aria-describedby")) ?? "").split(" ").find((x) => x.endsWith("-error"));
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  describe(`group booking on a ${name} (${viewport.width} px)`, () => {
    test.scoped({ viewport });

    test("books 3 places, changes them on the cart line, names each attendee, adds company, PO and the opt-in, pays, and the API holds it all", async ({
      page,
      navigate,
      apiUrl,
      appUrl,
      screenshot,
      expectNoA11yViolations,
    }) => {
      const c = await course(apiUrl, DOOR.slug);
      const date = c.courseDates.find((d) => d.placesLeft >= 3)!;
      expect(date).toBeDefined();
      const feePence = Math.round(c.fee * 100);

      // Course page: the places picker offers 1 up to the places left, at most 10.
      await navigate(`/course/${DOOR.slug}`);
      await page.getByLabel(new RegExp(`^${escape(formatDateRangeWithWeekday(date.startDate, date.endDate))}`)).check();
      const places = page.getByLabel("Places", { exact: true });
      const options = await places.locator("option").allTextContents();
      expect(options[0]).toBe("1 place");
      expect(options).toHaveLength(Math.min(date.placesLeft, MAX_PLACES_PER_ORDER));
      expect(await places.inputValue()).toBe("1");
      await places.selectOption("3");
      await expect.poll(() => page.getByTestId("booking-total").textContent()).toBe(penceToText(3 * feePence));
      await page.getByText(`3 places × ${penceToText(feePence)}`).waitFor();
      await expectNoSidewaysScroll(page, viewport.width);
      await page.locator(".booking").scrollIntoViewIfNeeded();
      await screenshot("group-course-places");
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page
        .locator('[data-toast-type="success"]')
        .filter({ hasText: `${DOOR.title} has been added to your cart!` })
        .waitFor();

      // Cart: the line is one place's price × places; the places change on the line.
      await page.getByRole("button", { name: `Cart: 1 item, ${penceToText(3 * feePence)}` }).click();
      await page.getByRole("heading", { level: 1, name: "Your Cart Summary" }).waitFor();
      const line = page.locator(".cart-line").filter({ hasText: DOOR.title });
      await line.getByText(`3 × ${penceToText(feePence)}`).waitFor();
      await page.getByLabel(`Places on ${DOOR.title}`).selectOption("2");
      await expect
        .poll(() => page.locator(".cart-totals__row").first().locator("dd").textContent())
        .toBe(penceToText(2 * feePence));
      await line.getByText(`2 × ${penceToText(feePence)}`).waitFor();
      await page.getByLabel(`Places on ${DOOR.title}`).selectOption("3");
      await line.getByText(`3 × ${penceToText(feePence)}`).waitFor();
      await expectNoSidewaysScroll(page, viewport.width);
      await expectNoA11yViolations("main");
      await expectValidMain(page, "group-cart");
      await screenshot("group-cart");

      // Checkout: buyer, company and PO, then who is attending.
      await page.getByRole("button", { name: `Proceed to Checkout (${penceToText(3 * feePence)})` }).click();
      await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
      await page.getByLabel("First name*", { exact: true }).fill("Jane");
      await page.getByLabel("Last name*", { exact: true }).fill("Doe");
      await page.getByLabel("Phone Number*").fill("07700 900123");
      await page.getByLabel("Email address*").fill(`group-${name}-${Date.now()}@example.com`);
      await page.getByLabel("Company name (optional)").fill("Acme Security Ltd");
      await page.getByLabel("Purchase order number (optional)").fill("PO-2026-118");
      await page.getByLabel("Street address*").fill("1 Example Street");
      await page.getByLabel("Town/City*").fill("Bootle");
      await page.getByLabel("State*").selectOption("England");
      await page.getByLabel("I agree to the booking terms*").check();

      // The marketing box is never ticked in advance.
      const optIn = page.getByLabel(OPT_IN, { exact: true });
      expect(await optIn.isChecked()).toBe(false);

      // Names are required for every place: nothing is sent without them.
      const group = page.getByRole("group", { name: `${DOOR.title}: 3 places` });
      const attendee = (n: number) => group.getByRole("group", { name: `Attendee ${n}` });
      const submit = page.getByRole("button", { name: `Proceed to Payment (${penceToText(3 * feePence)})` });
      let enrolls = 0;
      page.on("request", (r) => {
        if (r.url().endsWith("/api/enroll")) enrolls++;
      });
      // Attendee 1 is the buyer (attendee changes) until they say someone else is attending.
      const firstName1 = attendee(1).getByLabel("First name*");
      expect(await firstName1.inputValue()).toBe("Jane");
      expect(await attendee(1).getByLabel("Last name*").inputValue()).toBe("Doe");
      expect(await attendee(1).getByLabel("Email (optional)").inputValue()).toMatch(/^group-.*@example\.com$/);
      await group.getByLabel("Someone else is attending instead of me").check();
      expect(await firstName1.inputValue()).toBe("");
      await submit.click();
      await expect.poll(() => describedError(page, firstName1)).toBe("Attendee first name is required");
      expect(await describedError(page, attendee(2).getByLabel("Last name*"))).toBe("Attendee last name is required");
      expect(await describedError(page, attendee(2).getByLabel("Email (optional)"))).toBeNull();
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe(
        `attendees.${c.id}.0.first_name`,
      );
      expect(enrolls).toBe(0);

      await firstName1.fill("Sam");
      expect(await describedError(page, firstName1)).toBeNull();
      await attendee(1).getByLabel("Last name*").fill("Lee");
      await attendee(2).getByLabel("First name*").fill("Alex");
      await attendee(2).getByLabel("Last name*").fill("Khan");
      await attendee(2).getByLabel("Email (optional)").fill("alex.khan@example.com");
      await attendee(3).getByLabel("First name*").fill("Priya");
      await attendee(3).getByLabel("Last name*").fill("Shah");
      await optIn.check();
      await expectNoSidewaysScroll(page, viewport.width);
      await expectNoA11yViolations("main");
      await expectValidMain(page, "group-checkout");
      await screenshot("group-checkout");

      // Places left just before ordering (read again: an earlier test may have taken some).
      const before = (await course(apiUrl, DOOR.slug)).courseDates.find((d) => d.id === date.id)!.placesLeft;

      // The order request carries places, attendees, company, PO and the opt-in.
      const request = page.waitForRequest((r) => r.url().endsWith("/api/enroll") && r.method() === "POST");
      await submit.click();
      const body = JSON.parse((await request).postData() ?? "{}") as Record<string, unknown>;
      expect(body.courses).toEqual([
        {
          id: c.id,
          selectedDate: date.id,
          selectedAddons: [],
          quantity: 3,
          attendees: [
            { first_name: "Sam", last_name: "Lee" },
            { first_name: "Alex", last_name: "Khan", email: "alex.khan@example.com" },
            { first_name: "Priya", last_name: "Shah" },
          ],
        },
      ]);
      expect(body).toMatchObject({ company_name: "Acme Security Ltd", purchase_order: "PO-2026-118", marketing_opt_in: true });

      // Paid on the API's local payment page: the success page links the receipt PDF.
      await page.waitForURL(/\/api\/payments\/local\/[^/]+$/);
      const reference = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
      // The payment page charges one place's price × 3.
      expect(await page.title()).toBe(`Payment – ${penceToText(3 * feePence)}`);
      await page.getByText(`${DOOR.title} × 3 places`).waitFor();

      // The held order takes 3 seats: the course page shows 3 places fewer on that date.
      const after = before - 3;
      expect((await course(apiUrl, DOOR.slug)).courseDates.find((d) => d.id === date.id)!.placesLeft).toBe(after);
      const coursePage = await page.context().newPage();
      await coursePage.goto(`${appUrl}/course/${DOOR.slug}`);
      await coursePage
        .locator("label.date-option")
        .filter({ hasText: formatDateRangeWithWeekday(date.startDate, date.endDate) })
        .filter({ hasText: after === 1 ? "1 place left" : after <= 0 ? "Fully booked" : `${after} places left` })
        .waitFor();
      await coursePage.close();

      await page.getByRole("button", { name: /^Pay\b/ }).click();
      await page.waitForURL(/\/payment\/success\?/);
      await page.getByRole("heading", { level: 1, name: "Payment Successful!" }).waitFor();
      const receipt = page.getByRole("link", { name: "Download receipt (PDF)" });
      expect(await receipt.getAttribute("href")).toBe(`${apiUrl}/api/orders/${encodeURIComponent(reference)}/receipt.pdf`);
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot("group-payment-success");

      // What the API stored: 3 seats with a name each, the company, the PO, the consent, the total.
      const stored = await storedOrder(apiUrl, reference);
      expect(stored).toMatchObject({ status: "paid", company_name: "Acme Security Ltd", purchase_order: "PO-2026-118" });
      expect(stored!.total * 100).toBeCloseTo(3 * feePence, 5);
      expect(stored!.marketing_consent_at).toEqual(expect.any(String));
      expect(stored!.courses).toHaveLength(1);
      expect(stored!.courses[0]).toMatchObject({ id: c.id, course_date_id: date.id, seats: 3 });
      expect(stored!.courses[0]!.attendees.map((a) => `${a.first_name} ${a.last_name}`)).toEqual([
        "Sam Lee",
        "Alex Khan",
        "Priya Shah",
      ]);

      // The receipt link answers the PDF.
      const pdf = await fetch((await receipt.getAttribute("href"))!);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toMatch(/^application\/pdf/);
    }, 150_000);

    test("one place is the buyer's unless 'Someone else is attending' names who takes it; the opt-in stays off unless ticked", async ({
      page,
      navigate,
      apiUrl,
      screenshot,
    }) => {
      const c = await course(apiUrl, DOOR.slug);
      await navigate(`/course/${DOOR.slug}`);
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.locator('[data-toast-type="success"]').first().waitFor();
      await navigate("/cart?step=checkout");
      await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
      const line = page.getByRole("group", { name: `${DOOR.title}: 1 place` });
      const someoneElse = line.getByLabel("Someone else is attending (not me)");
      expect(await someoneElse.isChecked()).toBe(false);
      expect(await line.getByRole("group", { name: "Attendee 1" }).count()).toBe(0);
      await page.getByLabel("First name*", { exact: true }).fill("Jo");
      await page.getByLabel("Last name*", { exact: true }).fill("Bloggs");
      await page.getByLabel("Phone Number*").fill("07700 900124");
      await page.getByLabel("Email address*").fill(`single-${name}-${Date.now()}@example.com`);
      await page.getByLabel("Company name (optional)").fill("Bloggs Events Ltd");
      await page.getByLabel("Street address*").fill("2 Example Street");
      await page.getByLabel("Town/City*").fill("Liverpool");
      await page.getByLabel("State*").selectOption("England");
      await page.getByLabel("I agree to the booking terms*").check();
      // An employer booking one employee.
      await someoneElse.check();
      const attendee = line.getByRole("group", { name: "Attendee 1" });
      await attendee.getByLabel("First name*").fill("Chris");
      await attendee.getByLabel("Last name*").fill("Park");
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot("single-someone-else-checkout");
      const request = page.waitForRequest((r) => r.url().endsWith("/api/enroll") && r.method() === "POST");
      await page.getByRole("button", { name: /^Proceed to Payment/ }).click();
      const body = JSON.parse((await request).postData() ?? "{}") as {
        courses: Record<string, unknown>[];
        marketing_opt_in: boolean;
        purchase_order: unknown;
      };
      expect(body.courses).toEqual([
        {
          id: c.id,
          selectedDate: c.courseDates.find((d) => d.placesLeft > 0)!.id,
          selectedAddons: [],
          quantity: 1,
          attendees: [{ first_name: "Chris", last_name: "Park" }],
        },
      ]);
      expect(body.marketing_opt_in).toBe(false);
      expect(body.purchase_order).toBeNull();
      await page.waitForURL(/\/api\/payments\/local\/[^/]+$/);
    }, 90_000);
  });

  describe(`course-limited codes in the cart on a ${name} (${viewport.width} px)`, () => {
    test.scoped({ viewport });

    test("a code for none of the cart's courses gets the API's message; a fixed amount for one course comes off once, and the payment page charges what the cart showed", async ({
      page,
      navigate,
      apiUrl,
    }) => {
      const door = await course(apiUrl, DOOR.slug);
      const firstAid = await course(apiUrl, FIRST_AID.slug);
      const stamp = `${name.slice(0, 1)}${Date.now().toString(36)}`.toUpperCase();
      const other = `OTHER${stamp}`;
      const doorOnly = `DOOR25${stamp}`;
      // Limited to a course not in the cart, and £25 off limited to the door course.
      await createCode(apiUrl, { code: other, percent_off: 10, course_ids: [firstAid.id] });
      await createCode(apiUrl, { code: doorOnly, amount_off: 25, course_ids: [door.id] });

      await navigate(`/course/${DOOR.slug}`);
      await page.getByLabel("Places", { exact: true }).selectOption("2");
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.locator('[data-toast-type="success"]').first().waitFor();
      await navigate("/cart");
      await page.getByRole("heading", { level: 1, name: "Your Cart Summary" }).waitFor();

      // Only the door course is in the cart: the API refuses the first-aid code with its message.
      const expected = (await (await fetch(`${apiUrl}/api/discounts/validate/${other}?course_ids=${door.id}`)).json()) as {
        valid: boolean;
        message: string;
      };
      expect(expected.valid).toBe(false);
      const codeField = page.getByRole("textbox", { name: "Discount code" });
      await codeField.fill(other);
      await page.getByRole("button", { name: "Apply Code" }).click();
      await expect.poll(() => describedError(page, codeField)).toBe(expected.message);

      // The door-only £25 code with a second course in the cart: £25 once, off the door line only.
      await navigate(`/course/${FIRST_AID.slug}`);
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.locator('[data-toast-type="success"]').first().waitFor();
      await navigate("/cart");
      await page.getByRole("heading", { level: 1, name: "Your Cart Summary" }).waitFor();
      const subtotalText = await page.locator(".cart-totals__row").first().locator("dd").textContent();
      const subtotalPence = Math.round(Number((subtotalText ?? "").replace(/[£,]/g, "")) * 100);
      expect(subtotalPence).toBeGreaterThan(2 * Math.round(door.fee * 100));
      await page.getByRole("textbox", { name: "Discount code" }).fill(doorOnly);
      await page.getByRole("button", { name: "Apply Code" }).click();
      await page.getByText(`Discount (${doorOnly}, £25 off)`).waitFor();
      const totalPence = subtotalPence - 2500;
      await page.getByRole("button", { name: `Proceed to Checkout (${penceToText(totalPence)})` }).click();
      await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
      await page.getByLabel("First name*", { exact: true }).fill("Kim");
      await page.getByLabel("Last name*", { exact: true }).fill("Ng");
      await page.getByLabel("Phone Number*").fill("07700 900125");
      await page.getByLabel("Email address*").fill(`limited-${name}-${Date.now()}@example.com`);
      await page.getByLabel("Street address*").fill("3 Example Street");
      await page.getByLabel("Town/City*").fill("Bootle");
      await page.getByLabel("State*").selectOption("England");
      await page.getByLabel("I agree to the booking terms*").check();
      const group = page.getByRole("group", { name: `${DOOR.title}: 2 places` });
      for (const [n, [first, last]] of [
        ["Ana", "Cruz"],
        ["Ben", "Hale"],
      ].entries()) {
        const a = group.getByRole("group", { name: `Attendee ${n + 1}` });
        await a.getByLabel("First name*").fill(first!);
        await a.getByLabel("Last name*").fill(last!);
      }
      await page.getByRole("button", { name: `Proceed to Payment (${penceToText(totalPence)})` }).click();
      // The server charges exactly the cart's total.
      await page.waitForURL(/\/api\/payments\/local\/[^/]+$/);
      expect(await page.title()).toBe(`Payment – ${penceToText(totalPence)}`);
    }, 120_000);
  });
}
