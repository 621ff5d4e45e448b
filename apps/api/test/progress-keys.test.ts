/**
 * The progress list's keys kept on the learner record (decision 533) over HTTP on real Postgres:
 * after every kind of write they derive from (results recorded, changed and cleared, a licence step
 * added and removed, every step done, certificate sent or collected, the booking cancelled and
 * refunded, the retention purge) and after the backfill, each record's keys equal the formula
 * computed here from the rows, and the list (order, pages, total) and the certificate alert's count
 * equal what the queries before the keys answered (kept below as the reference).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { certificateOverdue } from "@app/rules";
import { courseDates, learnerRecords, orders } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { runBackfills } from "../src/db/backfills";
import { certificatesOverdue } from "../src/modules/portal";
import { addDays, ukDate } from "../src/lib/dates";
import { loginAdmin, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";

let ctx: TestContext;
let office: Session;
let keyN = 0;
const key = () => `progress-key-${++keyN}`;

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  office = await loginAdmin(ctx);
});
afterAll(() => ctx.close());

const api = (method: "GET" | "PUT" | "POST", url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: office.headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** A course a month ahead, booked and paid for `people`; the order's id and its learners' ids and tokens. */
async function bookPaid(title: string, people = 1) {
  const start = addDays(ukDate(ctx.clock.now()), 30);
  const id = await createCourse(
    ctx.db,
    { title, units: [], dates: [{ startDate: start, endDate: addDays(start, 1) }] } as never,
    ctx.clock.now(),
  );
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  const payload = orderPayload([{ id, selectedDate: date!.id }]);
  const course = payload.courses[0] as Record<string, unknown>;
  course.quantity = people;
  course.attendees = Array.from({ length: people }, (_, i) => ({ first_name: `Learner${i + 1}`, last_name: "Keys" }));
  const res = await ctx.app.inject({ method: "POST", url: "/api/enroll", payload });
  expect(res.statusCode, res.body).toBe(201);
  const reference = res.json().reference as string;
  expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${reference}/pay` })).statusCode).toBe(303);
  const status = (await ctx.app.inject({ method: "GET", url: `/api/orders/${reference}/status` })).json();
  const tokens: string[] = (status.learner_links ?? []).map((l: { url: string }) => l.url.split("/learner/")[1]!);
  const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.reference, reference));
  const ids: number[] = [];
  for (const token of tokens)
    ids.push((await ctx.db.select({ id: learnerRecords.id }).from(learnerRecords).where(eq(learnerRecords.token, token)))[0]!.id);
  return { orderId: order!.id, ids, tokens };
}

const results = async (id: number, list: { unit: string; result: "pass" | "fail" | "resit" | null }[]) => {
  // The course is weeks ahead: the office records results early with a reason (decision 330).
  const res = await api("PUT", `/admin/learners/${id}/results`, { results: list, override_reason: "Assessed at another centre" });
  expect(res.statusCode, res.body).toBe(200);
};
const step = async (id: number, step: string, done: boolean) => {
  const licence = step === "granted" && done ? { licence_number: "1234567890123456", licence_expires_on: "2030-01-01" } : {};
  const res = await api("PUT", `/admin/learners/${id}/licence-steps`, { step, done, ...licence });
  expect(res.statusCode, res.body).toBe(200);
};
const certificate = async (id: number, sent: { on: string; how: "post" | "collected" } | null) => {
  const res = await api("PUT", `/admin/learners/${id}/certificate-progress`, {
    claimed_on: null,
    received_on: null,
    sent_on: sent?.on ?? null,
    sent_how: sent?.how ?? null,
  });
  expect(res.statusCode, res.body).toBe(200);
};
const STEPS = ["account", "qualification", "application", "id_check", "fee", "granted"];

/** Records whose kept keys differ from the formula (as the rows give it), with both. */
async function keysOffFormula() {
  const { rows } = await ctx.pool.query(`
    select lr.id, lr.results_on::text, lr.results_all_passed, lr.progress_open, lr.progress_since::text,
      e.results_on::text as e_results_on, e.all_passed as e_all_passed,
      coalesce(o.status = 'paid' and lr.purged_at is null and e.results_on is not null
        and (lr.certificate_sent_on is null or not exists (select 1 from licence_steps s where s.learner_id = lr.id and s.step = 'granted')),
        false) as e_open,
      case when (select count(distinct s.step) from licence_steps s where s.learner_id = lr.id) >= 6 then null
        else coalesce((select (max(s.done_at) at time zone 'UTC')::date from licence_steps s where s.learner_id = lr.id), e.results_on)
      end::text as e_since
    from learner_records lr
    join order_attendees a on a.id = lr.attendee_id join orders o on o.id = a.order_id
    cross join lateral (select max(r.recorded_at at time zone 'Europe/London')::date as results_on, bool_and(r.result = 'pass') as all_passed
      from learner_results r where r.learner_id = lr.id) e`);
  return rows.filter(
    (r) =>
      r.results_on !== r.e_results_on ||
      r.results_all_passed !== r.e_all_passed ||
      r.progress_open !== r.e_open ||
      r.progress_since !== r.e_since,
  );
}

/** The list as the query before the keys ordered it (decision 532): every open learner's id, in order. */
async function referenceList(): Promise<number[]> {
  const today = ukDate(ctx.clock.now());
  const { rows } = await ctx.pool.query<{ id: number }>(
    `select id from (
      select lr.id,
        (select max(r.recorded_at at time zone 'Europe/London')::date from learner_results r where r.learner_id = lr.id) as results_on,
        (select count(distinct s.step) from licence_steps s where s.learner_id = lr.id) as steps,
        (select max(s.done_at) from licence_steps s where s.learner_id = lr.id) as last_done
      from learner_records lr
      join order_attendees a on a.id = lr.attendee_id
      join orders o on o.id = a.order_id
      where o.status = 'paid' and lr.purged_at is null
        and exists (select 1 from learner_results r where r.learner_id = lr.id)
        and (lr.certificate_sent_on is null
          or not exists (select 1 from licence_steps s where s.learner_id = lr.id and s.step = 'granted'))) open
    order by case when steps >= 6 then null
      else least(coalesce((last_done at time zone 'UTC')::date, results_on), $1::date) end asc nulls last, id`,
    [today],
  );
  return rows.map((r) => r.id);
}

/** The certificate alert's count as it was read before the keys: every awaited learner, filtered by the rule. */
async function referenceOverdue(): Promise<number> {
  const { rows } = await ctx.pool.query<{ results_on: string }>(`
    select max(r.recorded_at at time zone 'Europe/London')::date::text as results_on
    from learner_records lr
    join learner_results r on r.learner_id = lr.id
    join order_attendees a on a.id = lr.attendee_id
    join orders o on o.id = a.order_id
    where o.status = 'paid' and lr.purged_at is null and lr.certificate_sent_on is null
    group by lr.id
    having bool_and(r.result = 'pass')`);
  const today = ukDate(ctx.clock.now());
  return rows.filter((r) => certificateOverdue(r.results_on, today, null)).length;
}

/** The whole list through HTTP, `limit` at a time; and the total each page gave. */
async function listed(limit: number) {
  const ids: number[] = [];
  const totals = new Set<string>();
  for (let page = 1; page < 100; page++) {
    const res = await api("GET", `/admin/learners/progress?page=${page}&limit=${limit}`);
    expect(res.statusCode, res.body).toBe(200);
    totals.add(String(res.headers["x-total-count"]));
    const items = res.json() as { learner_id: number }[];
    ids.push(...items.map((i) => i.learner_id));
    if (items.length < limit) break;
  }
  return { ids, totals: [...totals] };
}

/** After a write: keys equal the formula; the list, in pages of 1, 2 and 25, and the alert equal the reference. */
async function expectKept(what: string) {
  expect(await keysOffFormula(), what).toEqual([]);
  const reference = await referenceList();
  for (const limit of [1, 2, 25]) {
    const { ids, totals } = await listed(limit);
    expect(ids, `${what}: pages of ${limit}`).toEqual(reference);
    expect(totals, `${what}: x-total-count, pages of ${limit}`).toEqual([String(reference.length)]);
  }
  expect(await certificatesOverdue(ctx.db, ctx.clock.now()), `${what}: certificates overdue`).toBe(await referenceOverdue());
  return reference;
}

/** The app's clock set to `iso`, and the office signed in again at that time. */
async function at(iso: string) {
  ctx.clock.set(new Date(iso));
  office = await loginAdmin(ctx);
}

describe("learner progress keys", () => {
  it("follow every write of results, steps, certificate, booking status and purge, and the backfill", async () => {
    await at("2026-06-01T10:00:00Z");
    const a = await bookPaid("CCTV Operator Course (keys a)", 3);
    const b = await bookPaid("CCTV Operator Course (keys b)", 2);
    const [a1, a2, a3] = a.ids as [number, number, number];
    const [b1, b2] = b.ids as [number, number];
    await expectKept("booked, no results");

    // Results on different days: the list is longest stuck first.
    await results(a2, [{ unit: "Assessment", result: "pass" }]);
    await at("2026-06-03T10:00:00Z");
    await results(a1, [{ unit: "Assessment", result: "fail" }]);
    await results(b1, [{ unit: "Assessment", result: "pass" }]);
    await at("2026-06-04T09:00:00Z");
    await results(b2, [{ unit: "Assessment", result: "resit" }]);
    await results(a3, [{ unit: "Assessment", result: "pass" }]);
    const mine = new Set([a1, a2, a3, b1, b2]);
    expect((await expectKept("results recorded")).filter((id) => mine.has(id))).toEqual([
      a2,
      Math.min(a1, b1),
      Math.max(a1, b1),
      a3,
      b2,
    ]);

    // A result changed, and cleared: the learner leaves the list.
    await results(a1, [{ unit: "Assessment", result: "pass" }]);
    await results(b2, [{ unit: "Assessment", result: null }]);
    await expectKept("results changed and cleared");

    // Licence steps: since moves to the last step's day; removed, it moves back.
    await at("2026-06-10T12:00:00Z");
    await step(a2, "account", true);
    await step(a2, "qualification", true);
    await expectKept("steps added");
    await step(a2, "qualification", false);
    await expectKept("a step removed");

    // Every step done, certificate not sent: on the list with no "stuck since", after the others.
    for (const s of STEPS) await step(a3, s, true);
    await expectKept("every step done");

    // Certificate sent by post, and collected: the licensed learner leaves; the other stays, not overdue.
    await at("2026-06-11T12:00:00Z");
    await certificate(a3, { on: "2026-06-11", how: "post" });
    await certificate(a1, { on: "2026-06-11", how: "collected" });
    await expectKept("certificates sent and collected");
    await certificate(a1, null);
    await expectKept("certificate taken back");

    // Days in the future count as today: with the clock set back, the later days tie with today by id.
    await at("2026-06-03T23:00:00Z");
    await expectKept("the clock before the last writes");
    await at("2026-06-11T12:00:00Z");

    // The booking cancelled and refunded: its learners leave the list and the alert.
    const cancelled = await api("POST", `/bookings/${b.orderId}/cancel`, { refund: "full", idempotency_key: key() });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expectKept("booking cancelled and refunded");
    expect((await referenceList()).includes(b1)).toBe(false);

    // The retention purge: the learner leaves.
    await at("2031-06-11T12:00:00Z");
    expect(await ctx.app.workers.purgeLearnerRecords()).toBeGreaterThanOrEqual(3);
    await expectKept("records purged");
    await at("2026-06-11T12:00:00Z");

    // The backfill: records written before the keys (null) are filled, in batches, to the formula.
    const d = await bookPaid("CCTV Operator Course (keys d)", 2);
    await results(d.ids[0]!, [{ unit: "Assessment", result: "pass" }]);
    await step(d.ids[0]!, "account", true);
    await ctx.pool.query(
      `update learner_records set results_on = null, results_all_passed = null, progress_open = null, progress_since = null`,
    );
    const client = await ctx.pool.connect();
    try {
      const written = await runBackfills(client);
      expect(written["learner progress keys"]).toBeGreaterThanOrEqual(7);
      expect((await runBackfills(client))["learner progress keys"]).toBe(0);
    } finally {
      client.release();
    }
    const after = await expectKept("after the backfill");
    expect(after).toContain(d.ids[0]);
  });

  it("counts the certificates overdue as the alert did: passed, unsent, 4 working days after the results", async () => {
    await at("2026-12-24T12:00:00Z");
    const c = await bookPaid("CCTV Operator Course (keys overdue)", 2);
    await results(c.ids[0]!, [{ unit: "Assessment", result: "pass" }]);
    await results(c.ids[1]!, [{ unit: "Assessment", result: "fail" }]);
    const before = await certificatesOverdue(ctx.db, ctx.clock.now());
    await at("2027-01-04T17:00:00Z");
    expect(await certificatesOverdue(ctx.db, ctx.clock.now())).toBe(await referenceOverdue());
    await at("2027-01-05T09:00:00Z");
    const overdue = await certificatesOverdue(ctx.db, ctx.clock.now());
    expect(overdue).toBe(await referenceOverdue());
    expect(overdue).toBeGreaterThan(before);
    await certificate(c.ids[0]!, { on: "2027-01-05", how: "post" });
    expect(await certificatesOverdue(ctx.db, ctx.clock.now())).toBe(await referenceOverdue());
  });
});
