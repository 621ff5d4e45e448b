/**
 * The bookings list's sort keys kept on the order (decision 520), over HTTP on real Postgres: every
 * way an order's lines and places are written (the site's booking, a group, two courses, the
 * office's booking, a renamed or cancelled place, a moved line) leaves `list_*` equal to what
 * `order_list_keys()` derives from the rows, so the sorts by learner, course and first date show
 * the change at once; the backfill fills orders written before the keys existed; the status sort
 * (read status by status) pages exactly like the status it shows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { courseDates, orders } from "../src/db/schema";
import { runBackfills } from "../src/db/backfills";
import { createCourse } from "../src/db/seed/factories";
import { upsertUser } from "../src/modules/auth/service";
import { inDays, orderPayload, type OrderLine } from "./fixtures";
import { login, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";

let ctx: TestContext;
let office: Session;
type Course = { id: number; dates: number[] };
let door: Course;
let cctv: Course;

async function course(title: string, days: number[]): Promise<Course> {
  const id = await createCourse(
    ctx.db,
    {
      title,
      feePence: 10000,
      capacity: 20,
      dates: days.map((d) => ({ startDate: inDays(d, ctx.clock.now()), endDate: inDays(d, ctx.clock.now()) })),
    },
    ctx.clock.now(),
  );
  const rows = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id)).orderBy(courseDates.startDate);
  return { id, dates: rows.map((d) => d.id) };
}

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  await upsertUser(ctx.db, {
    email: "olivia@example.com",
    name: "Olivia Office",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "office",
  });
  office = await login(ctx.app, "olivia@example.com", "Str0ng!Passw0rd-test");
  door = await course("Door Supervisor Keys", [30, 50]);
  cctv = await course("CCTV Operator Keys", [20, 40]);
});
afterAll(async () => ctx.close());

const api = (method: "GET" | "POST", url: string, payload?: object) =>
  ctx.app.inject({ method, url, ...(payload ? { payload } : {}), headers: office.headers });
let keyN = 0;
const key = () => `key-${Date.now()}-${++keyN}`;

type Line = OrderLine;
async function placed(lines: Line[], over: Record<string, unknown> = {}, pay = true): Promise<number> {
  const res = await ctx.app.inject({ method: "POST", url: "/api/enroll", payload: orderPayload(lines, over) });
  expect(res.statusCode, res.body).toBe(201);
  const { reference } = res.json();
  if (pay) expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${reference}/pay` })).statusCode).toBe(303);
  const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, reference));
  return row!.id;
}

/** Orders whose kept keys differ from what their rows give (none, whoever wrote them). */
async function staleKeys(): Promise<unknown[]> {
  const { rows } = await ctx.db.execute(sql`
    select o.id, o.list_first_date, o.list_course, o.list_learner, k.first_date, k.course, k.learner
    from orders o, order_list_keys(o.id) k
    where (o.list_first_date, o.list_course, o.list_learner) is distinct from (k.first_date, k.course, k.learner)`);
  return rows;
}

type ListRow = { id: number; learners: string[]; courses: string[]; first_date: string | null; status: string };
const list = async (query: string): Promise<ListRow[]> => {
  const res = await api("GET", `/api/bookings?status=all&limit=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const ids = (rows: ListRow[]) => rows.map((r) => r.id);
const attendeesOf = async (id: number) =>
  ((await api("GET", `/api/bookings/${id}`)).json() as { items: { attendees: { id: number; first_name: string }[] }[] }).items[0]!
    .attendees;

describe("the list's sort keys", () => {
  it("are written with every order and follow renamed and cancelled places and moved lines", async () => {
    const single = await placed([{ id: door.id, selectedDate: door.dates[1]! }], { first_name: "Zed", last_name: "Young" });
    const group = await placed([
      {
        id: cctv.id,
        selectedDate: cctv.dates[1]!,
        quantity: 2,
        attendees: [
          { first_name: "Mina", last_name: "Ash" },
          { first_name: "Abel", last_name: "Quill" },
        ],
      },
    ]);
    // Two courses: the first line's title and the earlier of the two dates.
    const twoCourses = await placed([
      { id: door.id, selectedDate: door.dates[0]! },
      { id: cctv.id, selectedDate: cctv.dates[0]! },
    ]);
    const unpaid = await placed(
      [{ id: cctv.id, selectedDate: cctv.dates[1]! }],
      { first_name: "Pat", last_name: "Pending" },
      false,
    );
    const office = await api("POST", "/api/bookings", {
      course_id: door.id,
      course_date_id: door.dates[0],
      add_on_ids: [],
      attendees: [{ first_name: "Bert", last_name: "Employee" }],
      first_name: "Mia",
      last_name: "Manager",
      email: "mia.manager@example.com",
      phone: "0151 496 0000",
      payment_method: "cash",
      amount_received: 100,
      idempotency_key: key(),
    });
    expect(office.statusCode, office.body).toBe(201);
    const officeId = office.json().id as number;
    expect(await staleKeys()).toEqual([]);

    const [g] = await ctx.db.select().from(orders).where(eq(orders.id, group));
    expect(g).toMatchObject({ listLearner: "mina ash", listCourse: "cctv operator keys" });
    const [two] = await ctx.db.select().from(orders).where(eq(orders.id, twoCourses));
    expect(two).toMatchObject({ listCourse: "door supervisor keys", listFirstDate: inDays(20, ctx.clock.now()) });

    const byLearner = ids(await list("sort=learner&dir=asc"));
    expect(byLearner.indexOf(office.json().id)).toBeLessThan(byLearner.indexOf(group));
    // Mina's place is cancelled: Abel (first on the line now) sorts the group first.
    const mina = (await attendeesOf(group)).find((a) => a.first_name === "Mina")!;
    const cancelled = await api("POST", `/api/bookings/${group}/attendees/${mina.id}/cancel`, {
      refund: "none",
      idempotency_key: key(),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(ids(await list("sort=learner&dir=asc"))[0]).toBe(group);
    // Zed renamed to Aaron: first going up.
    const zed = (await attendeesOf(single))[0]!;
    const renamed = await api("POST", `/api/bookings/${single}/attendees/${zed.id}/rename`, {
      first_name: "Aaron",
      last_name: "Aardvark",
      idempotency_key: key(),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(ids(await list("sort=learner&dir=asc"))[0]).toBe(single);
    // The single booking moves from day 50 to day 30: it leaves the end of the first-date sort.
    expect(ids(await list("sort=date&dir=desc"))[0]).toBe(single);
    const item = ((await api("GET", `/api/bookings/${single}`)).json() as { items: { id: number }[] }).items[0]!;
    const moved = await api("POST", `/api/bookings/${single}/transfer`, { item_id: item.id, course_date_id: door.dates[0] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(ids(await list("sort=date&dir=desc"))[0]).not.toBe(single);
    expect(await staleKeys()).toEqual([]);

    // Each sort lists every booking once, in the order of what the list shows.
    const all = ids(await list("sort=booked_on&dir=asc")).sort();
    expect(all).toEqual(expect.arrayContaining([single, group, twoCourses, unpaid, officeId]));
    for (const sort of ["learner", "course", "date"])
      for (const dir of ["asc", "desc"]) expect(ids(await list(`sort=${sort}&dir=${dir}`)).sort(), sort).toEqual(all);
    const learners = (await list("sort=learner&dir=asc")).map((r) => r.learners[0]!.toLowerCase());
    expect(learners).toEqual([...learners].sort());
    const courses = (await list("sort=course&dir=desc")).map((r) => r.courses[0]!.toLowerCase());
    expect(courses).toEqual([...courses].sort().reverse());
    const dates = (await list("sort=date&dir=asc")).map((r) => r.first_date!);
    expect(dates).toEqual([...dates].sort());
  });

  it("are filled by the backfill for orders written before they existed", async () => {
    await ctx.db.execute(sql`update orders set list_first_date = null, list_course = null, list_learner = null`);
    const client = await ctx.pool.connect();
    try {
      const written = await runBackfills(client);
      expect(written["order list keys"]).toBeGreaterThan(0);
      expect((await runBackfills(client))["order list keys"]).toBe(0);
    } finally {
      client.release();
    }
    expect(await staleKeys()).toEqual([]);
  });

  it("the status sort pages status by status, by id within a status, both ways", async () => {
    // A cancelled booking with a refund (refunded) and one without (cancelled) beside the rest.
    const refundedId = await placed([{ id: door.id, selectedDate: door.dates[1]! }]);
    const r = await api("POST", `/api/bookings/${refundedId}/cancel`, { refund: "full", idempotency_key: key() });
    expect(r.statusCode, r.body).toBe(200);
    const expiredId = await placed([{ id: cctv.id, selectedDate: cctv.dates[1]! }], {}, false);
    await ctx.db.update(orders).set({ status: "expired" }).where(eq(orders.id, expiredId));
    const rank = (row: ListRow) => row.status;
    for (const dir of ["asc", "desc"] as const) {
      const whole = await list(`sort=status&dir=${dir}`);
      const expected = [...whole].sort((a, b) => {
        const by = rank(a).localeCompare(rank(b)) || a.id - b.id;
        return dir === "asc" ? by : -by;
      });
      expect(ids(whole)).toEqual(ids(expected));
      for (const status of ["confirmed", "pending", "expired", "refunded"]) expect(whole.map(rank)).toContain(status);
      // Pages of 2 put together are the whole list, and each page's total is every booking.
      const paged: number[] = [];
      for (let page = 1; page <= Math.ceil(whole.length / 2); page++) {
        const res = await api("GET", `/api/bookings?status=all&sort=status&dir=${dir}&limit=2&page=${page}`);
        expect(Number(res.headers["x-total-count"])).toBe(whole.length);
        paged.push(...ids(res.json()));
      }
      expect(paged).toEqual(ids(whole));
    }
  });
});
