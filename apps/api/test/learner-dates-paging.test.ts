/**
 * The learner dates list paged (decision 530) over HTTP on real Postgres: this week's and coming
 * dates first (soonest first), past dates on their own window (latest first), pages with
 * x-total-count, a trainer's scope kept on every page, and each date's not-ready count computed
 * for the page's dates as the board computes it.
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
const ids: Record<"a" | "b" | "c" | "d" | "e", number> = { a: 0, b: 0, c: 0, d: 0, e: 0 };
const DAY = 86_400_000;

type Summary = { course_date_id: number; learners: number; not_ready: number; start_date: string };

const get = async (url: string, who: Session) => {
  const res = await ctx.app.inject({ method: "GET", url, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as Summary[], total: Number(res.headers["x-total-count"]) };
};

/** A paid booking of a new licence-linked course on [start, start + 1] for these people. */
async function book(title: string, start: string, people: string[]) {
  const id = await createCourse(
    ctx.db,
    { title, dates: [{ startDate: start, endDate: addDays(start, 1) }] } as never,
    ctx.clock.now(),
  );
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  const attendees = people.map((p) => {
    const [first_name, last_name] = p.split(" ") as [string, string];
    return { first_name, last_name, email: `${first_name.toLowerCase()}.paging@example.com` };
  });
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/enroll",
    payload: orderPayload([{ id, selectedDate: date!.id, quantity: people.length, attendees }]),
  });
  expect(res.statusCode, res.body).toBe(201);
  const pay = await ctx.app.inject({ method: "POST", url: `/api/payments/local/${res.json().reference}/pay` });
  expect(pay.statusCode).toBe(303);
  return date!.id;
}

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  ({ id: trainerId } = await upsertUser(ctx.db, {
    email: "paging-trainer@example.com",
    name: "Pat Paging",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "trainer",
  }));
  office = await loginAdmin(ctx);
  const today = ukDate(ctx.clock.now());
  ids.a = await book("SIA Door Supervisor Course (paging A)", addDays(today, 402), ["Ann Able"]);
  ids.b = await book("SIA Door Supervisor Course (paging B)", addDays(today, 404), ["Ben Best"]);
  ids.c = await book("SIA Door Supervisor Course (paging C)", addDays(today, 440), ["Cat Cole"]);
  ids.d = await book("SIA Door Supervisor Course (paging D)", addDays(today, 442), ["Dan Dale", "Dee Dunn"]);
  ids.e = await book("SIA Door Supervisor Course (paging E)", addDays(today, 444), ["Eve Eden"]);
  const assigned = await ctx.app.inject({
    method: "PUT",
    url: `/api/admin/course-dates/${ids.d}/trainers`,
    headers: office.headers,
    payload: { user_ids: [trainerId] },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  // 420 days on: A and B ended more than a week ago (the latest past dates), C, D and E are the
  // only coming ones (every other date of the test database is older).
  ctx.clock.advance(420 * DAY);
  office = await loginAdmin(ctx);
  trainer = await login(ctx.app, "paging-trainer@example.com", "Str0ng!Passw0rd-test");
});
afterAll(() => ctx.close());

describe("learner dates, paged", () => {
  it("answers the coming dates soonest first, one page at a time, with the total", async () => {
    const first = await get("/api/admin/learners/dates?limit=2", office);
    expect(first.total).toBe(3);
    expect(first.rows.map((r) => r.course_date_id)).toEqual([ids.c, ids.d]);
    const second = await get("/api/admin/learners/dates?limit=2&page=2", office);
    expect(second.total).toBe(3);
    expect(second.rows.map((r) => r.course_date_id)).toEqual([ids.e]);
  });

  it("answers the past dates latest first on their own window", async () => {
    const past = await get("/api/admin/learners/dates?when=past&limit=1", office);
    const all = await get("/api/admin/learners/dates?when=past&limit=200", office);
    expect(past.total).toBe(all.rows.length);
    expect(past.total).toBeGreaterThanOrEqual(2);
    expect(all.rows.slice(0, 2).map((r) => r.course_date_id)).toEqual([ids.b, ids.a]);
    expect(all.rows.map((r) => r.start_date)).toEqual(
      all.rows
        .map((r) => r.start_date)
        .sort()
        .reverse(),
    );
    expect(past.rows.map((r) => r.course_date_id)).toEqual([ids.b]);
    const older = await get("/api/admin/learners/dates?when=past&limit=1&page=2", office);
    expect(older.rows.map((r) => r.course_date_id)).toEqual([ids.a]);
    const beyond = await get(`/api/admin/learners/dates?when=past&limit=1&page=${past.total + 1}`, office);
    expect(beyond).toEqual({ rows: [], total: past.total });
  });

  it("counts the learners and those not ready of a date on a later page as its board does", async () => {
    const { rows } = await get("/api/admin/learners/dates?limit=1&page=2", office);
    expect(rows.map((r) => r.course_date_id)).toEqual([ids.d]);
    const board = await ctx.app.inject({ method: "GET", url: `/api/admin/learners/dates/${ids.d}`, headers: office.headers });
    const learners = board.json().learners as { readiness: { ready: boolean } }[];
    expect(learners).toHaveLength(2);
    // Neither filled in the form: both not ready, and the list says so.
    expect(rows[0]).toMatchObject({ learners: 2, not_ready: learners.filter((l) => !l.readiness.ready).length });
    expect(rows[0]!.not_ready).toBe(2);
  });

  it("shows a trainer only their assigned dates, and counts only those", async () => {
    const current = await get("/api/admin/learners/dates?limit=1", trainer);
    expect(current.total).toBe(1);
    expect(current.rows.map((r) => r.course_date_id)).toEqual([ids.d]);
    const past = await get("/api/admin/learners/dates?when=past", trainer);
    expect(past).toEqual({ rows: [], total: 0 });
  });
});
