/**
 * Queries checked, not hoped (decision 462): on a tenth of the years-of-data volume, every query
 * the office's list and search screens send (captured from the real handlers and repositories
 * through HTTP, not copied here) is EXPLAINed, and none may read a big table from end to end.
 *
 * A scan is looked for with `enable_seqscan = off`: the planner then takes a sequential scan only
 * when no index can serve the query, so the check does not depend on the table's size (at a tenth,
 * a small table may rightly be read whole when an index exists).
 */
import http from "node:http";
import pg from "pg";
import { CSV_COLUMNS } from "../src/modules/bookings/csv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateVolume } from "../src/db/seed/volume";
import { withDatabase } from "../src/db/client";
import { inject } from "vitest";
import { upsertUser } from "../src/modules/auth";
import { login, loginAdmin, setupApp, type Session, type TestContext } from "./helpers";
import { captureQueries, fullReadsOf, type Captured } from "./volume-capture";
import { BIG_TABLES } from "./big-tables";

/**
 * Full reads known and not yet removed (decision 462), as "screen|table|count" (the list's total)
 * or "screen|table|rows" (the rows): the totals of lists counted with count(*) over every row, the
 * bookings sorts on derived values (decision 461), and the other modules' lists not reworked
 * yet (enrolments, waiting list, messages). Shrink this list; never grow it without a decision.
 */
const KNOWN_FULL_READS = new Set<string>([
  "bookings by amount, deep page|orders|count",
  "bookings by amount|orders|count",
  "bookings by booked_on, deep page|orders|count",
  "bookings by booked_on|orders|count",
  "bookings by course|orders|count",
  "bookings by date|orders|count",
  "bookings by learner|orders|count",
  "bookings by reference, deep page|orders|count",
  "bookings by reference|orders|count",
  "bookings by status|orders|count",
  "bookings, status all|orders|count",
  "bookings, status cancelled|refunds|count",
  "bookings, status expired|orders|count",
  "bookings, status refunded|orders|count",
  "bookings, status refunded|refunds|count",
  "enrolments|orders|count",
  "messages, unhandled|contact_messages|count",
  "messages|contact_messages|count",
]);

let ctx: TestContext;
let admin: Session;
let trainer: Session;
let explainPool: pg.Pool;
const ids = { order: 0, ref: "", email: "", phone: "", lastName: "", course: "", date: 0, lastPage: 0 };

beforeAll(async () => {
  ctx = await setupApp({ seeded: true });
  const genPool = new pg.Pool({ connectionString: withDatabase(inject("serverUrl"), ctx.dbName), max: 1 });
  try {
    await generateVolume(genPool, { scale: 0.1, seed: 42, now: new Date() });
  } finally {
    await genPool.end();
  }
  explainPool = new pg.Pool({ connectionString: withDatabase(inject("serverUrl"), ctx.dbName), max: 1 });
  admin = await loginAdmin(ctx);
  const { rows } = await explainPool.query<{
    id: number;
    booking_ref: string;
    guest_email: string;
    phone_number: string;
    last_name: string;
    title: string;
  }>(`select o.id, o.booking_ref, o.guest_email, o.phone_number, o.last_name, i.title
      from orders o join order_items i on i.order_id = o.id where o.status = 'paid' order by o.id desc limit 1`);
  const o = rows[0]!;
  Object.assign(ids, {
    order: o.id,
    ref: `${o.booking_ref.slice(0, 4)}-${o.booking_ref.slice(4)}`,
    email: o.guest_email,
    phone: o.phone_number,
    lastName: o.last_name,
    course: o.title.split(" ").slice(0, 2).join(" "),
  });
  const d = await explainPool.query<{ id: number }>(
    `select i.course_date_id as id from learner_records r join order_attendees a on a.id = r.attendee_id
     join order_items i on i.id = a.order_item_id where r.purged_at is null order by r.id desc limit 1`,
  );
  ids.date = d.rows[0]!.id;
  // A trainer on every date of the busiest course over the years (decision 536: their list and search).
  await upsertUser(ctx.db, {
    email: "volume-trainer@example.com",
    name: "Vol Trainer",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "trainer",
  });
  const assigned = await explainPool.query(
    `insert into course_date_trainers (course_date_id, user_id, assigned_by)
     select d.id, u.id, 'volume test' from course_dates d cross join users u
     where u.email = 'volume-trainer@example.com' and d.course_id = (
       select i.course_id from order_items i where i.course_id is not null group by 1 order by count(*) desc limit 1)
       and exists (select 1 from order_items i where i.course_date_id = d.id)`,
  );
  expect(assigned.rowCount).toBeGreaterThan(0);
  trainer = await login(ctx.app, "volume-trainer@example.com", "Str0ng!Passw0rd-test");
  const n = await explainPool.query<{ n: number }>(`select count(*)::int as n from orders where status = 'paid'`);
  ids.lastPage = Math.max(1, Math.ceil(n.rows[0]!.n / 25) - 1);
}, 240_000);

afterAll(async () => {
  await explainPool?.end();
  await ctx?.close();
});

/** The office's screens: each URL's every SELECT is EXPLAINed. */
const screens = (): [string, string, ("trainer" | undefined)?][] => [
  ["bookings, first page", "/api/bookings"],
  ...(["all", "confirmed", "pending", "expired", "cancelled", "refunded"] as const).map((s): [string, string] => [
    `bookings, status ${s}`,
    `/api/bookings?status=${s}`,
  ]),
  ...(["reference", "learner", "course", "date", "amount", "booked_on", "status"] as const).map((s): [string, string] => [
    `bookings by ${s}`,
    `/api/bookings?status=all&sort=${s}&dir=asc`,
  ]),
  // Deep pages on the indexed sorts (the derived ones read every order on any page: decision 461).
  ...(["reference", "amount", "booked_on"] as const).map((s): [string, string] => [
    `bookings by ${s}, deep page`,
    `/api/bookings?status=all&sort=${s}&dir=desc&page=${ids.lastPage}&limit=25`,
  ]),
  ["bookings, deep page", `/api/bookings?page=${ids.lastPage}&limit=25`],
  ["search by reference", `/api/bookings?status=all&q=${encodeURIComponent(ids.ref)}`],
  ["search by name", `/api/bookings?status=all&q=${encodeURIComponent(ids.lastName)}`],
  ["search by e-mail", `/api/bookings?status=all&q=${encodeURIComponent(ids.email)}`],
  ["search by phone", `/api/bookings?status=all&q=${encodeURIComponent(ids.phone)}`],
  ["search by course", `/api/bookings?status=all&q=${encodeURIComponent(ids.course)}`],
  ["booking page", `/api/bookings/${ids.order}`],
  ["activity log", "/api/activity-logs"],
  ["activity log, deep page", "/api/activity-logs?page=2000&limit=25"],
  ["messages", "/api/messages"],
  ["messages, unhandled", "/api/messages?status=unhandled"],
  ["enrolments", "/api/enrollments"],
  ["enrolments, search", `/api/enrollments?q=${encodeURIComponent(ids.lastName)}`],
  // The register and the enrolments screen ask for one course date (decision 536).
  ["enrolments of a date", `/api/enrollments?course_date_id=${ids.date}&limit=200`],
  [
    "enrolments of a date, paid, searched",
    `/api/enrollments?course_date_id=${ids.date}&status=paid&q=${encodeURIComponent(ids.lastName)}`,
  ],
  ["enrolments' course dates", "/api/enrollments/course-dates"],
  // A trainer's screens (decision 536): their bookings and dates only, paged and searched in SQL.
  ["trainer: enrolments", "/api/enrollments?limit=10", "trainer"],
  ["trainer: enrolments, deep page", "/api/enrollments?limit=10&page=50", "trainer"],
  ["trainer: enrolments, search", `/api/enrollments?q=${encodeURIComponent(ids.lastName)}&limit=10`, "trainer"],
  ["trainer: enrolments of a date", `/api/enrollments?course_date_id=${ids.date}&limit=200`, "trainer"],
  ["trainer: course dates", "/api/enrollments/course-dates", "trainer"],
  ["waiting list", "/api/admin/waiting-list"],
  ["scheduled mail, due", "/api/scheduled-mail?view=due"],
  ["scheduled mail, sent", "/api/scheduled-mail?view=sent"],
  ["dashboard", "/api/dashboard"],
  ["dashboard warnings", "/api/dashboard/warnings"],
  ["learner dates", "/api/admin/learners/dates"],
  ["learner dates, past", "/api/admin/learners/dates?when=past"],
  ["learner dates, past, deep page", "/api/admin/learners/dates?when=past&page=40&limit=25"],
  ["register", `/api/admin/learners/dates/${ids.date}`],
  ["readiness board", "/api/admin/learners/progress"],
  ["readiness board, deep page", "/api/admin/learners/progress?page=50&limit=25"],
];

async function explainAll(queries: Captured[]) {
  const client = await explainPool.connect();
  try {
    await client.query("set enable_seqscan = off");
    const found: string[] = [];
    for (const q of queries) {
      const { rows } = await client.query<{ "QUERY PLAN": unknown }>(`explain (format json) ${q.text}`, q.values);
      for (const table of fullReadsOf(rows[0]!["QUERY PLAN"])) {
        if (BIG_TABLES.includes(table)) found.push(`${table} in: ${q.text.replace(/\s+/g, " ").slice(0, 300)}`);
      }
    }
    return found;
  } finally {
    client.release();
  }
}

describe("the office's screens on years of data", () => {
  it("reads no big table from end to end in any list or search query", async () => {
    const failures: string[] = [];
    const allowed = new Set<string>();
    for (const [name, url, who] of screens()) {
      const queries = await captureQueries(ctx.pool, async () => {
        const res = await ctx.app.inject({ method: "GET", url, headers: (who === "trainer" ? trainer : admin).headers });
        expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(200);
      });
      expect(queries.length, name).toBeGreaterThan(0);
      for (const f of await explainAll(queries)) {
        const [table, text] = [f.split(" in: ")[0]!, f.split(" in: ")[1] ?? ""];
        const kind = /^select count\(\*\)/i.test(text.trim()) ? "count" : "rows";
        const entry = `${name}|${table}|${kind}`;
        if (KNOWN_FULL_READS.has(entry)) allowed.add(entry);
        else failures.push(`${name}: reads all of ${f}`);
      }
    }
    expect(failures).toEqual([]);
    // The list only shrinks: an entry no screen needed in this run is named, to be taken out once
    // it is seen gone for good (a plan near a tie can still go either way between runs, so this
    // does not fail the run).
    const unneeded = [...KNOWN_FULL_READS].filter((e) => !allowed.has(e));
    if (unneeded.length) console.info(`KNOWN_FULL_READS not needed in this run: ${unneeded.join("; ")}`);
  }, 600_000);

  it("lists the generated learners' dates: every record keeps the course date its paid place is on", async () => {
    const { rows } = await explainPool.query<{ stale: number; listed: number }>(
      `select count(*) filter (where paid_course_date_id is distinct from learner_paid_course_date(attendee_id))::int as stale,
              count(paid_course_date_id)::int as listed
       from learner_records`,
    );
    expect(rows[0]!.stale).toBe(0);
    expect(rows[0]!.listed).toBeGreaterThan(0);
    const res = await ctx.app.inject({ method: "GET", url: "/api/admin/learners/dates?when=past", headers: admin.headers });
    expect(Number(res.headers["x-total-count"])).toBeGreaterThan(0);
  });

  it("streams the bookings export: the header leaves before the rows are read, then one line per place", async () => {
    const base = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const { firstChunk, body } = await new Promise<{ firstChunk: string; body: string }>((resolve, reject) => {
      http
        .get(`${base}/api/bookings/export.csv?status=all`, { headers: admin.headers }, (res) => {
          expect(res.statusCode).toBe(200);
          expect(res.headers["content-type"]).toContain("text/csv");
          const chunks: string[] = [];
          res.setEncoding("utf8");
          res.on("data", (c: string) => chunks.push(c));
          res.on("end", () => resolve({ firstChunk: chunks[0] ?? "", body: chunks.join("") }));
        })
        .on("error", reject);
    });
    // The first chunk is the BOM and the header line alone: written before any booking was read.
    expect(firstChunk).toBe(`\uFEFF${CSV_COLUMNS.join(",")}\r\n`);
    const { rows } = await explainPool.query<{ n: number }>(
      `select (select count(*) from order_attendees)::int
        + (select count(*) from order_items i where not exists (select 1 from order_attendees a where a.order_item_id = i.id))::int as n`,
    );
    expect(body.split("\r\n").length - 2).toBe(rows[0]!.n);
  }, 300_000);

  it("finds a sequential scan when a query has no index to use", async () => {
    const [q] = await captureQueries(ctx.pool, async () => {
      await ctx.pool.query("select id from mail_outbox where subject ilike $1", ["%nothing%"]);
    });
    expect(await explainAll([q!])).toEqual([expect.stringContaining("mail_outbox")]);
  });
});
