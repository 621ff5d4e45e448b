/**
 * Waiting lists in the browser (waiting lists and reminders), at 390 px against the real API: a fully booked date
 * offers 'Join the waiting list' (the form's messages, the success and the repeat join), and
 * the offer mail's link puts the date in the cart and fills in the checkout, and the order it
 * places takes the held place.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe } from "vitest";
import { inject } from "vitest";
import { expect, test, VIEWPORTS } from "./fixtures";

const ADMIN = { email: "admin@example.com", password: "Admin!Passw0rd" };
const apiUrl = inject("apiUrl");
let token = "";

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${apiUrl}${path}`, {
    ...init,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

type Course = { id: number; slug: string; dateId: number };
let made = 0;
/** A course with one date of one place, already taken by an unpaid order (its reference returned). */
/** A course of `places` places, all held by one pending group order (its reference: holdRef). */
async function fullCourse(title: string, places = 1): Promise<Course & { holdRef: string }> {
  made++;
  const created = await api("/api/courses", {
    method: "POST",
    body: JSON.stringify({
      title,
      price: 150,
      capacity: places,
      description: "Created by the waiting-list browser test.",
      duration: "1 Day",
      time: "10 am - 5pm",
      courseDates: [{ startDate: day(60 + made), endDate: day(60 + made) }],
      keyPoints: [{ title: "Practical", details: "Hands-on all day." }],
      courseUnits: [{ title: "Waiting" }],
      addOns: [],
    }),
  });
  if (created.status !== 201) throw new Error(`creating the course failed: ${created.status} ${await created.text()}`);
  const body = (await created.json()) as { id: number; slug: string; courseDates: { id: number }[] };
  const course = { id: body.id, slug: body.slug, dateId: body.courseDates[0]!.id };
  const hold = await fetch(`${apiUrl}/api/enroll`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      courses: [{ id: course.id, selectedDate: course.dateId, selectedAddons: [], quantity: places }],
      guest_email: `holder${made}@example.com`,
      guest_name: "Holly",
      first_name: "Holly",
      last_name: "Holder",
      phone_number: "07700900111",
      country: "United Kingdom",
      street_address: "1 Example Street",
      town_city: "Bootle",
      state: "England",
      accept_terms: true,
    }),
  });
  if (hold.status !== 201) throw new Error(`holding the place failed: ${hold.status} ${await hold.text()}`);
  return { ...course, holdRef: ((await hold.json()) as { reference: string }).reference };
}

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The error text linked to a field through aria-describedby. */
async function fieldError(page: Page, label: string): Promise<string | null> {
  const describedBy = (await page.getByLabel(label, { exact: true }).getAttribute("aria-describedby")) ?? "";
  const id = describedBy.split(" ").find((x) => x.endsWith("-error"));
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

beforeAll(async () => {
  const login = await fetch(`${apiUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  token = ((await login.json()) as { access_token: string }).access_token;
});

describe("waiting list at 390 px", () => {
  test.scoped({ viewport: VIEWPORTS.phone });

  test("a fully booked date offers 'Join the waiting list': the form's messages, the success, a second join", async ({
    page,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    const course = await fullCourse("Waiting List Join Course");
    await navigate(`/course/${course.slug}`);
    await expect.poll(() => page.getByText("Fully booked").count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Join the waiting list" }).click();
    const form = page.getByRole("form", { name: "Join the waiting list for Waiting List Join Course" });
    await form.waitFor();
    await form.getByRole("button", { name: "Join the waiting list" }).click();
    expect(await fieldError(page, "Name*")).toBe("Name is required");
    expect(await fieldError(page, "Email address*")).toBe("Email address is required");
    expect(await fieldError(page, "Phone Number*")).toBe("Phone number is required");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    await screenshot("waitlist-join-errors");
    await noSidewaysScroll(page, 390);

    await page.getByLabel("Name*").fill("Robin Waits");
    await page.getByLabel("Email address*").fill("robin.example.com");
    await page.getByLabel("Phone Number*").fill("0770 090");
    await form.getByRole("button", { name: "Join the waiting list" }).click();
    expect(await fieldError(page, "Email address*")).toBe("Please enter a valid email address");
    expect(await fieldError(page, "Phone Number*")).toBe("Please enter a valid phone number");
    expect(await fieldError(page, "Name*")).toBeNull();

    await page.getByLabel("Email address*").fill("robin.waits@example.com");
    await page.getByLabel("Phone Number*").fill("07700 900222");
    await page.getByLabel("Places wanted*").selectOption("2");
    await form.getByRole("button", { name: "Join the waiting list" }).click();
    await expect
      .poll(() => page.getByTestId("waitlist-joined").textContent())
      .toBe("You are on the waiting list. We will e-mail you as soon as a place frees up.");
    await expectNoA11yViolations();
    await screenshot("waitlist-joined");
    await noSidewaysScroll(page, 390);

    // The same e-mail again (say, from another tab): answered kindly, still one place in line.
    await navigate(`/course/${course.slug}`);
    await page.getByRole("button", { name: "Join the waiting list" }).click();
    await page.getByLabel("Name*").fill("Robin Waits");
    await page.getByLabel("Email address*").fill("Robin.Waits@example.com");
    await page.getByLabel("Phone Number*").fill("07700 900222");
    await page.getByRole("form").getByRole("button", { name: "Join the waiting list" }).click();
    await expect
      .poll(() => page.getByTestId("waitlist-joined").textContent())
      .toMatch(/^You are already on the waiting list for this date\./);

    const list = (await (await api(`/api/admin/waiting-list?course_id=${course.id}`)).json()) as {
      entries: { name: string; places: number; status: string }[];
    }[];
    expect(list[0]!.entries).toEqual([expect.objectContaining({ name: "Robin Waits", places: 1, status: "waiting" })]);
  });

  test("the offer link puts the date in the cart, fills in the checkout, and the order takes the held places", async ({
    page,
    navigate,
    screenshot,
    expectNoA11yViolations,
  }) => {
    const course = await fullCourse("Waiting List Offer Course", 2);
    const joined = await fetch(`${apiUrl}/api/waiting-list`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        course_date_id: course.dateId,
        name: "Jo Anne Taker",
        email: "jo.taker@example.com",
        phone: "07700 900333",
        places: 2,
      }),
    });
    expect(joined.status).toBe(201);
    // The holder gives up: both places go to Jo (held, not free to anyone else).
    expect((await fetch(`${apiUrl}/api/orders/${course.holdRef}/cancel`, { method: "POST" })).status).toBe(200);
    const list = (await (await api(`/api/admin/waiting-list?course_id=${course.id}`)).json()) as {
      places_left: number;
      entries: { status: string; offer_link: string | null }[];
    }[];
    expect(list[0]!.places_left).toBe(0);
    const link = list[0]!.entries[0]!.offer_link!;
    expect(link).toMatch(/\/waiting-list\/offer\/[\w-]+$/);

    await page.goto(link);
    await page.waitForURL("**/cart");
    await page.getByRole("heading", { name: "Waiting List Offer Course" }).first().waitFor();
    await screenshot("waitlist-offer-cart");
    await noSidewaysScroll(page, 390);
    await page.getByRole("button", { name: /Proceed to Checkout/ }).click();
    await expect.poll(() => page.getByLabel("First name*").inputValue()).toBe("Jo");
    expect(await page.getByLabel("Last name*").inputValue()).toBe("Anne Taker");
    expect(await page.getByLabel("Email address*").inputValue()).toBe("jo.taker@example.com");
    expect(await page.getByLabel("Phone Number*").inputValue()).toBe("07700 900333");
    await expectNoA11yViolations();
    await screenshot("waitlist-offer-checkout");
    await noSidewaysScroll(page, 390);

    await page.getByLabel("Street address*").fill("3 Example Road");
    await page.getByLabel("Town/City*").fill("Bootle");
    await page.getByLabel("State*").selectOption("England");
    await page.getByLabel("I agree to the booking terms*").check();
    await page.getByRole("button", { name: /Proceed to Payment/ }).click();
    await page.waitForURL(/\/api\/payments\/local\/[^/]+$/);
    // The order took both offered places, priced per place (2 × £150).
    const reference = new URL(page.url()).pathname.split("/").at(-1)!;
    const status = (await (await fetch(`${apiUrl}/api/orders/${reference}/status`)).json()) as {
      total: number;
      courses: { seats: number }[];
    };
    expect(status.total).toBe(300);
    expect(status.courses[0]!.seats).toBe(2);

    const after = (await (await api(`/api/admin/waiting-list?course_id=${course.id}`)).json()) as {
      entries: { status: string }[];
    }[];
    expect(after[0]!.entries[0]!.status).toBe("booked");
    // The link now says so.
    await navigate(new URL(link).pathname);
    await page.getByRole("heading", { name: "You have booked this place" }).waitFor();
  });
});
