import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAdmin, setupApp, type Session, type TestContext } from "./helpers";
import { inDays, orderPayload, pngDataUrl, trainingPayload } from "./fixtures";

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await setupApp();
  admin = await loginAdmin(ctx);
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: "GET", url, headers });
const create = (payload: object) => ctx.app.inject({ method: "POST", url: "/api/courses", headers: admin.headers, payload });

describe("catalogue reads", () => {
  it("lists the seeded catalogue with fees in pounds and thumbnails", async () => {
    const res = await get("/api/courses");
    expect(res.statusCode).toBe(200);
    const list = res.json() as { slug: string; fee: number; thumbnail: string; next_date: string | null }[];
    expect(list.length).toBe(10);
    const ds = list.find((c) => c.slug === "sia-door-supervisor-course")!;
    expect(ds.fee).toBe(250);
    expect(ds.thumbnail).toMatch(/^\/api\/images\/[a-f0-9]{64}\.webp$/);
    expect(ds.next_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const fees = Object.fromEntries(list.map((c) => [c.slug, c.fee]));
    expect(fees).toMatchObject({
      "cctv-operator-course": 250,
      "door-supervisor-refresher": 150,
      "security-guard-refresher": 100,
      "emergency-first-aid-at-work": 100,
    });
  });

  it("answers a course by id and by slug with dates, add-ons, units and key points", async () => {
    const bySlug = await get("/api/courses/slug/sia-door-supervisor-course");
    expect(bySlug.statusCode).toBe(200);
    const detail = bySlug.json();
    expect(detail.courseDates.length).toBeGreaterThan(3);
    expect(detail.courseDates[0]).toMatchObject({ capacity: 12 });
    expect(detail.courseDates[0].label).toMatch(/\d{4}$/);
    expect(detail.addOns.length).toBeGreaterThan(0);
    expect(detail.courseUnits.length).toBe(4);
    expect(detail.keyPoints.length).toBeGreaterThan(0);
    const byId = await get(`/api/courses/${detail.id}`);
    expect(byId.json()).toEqual(detail);
  });

  it("answers 404 for unknown ids and slugs", async () => {
    expect((await get("/api/courses/999999")).statusCode).toBe(404);
    expect((await get("/api/courses/abc")).statusCode).toBe(404);
    const slug = await get("/api/courses/slug/no-such-course");
    expect(slug.statusCode).toBe(404);
    expect(slug.json()).toEqual({ message: "Course not found" });
  });

  it("sends an ETag, answers 304 to If-None-Match, and a new ETag right after an admin edit", async () => {
    const first = await get("/api/courses");
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    const again = await get("/api/courses", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    const detail = await get("/api/courses/slug/cctv-operator-course");
    const detailTag = detail.headers.etag as string;
    expect((await get("/api/courses/slug/cctv-operator-course", { "if-none-match": detailTag })).statusCode).toBe(304);

    const upd = await ctx.app.inject({
      method: "PUT",
      url: `/api/courses/${detail.json().id}`,
      headers: admin.headers,
      payload: { fee: 260 },
    });
    expect(upd.statusCode).toBe(200);
    const after = await get("/api/courses", { "if-none-match": etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().find((c: { slug: string }) => c.slug === "cctv-operator-course").fee).toBe(260);
    const afterDetail = await get("/api/courses/slug/cctv-operator-course", { "if-none-match": detailTag });
    expect(afterDetail.statusCode).toBe(200);
    expect(afterDetail.json().fee).toBe(260);
  });

  it("shows places left going down when a booking holds a seat", async () => {
    const before = (await get("/api/courses/slug/personal-licence-aplh")).json();
    const date = before.courseDates[1];
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: before.id, selectedDate: date.id }]),
    });
    expect(res.statusCode).toBe(201);
    const after = (await get("/api/courses/slug/personal-licence-aplh")).json();
    expect(after.courseDates[1].placesLeft).toBe(date.placesLeft - 1);
  });
});

describe("create training", () => {
  it.each([
    [{ title: "" }, "Course title is required", "title"],
    [{ title: "   " }, "Course title is required", "title"],
    [{ description: "" }, "Course description is required", "description"],
    [{ price: 0 }, "Please enter a valid course fee", "price"],
    [{ price: -5 }, "Please enter a valid course fee", "price"],
    [{ price: undefined }, "Please enter a valid course fee", "price"],
    [{ duration: " " }, "Course duration is required", "duration"],
    [{ courseDates: [] }, "At least one course date is required", "courseDates"],
  ])("refuses %j with '%s'", async (over, message, path) => {
    const res = await create(trainingPayload(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it("refuses an end date before its start date, per range and overall", async () => {
    const res = await create(trainingPayload({ courseDates: [{ startDate: inDays(10), endDate: inDays(8) }] }));
    expect(res.statusCode).toBe(400);
    const issues = res.json().issues as { path: string; message: string }[];
    expect(issues).toContainEqual({ path: "courseDates.0.endDate", message: "End date cannot be before start date" });
    expect(issues.map((i) => i.message)).toContain("Please check all date ranges");
  });

  it("creates a training with a thumbnail, logs course_addition with the admin's name", async () => {
    const res = await create(trainingPayload({ thumbnail: await pngDataUrl() }));
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      title: "Test Conflict Management",
      fee: 99.5,
      slug: "test-conflict-management",
      time: "10 am - 5pm",
    });
    expect(c.courseDates[0].capacity).toBe(12);
    expect(c.addOns[0]).toMatchObject({ name: "Workbook", price: 12.25 });
    expect(c.thumbnail).toMatch(/^\/api\/images\/[a-f0-9]{64}\.webp$/);
    expect((await get(c.thumbnail)).headers["content-type"]).toBe("image/webp");
    const logs = (await get("/api/activity-logs", admin.headers)).json();
    expect(logs[0]).toMatchObject({ type: "course_addition", details: "Test Conflict Management", user: "Site Administrator" });
    // A second course of the same title gets its own slug.
    const twin = await create(trainingPayload());
    expect(twin.json().slug).toBe("test-conflict-management-2");
  });
});

describe("update and delete", () => {
  it("updates fields and merges dates: kept by id, added without, removed when left out", async () => {
    const c = (
      await create(
        trainingPayload({
          title: "Merge Dates",
          courseDates: [
            { startDate: inDays(30), endDate: inDays(31) },
            { startDate: inDays(40), endDate: inDays(41) },
          ],
        }),
      )
    ).json();
    const [keep] = c.courseDates;
    const res = await ctx.app.inject({
      method: "PUT",
      url: `/api/courses/${c.id}`,
      headers: admin.headers,
      payload: {
        title: "Merged Dates",
        price: 120,
        courseDates: [
          { id: keep.id, startDate: keep.startDate, endDate: keep.endDate, capacity: 6 },
          { startDate: inDays(50), endDate: inDays(50) },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const u = res.json();
    expect(u).toMatchObject({ title: "Merged Dates", fee: 120, slug: "merge-dates" });
    expect(u.courseDates.map((d: { id: number }) => d.id)).toContain(keep.id);
    expect(u.courseDates.find((d: { id: number }) => d.id === keep.id).capacity).toBe(6);
    expect(u.courseDates).toHaveLength(2);
    const logs = (await get("/api/activity-logs?limit=1", admin.headers)).json();
    expect(logs).toEqual([expect.objectContaining({ type: "other", action: "Course updated", user: "Site Administrator" })]);
  });

  it("validates updates and answers 404 for unknown ids", async () => {
    const bad = await ctx.app.inject({ method: "PUT", url: "/api/courses/1", headers: admin.headers, payload: { title: " " } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Course title is required");
    const missing = await ctx.app.inject({
      method: "PUT",
      url: "/api/courses/999999",
      headers: admin.headers,
      payload: { title: "X" },
    });
    expect(missing.statusCode).toBe(404);
    const del = await ctx.app.inject({ method: "DELETE", url: "/api/courses/999999", headers: admin.headers });
    expect(del.statusCode).toBe(404);
  });

  it("deletes from the catalogue but keeps the slug and order history", async () => {
    const c = (await create(trainingPayload({ title: "Short Lived" }))).json();
    const order = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: c.id, selectedDate: c.courseDates[0].id }], { guest_email: "short.lived@example.com" }),
    });
    expect(order.statusCode).toBe(201);
    // The course has a (pending) booking: deleting it needs the office's confirmation (decision 336).
    const unconfirmed = await ctx.app.inject({ method: "DELETE", url: `/api/courses/${c.id}`, headers: admin.headers });
    expect(unconfirmed.statusCode).toBe(409);
    const del = await ctx.app.inject({ method: "DELETE", url: `/api/courses/${c.id}?confirm=true`, headers: admin.headers });
    expect(del.statusCode).toBe(200);
    expect((await get(`/api/courses/${c.id}`)).statusCode).toBe(404);
    expect((await get("/api/courses")).json().some((x: { id: number }) => x.id === c.id)).toBe(false);
    const enrollments = (await get("/api/enrollments", admin.headers)).json();
    const kept = enrollments.find((e: { guest_email: string }) => e.guest_email === "short.lived@example.com");
    expect(kept.courses[0]).toMatchObject({ title: "Short Lived", id: c.id });
    const logs = (await get("/api/activity-logs?limit=1", admin.headers)).json();
    expect(logs[0]).toMatchObject({ type: "training_deletion", details: "Short Lived", user: "Site Administrator" });
    // The slug stays taken: a new course of the same title does not inherit old links.
    expect((await create(trainingPayload({ title: "Short Lived" }))).json().slug).toBe("short-lived-2");
  });
});
