/**
 * The enrolments list narrowed on the server (decision 536) over HTTP on real Postgres: by course
 * date, by status and with a search, paged with its total; a trainer gets only their own dates'
 * paid bookings whatever they ask for; the course dates with bookings for the date choice; bad
 * input answers a clear 400.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { courseDates } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { upsertUser } from "../src/modules/auth/service";
import { addDays, ukDate } from "../src/lib/dates";
import { login, loginAdmin, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";

let ctx: TestContext;
let office: Session;
let trainer: Session;
let trainerId: number;

type Row = { id: number; booking_reference: string; status?: string; courses: { course_date_id: number | null }[] };

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  ({ id: trainerId } = await upsertUser(ctx.db, {
    email: "filter-trainer@example.com",
    name: "Fran Filter",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "trainer",
  }));
  office = await loginAdmin(ctx);
  trainer = await login(ctx.app, "filter-trainer@example.com", "Str0ng!Passw0rd-test");
});
afterAll(() => ctx.close());

const get = (url: string, who: Session) => ctx.app.inject({ method: "GET", url, headers: who.headers });

/** A new course with one date on [start, start + 1]: its date id. */
async function courseDate(title: string, startIn: number) {
  const start = addDays(ukDate(ctx.clock.now()), startIn);
  const id = await createCourse(
    ctx.db,
    { title, dates: [{ startDate: start, endDate: addDays(start, 1) }] } as never,
    ctx.clock.now(),
  );
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  return { courseId: id, dateId: date!.id };
}

/** An order on that date by this buyer, paid unless `pay` is false: its booking reference. */
async function book(d: { courseId: number; dateId: number }, lastName: string, pay = true) {
  const payload = orderPayload([{ id: d.courseId, selectedDate: d.dateId }], {
    last_name: lastName,
    guest_email: `${lastName.toLowerCase()}@example.com`,
  });
  const res = await ctx.app.inject({ method: "POST", url: "/api/enroll", payload });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json() as { reference: string; booking_reference: string };
  if (pay)
    expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${order.reference}/pay` })).statusCode).toBe(303);
  return order.booking_reference;
}

describe("GET /api/enrollments?course_date_id=", () => {
  let mine: { courseId: number; dateId: number };
  let other: { courseId: number; dateId: number };
  const refs = { paid: [] as string[], pending: "", other: "" };

  beforeAll(async () => {
    mine = await courseDate("Filter Course (mine)", 20);
    other = await courseDate("Filter Course (other)", 21);
    for (const name of ["Abbot", "Baker", "Carter"]) refs.paid.push(await book(mine, name));
    refs.pending = await book(mine, "Dawson", false);
    refs.other = await book(other, "Evans");
    const res = await ctx.app.inject({
      method: "PUT",
      url: `/api/admin/course-dates/${mine.dateId}/trainers`,
      headers: office.headers,
      payload: { user_ids: [trainerId] },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("answers the office that date's bookings of every status, newest first, paged with the total", async () => {
    const res = await get(`/api/enrollments?course_date_id=${mine.dateId}&limit=200`, office);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Row[];
    expect(rows.map((r) => r.booking_reference)).toEqual([refs.pending, refs.paid[2], refs.paid[1], refs.paid[0]]);
    expect(rows.every((r) => r.courses.some((c) => c.course_date_id === mine.dateId))).toBe(true);
    expect(res.headers["x-total-count"]).toBe("4");

    const page2 = await get(`/api/enrollments?course_date_id=${mine.dateId}&limit=3&page=2`, office);
    expect(page2.headers["x-total-count"]).toBe("4");
    expect((page2.json() as Row[]).map((r) => r.booking_reference)).toEqual([rows[3]!.booking_reference]);
  });

  it("narrows by status and search together with the date", async () => {
    const paid = await get(`/api/enrollments?course_date_id=${mine.dateId}&status=paid`, office);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(new Set((paid.json() as Row[]).map((r) => r.booking_reference))).toEqual(new Set(refs.paid));
    expect((paid.json() as Row[]).every((r) => r.status === "paid")).toBe(true);
    expect(paid.headers["x-total-count"]).toBe("3");

    const pending = await get(`/api/enrollments?status=pending&course_date_id=${mine.dateId}`, office);
    expect((pending.json() as Row[]).map((r) => r.booking_reference)).toEqual([refs.pending]);

    const search = await get(`/api/enrollments?course_date_id=${mine.dateId}&q=baker`, office);
    expect((search.json() as Row[]).map((r) => r.booking_reference)).toEqual([refs.paid[1]]);
    expect(search.headers["x-total-count"]).toBe("1");
    // The same search on another date finds nothing.
    const elsewhere = await get(`/api/enrollments?course_date_id=${other.dateId}&q=baker`, office);
    expect(elsewhere.json()).toEqual([]);
    expect(elsewhere.headers["x-total-count"]).toBe("0");
  });

  it("gives a trainer their own date's paid bookings only, and nothing for another's date", async () => {
    const res = await get(`/api/enrollments?course_date_id=${mine.dateId}`, trainer);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Row[];
    expect(new Set(rows.map((r) => r.booking_reference))).toEqual(new Set(refs.paid));
    expect(res.headers["x-total-count"]).toBe("3");
    // Names only: no contact details, no status, no money (decision 333).
    for (const r of rows) for (const key of ["guest_email", "phone_number", "status", "total"]) expect(r).not.toHaveProperty(key);

    const theirs = await get(`/api/enrollments?course_date_id=${other.dateId}`, trainer);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
    expect(theirs.headers["x-total-count"]).toBe("0");
    expect(theirs.body).not.toContain(refs.other);

    expect((await get(`/api/enrollments?course_date_id=${mine.dateId}&status=paid`, trainer)).headers["x-total-count"]).toBe("3");
    expect((await get(`/api/enrollments?course_date_id=${mine.dateId}&status=pending`, trainer)).json()).toEqual([]);
    const search = await get(`/api/enrollments?course_date_id=${mine.dateId}&q=carter`, trainer);
    expect((search.json() as Row[]).map((r) => r.booking_reference)).toEqual([refs.paid[2]]);
    // Without a date, their list is paged in SQL with the same total.
    const all = await get(`/api/enrollments?limit=2`, trainer);
    expect(all.headers["x-total-count"]).toBe("3");
    expect((all.json() as Row[]).length).toBe(2);
  });

  it("searches a trainer's bookings by what a trainer sees only: reference, names, their lines' titles", async () => {
    const find = async (q: string) =>
      ((await get(`/api/enrollments?q=${encodeURIComponent(q)}`, trainer)).json() as Row[]).map((r) => r.booking_reference);
    expect(await find("Abbot")).toEqual([refs.paid[0]]);
    expect(await find(refs.paid[1]!.replace("-", "").toLowerCase())).toEqual([refs.paid[1]]);
    expect(new Set(await find("filter course"))).toEqual(new Set(refs.paid));
    // The attendee's name (the buyer books for themself here: Casey).
    expect((await find("casey")).length).toBe(3);
    // Never by what a trainer may not see: e-mail, phone; nor another trainer's booking or an unpaid one.
    expect(await find("abbot@example.com")).toEqual([]);
    expect(await find("07700 900321")).toEqual([]);
    expect(await find("Evans")).toEqual([]);
    expect(await find("Dawson")).toEqual([]);
    expect(await find("(other)")).toEqual([]);
  });

  it("lists the course dates with bookings: every one for the office, a trainer's own paid ones", async () => {
    const office_ = await get("/api/enrollments/course-dates", office);
    expect(office_.statusCode, office_.body).toBe(200);
    const ids = (office_.json() as { course_date_id: number }[]).map((d) => d.course_date_id);
    expect(ids).toEqual(expect.arrayContaining([mine.dateId, other.dateId]));
    const theirs = await get("/api/enrollments/course-dates", trainer);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([
      expect.objectContaining({ course_date_id: mine.dateId, title: "Filter Course (mine)", time: expect.any(String) }),
    ]);
    // A trainer's date with only unpaid bookings is not offered.
    const unpaid = await courseDate("Filter Course (unpaid)", 22);
    await book(unpaid, "Fisher", false);
    await ctx.app.inject({
      method: "PUT",
      url: `/api/admin/course-dates/${unpaid.dateId}/trainers`,
      headers: office.headers,
      payload: { user_ids: [trainerId] },
    });
    const after = (await get("/api/enrollments/course-dates", trainer)).json() as { course_date_id: number }[];
    expect(after.map((d) => d.course_date_id)).toEqual([mine.dateId]);
  });

  const NOT_A_DATE = "course_date_id must be a course date's id";
  it.each([
    ["a word", "course_date_id=abc", NOT_A_DATE],
    ["zero", "course_date_id=0", NOT_A_DATE],
    ["a fraction", "course_date_id=1.5", NOT_A_DATE],
    ["beyond an id", "course_date_id=99999999999", NOT_A_DATE],
    ["an unknown status", "status=refunded", "status must be one of pending, paid, expired, cancelled"],
  ])("answers 400 with a clear message for %s", async (_name, query, message) => {
    const res = await get(`/api/enrollments?${query}`, office);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message, issues: [{ path: query.split("=")[0], message }] });
  });

  it("answers an unknown course date with an empty list", async () => {
    const res = await get("/api/enrollments?course_date_id=2147483000", office);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers["x-total-count"]).toBe("0");
  });
});
