/**
 * A register that tells the truth and trainers' need-to-know (issue 27 part B) over HTTP on real
 * Postgres: attendance only on or after its day and results only from the assessment day (the
 * office overrides with a logged reason, a trainer cannot), result mails held until the day is
 * over, "mark everyone present", the trainer opening and marking the evidence, trainers seeing only
 * their assigned dates without contact details or money (JSON and CSV, UK time), and postcodes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, sql } from "drizzle-orm";
import { ATTENDANCE_FUTURE_MESSAGE, OVERRIDE_OFFICE_ONLY_MESSAGE, RESULTS_EARLY_MESSAGE } from "@app/contract";
import { UK_POSTCODE_MESSAGE } from "@app/rules";
import { activityLog, courseDates, learnerRecords, mailOutbox, orders } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { upsertUser } from "../src/modules/auth/service";
import { addDays, ukDate, ukMidnight } from "../src/lib/dates";
import { londonDateTime } from "../src/modules/bookings/csv";
import { login, loginAdmin, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";

let ctx: TestContext;
let office: Session;
let trainer: Session;
let trainerId: number;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const BUYER = { email: "casey.jones@example.com", phone: "07700 900321", street: "2 Example Lane" };

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  ({ id: trainerId } = await upsertUser(ctx.db, {
    email: "register-trainer@example.com",
    name: "Tess Trainer",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "trainer",
  }));
  office = await loginAdmin(ctx);
  trainer = await login(ctx.app, "register-trainer@example.com", "Str0ng!Passw0rd-test");
});
afterAll(() => ctx.close());

const today = () => ukDate(ctx.clock.now());
const api = (method: "GET" | "PUT" | "POST", url: string, who: Session, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A paid booking of a new course on [start, end] with these attendees (each with an e-mail). */
async function book(title: string, start: string, end: string, people: string[] = ["Alex Adams"]) {
  const id = await createCourse(ctx.db, { title, dates: [{ startDate: start, endDate: end }] } as never, ctx.clock.now());
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  const attendees = people.map((p) => {
    const [first_name, last_name] = p.split(" ") as [string, string];
    return { first_name, last_name, email: `${first_name.toLowerCase()}.attendee@example.com` };
  });
  const payload = orderPayload([{ id, selectedDate: date!.id, quantity: people.length, attendees }]);
  const res = await ctx.app.inject({ method: "POST", url: "/api/enroll", payload });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json();
  expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${order.reference}/pay` })).statusCode).toBe(303);
  const learners = await ctx.db
    .select({ id: learnerRecords.id, token: learnerRecords.token })
    .from(learnerRecords)
    .innerJoin(orders, eq(orders.reference, order.reference))
    .orderBy(learnerRecords.id);
  return { dateId: date!.id, order, learners };
}

async function assign(dateId: number) {
  const res = await api("PUT", `/api/admin/course-dates/${dateId}/trainers`, office, { user_ids: [trainerId] });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().assigned).toEqual([{ id: trainerId, name: "Tess Trainer" }]);
}

async function learnerOfDate(dateId: number) {
  const board = await api("GET", `/api/admin/learners/dates/${dateId}`, office);
  return board.json().learners[0].id as number;
}

describe("register dates (UK time)", () => {
  it("refuses attendance for a future day; the office overrides with a reason (logged), a trainer cannot", async () => {
    const start = addDays(today(), 42);
    const { dateId } = await book("CCTV Operator Course (future register)", start, addDays(start, 1));
    await assign(dateId);
    const id = await learnerOfDate(dateId);
    const url = `/api/admin/learners/${id}/attendance`;

    const early = await api("PUT", url, trainer, { day: start, status: "present" });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ATTENDANCE_FUTURE_MESSAGE);
    const trainerOverride = await api("PUT", url, trainer, { day: start, status: "present", override_reason: "Trainer asked" });
    expect(trainerOverride.statusCode).toBe(403);
    expect(trainerOverride.json().message).toBe(OVERRIDE_OFFICE_ONLY_MESSAGE);
    expect((await api("PUT", url, office, { day: start, status: "present" })).statusCode).toBe(409);
    expect((await api("PUT", url, office, { day: start, status: "present", override_reason: "ok" })).statusCode).toBe(400);

    const reason = "Learner attended the earlier cohort by arrangement";
    const ok = await api("PUT", url, office, { day: start, status: "present", override_reason: reason });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().attendance).toEqual([{ day: start, status: "present", arrived_at: null }]);
    const [log] = await ctx.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "Register date override"))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(log?.details).toContain(reason);
    expect(log?.details).toContain(start);
  });

  it("accepts attendance on the day itself and marks everyone present for a day, but not tomorrow", async () => {
    const start = today();
    const { dateId } = await book("CCTV Operator Course (mark all)", start, addDays(start, 1), [
      "Ann Ames",
      "Ben Brook",
      "Cy Cole",
    ]);
    await assign(dateId);
    const id = await learnerOfDate(dateId);
    const absent = await api("PUT", `/api/admin/learners/${id}/attendance`, trainer, { day: start, status: "absent" });
    expect(absent.statusCode, absent.body).toBe(200);

    const all = await api("PUT", `/api/admin/learners/dates/${dateId}/attendance`, trainer, { day: start });
    expect(all.statusCode, all.body).toBe(200);
    const marks = all
      .json()
      .learners.map((l: { id: number; attendance: { day: string; status: string }[] }) => [
        l.id,
        l.attendance.find((a) => a.day === start)?.status,
      ]);
    expect(marks).toHaveLength(3);
    // The learner already marked absent keeps the mark; the others become present.
    for (const [lid, status] of marks) expect(status).toBe(lid === id ? "absent" : "present");

    const tomorrow = await api("PUT", `/api/admin/learners/dates/${dateId}/attendance`, trainer, { day: addDays(start, 1) });
    expect(tomorrow.statusCode).toBe(409);
    expect(tomorrow.json().message).toBe(ATTENDANCE_FUTURE_MESSAGE);
    const notADay = await api("PUT", `/api/admin/learners/dates/${dateId}/attendance`, trainer, { day: addDays(start, 9) });
    expect(notADay.statusCode).toBe(400);
  });

  it("refuses results before the assessment day; on the day they are recorded and the mail waits until it is over", async () => {
    const booked = addDays(today(), 5);
    const { dateId } = await book("CCTV Operator Course (results timing)", booked, booked, ["Dee Dunn"]);
    await assign(dateId);
    // Under way: began yesterday, assessed tomorrow.
    await ctx.db
      .update(courseDates)
      .set({ startDate: addDays(today(), -1), endDate: addDays(today(), 1) })
      .where(eq(courseDates.id, dateId));
    const id = await learnerOfDate(dateId);
    const results = { results: [{ unit: "Assessment", result: "pass" }] };

    const early = await api("PUT", `/api/admin/learners/${id}/results`, trainer, results);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RESULTS_EARLY_MESSAGE);

    // The assessment day (the last day) has begun: the results go in, the mail waits for midnight.
    await ctx.db.update(courseDates).set({ endDate: today() }).where(eq(courseDates.id, dateId));
    const ok = await api("PUT", `/api/admin/learners/${id}/results`, trainer, results);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().readiness.result).toBe("pass");
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "learner_result"), eq(mailOutbox.to, "dee.attendee@example.com")));
    expect(mail?.status).toBe("pending");
    expect(mail!.nextAttemptAt.toISOString()).toBe(ukMidnight(addDays(today(), 1)).toISOString());
    expect(mail!.nextAttemptAt.getTime()).toBeGreaterThan(ctx.clock.now().getTime());
  });

  it("lets the office record results early with a reason, logged", async () => {
    const start = addDays(today(), 14);
    const { dateId } = await book("CCTV Operator Course (results override)", start, start, ["Eve Ennis"]);
    const id = await learnerOfDate(dateId);
    const body = { results: [{ unit: "Assessment", result: "pass" }], override_reason: "Assessed at the previous sitting" };
    const ok = await api("PUT", `/api/admin/learners/${id}/results`, office, body);
    expect(ok.statusCode, ok.body).toBe(200);
    const logs = await ctx.db.select().from(activityLog).where(eq(activityLog.action, "Register date override"));
    expect(logs.some((l) => l.details?.includes("Assessed at the previous sitting"))).toBe(true);
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "learner_result"), eq(mailOutbox.to, "eve.attendee@example.com")));
    expect(mail!.nextAttemptAt.toISOString()).toBe(ukMidnight(addDays(start, 1)).toISOString());
  });
});

describe("trainers' need-to-know", () => {
  it("shows a trainer only their own date, names without contact details or money (JSON and CSV, UK time)", async () => {
    const start = addDays(today(), 10);
    const mine = await book("SIA Door Supervisor Course (trainer mine)", start, addDays(start, 1), ["Fay Ford", "Gus Green"]);
    const other = await book("SIA Door Supervisor Course (trainer other)", start, addDays(start, 1), ["Hal Hart"]);
    await assign(mine.dateId);

    const dates = (await api("GET", "/api/admin/learners/dates", trainer)).json();
    expect(dates.map((d: { course_date_id: number }) => d.course_date_id)).toContain(mine.dateId);
    expect(dates.map((d: { course_date_id: number }) => d.course_date_id)).not.toContain(other.dateId);
    expect((await api("GET", `/api/admin/learners/dates/${other.dateId}`, trainer)).statusCode).toBe(404);
    const otherLearner = await learnerOfDate(other.dateId);
    expect((await api("GET", `/api/admin/learners/${otherLearner}/evidence`, trainer)).statusCode).toBe(404);

    const board = await api("GET", `/api/admin/learners/dates/${mine.dateId}`, trainer);
    expect(board.statusCode).toBe(200);
    for (const l of board.json().learners) {
      expect(l).toMatchObject({ email: null, phone: null, emergency: null });
      expect(l.details).toMatchObject({ address: null, postcode: null });
      expect(l.readiness).toBeDefined();
    }
    expect(
      board
        .json()
        .learners.map((l: { name: string }) => l.name)
        .sort(),
    ).toEqual(["Fay Ford", "Gus Green"]);

    const list = await api("GET", "/api/enrollments?limit=100", trainer);
    expect(list.statusCode).toBe(200);
    const refs = list.json().map((e: { booking_reference: string }) => e.booking_reference);
    expect(refs).toContain(mine.order.booking_reference);
    expect(refs).not.toContain(other.order.booking_reference);
    const text = list.body;
    for (const secret of [BUYER.email, BUYER.phone, BUYER.street, "fay.attendee@example.com", mine.order.reference])
      expect(text).not.toContain(secret);
    const e = list.json().find((x: { booking_reference: string }) => x.booking_reference === mine.order.booking_reference);
    for (const key of ["guest_email", "phone_number", "street_address", "total", "amount_paid", "subtotal", "status", "paid_at"])
      expect(e).not.toHaveProperty(key);
    expect(e.courses[0]).not.toHaveProperty("pivot");
    expect(e.courses[0].attendees.map((a: { first_name: string }) => a.first_name)).toEqual(["Fay", "Gus"]);
    // The office still sees everything.
    const officeList = (await api("GET", `/api/enrollments?q=${mine.order.booking_reference}`, office)).json();
    expect(officeList[0]).toMatchObject({ guest_email: BUYER.email, status: "paid" });

    const csv = await api("GET", "/api/bookings/export.csv", trainer);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Booking reference,Booked on (UK time),Attendee first name,Attendee last name,Course,Start date,End date,Daily times,Add-ons",
    );
    const ours = lines.filter((l) => l.includes("(trainer mine)"));
    expect(ours).toHaveLength(2);
    expect(lines.some((l) => l.includes("(trainer other)"))).toBe(false);
    for (const secret of [BUYER.email, BUYER.phone, "fay.attendee@example.com", "Hal", "£", "GBP"])
      expect(csv.body).not.toContain(secret);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.reference, mine.order.reference));
    expect(ours[0]).toContain(`${mine.order.booking_reference},${londonDateTime(order!.createdAt)},Fay,Ford,`);
    const officeCsv = await api("GET", "/api/bookings/export.csv", office);
    expect(officeCsv.body).toContain(BUYER.email);
  });

  it("lets the trainer open the learner's evidence from the register (logged) and mark it seen", async () => {
    const start = addDays(today(), 5);
    const { dateId, learners } = await book("SIA Door Supervisor Course (evidence seen)", start, start, ["Ida Irwin"]);
    await assign(dateId);
    const token = learners[learners.length - 1]!.token;
    const up = await ctx.app.inject({
      method: "PUT",
      url: `/api/learner-forms/${token}/first-aid-certificate`,
      payload: { file_name: "efaw.pdf", data_url: `data:application/pdf;base64,${PDF.toString("base64")}` },
    });
    expect(up.statusCode, up.body).toBe(200);
    const id = await learnerOfDate(dateId);
    const file = await api("GET", `/api/admin/learners/${id}/evidence`, trainer);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const [log] = await ctx.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "Learner evidence viewed"))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(log?.userName).toBe("Tess Trainer");

    const seen = await api("PUT", `/api/admin/learners/${id}/evidence-seen`, trainer, { seen: true });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ has_evidence: true, evidence_seen_by: "Tess Trainer" });
    expect(seen.json().evidence_seen_at).not.toBeNull();
    const marked = await ctx.db.select().from(activityLog).where(eq(activityLog.action, "Learner evidence marked seen"));
    expect(marked.length).toBeGreaterThanOrEqual(1);
  });

  it("lets only the office assign trainers, and only trainer accounts", async () => {
    const start = addDays(today(), 3);
    const { dateId } = await book("CCTV Operator Course (assign)", start, start);
    expect((await api("PUT", `/api/admin/course-dates/${dateId}/trainers`, trainer, { user_ids: [trainerId] })).statusCode).toBe(
      403,
    );
    const me = (await api("GET", "/api/me", office)).json().user.id;
    const wrong = await api("PUT", `/api/admin/course-dates/${dateId}/trainers`, office, { user_ids: [me] });
    expect(wrong.statusCode).toBe(400);
    expect((await api("GET", `/api/admin/course-dates/999999/trainers`, office)).statusCode).toBe(404);
    const view = (await api("GET", `/api/admin/course-dates/${dateId}/trainers`, office)).json();
    expect(view.available).toContainEqual({ id: trainerId, name: "Tess Trainer" });
  });
});

describe("UK postcodes", () => {
  const course = async () => {
    const id = await createCourse(ctx.db, { title: "Postcode Course" } as never, ctx.clock.now());
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
    return { id, selectedDate: date!.id };
  };

  it("checks the postcode as a UK one when the country is the United Kingdom, stores it tidy, and accepts others abroad", async () => {
    const line = await course();
    const bad = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([line], { postcode: "NOT A CODE" }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(UK_POSTCODE_MESSAGE);
    const good = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([line], { postcode: "l20 3ab" }),
    });
    expect(good.statusCode, good.body).toBe(201);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, good.json().reference));
    expect(row?.postcode).toBe("L20 3AB");
    const abroad = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([line], { country: "France", state: "Île-de-France", postcode: "75001" }),
    });
    expect(abroad.statusCode, abroad.body).toBe(201);
  });

  it("gives office bookings an invoice address with a checked postcode", async () => {
    const line = await course();
    const body = (postcode: string) => ({
      course_id: line.id,
      course_date_id: line.selectedDate,
      attendees: [{ first_name: "Ann", last_name: "Employee" }],
      first_name: "Mia",
      last_name: "Manager",
      email: "mia.manager@example.com",
      phone: "0151 496 0000",
      company_name: "Example Security Ltd",
      street_address: "1 Example Dock",
      town_city: "Bootle",
      state: "England",
      country: "United Kingdom",
      postcode,
      payment_method: "invoice",
      amount_received: null,
      idempotency_key: `postcode-${postcode}-${Date.now()}`,
    });
    const bad = await api("POST", "/api/bookings", office, body("12345"));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(UK_POSTCODE_MESSAGE);
    const ok = await api("POST", "/api/bookings", office, body("L20 7EX"));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ street_address: "1 Example Dock", postcode: "L20 7EX" });
  });
});

describe("safer catalogue", () => {
  it("asks for confirmation naming the bookings before unpublishing or deleting a course with bookings", async () => {
    const start = addDays(today(), 12);
    const { order } = await book("CCTV Operator Course (unpublish)", start, start, ["Jo Jay"]);
    const [{ id: courseId }] = (
      await ctx.db.execute<{ id: number }>(sql`select id from courses where title = 'CCTV Operator Course (unpublish)'`)
    ).rows as [{ id: number }];

    const refused = await api("PUT", `/api/courses/${courseId}/status`, office, { status: "draft" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().bookings).toEqual([
      { booking_reference: order.booking_reference, customer_name: "Casey Jones", start_date: start, places: 1 },
    ]);
    expect(refused.json().message).toContain("1 booking");
    const stillLive = (await api("GET", `/api/admin/courses/${courseId}`, office)).json();
    expect(stillLive.status).toBe("published");

    const del = await ctx.app.inject({ method: "DELETE", url: `/api/courses/${courseId}`, headers: office.headers });
    expect(del.statusCode).toBe(409);
    expect(del.json().bookings[0].booking_reference).toBe(order.booking_reference);

    const ok = await api("PUT", `/api/courses/${courseId}/status`, office, { status: "draft", confirm: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe("draft");
    const [log] = await ctx.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "Course with bookings withdrawn"))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(log?.details).toContain(order.booking_reference);
    const gone = await ctx.app.inject({
      method: "DELETE",
      url: `/api/courses/${courseId}?confirm=true`,
      headers: office.headers,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    // The booking keeps its course (the order's snapshot) on the office's screens.
    const list = (await api("GET", `/api/enrollments?q=${order.booking_reference}`, office)).json();
    expect(list[0].courses[0].title).toBe("CCTV Operator Course (unpublish)");
  });

  it("unpublishes a course without bookings at once", async () => {
    const id = await createCourse(ctx.db, { title: "Unbooked Course" } as never, ctx.clock.now());
    const res = await api("PUT", `/api/courses/${id}/status`, office, { status: "draft" });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("draft");
  });
});
