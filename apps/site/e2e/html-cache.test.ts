/**
 * The site server's rendered-HTML cache (decision 133) keeps the freshness of rendering every
 * request: plain HTTP against the production build and the real API. A page is read (rendered and
 * kept) and read again (served from memory), then an admin edit through the API is on the very
 * next read of the course page, /all-courses and /, and so is a booking's 'places left'.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fetchHtml } from "./fixtures";

const siteUrl = inject("siteUrl");
const apiUrl = inject("apiUrl");
const ADMIN = { email: "admin@example.com", password: "Admin!Passw0rd" };

let token = "";
let course: { id: number; slug: string; fee: number; dateId: number };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${apiUrl}${path}`, {
    ...init,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });

/** Places left of a date as the page's hydration data carries it. */
function placesLeftIn(html: string, dateId: number): number | null {
  const m = new RegExp(
    `"id":${dateId},"startDate":"[^"]*","endDate":"[^"]*","label":"[^"]*","capacity":\\d+,"placesLeft":(\\d+)`,
  ).exec(html);
  return m ? Number(m[1]) : null;
}

beforeAll(async () => {
  const login = await fetch(`${apiUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  token = ((await login.json()) as { access_token: string }).access_token;
  const created = await api("/api/courses", {
    method: "POST",
    body: JSON.stringify({
      title: "Cache Freshness Course",
      price: 123,
      capacity: 9,
      description: "Created by the HTML cache test.",
      duration: "1 Day",
      time: "10 am - 5pm",
      courseDates: [{ startDate: day(50), endDate: day(50) }],
      keyPoints: [{ title: "Practical", details: "Hands-on all day." }],
      courseUnits: [{ title: "Freshness" }],
      addOns: [],
    }),
  });
  if (created.status !== 201) throw new Error(`creating the course failed: ${created.status} ${await created.text()}`);
  const body = (await created.json()) as { id: number; slug: string; fee: number; courseDates: { id: number }[] };
  course = { id: body.id, slug: body.slug, fee: body.fee, dateId: body.courseDates[0]!.id };
});

afterAll(async () => {
  if (course) await api(`/api/courses/${course.id}`, { method: "DELETE" });
});

describe("rendered HTML kept per catalogue version", () => {
  it("an admin edit is on the next read of the course page, /all-courses and / (after they were kept)", async () => {
    const path = `/course/${course.slug}`;
    for (const p of [path, path, "/all-courses", "/all-courses", "/", "/"])
      expect((await fetchHtml(`${siteUrl}${p}`)).status).toBe(200);
    expect((await fetchHtml(`${siteUrl}${path}`)).html).toContain(`"fee":${course.fee},`);

    const title = "Cache Freshness Course Renamed";
    const put = await api(`/api/courses/${course.id}`, { method: "PUT", body: JSON.stringify({ fee: course.fee + 2, title }) });
    expect(put.status).toBe(200);
    const page = (await fetchHtml(`${siteUrl}${path}`)).html;
    expect(page).toContain(`"fee":${course.fee + 2},`);
    expect(page).not.toContain(`"fee":${course.fee},`);
    expect((await fetchHtml(`${siteUrl}/all-courses`)).html).toContain(title);
    expect((await fetchHtml(`${siteUrl}/`)).html).toContain(title);
  });

  it("a booking's places left is on the next read of the course page", async () => {
    const path = `/course/${course.slug}`;
    const before = placesLeftIn((await fetchHtml(`${siteUrl}${path}`)).html, course.dateId);
    expect(before).toBe(9);
    expect(placesLeftIn((await fetchHtml(`${siteUrl}${path}`)).html, course.dateId)).toBe(9);
    const order = await fetch(`${apiUrl}/api/enroll`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        courses: [{ id: course.id, selectedDate: course.dateId, selectedAddons: [] }],
        guest_email: "cache.test@example.com",
        guest_name: "Casey",
        first_name: "Casey",
        last_name: "Cache",
        phone_number: "07700 900123",
        country: "United Kingdom",
        street_address: "1 Example Street",
        town_city: "Bootle",
        state: "England",
      }),
    });
    expect(order.status).toBe(201);
    // The test API runs with SEAT_COUNTS_MAX_LAG_MS = 0 (exact); production allows 1 s (decision 130).
    expect(placesLeftIn((await fetchHtml(`${siteUrl}${path}`)).html, course.dateId)).toBe(8);
  });
});
