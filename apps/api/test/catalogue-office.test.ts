/**
 * The office's catalogue (issue 13): draft courses hidden from every public read and refused at
 * /enroll until published, the office's order of the catalogue, one-day dates without an end date,
 * and 'Add repeating dates' (series) with its validation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAdmin, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { inDays, orderPayload, trainingPayload } from "./fixtures";

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  admin = await loginAdmin(ctx);
});
afterAll(() => ctx.close());

type Listed = { id: number; slug: string; title: string; status?: string; position?: number };
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: "GET", url, headers });
const send = (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
const publicList = async () => (await get("/api/courses")).json() as Listed[];
const officeList = async () => (await get("/api/admin/courses", admin.headers)).json() as Listed[];
const activity = async () =>
  (await get("/api/activity-logs?limit=50", admin.headers)).json() as { action: string; details: string; user: string }[];

describe("draft courses", () => {
  let draft: { id: number; slug: string; courseDates: { id: number }[]; status: string };

  it("a course created as a draft is in the office's list only: not in the public list, slug or id lookups", async () => {
    const res = await send("POST", "/api/courses", trainingPayload({ title: "Draft Close Protection", status: "draft" }));
    expect(res.statusCode).toBe(201);
    draft = res.json();
    expect(draft.status).toBe("draft");
    expect((await publicList()).some((c) => c.id === draft.id)).toBe(false);
    expect((await get(`/api/courses/slug/${draft.slug}`)).statusCode).toBe(404);
    expect((await get(`/api/courses/slug/${draft.slug}`)).json()).toEqual({ message: "Course not found" });
    expect((await get(`/api/courses/${draft.id}`)).statusCode).toBe(404);
    const office = await officeList();
    expect(office.find((c) => c.id === draft.id)).toMatchObject({ status: "draft", slug: draft.slug });
    expect((await get(`/api/admin/courses/${draft.id}`, admin.headers)).json()).toMatchObject({ id: draft.id, status: "draft" });
  });

  it("POST /enroll refuses a draft course with the unknown-course answer", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: draft.id, selectedDate: draft.courseDates[0]!.id }]),
    });
    const unknown = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: 999999, selectedDate: 1 }]),
    });
    expect(res.statusCode).toBe(unknown.statusCode);
    expect(res.json()).toEqual(unknown.json());
    expect(res.json()).toEqual({ message: "Course not found" });
  });

  it("publishing shows it everywhere at once (no stale cache), and can be undone; repeats change nothing", async () => {
    const before = await get("/api/courses");
    const etag = before.headers.etag as string;
    const pub = await send("PUT", `/api/courses/${draft.id}/status`, { status: "published" });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().status).toBe("published");
    const after = await get("/api/courses", { "if-none-match": etag });
    expect(after.statusCode).toBe(200);
    expect((after.json() as Listed[]).some((c) => c.id === draft.id)).toBe(true);
    expect((await get(`/api/courses/slug/${draft.slug}`)).statusCode).toBe(200);
    const order = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: draft.id, selectedDate: draft.courseDates[0]!.id }]),
    });
    expect(order.statusCode).toBe(201);

    const again = await send("PUT", `/api/courses/${draft.id}/status`, { status: "published" });
    expect(again.statusCode).toBe(200);
    const log = await activity();
    expect(log.filter((e) => e.action === "Course published" && e.details === "Draft Close Protection")).toHaveLength(1);
    expect(log.find((e) => e.action === "Course published")!.user).toBeTruthy();

    // It has a booking now: back to draft only once the office confirms (issue 27, decision 336).
    expect((await send("PUT", `/api/courses/${draft.id}/status`, { status: "draft" })).statusCode).toBe(409);
    const back = await send("PUT", `/api/courses/${draft.id}/status`, { status: "draft", confirm: true });
    expect(back.json().status).toBe("draft");
    expect((await publicList()).some((c) => c.id === draft.id)).toBe(false);
    // Its page stays for the person holding the booking: no dates, no booking (decision 369).
    const withdrawn = await get(`/api/courses/slug/${draft.slug}`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ withdrawn: true, courseDates: [] });
    expect((await activity())[0]).toMatchObject({ action: "Course taken back to draft", details: "Draft Close Protection" });
  });

  it("new courses without a status are published (the create form's default), editing keeps the status", async () => {
    const res = await send("POST", "/api/courses", trainingPayload({ title: "Published By Default" }));
    expect(res.json().status).toBe("published");
    expect((await publicList()).some((c) => c.id === res.json().id)).toBe(true);
    const edit = await send("PUT", `/api/courses/${draft.id}`, { fee: 120 });
    expect(edit.json()).toMatchObject({ status: "draft", fee: 120 });
  });

  it("refuses a bad status, an unknown course, and staff-only routes without a session", async () => {
    const bad = await send("PUT", `/api/courses/${draft.id}/status`, { status: "hidden" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Choose draft or published");
    expect((await send("PUT", "/api/courses/999999/status", { status: "published" })).statusCode).toBe(404);
    expect((await get("/api/admin/courses")).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: "PUT", url: `/api/courses/${draft.id}/status`, payload: { status: "published" } }))
        .statusCode,
    ).toBe(401);
  });
});

describe("the office's order of the catalogue", () => {
  it("new courses go last; a reorder is followed by the public list (cache included) and the office list", async () => {
    const office = await officeList();
    const last = office.at(-1)!;
    expect(last.title).toBe("Published By Default");
    const publicBefore = await get("/api/courses");
    const reversed = [...office].reverse().map((c) => c.id);
    const res = await send("PUT", "/api/admin/courses/order", { ids: reversed });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Listed[]).map((c) => c.id)).toEqual(reversed);
    expect((await officeList()).map((c) => c.id)).toEqual(reversed);
    const publicAfter = await get("/api/courses", { "if-none-match": publicBefore.headers.etag as string });
    expect(publicAfter.statusCode).toBe(200);
    const publicIds = (publicAfter.json() as Listed[]).map((c) => c.id);
    expect(publicIds).toEqual(reversed.filter((id) => publicIds.includes(id)));
    expect(publicIds[0]).toBe(last.id);
    expect((await activity())[0]).toMatchObject({ action: "Course order changed" });

    // Sending the same order again changes nothing and logs nothing.
    const orderChanges = async () => (await activity()).filter((e) => e.action === "Course order changed").length;
    const before = await orderChanges();
    expect((await send("PUT", "/api/admin/courses/order", { ids: reversed })).statusCode).toBe(200);
    expect(await orderChanges()).toBe(before);
  });

  it("refuses an order that leaves a course out, names one twice or names an unknown one", async () => {
    const ids = (await officeList()).map((c) => c.id);
    for (const bad of [ids.slice(1), [...ids, 999999], [ids[0]!, ...ids]]) {
      const res = await send("PUT", "/api/admin/courses/order", { ids: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Please reload|Send every course once/);
    }
  });

  it("two reorders at once end in one of the two orders, never a mix", async () => {
    const ids = (await officeList()).map((c) => c.id);
    const a = [...ids].sort((x, y) => x - y);
    const b = [...a].reverse();
    const [ra, rb] = await Promise.all([
      send("PUT", "/api/admin/courses/order", { ids: a }),
      send("PUT", "/api/admin/courses/order", { ids: b }),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    const now = (await officeList()).map((c) => c.id);
    expect([JSON.stringify(a), JSON.stringify(b)]).toContain(JSON.stringify(now));
  });
});

describe("one-day dates", () => {
  it("need no end date: it ends the day it starts and is labelled as one day", async () => {
    const day = inDays(33);
    const res = await send(
      "POST",
      "/api/courses",
      trainingPayload({ title: "One Day First Aid", courseDates: [{ startDate: day }, { startDate: inDays(40), endDate: "" }] }),
    );
    expect(res.statusCode).toBe(201);
    const dates = res.json().courseDates as { startDate: string; endDate: string; label: string }[];
    expect(dates[0]).toMatchObject({ startDate: day, endDate: day });
    expect(dates[0]!.label).toMatch(/^\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}$/);
    expect(dates[1]!.endDate).toBe(inDays(40));
    const upd = await send("PUT", `/api/courses/${res.json().id}`, { courseDates: [{ startDate: inDays(50), endDate: null }] });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().courseDates).toMatchObject([{ startDate: inDays(50), endDate: inDays(50) }]);
    const wrong = await send("PUT", `/api/courses/${res.json().id}`, {
      courseDates: [{ startDate: inDays(50), endDate: inDays(49) }],
    });
    expect(wrong.statusCode).toBe(400);
  });
});

describe("repeating dates", () => {
  let courseId: number;
  beforeAll(async () => {
    courseId = (
      await send(
        "POST",
        "/api/courses",
        trainingPayload({ title: "Series Door Supervisor", courseDates: [{ startDate: inDays(5) }] }),
      )
    ).json().id;
  });

  // The next Monday at least a week ahead.
  const nextMonday = () => {
    for (let i = 7; ; i++) {
      const d = inDays(i);
      if (new Date(`${d}T12:00:00Z`).getUTCDay() === 1) return d;
    }
  };

  it("creates Mon–Sat every 2 weeks for 3 months with one capacity, in the office's detail and the public page", async () => {
    const start = nextMonday();
    const until = new Date(`${start}T12:00:00Z`);
    until.setUTCMonth(until.getUTCMonth() + 3);
    const untilIso = until.toISOString().slice(0, 10);
    const res = await send("POST", `/api/courses/${courseId}/dates/series`, {
      startDate: start,
      runDays: 6,
      everyWeeks: 2,
      until: untilIso,
      capacity: 8,
    });
    expect(res.statusCode).toBe(201);
    const dates = (
      res.json().courseDates as { startDate: string; endDate: string; capacity: number; placesLeft: number }[]
    ).filter((d) => d.startDate >= start);
    expect(dates.length).toBeGreaterThanOrEqual(6);
    expect(dates.length).toBeLessThanOrEqual(7);
    for (const [i, d] of dates.entries()) {
      expect(new Date(`${d.startDate}T12:00:00Z`).getUTCDay()).toBe(1);
      expect(new Date(`${d.endDate}T12:00:00Z`).getUTCDay()).toBe(6);
      expect(d).toMatchObject({ capacity: 8, placesLeft: 8 });
      if (i > 0) expect((Date.parse(d.startDate) - Date.parse(dates[i - 1]!.startDate)) / 86_400_000).toBe(14);
      expect(d.startDate <= untilIso).toBe(true);
    }
    const pub = (await get(`/api/courses/${courseId}`)).json();
    expect(pub.courseDates.length).toBe(dates.length + 1);
    const log = (await activity())[0]!;
    expect(log).toMatchObject({ action: "Repeating dates added" });
    expect(log.details).toContain(`${dates.length} dates`);
    expect(log.details).toContain("8 places each");

    // Sent again (a retry): nothing new.
    const again = await send("POST", `/api/courses/${courseId}/dates/series`, {
      startDate: start,
      runDays: 6,
      everyWeeks: 2,
      until: untilIso,
      capacity: 8,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().courseDates.length).toBe(dates.length + 1);
  });

  it("counts runs instead of an until date", async () => {
    const res = await send("POST", `/api/courses/${courseId}/dates/series`, {
      startDate: inDays(200),
      runDays: 1,
      everyWeeks: 1,
      count: 3,
      capacity: 5,
    });
    expect(res.statusCode).toBe(201);
    const added = (res.json().courseDates as { startDate: string; endDate: string; capacity: number }[]).filter(
      (d) => d.startDate >= inDays(200),
    );
    expect(added.map((d) => d.startDate)).toEqual([inDays(200), inDays(207), inDays(214)]);
    expect(added.every((d) => d.endDate === d.startDate && d.capacity === 5)).toBe(true);
  });

  it.each([
    [{ runDays: 6, everyWeeks: 2, capacity: 8 }, "Choose an end date or a number of dates"],
    [{ runDays: 6, everyWeeks: 2, capacity: 8, count: 2, until: inDays(300) }, "Choose an end date or a number of dates"],
    [{ runDays: 6, everyWeeks: 2, capacity: 8, until: inDays(9) }, "The series cannot end before its first date"],
    [{ runDays: 6, everyWeeks: 1, capacity: 8, until: inDays(10 + 7 * 120) }, "A series can have at most 100 dates"],
    [{ runDays: 0, everyWeeks: 2, capacity: 8, count: 2 }, "Each run is 1 to 14 days"],
    [{ runDays: 2, everyWeeks: 0, capacity: 8, count: 2 }, "Repeat every 1 to 52 weeks"],
    [{ runDays: 2, everyWeeks: 2, capacity: 0, count: 2 }, "Places must be between 1 and 1000"],
  ])("refuses %j with '%s'", async (over, message) => {
    const res = await send("POST", `/api/courses/${courseId}/dates/series`, { startDate: inDays(10), ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses a first date in the past, too many upcoming dates for the course, and unknown courses; writes nothing then", async () => {
    const before = (await get(`/api/admin/courses/${courseId}`, admin.headers)).json().courseDates.length;
    const past = await send("POST", `/api/courses/${courseId}/dates/series`, {
      startDate: inDays(-1),
      runDays: 1,
      everyWeeks: 1,
      count: 2,
      capacity: 4,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe("The first date cannot be in the past");
    const many = await send("POST", `/api/courses/${courseId}/dates/series`, {
      startDate: inDays(400),
      runDays: 1,
      everyWeeks: 1,
      count: 100,
      capacity: 4,
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe("A course can have at most 100 upcoming dates");
    expect((await get(`/api/admin/courses/${courseId}`, admin.headers)).json().courseDates.length).toBe(before);
    expect(
      (
        await send("POST", "/api/courses/999999/dates/series", {
          startDate: inDays(10),
          runDays: 1,
          everyWeeks: 1,
          count: 1,
          capacity: 4,
        })
      ).statusCode,
    ).toBe(404);
  });
});
