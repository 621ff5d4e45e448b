/**
 * The course date a learner record is listed under, kept on the record (decision 534), over HTTP
 * on real Postgres: after a paid booking, an office booking, a moved line, a swapped or cancelled
 * place, a refund, a cancel, the retention purge and the backfill, `paid_course_date_id` equals
 * what the place, its item and its order say (the learner dates list's old probe, written out here
 * on its own), and the list's dates, learner counts and totals follow at once. The list counts those
 * not ready as the board does, though it reads no attendance or results.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { courseDates, orders } from "../src/db/schema";
import { runBackfills } from "../src/db/backfills";
import { createCourse } from "../src/db/seed/factories";
import { upsertUser } from "../src/modules/auth/service";
import { purgeExpiredLearnerRecords } from "../src/modules/learners";
import { addCalendarMonths } from "@app/rules";
import { addDays, ukDate } from "../src/lib/dates";
import { inDays, orderPayload } from "./fixtures";
import { login, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";

let ctx: TestContext;
let office: Session;
type Course = { id: number; dates: number[] };
let door: Course;

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  await upsertUser(ctx.db, {
    email: "kept-office@example.com",
    name: "Kim Kept",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "office",
  });
  office = await login(ctx.app, "kept-office@example.com", "Str0ng!Passw0rd-test");
  const days = [300, 310, 320];
  const id = await createCourse(
    ctx.db,
    {
      title: "SIA Door Supervisor Course (kept dates)",
      feePence: 10000,
      capacity: 20,
      dates: days.map((d) => ({ startDate: inDays(d, ctx.clock.now()), endDate: addDays(inDays(d, ctx.clock.now()), 1) })),
    } as never,
    ctx.clock.now(),
  );
  const rows = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id)).orderBy(courseDates.startDate);
  door = { id, dates: rows.map((d) => d.id) };
});
afterAll(async () => ctx.close());

const api = (method: "GET" | "POST", url: string, payload?: object) =>
  ctx.app.inject({ method, url, ...(payload ? { payload } : {}), headers: office.headers });
let keyN = 0;
const key = () => `kept-${Date.now()}-${++keyN}`;

/** A booking of these people on a date of the course, paid unless told. */
async function placed(dateId: number, people: string[], pay = true): Promise<number> {
  const attendees = people.map((p) => {
    const [first_name, last_name] = p.split(" ") as [string, string];
    return { first_name, last_name, email: `${first_name.toLowerCase()}.kept@example.com` };
  });
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/enroll",
    payload: orderPayload([{ id: door.id, selectedDate: dateId, quantity: people.length, attendees }]),
  });
  expect(res.statusCode, res.body).toBe(201);
  const { reference } = res.json();
  if (pay) expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${reference}/pay` })).statusCode).toBe(303);
  const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, reference));
  return row!.id;
}

/** Records whose kept date differs from what their place, item and order say (none, whoever wrote them). */
async function stale(): Promise<unknown[]> {
  const { rows } = await ctx.db.execute(sql`
    select lr.id, lr.paid_course_date_id, f.course_date_id
    from learner_records lr
    left join lateral (
      select i.course_date_id from order_attendees a
      join order_items i on i.id = a.order_item_id
      join orders o on o.id = a.order_id
      where a.id = lr.attendee_id and o.status = 'paid') f on true
    where lr.paid_course_date_id is distinct from f.course_date_id`);
  return rows;
}

/** The kept dates of an order's records. */
async function keptOf(orderId: number): Promise<(number | null)[]> {
  const { rows } = await ctx.db.execute<{ d: number | null }>(sql`
    select lr.paid_course_date_id as d from learner_records lr join order_attendees a on a.id = lr.attendee_id
    where a.order_id = ${orderId} order by lr.id`);
  return rows.map((r) => r.d);
}

/** The course's dates on the list (current window) with their learners, and the list's total. */
async function listed(): Promise<{ learners: Record<number, number>; total: number }> {
  const res = await api("GET", "/api/admin/learners/dates?limit=100");
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json() as { course_date_id: number; learners: number }[];
  const learners: Record<number, number> = {};
  for (const r of rows) if (door.dates.includes(r.course_date_id)) learners[r.course_date_id] = r.learners;
  return { learners, total: Number(res.headers["x-total-count"]) };
}

const itemOf = async (orderId: number) =>
  ((await api("GET", `/api/bookings/${orderId}`)).json() as { items: { id: number; attendees: { id: number }[] }[] }).items[0]!;

describe("the learner's kept course date", () => {
  it("follows bookings, moved lines, swapped and cancelled places, refunds and cancels", async () => {
    const [d0, d1, d2] = door.dates as [number, number, number];
    const before = await listed();
    expect(before.learners).toEqual({});

    // Paid: listed under its date. Unpaid: no records, nothing listed.
    const group = await placed(d0, ["Ada Apple", "Bo Birch"]);
    const unpaid = await placed(d2, ["Cy Cedar"], false);
    expect(await keptOf(group)).toEqual([d0, d0]);
    expect(await keptOf(unpaid)).toEqual([]);
    expect(await listed()).toEqual({ learners: { [d0]: 2 }, total: before.total + 1 });

    // The office's booking (paid in cash).
    const booked = await api("POST", "/api/bookings", {
      course_id: door.id,
      course_date_id: d2,
      add_on_ids: [],
      attendees: [{ first_name: "Dee", last_name: "Dogwood" }],
      first_name: "Mo",
      last_name: "Manager",
      email: "mo.manager@example.com",
      phone: "0151 496 0000",
      payment_method: "cash",
      amount_received: 100,
      idempotency_key: key(),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const officeId = booked.json().id as number;
    expect(await keptOf(officeId)).toEqual([d2]);
    expect(await listed()).toEqual({ learners: { [d0]: 2, [d2]: 1 }, total: before.total + 2 });

    // The group's line moves to another date: its records follow, the old date leaves the list.
    const item = await itemOf(group);
    const moved = await api("POST", `/api/bookings/${group}/transfer`, { item_id: item.id, course_date_id: d1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await keptOf(group)).toEqual([d1, d1]);
    expect(await listed()).toEqual({ learners: { [d1]: 2, [d2]: 1 }, total: before.total + 2 });

    // A place handed to another person: the new person's record is listed under the same date.
    const swapped = await api("POST", `/api/bookings/${group}/attendees/${item.attendees[0]!.id}/swap`, {
      first_name: "Eli",
      last_name: "Elm",
      email: "eli.elm@example.com",
      idempotency_key: key(),
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(await keptOf(group)).toEqual([d1, d1]);
    expect(await stale()).toEqual([]);

    // A place cancelled: its record goes, the date keeps one learner.
    const cancelPlace = await api("POST", `/api/bookings/${group}/attendees/${item.attendees[1]!.id}/cancel`, {
      refund: "none",
      idempotency_key: key(),
    });
    expect(cancelPlace.statusCode, cancelPlace.body).toBe(200);
    expect(await listed()).toEqual({ learners: { [d1]: 1, [d2]: 1 }, total: before.total + 2 });

    // Refunded in full (cancelled with its money back) and cancelled without: both leave the list.
    const refunded = await api("POST", `/api/bookings/${group}/cancel`, { refund: "full", idempotency_key: key() });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await keptOf(group)).toEqual([null]);
    expect(await listed()).toEqual({ learners: { [d2]: 1 }, total: before.total + 1 });
    const cancelled = await api("POST", `/api/bookings/${officeId}/cancel`, { refund: "none", idempotency_key: key() });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await keptOf(officeId)).toEqual([null]);
    expect(await listed()).toEqual({ learners: {}, total: before.total });
    expect(await stale()).toEqual([]);
  });

  it("stays on a record the retention purge empties, as the list counted it before", async () => {
    const [d0] = door.dates as [number];
    const order = await placed(d0, ["Fay Fir"]);
    expect(await keptOf(order)).toEqual([d0]);
    const purged = await purgeExpiredLearnerRecords(ctx.db, new Date(`${inDays(320 + 365 * 4, ctx.clock.now())}T12:00:00Z`));
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await keptOf(order)).toEqual([d0]);
    expect((await listed()).learners).toEqual({ [d0]: 1 });
    expect(await stale()).toEqual([]);
  });

  it("is filled by the backfill for records made before it existed, and the list is the same", async () => {
    const list = await listed();
    const past = await api("GET", "/api/admin/learners/dates?when=past&limit=100");
    await ctx.db.execute(sql`update learner_records set paid_course_date_id = null`);
    expect((await listed()).learners).toEqual({});
    const client = await ctx.pool.connect();
    try {
      const written = await runBackfills(client);
      expect(written["learner records' paid course date"]).toBeGreaterThan(0);
      expect((await runBackfills(client))["learner records' paid course date"]).toBe(0);
    } finally {
      client.release();
    }
    expect(await stale()).toEqual([]);
    expect(await listed()).toEqual(list);
    const pastAgain = await api("GET", "/api/admin/learners/dates?when=past&limit=100");
    expect(pastAgain.json()).toEqual(past.json());
    expect(pastAgain.headers["x-total-count"]).toBe(past.headers["x-total-count"]);
  });

  it("counts a ready learner with an absence and a failed result as the board does (the list reads neither)", async () => {
    const today = ukDate(ctx.clock.now());
    const courseId = await createCourse(
      ctx.db,
      {
        title: "SIA Door Supervisor Course (kept ready)",
        feePence: 10000,
        capacity: 20,
        dates: [{ startDate: today, endDate: today }],
      } as never,
      ctx.clock.now(),
    );
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, courseId));
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: courseId, selectedDate: date!.id, quantity: 1 }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${res.json().reference}/pay` })).statusCode).toBe(
      303,
    );
    const { rows } = await ctx.db.execute<{ id: number; token: string }>(sql`
      select lr.id, lr.token from learner_records lr where lr.paid_course_date_id = ${date!.id}`);
    const { id, token } = rows[0]!;
    const form = {
      full_name: "Gil Gum",
      date_of_birth: "1990-04-12",
      address: "1 Dock Road, Bootle",
      postcode: "L20 1AA",
      phone: "07700 900123",
      email: "gil.gum@example.com",
      emergency_name: "Sam Gum",
      emergency_phone: "07700 900456",
      id_document_type: "passport",
      id_document_expiry: addCalendarMonths(today, 24),
      first_aid_title: "Emergency First Aid at Work",
      first_aid_body: "Qualsafe Awards",
      first_aid_achieved_on: addDays(today, -30),
      first_aid_expires_on: addCalendarMonths(today, 13),
      english_declared: true,
      fitness_name: "Gil Gum",
      sia_link_consent: true,
    };
    const put = (url: string, payload: object, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: "PUT", url, payload, headers });
    expect((await put(`/api/learner-forms/${token}`, form)).statusCode).toBe(200);
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const upload = { file_name: "certificate.pdf", data_url: `data:application/pdf;base64,${pdf.toString("base64")}` };
    expect((await put(`/api/learner-forms/${token}/first-aid-certificate`, upload)).statusCode).toBe(200);
    const checked = await put(`/api/admin/learners/${id}/id-check`, { checked: true, document_type: "passport" }, office.headers);
    expect(checked.statusCode, checked.body).toBe(200);
    const absent = await put(`/api/admin/learners/${id}/attendance`, { day: today, status: "absent" }, office.headers);
    expect(absent.statusCode, absent.body).toBe(200);
    const failed = await put(
      `/api/admin/learners/${id}/results`,
      { results: [{ unit: "Assessment", result: "fail" }] },
      office.headers,
    );
    expect(failed.statusCode, failed.body).toBe(200);

    const board = await api("GET", `/api/admin/learners/dates/${date!.id}`);
    const learners = board.json().learners as { readiness: { ready: boolean; days_recorded: number; result: string } }[];
    expect(learners.map((l) => l.readiness)).toEqual([expect.objectContaining({ days_recorded: 1, result: "fail" })]);
    const list = await api("GET", "/api/admin/learners/dates?limit=100");
    const row = (list.json() as { course_date_id: number; learners: number; not_ready: number }[]).find(
      (r) => r.course_date_id === date!.id,
    );
    expect(row).toMatchObject({ learners: 1, not_ready: learners.filter((l) => !l.readiness.ready).length });
    expect(row!.not_ready).toBe(0);
  });
});
