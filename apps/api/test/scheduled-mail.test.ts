/**
 * Course reminders, licence-renewal reminders and one-click unsubscribe (issue 15), over HTTP on
 * real Postgres with a controlled clock: the scheduled-mail job is called as the queue calls it
 * (`app.workers.runDue()`), the outbox sender likewise, and nothing waits for real time.
 * One file past 300 lines: the cases share their setup, and each moves the same clock on.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { WHAT_TO_BRING, mapSearchUrl } from "@app/contract";
import { learnerRecords, mailOutbox, orderAttendees, orderItems, orders } from "../src/db/schema";
import { createCourse, createUser } from "../src/db/seed/factories";
import { unsubscribeKeys, unsubscribeToken } from "../src/modules/scheduled-mail/consent";
import { parseEnv } from "../src/env";
import { login, MANY_CUSTOMERS_ENV, setupApp, TestClock, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";

/** 10:00 UK on Mon 1 Mar 2027 (GMT: UK time = UTC until 28 March). */
const START = new Date("2027-03-01T10:00:00Z");
const at = (iso: string) => new Date(iso);

type Ctx = TestContext & { dir: string; admin: Session };

async function setup(): Promise<Ctx> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "api-reminders-"));
  const ctx = await setupApp({
    seeded: false,
    clock: new TestClock(START),
    env: {
      ...MANY_CUSTOMERS_ENV,
      MAIL_DIR: dir,
      PUBLIC_API_URL: "https://api.example.com",
      PUBLIC_SITE_URL: "https://www.example.com",
    },
  });
  // An empty database (no seeded bookings to plan mail for), with an administrator of its own.
  const user = await createUser(ctx.db, { name: "Ada Admin", isAdmin: true });
  const admin = await login(ctx.app, user.email, user.password);
  return { ...ctx, dir, admin };
}

/** The clock moved past the idle limit: a fresh administrator signs in. */
async function adminAgain(ctx: TestContext): Promise<[string, string]> {
  const user = await createUser(ctx.db, { isAdmin: true });
  return [user.email, user.password];
}

/** Books one place (or, with `line`, several named places) and pays on the local page; returns the order row. */
async function bookAndPay(
  ctx: TestContext,
  courseId: number,
  dateId: number,
  over: Record<string, unknown> = {},
  line: Record<string, unknown> = {},
) {
  const placed = await ctx.app.inject({
    method: "POST",
    url: "/api/enroll",
    payload: orderPayload([{ id: courseId, selectedDate: dateId, ...line }], over),
  });
  expect(placed.statusCode).toBe(201);
  const reference = placed.json().reference as string;
  ctx.clock.advance(60_000);
  const pay = await ctx.app.inject({
    method: "POST",
    url: `/api/payments/local/${reference}/pay`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "",
  });
  expect(pay.statusCode).toBe(303);
  const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, reference));
  expect(row!.status).toBe("paid");
  return row!;
}

async function dateIdOf(ctx: TestContext, courseId: number, startDate: string) {
  const { rows } = await ctx.pool.query(`select id from course_dates where course_id = $1 and start_date = $2`, [
    courseId,
    startDate,
  ]);
  return rows[0].id as number;
}

const outboxOf = (ctx: TestContext, kind: string) =>
  ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind)).orderBy(mailOutbox.id);

async function scheduled(ctx: TestContext, orderId: number) {
  const { rows } = await ctx.pool.query(
    `select kind, status, reason, due_at, attendee_id from scheduled_mails where order_id = $1 order by due_at, attendee_id`,
    [orderId],
  );
  return rows as { kind: string; status: string; reason: string | null; due_at: Date; attendee_id: number }[];
}

/** The raw .eml files the sender wrote, headers unfolded. */
async function emlFiles(dir: string) {
  const names = (await readdir(dir)).filter((n) => n.endsWith(".eml")).sort();
  return Promise.all(names.map(async (n) => (await readFile(path.join(dir, n), "utf8")).replace(/\r?\n[ \t]+/g, " ")));
}

/** The learner records (issue 14) of an order's attendees, by attendee id. */
async function learnersOf(ctx: TestContext, orderId: number) {
  return ctx.db
    .select({ id: learnerRecords.id, token: learnerRecords.token, attendeeId: learnerRecords.attendeeId })
    .from(learnerRecords)
    .innerJoin(orderAttendees, eq(orderAttendees.id, learnerRecords.attendeeId))
    .where(eq(orderAttendees.orderId, orderId))
    .orderBy(orderAttendees.position);
}

/** What the trainer's register records for each learner of an order: one unit with this result. */
async function recordResult(ctx: TestContext, orderId: number, result: "pass" | "fail" | "resit") {
  for (const l of await learnersOf(ctx, orderId))
    await ctx.pool.query(
      `insert into learner_results (learner_id, unit, result, recorded_by) values ($1, 'Assessment', $2, 'Tess Trainer')
       on conflict (learner_id, unit) do update set result = excluded.result`,
      [l.id, result],
    );
}

const saveForm = (ctx: TestContext, token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: "PUT", url: `/api/learner-forms/${token}`, payload });

describe("course reminders", () => {
  let ctx: Ctx;
  let courseId: number;
  let dateId: number;
  let laterDateId: number;
  beforeAll(async () => {
    ctx = await setup();
    courseId = await createCourse(
      ctx.db,
      {
        title: "SIA Door Supervisor Course",
        time: "9 am - 6pm",
        capacity: 50,
        dates: [
          { startDate: "2027-03-20", endDate: "2027-03-25" },
          { startDate: "2027-04-17", endDate: "2027-04-22" },
        ],
      },
      START,
    );
    dateId = await dateIdOf(ctx, courseId, "2027-03-20");
    laterDateId = await dateIdOf(ctx, courseId, "2027-04-17");
  });
  afterAll(async () => {
    await ctx.close();
    await rm(ctx.dir, { recursive: true, force: true });
  });

  it("each attendee of a paid booking gets one reminder 7 days and one 1 day before, with when, where, map and what to bring", async () => {
    ctx.clock.set(START);
    const order = await bookAndPay(ctx, courseId, dateId, { first_name: "Morgan", guest_email: "morgan.buyer@example.com" });
    // A second place whose attendee has no e-mail of their own: the buyer's address is used.
    const [item] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    await ctx.db
      .insert(orderAttendees)
      .values({ orderId: order.id, orderItemId: item!.id, position: 2, firstName: "Riley", lastName: "Stone", email: null });
    await ctx.db.update(orderAttendees).set({ email: "morgan.own@example.com" }).where(eq(orderAttendees.position, 1));

    const first = await ctx.app.workers.runDue();
    expect(first).toMatchObject({ planned: 4, queued: 0 });
    const plan = await scheduled(ctx, order.id);
    expect(plan.map((p) => [p.kind, p.status, p.due_at.toISOString()])).toEqual([
      ["reminder_7d", "scheduled", "2027-03-13T09:00:00.000Z"],
      ["reminder_7d", "scheduled", "2027-03-13T09:00:00.000Z"],
      ["reminder_1d", "scheduled", "2027-03-19T09:00:00.000Z"],
      ["reminder_1d", "scheduled", "2027-03-19T09:00:00.000Z"],
    ]);

    // A minute before it is due: nothing.
    ctx.clock.set(at("2027-03-13T08:59:00Z"));
    expect(await ctx.app.workers.runDue()).toMatchObject({ planned: 0, queued: 0 });
    ctx.clock.set(at("2027-03-13T09:00:00Z"));
    // Two instances running the job at the same moment queue each reminder once.
    const [a, b] = await Promise.all([ctx.app.workers.runDue(), ctx.app.workers.runDue()]);
    expect(a.queued + b.queued).toBe(2);
    expect((await ctx.app.workers.runDue()).queued).toBe(0);

    const week = await outboxOf(ctx, "course_reminder");
    expect(week.map((m) => m.to).sort()).toEqual(["morgan.buyer@example.com", "morgan.own@example.com"]);
    const mail = week.find((m) => m.to === "morgan.own@example.com")!;
    expect(mail.subject).toBe("Reminder: SIA Door Supervisor Course starts in 7 days (Sat 20 Mar 2027)");
    expect(mail.text).toContain("Dear Morgan,");
    expect(mail.text).toContain("Sat 20 – Thu 25 Mar 2027, 9 am - 6pm each day");
    expect(mail.text).toContain("Unit 4, 12 Example Dock Road, Bootle, Merseyside L20 0XX");
    expect(mail.text).toContain(`Map: ${mapSearchUrl("Unit 4, 12 Example Dock Road, Bootle, Merseyside L20 0XX")}`);
    for (const w of WHAT_TO_BRING) expect(mail.text).toContain(w);
    expect(mail.html).toContain("SIA Door Supervisor Course");
    expect(mail.html).toContain(
      `href="${mapSearchUrl("Unit 4, 12 Example Dock Road, Bootle, Merseyside L20 0XX").replace(/&/g, "&amp;")}"`,
    );
    // Neither learner form is complete (issue 14): each reminder links to the attendee's own form;
    // a service mail has no unsubscribe.
    const [morganForm, rileyForm] = await learnersOf(ctx, order.id);
    expect(mail.text).toContain(
      `Your learner form is not complete yet. Please complete it before the course:\nhttps://www.example.com/learner/${morganForm!.token}`,
    );
    expect(mail.html).toContain(`href="https://www.example.com/learner/${morganForm!.token}"`);
    expect(week.find((m) => m.to === "morgan.buyer@example.com")!.text).toContain(
      `https://www.example.com/learner/${rileyForm!.token}`,
    );
    expect(mail.headers).toEqual({});
    expect(week.find((m) => m.to === "morgan.buyer@example.com")!.text).toContain("Dear Riley,");

    expect(await ctx.app.workers.sendMail()).toEqual({ sent: 4, failed: 0 }); // with the confirmation and the office notice
    const files = await emlFiles(ctx.dir);
    expect(files.filter((f) => /Subject: Reminder: SIA Door Supervisor Course starts in 7 days/.test(f))).toHaveLength(2);
    for (const f of files) expect(f).not.toMatch(/^List-Unsubscribe/im);

    ctx.clock.set(at("2027-03-19T09:00:00Z"));
    expect((await ctx.app.workers.runDue()).queued).toBe(2);
    const day = (await outboxOf(ctx, "course_reminder")).filter((m) => m.subject.includes("tomorrow"));
    expect(day.map((m) => m.subject)).toEqual([
      "Reminder: SIA Door Supervisor Course starts tomorrow (Sat 20 Mar 2027)",
      "Reminder: SIA Door Supervisor Course starts tomorrow (Sat 20 Mar 2027)",
    ]);
    expect((await scheduled(ctx, order.id)).every((p) => p.status === "queued")).toBe(true);
    // Never twice: the key is per attendee, date and kind.
    await expect(
      ctx.pool.query(
        `insert into scheduled_mails (kind, attendee_id, order_id, course_date_id, due_at) select kind, attendee_id, order_id, course_date_id, due_at from scheduled_mails where order_id = $1 limit 1`,
        [order.id],
      ),
    ).rejects.toThrow(/scheduled_mails_attendee_date_kind_key/);
  });

  it("a booking made inside the window gets only the reminders still ahead", async () => {
    // Paid on Tue 16 Mar: the 7-day reminder (Sat 13th) is behind, the 1-day one ahead.
    ctx.clock.set(at("2027-03-16T12:00:00Z"));
    const late = await bookAndPay(ctx, courseId, dateId, { guest_email: "late.booker@example.com" });
    // Paid on the evening before: both are behind.
    ctx.clock.set(at("2027-03-19T18:00:00Z"));
    const last = await bookAndPay(ctx, courseId, dateId, { guest_email: "last.minute@example.com" });
    ctx.clock.set(at("2027-03-19T18:05:00Z"));
    await ctx.app.workers.runDue();
    expect((await scheduled(ctx, late.id)).map((p) => [p.kind, p.status])).toEqual([["reminder_1d", "queued"]]);
    expect(await scheduled(ctx, last.id)).toEqual([]);
    expect((await outboxOf(ctx, "course_reminder")).filter((m) => m.to === "late.booker@example.com")).toHaveLength(1);
  });

  it("a booking cancelled or moved to another date after its reminder was planned gets no reminder for that date", async () => {
    ctx.clock.set(at("2027-03-25T10:00:00Z"));
    const cancelled = await bookAndPay(ctx, courseId, laterDateId, { guest_email: "cancels.later@example.com" });
    const moved = await bookAndPay(ctx, courseId, laterDateId, { guest_email: "moves.later@example.com" });
    await ctx.app.workers.runDue();
    expect((await scheduled(ctx, cancelled.id)).map((p) => p.status)).toEqual(["scheduled", "scheduled"]);

    // The office cancels one (issue 13's refund does this) and moves the other to a new date.
    ctx.clock.set(at("2027-04-05T10:00:00Z"));
    await ctx.db.update(orders).set({ status: "cancelled", cancelledAt: ctx.clock.now() }).where(eq(orders.id, cancelled.id));
    await ctx.db
      .update(orderItems)
      .set({ courseDateId: dateId, startDate: "2027-03-20", endDate: "2027-03-25" })
      .where(eq(orderItems.orderId, moved.id));

    ctx.clock.set(at("2027-04-10T09:00:00Z"));
    const run = await ctx.app.workers.runDue();
    expect(run).toMatchObject({ queued: 0, skipped: 2 });
    expect((await scheduled(ctx, cancelled.id)).map((p) => [p.kind, p.status, p.reason])).toEqual([
      ["reminder_7d", "skipped", "booking cancelled"],
      ["reminder_1d", "scheduled", null],
    ]);
    expect((await scheduled(ctx, moved.id))[0]).toMatchObject({ status: "skipped", reason: "booking moved to another date" });
    ctx.clock.set(at("2027-04-16T09:00:00Z"));
    expect(await ctx.app.workers.runDue()).toMatchObject({ queued: 0, skipped: 2 });
    const sentTo = (await outboxOf(ctx, "course_reminder")).map((m) => m.to);
    expect(sentTo).not.toContain("cancels.later@example.com");
    expect(sentTo).not.toContain("moves.later@example.com");

    // The office sees them under Skipped, with the reason.
    const admin = await login(ctx.app, ...(await adminAgain(ctx)));
    const res = await ctx.app.inject({ method: "GET", url: "/api/scheduled-mail?view=skipped", headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const skipped = res.json().items as { to: string; error: string; kind: string }[];
    expect(skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ to: "cancels.later@example.com", kind: "reminder_1d", error: "booking cancelled" }),
        expect.objectContaining({ to: "moves.later@example.com", kind: "reminder_1d", error: "booking moved to another date" }),
      ]),
    );
  });

  it("a booking cancelled after its reminder was queued (in the outbox, not yet sent) is not mailed: the sender checks again", async () => {
    const otherId = await createCourse(
      ctx.db,
      { title: "CCTV Operator Course", capacity: 20, dates: [{ startDate: "2027-06-10", endDate: "2027-06-12" }] },
      START,
    );
    const otherDate = await dateIdOf(ctx, otherId, "2027-06-10");
    ctx.clock.set(at("2027-05-01T10:00:00Z"));
    const keeps = await bookAndPay(ctx, otherId, otherDate, { guest_email: "keeps.place@example.com" });
    const cancels = await bookAndPay(ctx, otherId, otherDate, { guest_email: "cancels.in.time@example.com" });
    await ctx.app.workers.sendMail(); // confirmations out of the way
    ctx.clock.set(at("2027-06-03T08:00:00Z")); // 09:00 BST, 7 days before
    expect((await ctx.app.workers.runDue()).queued).toBe(2);
    expect((await scheduled(ctx, cancels.id))[0]).toMatchObject({ kind: "reminder_7d", status: "queued" });

    await ctx.db.update(orders).set({ status: "cancelled", cancelledAt: ctx.clock.now() }).where(eq(orders.id, cancels.id));
    expect(await ctx.app.workers.sendMail()).toEqual({ sent: 1, failed: 0 });
    const files = await emlFiles(ctx.dir);
    expect(
      files.filter(
        (f) =>
          /^To: .*<keeps\.place@example\.com>$/m.test(f) &&
          f.includes("Subject: Reminder: CCTV Operator Course starts in 7 days"),
      ),
    ).toHaveLength(1);
    expect(files.some((f) => /^To: .*<cancels\.in\.time@example\.com>$/m.test(f) && f.includes("Subject: Reminder:"))).toBe(
      false,
    );
    expect((await scheduled(ctx, cancels.id))[0]).toMatchObject({
      kind: "reminder_7d",
      status: "skipped",
      reason: "booking cancelled",
    });
    expect((await outboxOf(ctx, "course_reminder")).filter((m) => m.to === "cancels.in.time@example.com")).toEqual([]);
    expect((await scheduled(ctx, keeps.id))[0]).toMatchObject({ status: "queued" });
  });

  it("a reminder whose course has already started is skipped, not sent late", async () => {
    ctx.clock.set(at("2027-04-10T10:00:00Z"));
    // A planned row the job could not reach in time (every instance down for days).
    const order = await bookAndPay(ctx, courseId, laterDateId, { guest_email: "never.reached@example.com" });
    const [att] = await ctx.db.select().from(orderAttendees).where(eq(orderAttendees.orderId, order.id));
    await ctx.pool.query(
      `insert into scheduled_mails (kind, attendee_id, order_id, course_date_id, due_at) values ('reminder_1d', $1, $2, $3, '2027-04-16T08:00:00Z')`,
      [att!.id, order.id, laterDateId],
    );
    ctx.clock.set(at("2027-04-20T10:00:00Z"));
    const run = await ctx.app.workers.runDue();
    expect(run.queued).toBe(0);
    expect((await scheduled(ctx, order.id)).find((p) => p.kind === "reminder_1d")).toMatchObject({
      status: "skipped",
      reason: "course already started",
    });
  });

  it("a group booking with named attendees gets one reminder per attendee, each to the attendee's own address or else the buyer's", async () => {
    const groupCourseId = await createCourse(
      ctx.db,
      { title: "First Aid at Work Course", capacity: 20, dates: [{ startDate: "2027-09-14", endDate: "2027-09-16" }] },
      START,
    );
    const groupDate = await dateIdOf(ctx, groupCourseId, "2027-09-14");
    ctx.clock.set(at("2027-08-02T10:00:00Z"));
    const team = [
      { first_name: "Alex", last_name: "Stone", email: "alex@employer.example" },
      { first_name: "Bea", last_name: "Hart" },
      { first_name: "Cal", last_name: "Moss", email: "" },
    ];
    const order = await bookAndPay(
      ctx,
      groupCourseId,
      groupDate,
      { guest_email: "bookings@employer.example", company_name: "Acme Security Ltd" },
      { quantity: 3, attendees: team },
    );
    const attendees = await ctx.db.select().from(orderAttendees).where(eq(orderAttendees.orderId, order.id));
    expect(attendees.map((a) => a.firstName).sort()).toEqual(["Alex", "Bea", "Cal"]);

    await ctx.app.workers.runDue();
    const plan = await scheduled(ctx, order.id);
    expect(plan.map((p) => p.kind)).toEqual([
      "reminder_7d",
      "reminder_7d",
      "reminder_7d",
      "reminder_1d",
      "reminder_1d",
      "reminder_1d",
    ]);
    expect(new Set(plan.map((p) => p.attendee_id))).toEqual(new Set(attendees.map((a) => a.id)));

    ctx.clock.set(at("2027-09-07T08:00:00Z")); // 09:00 BST, 7 days before
    expect((await ctx.app.workers.runDue()).queued).toBe(3);
    // Running again (or on a second instance) adds nothing.
    expect((await ctx.app.workers.runDue()).queued).toBe(0);
    const week = (await outboxOf(ctx, "course_reminder")).filter((m) =>
      m.subject.startsWith("Reminder: First Aid at Work Course"),
    );
    expect(week).toHaveLength(3);
    expect(week.map((m) => [m.to, m.text.match(/Dear (\w+),/)?.[1]]).sort()).toEqual([
      ["alex@employer.example", "Alex"],
      ["bookings@employer.example", "Bea"],
      ["bookings@employer.example", "Cal"],
    ]);
  });

  it("a paid door supervisor booking whose learner form is incomplete gets the form link; after the form is complete, the next reminder has none", async () => {
    const formsCourse = await createCourse(
      ctx.db,
      {
        title: "SIA Door Supervisor Course (weekends)",
        slug: "sia-door-supervisor-weekends",
        capacity: 20,
        dates: [{ startDate: "2027-10-16", endDate: "2027-10-21" }],
      },
      START,
    );
    const formsDate = await dateIdOf(ctx, formsCourse, "2027-10-16");
    ctx.clock.set(at("2027-10-01T10:00:00Z"));
    const order = await bookAndPay(ctx, formsCourse, formsDate, { first_name: "Taylor", guest_email: "taylor@example.com" });
    const [learner] = await learnersOf(ctx, order.id);
    const link = `https://www.example.com/learner/${learner!.token}`;
    await ctx.app.workers.runDue();
    const mine = async () => (await outboxOf(ctx, "course_reminder")).filter((m) => m.to === "taylor@example.com");

    ctx.clock.set(at("2027-10-09T08:00:00Z")); // 09:00 BST, 7 days before
    expect((await ctx.app.workers.runDue()).queued).toBe(1);
    const [week] = await mine();
    expect(week!.subject).toContain("starts in 7 days");
    expect(week!.text).toContain(`Your learner form is not complete yet. Please complete it before the course:\n${link}`);
    expect(week!.html).toContain(`href="${link}"`);

    // The learner finishes the form through the link: details, declarations and the first-aid certificate.
    const saved = await saveForm(ctx, learner!.token, {
      full_name: "Taylor Jo Reed",
      date_of_birth: "1992-06-01",
      address: "2 Dock Road, Bootle",
      postcode: "L20 2BB",
      phone: "07700 900321",
      email: "taylor@example.com",
      emergency_name: "Pat Reed",
      emergency_phone: "07700 900654",
      id_document_type: "passport",
      id_document_expiry: "2031-01-01",
      first_aid_title: "Emergency First Aid at Work",
      first_aid_body: "Qualsafe Awards",
      first_aid_achieved_on: "2026-01-10",
      first_aid_expires_on: "2030-01-10",
      english_declared: true,
      fitness_name: "Taylor Jo Reed",
      sia_link_consent: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const uploaded = await ctx.app.inject({
      method: "PUT",
      url: `/api/learner-forms/${learner!.token}/first-aid-certificate`,
      payload: { file_name: "efaw.pdf", data_url: `data:application/pdf;base64,${pdf.toString("base64")}` },
    });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json()).toMatchObject({ complete: true, missing: [] });

    ctx.clock.set(at("2027-10-15T08:00:00Z")); // 09:00 BST, the day before
    expect((await ctx.app.workers.runDue()).queued).toBe(1);
    const [, day] = await mine();
    expect(day!.subject).toContain("starts tomorrow");
    expect(day!.text).not.toContain(link);
    expect(day!.text).not.toMatch(/learner form/i);
    expect(day!.html).not.toMatch(/learner form/i);
  });
});

describe("licence-renewal reminders and one-click unsubscribe", () => {
  let ctx: Ctx;
  let dsId: number;
  let dsDate: number;
  let refresherId: number;
  beforeAll(async () => {
    ctx = await setup();
    dsId = await createCourse(
      ctx.db,
      { title: "SIA Door Supervisor Course", capacity: 50, dates: [{ startDate: "2027-03-08", endDate: "2027-03-13" }] },
      START,
    );
    dsDate = await dateIdOf(ctx, dsId, "2027-03-08");
    await createCourse(
      ctx.db,
      {
        title: "Door Supervision Top-Up",
        slug: "door-supervision-top-up",
        dates: [{ startDate: "2029-09-01", endDate: "2029-09-02" }],
      },
      START,
    );
    refresherId = await createCourse(
      ctx.db,
      {
        title: "Door Supervisor Refresher",
        slug: "door-supervisor-refresher",
        dates: [
          { startDate: "2029-10-22", endDate: "2029-10-23" },
          { startDate: "2029-11-05", endDate: "2029-11-06" },
          { startDate: "2029-12-03", endDate: "2029-12-04" },
          { startDate: "2030-01-07", endDate: "2030-01-08" },
        ],
      },
      START,
    );
    await createCourse(
      ctx.db,
      { title: "Emergency First Aid at Work", dates: [{ startDate: "2027-03-08", endDate: "2027-03-08" }] },
      START,
    );
  });
  afterAll(async () => {
    await ctx.close();
    await rm(ctx.dir, { recursive: true, force: true });
  });

  it("only learners who opted in get it, 2 years 7 months after the course, with the refresher's next dates and an RFC 8058 unsubscribe", async () => {
    ctx.clock.set(START);
    const optedIn = await bookAndPay(ctx, dsId, dsDate, {
      first_name: "Jordan",
      guest_email: "Jordan.Optin@example.com",
      marketing_opt_in: true,
    });
    const notOptedIn = await bookAndPay(ctx, dsId, dsDate, { guest_email: "no.marketing@example.com" });
    const unsubscribesFirst = await bookAndPay(ctx, dsId, dsDate, {
      guest_email: "changes.mind@example.com",
      marketing_opt_in: true,
    });
    expect(optedIn.marketingConsentAt).not.toBeNull();
    // All three passed (the trainer's register, issue 14): only learners who passed are reminded.
    for (const o of [optedIn, notOptedIn, unsubscribesFirst]) await recordResult(ctx, o.id, "pass");
    expect(notOptedIn.marketingConsentAt).toBeNull();

    // Course over (ended Sat 13 Mar 2027): planned for 13 Oct 2029, 09:00 UK (BST: 08:00 UTC).
    ctx.clock.set(at("2027-03-15T10:00:00Z"));
    await ctx.app.workers.runDue();
    const plan = await scheduled(ctx, optedIn.id);
    expect(plan.filter((p) => p.kind === "licence_renewal").map((p) => p.due_at.toISOString())).toEqual([
      "2029-10-13T08:00:00.000Z",
    ]);
    // The first-aid course is no licence course.
    const { rows: kinds } = await ctx.pool.query(`select distinct kind from scheduled_mails`);
    expect(kinds.map((k) => k.kind).sort()).toEqual(["licence_renewal"]);

    // Someone unsubscribes through an earlier marketing mail's link before it is due.
    const early = await ctx.app.inject({
      method: "POST",
      url: `/api/unsubscribe/${unsubscribeToken("changes.mind@example.com", unsubscribeKeys(ctx.app.env))}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(early.statusCode).toBe(200);

    ctx.clock.set(at("2029-10-13T07:59:00Z"));
    expect((await ctx.app.workers.runDue()).queued).toBe(0);
    ctx.clock.set(at("2029-10-13T08:00:00Z"));
    const run = await ctx.app.workers.runDue();
    expect(run).toMatchObject({ queued: 1, skipped: 2 });
    expect((await scheduled(ctx, notOptedIn.id))[0]).toMatchObject({ status: "skipped", reason: "no marketing consent" });
    expect((await scheduled(ctx, unsubscribesFirst.id))[0]).toMatchObject({ status: "skipped", reason: "unsubscribed" });

    const [mail] = await outboxOf(ctx, "licence_renewal");
    expect(mail!.to).toBe("Jordan.Optin@example.com");
    expect(mail!.subject).toBe("Time to renew your SIA door supervisor licence");
    expect(mail!.text).toContain("Dear Jordan,");
    expect(mail!.text).toContain("SIA Door Supervisor Course, which ended on Sat 13 Mar 2027");
    expect(mail!.text).toContain(
      "from 4 months before it expires: for a licence issued after your course, that is from around November 2029",
    );
    expect(mail!.text).toContain("To renew, you need the Door Supervisor Refresher qualification.");
    // The next three open dates of the refresher (not the top-up: the refresher is preferred).
    expect(mail!.text).toContain("- Mon 22 – Tue 23 Oct 2029\n- Mon 5 – Tue 6 Nov 2029\n- Mon 3 – Tue 4 Dec 2029\n");
    expect(mail!.text).not.toContain("Jan 2030");
    expect(mail!.text).toContain("Book: https://www.example.com/course/door-supervisor-refresher");
    const token = unsubscribeToken("jordan.optin@example.com", unsubscribeKeys(ctx.app.env));
    const url = `https://api.example.com/api/unsubscribe/${token}`;
    expect(mail!.text).toContain(`Unsubscribe: ${url}`);
    expect(mail!.html).toContain(`href="${url}">Unsubscribe</a>`);
    expect(mail!.headers).toEqual({
      "List-Unsubscribe": `<${url}>, <mailto:office@example.com?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(refresherId).toBeGreaterThan(0);

    // The headers reach the sent message.
    expect(await ctx.app.workers.sendMail()).toMatchObject({ failed: 0 });
    const sent = (await emlFiles(ctx.dir)).find((f) => f.includes("Subject: Time to renew your SIA door supervisor licence"))!;
    expect(sent).toMatch(
      new RegExp(
        `^List-Unsubscribe: <${url.replace(/[.?/]/g, "\\$&")}>, <mailto:office@example.com\\?subject=unsubscribe>$`,
        "m",
      ),
    );
    expect(sent).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // Never twice.
    expect((await ctx.app.workers.runDue()).queued).toBe(0);
  });

  it("the unsubscribe link: GET asks to confirm (and changes nothing), POST unsubscribes without signing in", async () => {
    const token = unsubscribeToken("jordan.optin@example.com", unsubscribeKeys(ctx.app.env));
    const page = await ctx.app.inject({ method: "GET", url: `/api/unsubscribe/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("<h1>Unsubscribe from licence-renewal reminders?</h1>");
    expect(page.body).toContain("j***@example.com");
    expect(page.body).toContain('<form method="post"><button type="submit">Unsubscribe</button></form>');
    const { rows: none } = await ctx.pool.query(`select * from marketing_unsubscribes where email = 'jordan.optin@example.com'`);
    expect(none).toHaveLength(0);

    // The page's button (a form post without the one-click field).
    const confirm = await ctx.app.inject({
      method: "POST",
      url: `/api/unsubscribe/${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain("<h1>You are unsubscribed</h1>");
    // Again (a mail client retrying): still fine, recorded once.
    const again = await ctx.app.inject({
      method: "POST",
      url: `/api/unsubscribe/${token}`,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(again.statusCode).toBe(200);
    const { rows } = await ctx.pool.query(`select via from marketing_unsubscribes where email = 'jordan.optin@example.com'`);
    expect(rows).toEqual([{ via: "page" }]);
    expect((await ctx.app.inject({ method: "GET", url: `/api/unsubscribe/${token}` })).body).toContain(
      "<h1>You are unsubscribed</h1>",
    );
    const { rows: logs } = await ctx.pool.query(
      `select action, user_name, details from activity_log where action = 'Unsubscribed from marketing mail' order by id`,
    );
    expect(logs).toEqual([
      { action: "Unsubscribed from marketing mail", user_name: "Customer", details: "one-click (mail client)" },
      { action: "Unsubscribed from marketing mail", user_name: "Customer", details: "unsubscribe page" },
    ]);

    // A forged or damaged token changes nothing.
    const forged = `${Buffer.from("someone.else@example.com").toString("base64url")}.${token.split(".")[1]}`;
    for (const bad of [forged, "nonsense", `${token}x`]) {
      const res = await ctx.app.inject({
        method: "POST",
        url: `/api/unsubscribe/${bad}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain("This unsubscribe link is not valid");
    }
    const { rows: all } = await ctx.pool.query(`select email from marketing_unsubscribes order by email`);
    expect(all.map((r) => r.email)).toEqual(["changes.mind@example.com", "jordan.optin@example.com"]);
    // Other content types are still refused.
    expect(
      (
        await ctx.app.inject({
          method: "POST",
          url: `/api/unsubscribe/${token}`,
          headers: { "content-type": "text/plain" },
          payload: "x",
        })
      ).statusCode,
    ).toBe(415);
  });

  it("an unsubscribe between queueing and sending takes the renewal mail back out of the outbox", async () => {
    ctx.clock.set(START);
    const quick = await bookAndPay(ctx, dsId, dsDate, { guest_email: "quick.unsub@example.com", marketing_opt_in: true });
    await recordResult(ctx, quick.id, "pass");
    ctx.clock.set(at("2027-03-15T10:00:00Z"));
    await ctx.app.workers.runDue();
    await ctx.app.workers.sendMail();
    ctx.clock.set(at("2029-10-13T08:00:00Z"));
    expect((await ctx.app.workers.runDue()).queued).toBe(1);
    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/unsubscribe/${unsubscribeToken("quick.unsub@example.com", unsubscribeKeys(ctx.app.env))}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode).toBe(200);
    expect(await ctx.app.workers.sendMail()).toEqual({ sent: 0, failed: 0 });
    expect((await scheduled(ctx, quick.id))[0]).toMatchObject({
      kind: "licence_renewal",
      status: "skipped",
      reason: "unsubscribed",
    });
    expect((await outboxOf(ctx, "licence_renewal")).map((m) => m.to)).toEqual(["Jordan.Optin@example.com"]);
  });

  it("a paid booking cancelled after the course gets no renewal mail, and a licence already expired gets none", async () => {
    ctx.clock.set(START);
    const refunded = await bookAndPay(ctx, dsId, dsDate, { guest_email: "refunded@example.com", marketing_opt_in: true });
    await recordResult(ctx, refunded.id, "pass");
    ctx.clock.set(at("2027-03-15T10:00:00Z"));
    await ctx.app.workers.runDue();
    await ctx.db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, refunded.id));
    ctx.clock.set(at("2029-10-14T10:00:00Z"));
    await ctx.app.workers.runDue();
    expect((await scheduled(ctx, refunded.id))[0]).toMatchObject({ status: "skipped", reason: "booking cancelled" });

    // Planned long after (an old booking, the job off for years): past the licence's expiry, skipped.
    ctx.clock.set(START);
    const old = await bookAndPay(ctx, dsId, dsDate, { guest_email: "old.learner@example.com", marketing_opt_in: true });
    await recordResult(ctx, old.id, "pass");
    ctx.clock.set(at("2030-06-01T10:00:00Z"));
    await ctx.app.workers.runDue();
    expect((await scheduled(ctx, old.id))[0]).toMatchObject({ status: "skipped", reason: "licence already expired" });
    const count = await ctx.db.execute(sql`select count(*)::int as n from mail_outbox where kind = 'licence_renewal'`);
    expect(count.rows[0]).toEqual({ n: 1 });
  });

  it("only learners who passed are reminded: no results, a fail or a resit plan nothing; a pass recorded later plans it", async () => {
    ctx.clock.set(START);
    const none = await bookAndPay(ctx, dsId, dsDate, { guest_email: "no.result@example.com", marketing_opt_in: true });
    const failed = await bookAndPay(ctx, dsId, dsDate, { guest_email: "failed@example.com", marketing_opt_in: true });
    const resit = await bookAndPay(ctx, dsId, dsDate, { guest_email: "resit@example.com", marketing_opt_in: true });
    await recordResult(ctx, failed.id, "fail");
    await recordResult(ctx, resit.id, "resit");
    ctx.clock.set(at("2027-03-15T10:00:00Z"));
    await ctx.app.workers.runDue();
    for (const o of [none, failed, resit]) expect(await scheduled(ctx, o.id)).toEqual([]);

    // The resit is passed a month later: the reminder is planned then, from the course's end as before.
    await recordResult(ctx, resit.id, "pass");
    ctx.clock.set(at("2027-04-15T10:00:00Z"));
    await ctx.app.workers.runDue();
    expect((await scheduled(ctx, resit.id)).map((p) => [p.kind, p.due_at.toISOString()])).toEqual([
      ["licence_renewal", "2029-10-13T08:00:00.000Z"],
    ]);
    expect(await scheduled(ctx, none.id)).toEqual([]);
    expect(await scheduled(ctx, failed.id)).toEqual([]);

    // A result changed to a fail after planning stops the mail when it is due.
    await recordResult(ctx, resit.id, "fail");
    ctx.clock.set(at("2029-10-13T08:00:00Z"));
    await ctx.app.workers.runDue();
    expect((await scheduled(ctx, resit.id))[0]).toMatchObject({ status: "skipped", reason: "learner has not passed" });
  });

  it("the learner form's own opt-in counts: the renewal mail goes to the learner's own address, not the buyer who did not opt in", async () => {
    ctx.clock.set(START);
    const order = await bookAndPay(ctx, dsId, dsDate, {
      first_name: "Casey",
      guest_email: "employer.no.optin@example.com",
    });
    expect(order.marketingConsentAt).toBeNull();
    const [learner] = await learnersOf(ctx, order.id);
    const saved = await saveForm(ctx, learner!.token, { email: "casey.learner@example.com", marketing_opt_in: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const [rec] = await ctx.db.select().from(learnerRecords).where(eq(learnerRecords.id, learner!.id));
    expect(rec!.marketingConsentAt).not.toBeNull();
    await recordResult(ctx, order.id, "pass");

    ctx.clock.set(at("2027-03-15T10:00:00Z"));
    await ctx.app.workers.runDue();
    ctx.clock.set(at("2029-10-13T08:00:00Z"));
    await ctx.app.workers.runDue();
    expect((await scheduled(ctx, order.id))[0]).toMatchObject({ kind: "licence_renewal", status: "queued" });
    const mails = (await outboxOf(ctx, "licence_renewal")).filter((m) =>
      ["casey.learner@example.com", "employer.no.optin@example.com"].includes(m.to),
    );
    expect(mails.map((m) => m.to)).toEqual(["casey.learner@example.com"]);
    const url = `https://api.example.com/api/unsubscribe/${unsubscribeToken("casey.learner@example.com", unsubscribeKeys(ctx.app.env))}`;
    expect(mails[0]!.text).toContain(`Unsubscribe: ${url}`);
    expect(mails[0]!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });
});

describe("settings", () => {
  it("REMINDER_DAYS_BEFORE, REMINDER_SEND_HOUR and RENEWAL_REMINDER_MONTHS: defaults 7 and 1 day, 9 am, 31 months; bad values refused", () => {
    const env = parseEnv({ NODE_ENV: "test" });
    expect([env.REMINDER_DAYS_BEFORE, env.REMINDER_SEND_HOUR, env.RENEWAL_REMINDER_MONTHS]).toEqual([[7, 1], 9, 31]);
    expect(parseEnv({ NODE_ENV: "test", REMINDER_DAYS_BEFORE: "1, 14,3" }).REMINDER_DAYS_BEFORE).toEqual([14, 3, 1]);
    for (const bad of ["0", "7,7", "x", "61"])
      expect(() => parseEnv({ NODE_ENV: "test", REMINDER_DAYS_BEFORE: bad })).toThrow(/REMINDER_DAYS_BEFORE/);
    expect(() => parseEnv({ NODE_ENV: "test", REMINDER_SEND_HOUR: "24" })).toThrow(/REMINDER_SEND_HOUR/);
    expect(() => parseEnv({ NODE_ENV: "test", RENEWAL_REMINDER_MONTHS: "0" })).toThrow(/RENEWAL_REMINDER_MONTHS/);
  });
});
