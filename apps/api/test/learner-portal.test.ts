/**
 * The learner's portal (issue 31) over HTTP on real Postgres: papers drawn without repeats in
 * each unit's count, time kept by the server, scoring at the pass mark's edges, the certificate's
 * 4-working-day clock across Christmas bank holidays (the ops alert), mock scores beside the
 * readiness board, revision sanitised with progress kept, licence steps, and access rules.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, like } from "drizzle-orm";
import type { AppRoute } from "@ts-rest/core";
import { contract, type RouteMeta } from "@app/contract";
import { activityLog, courseDates, learnerRecords, mockQuestions, opsAlerts, users } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { seedPractice } from "../src/db/seed/study";
import { upsertUser } from "../src/modules/auth/service";
import { addDays, ukDate } from "../src/lib/dates";
import { login, loginAdmin, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";

let ctx: TestContext;
let office: Session;
let trainer: Session;
const MIN = 60_000;

async function signIn() {
  office = await loginAdmin(ctx);
  trainer = await login(ctx.app, "portal-trainer@example.com", "Str0ng!Passw0rd-test");
}

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  await upsertUser(ctx.db, {
    email: "portal-trainer@example.com",
    name: "Tess Trainer",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "trainer",
  });
  await signIn();
});
afterAll(() => ctx.close());

/** A course starting in `inDays` days, booked and paid for `people` attendees; their portal tokens. */
async function bookPaid(title: string, opts: { people?: number; inDays?: number; practice?: boolean } = {}) {
  const start = addDays(ukDate(ctx.clock.now()), opts.inDays ?? 30);
  const id = await createCourse(
    ctx.db,
    { title, units: [], dates: [{ startDate: start, endDate: addDays(start, 1) }] } as never,
    ctx.clock.now(),
  );
  const units = opts.practice === false ? [] : await seedPractice(ctx.db, id, ctx.clock.now());
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  const payload = orderPayload([{ id, selectedDate: date!.id }]);
  const people = opts.people ?? 1;
  const course = payload.courses[0] as Record<string, unknown>;
  course.quantity = people;
  course.attendees = Array.from({ length: people }, (_, i) => ({ first_name: `Learner${i + 1}`, last_name: "Portal" }));
  const res = await ctx.app.inject({ method: "POST", url: "/api/enroll", payload });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json();
  expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${order.reference}/pay` })).statusCode).toBe(303);
  const status = (await ctx.app.inject({ method: "GET", url: `/api/orders/${order.reference}/status` })).json();
  const tokens: string[] = (status.learner_links ?? []).map((l: { url: string }) => l.url.split("/learner/")[1]!);
  return { courseId: id, dateId: date!.id, start, units, tokens };
}

const api = (method: "GET" | "PUT" | "POST", url: string, payload?: unknown, headers?: Record<string, string>) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    ...(headers ? { headers } : {}),
  });
const portal = (token: string) => api("GET", `/learner-portal/${token}`);
const start = (token: string, unitId: number) => api("POST", `/learner-portal/${token}/mocks`, { unit_id: unitId });
const setUnit = (unitId: number, settings: Record<string, unknown>) =>
  api("PUT", `/admin/study/units/${unitId}`, settings, office.headers);
async function rightAnswers(ids: number[]) {
  const rows = await ctx.db.select().from(mockQuestions).where(inArray(mockQuestions.id, ids));
  return new Map(rows.map((r) => [r.id, r.correct]));
}
const learnerIdOf = async (token: string) =>
  (await ctx.db.select({ id: learnerRecords.id }).from(learnerRecords).where(eq(learnerRecords.token, token)))[0]!.id;

describe("drawing papers", () => {
  it("draws each unit's count of questions at random from that unit's bank, never repeating one", async () => {
    const { tokens, units } = await bookPaid("SIA Door Supervisor Course (draw)");
    const token = tokens[0]!;
    const view = (await portal(token)).json();
    expect(
      view.units.map((u: { question_count: number; minutes: number; pass_percent: number }) => [
        u.question_count,
        u.minutes,
        u.pass_percent,
      ]),
    ).toEqual([
      [72, 110, 70],
      [50, 75, 70],
      [20, 30, 70],
    ]);
    const bank3 = (await ctx.db.select().from(mockQuestions).where(eq(mockQuestions.unitId, units[2]!))).map((q) => q.id);
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const paper = await start(token, units[2]!);
      expect(paper.statusCode, paper.body).toBe(201);
      const ids: number[] = paper.json().questions.map((q: { id: number }) => q.id);
      expect(ids).toHaveLength(20);
      expect(new Set(ids).size).toBe(20);
      expect(ids.every((id) => bank3.includes(id))).toBe(true);
      seen.add(ids.join(","));
    }
    expect(seen.size).toBeGreaterThan(1);
    // A paper larger than the bank holds every question once; a smaller setting draws fewer.
    const big = (await start(token, units[0]!)).json();
    expect(new Set(big.questions.map((q: { id: number }) => q.id)).size).toBe(big.questions.length);
    expect(big.questions.length).toBe(view.units[0].bank_size);
    expect((await setUnit(units[1]!, { question_count: 10 })).statusCode).toBe(200);
    const small = (await start(token, units[1]!)).json();
    expect(new Set(small.questions.map((q: { id: number }) => q.id)).size).toBe(10);
    // Questions never carry the answer before the paper is handed in.
    expect(JSON.stringify(small.questions)).not.toContain("explanation");
    expect(small.review).toBeNull();
  });
});

describe("time kept by the server", () => {
  it("refuses answers after the time and marks only the answers given in time; a reload does not extend it", async () => {
    const { tokens, units } = await bookPaid("SIA Door Supervisor Course (timer)");
    const token = tokens[0]!;
    await setUnit(units[2]!, { question_count: 5, minutes: 1 });
    const paper = (await start(token, units[2]!)).json();
    const ids: number[] = paper.questions.map((q: { id: number }) => q.id);
    const right = await rightAnswers(ids);
    expect(paper.seconds_left).toBe(60);
    const url = `/learner-portal/${token}/mocks/${paper.id}`;
    expect((await api("PUT", `${url}/answers`, { question_id: ids[0], choice: right.get(ids[0]!) })).statusCode).toBe(200);
    ctx.clock.advance(40_000);
    const reload = (await api("GET", url)).json();
    expect(reload.deadline_at).toBe(paper.deadline_at);
    expect(reload.seconds_left).toBe(20);
    expect(reload.questions[0].chosen).toBe(right.get(ids[0]!));
    ctx.clock.advance(30_000);
    const late = await api("PUT", `${url}/answers`, { question_id: ids[1], choice: right.get(ids[1]!) });
    expect(late.statusCode).toBe(409);
    const all = ids.map((id) => ({ question_id: id, choice: right.get(id)! }));
    const marked = (await api("POST", `${url}/submit`, { answers: all })).json();
    expect(marked.score).toMatchObject({ correct: 1, total: 5, percent: 20, passed: false });
    expect(marked.submitted_at).toBe(paper.deadline_at);
    expect(marked.review).toHaveLength(5);
    expect(marked.review[0]).toMatchObject({ right: true, correct_option: right.get(ids[0]!) });
    expect(marked.review[1].explanation.length).toBeGreaterThan(10);
    // Handing in again changes nothing.
    expect((await api("POST", `${url}/submit`, { answers: all })).json().score.correct).toBe(1);
  });

  it("marks a paper left open past its time on what was saved, and counts the answers sent in time", async () => {
    const { tokens, units } = await bookPaid("SIA Door Supervisor Course (left open)");
    const token = tokens[0]!;
    await setUnit(units[2]!, { question_count: 4, minutes: 2 });
    const first = (await start(token, units[2]!)).json();
    ctx.clock.advance(3 * MIN);
    const view = (await portal(token)).json();
    expect(view.units[2]).toMatchObject({ attempts: 1, latest_percent: 0, open_attempt_id: null });
    const second = (await start(token, units[2]!)).json();
    expect(second.id).not.toBe(first.id);
    const right = await rightAnswers(second.questions.map((q: { id: number }) => q.id));
    const answers = second.questions.map((q: { id: number }) => ({ question_id: q.id, choice: right.get(q.id)! }));
    ctx.clock.advance(MIN);
    const marked = (await api("POST", `/learner-portal/${token}/mocks/${second.id}/submit`, { answers })).json();
    expect(marked.score).toMatchObject({ correct: 4, total: 4, percent: 100, passed: true });
    expect((await portal(token)).json().units[2]).toMatchObject({ attempts: 2, best_percent: 100, latest_percent: 100 });
  });
});

describe("scoring at the pass mark", () => {
  it("passes at exactly the pass mark and fails one answer below it (10 questions at 70%, 20 at 80%)", async () => {
    const { tokens, units } = await bookPaid("SIA Door Supervisor Course (edges)");
    const token = tokens[0]!;
    const sit = async (count: number, pass: number, rightCount: number) => {
      await setUnit(units[2]!, { question_count: count, pass_percent: pass });
      const paper = (await start(token, units[2]!)).json();
      const ids: number[] = paper.questions.map((q: { id: number }) => q.id);
      const right = await rightAnswers(ids);
      const answers = ids.map((id, i) => ({
        question_id: id,
        choice: i < rightCount ? right.get(id)! : (right.get(id)! + 1) % 4,
      }));
      return (await api("POST", `/learner-portal/${token}/mocks/${paper.id}/submit`, { answers })).json().score;
    };
    expect(await sit(10, 70, 7)).toMatchObject({ correct: 7, percent: 70, passed: true, pass_percent: 70 });
    expect(await sit(10, 70, 6)).toMatchObject({ correct: 6, percent: 60, passed: false });
    expect(await sit(20, 80, 16)).toMatchObject({ percent: 80, passed: true });
    expect(await sit(20, 80, 15)).toMatchObject({ percent: 75, passed: false });
  });
});

describe("readiness: mock scores beside the board", () => {
  it("shows each learner's best and latest score per unit, flagged from two days before the exam when below the pass mark", async () => {
    const {
      tokens,
      units,
      dateId,
      start: examDay,
    } = await bookPaid("SIA Door Supervisor Course (readiness)", { people: 2, inDays: 3 });
    await setUnit(units[2]!, { question_count: 5 });
    const sit = async (token: string, rightCount: number) => {
      const paper = (await start(token, units[2]!)).json();
      const ids: number[] = paper.questions.map((q: { id: number }) => q.id);
      const right = await rightAnswers(ids);
      const answers = ids.map((id, i) => ({
        question_id: id,
        choice: i < rightCount ? right.get(id)! : (right.get(id)! + 1) % 4,
      }));
      await api("POST", `/learner-portal/${token}/mocks/${paper.id}/submit`, { answers });
    };
    await sit(tokens[0]!, 5);
    await sit(tokens[0]!, 3);
    await sit(tokens[1]!, 2);
    // A trainer sees a date's scores once the office has assigned them to it (decision 332).
    const unassigned = await api("GET", `/admin/learners/dates/${dateId}/mocks`, undefined, trainer.headers);
    expect(unassigned.statusCode).toBe(404);
    const trainerId = (await ctx.db.select().from(users).where(eq(users.email, "portal-trainer@example.com")))[0]!.id;
    const assigned = await api("PUT", `/admin/course-dates/${dateId}/trainers`, { user_ids: [trainerId] }, office.headers);
    expect(assigned.statusCode, assigned.body).toBe(200);
    const board = async () => {
      const res = await api("GET", `/admin/learners/dates/${dateId}/mocks`, undefined, trainer.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    let b = await board();
    expect(b.flag_from).toBe(addDays(examDay, -2));
    const first = b.learners.find((l: { learner_id: number }) => l.learner_id === b.learners[0].learner_id);
    const byName = (name: string) => b.learners.find((l: { name: string }) => l.name === name);
    expect(first).toBeTruthy();
    expect(byName("Learner1 Portal").scores[2]).toMatchObject({ best_percent: 100, latest_percent: 60, attempts: 2 });
    expect(byName("Learner2 Portal").scores[2]).toMatchObject({ best_percent: 40, latest_percent: 40, attempts: 1 });
    // Three days before the exam nobody is flagged yet; two days before, units not passed are.
    expect(b.learners.every((l: { flagged: boolean }) => !l.flagged)).toBe(true);
    ctx.clock.advance(24 * 60 * MIN);
    await signIn();
    b = await board();
    expect(byName("Learner1 Portal").scores[2].flagged).toBe(false);
    expect(byName("Learner1 Portal").scores[0].flagged).toBe(true);
    expect(byName("Learner2 Portal").scores[2].flagged).toBe(true);
    expect(byName("Learner2 Portal").flagged).toBe(true);
    // A staff view of a learner's answers is written to the activity log.
    const learnerId = byName("Learner2 Portal").learner_id;
    const attemptId = byName("Learner2 Portal").scores[2].latest_attempt_id;
    const view = await api("GET", `/admin/learners/${learnerId}/mocks/${attemptId}`, undefined, trainer.headers);
    expect(view.statusCode).toBe(200);
    expect(view.json().review).toHaveLength(5);
    const logs = await ctx.db.select().from(activityLog).where(like(activityLog.action, "Learner's mock answers viewed"));
    expect(logs.some((l) => l.details.includes("Learner2 Portal"))).toBe(true);
  });
});

describe("revision", () => {
  it("renders the office's Markdown through the allow-list (no script, no handlers) and keeps the learner's progress", async () => {
    const { tokens, units } = await bookPaid("SIA Door Supervisor Course (revision)");
    const token = tokens[0]!;
    const body =
      "Read **this** and [the SIA](https://www.gov.uk/sia).\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n![Door](https://example.com/door.png)\n\n[bad](javascript:alert(3))";
    const added = await api(
      "POST",
      `/admin/study/units/${units[0]}/sections`,
      { title: "Safe text", body, position: 5 },
      office.headers,
    );
    expect(added.statusCode, added.body).toBe(201);
    const section = added.json().sections.find((s: { title: string }) => s.title === "Safe text");
    expect(section.html).toContain("<strong>this</strong>");
    expect(section.html).toContain('href="https://www.gov.uk/sia"');
    expect(section.html).toContain('src="https://example.com/door.png"');
    expect(section.html).not.toMatch(/script|onerror|javascript:/);
    expect(
      (await api("POST", `/admin/study/units/${units[0]}/sections`, { title: "x", body: "y" }, trainer.headers)).statusCode,
    ).toBe(403);
    const marked = await api("PUT", `/learner-portal/${token}/revision/${section.id}`, { done: true });
    expect(marked.statusCode).toBe(200);
    const again = (await portal(token)).json();
    expect(again.units[0].sections.find((s: { id: number }) => s.id === section.id).done).toBe(true);
    expect(again.units[0].sections.filter((s: { done: boolean }) => !s.done)).toHaveLength(1);
  });
});

describe("licence steps", () => {
  it("lets the learner tick steps with guidance, the office record them, and shows who is stuck and for how long", async () => {
    const { tokens } = await bookPaid("SIA Door Supervisor Course (licence)", { practice: false });
    const token = tokens[0]!;
    const id = await learnerIdOf(token);
    const view = (await portal(token)).json();
    expect(view.licence.steps.map((s: { step: string }) => s.step)).toEqual([
      "account",
      "qualification",
      "application",
      "id_check",
      "fee",
      "granted",
    ]);
    expect(view.licence.steps[0].guide.length).toBeGreaterThan(40);
    const ticked = await api("PUT", `/learner-portal/${token}/licence-steps`, { step: "account", done: true });
    expect(ticked.json().licence.steps[0]).toMatchObject({ recorded_by: "learner" });
    const noNumber = await api("PUT", `/learner-portal/${token}/licence-steps`, { step: "granted", done: true });
    expect(noNumber.statusCode).toBe(400);
    const byOffice = await api(
      "PUT",
      `/admin/learners/${id}/licence-steps`,
      { step: "qualification", done: true },
      office.headers,
    );
    expect(byOffice.statusCode, byOffice.body).toBe(200);
    expect(byOffice.json()).toMatchObject({ stuck_on: "application" });
    const granted = await api("PUT", `/learner-portal/${token}/licence-steps`, {
      step: "granted",
      done: true,
      licence_number: "1234567890123456",
      licence_expires_on: "2029-12-01",
    });
    expect(granted.json().licence).toMatchObject({ licence_number: "1234567890123456", licence_expires_on: "2029-12-01" });
  });
});

describe("access", () => {
  it("answers 404 for an unknown link or another learner's paper, and closes on the office's date", async () => {
    const { tokens, units } = await bookPaid("SIA Door Supervisor Course (access)", { people: 2 });
    expect((await portal("f".repeat(64))).statusCode).toBe(404);
    expect((await portal("not-a-token")).statusCode).toBe(404);
    const paper = (await start(tokens[0]!, units[2]!)).json();
    expect((await api("GET", `/learner-portal/${tokens[1]}/mocks/${paper.id}`)).statusCode).toBe(404);
    const other = await bookPaid("SIA Door Supervisor Course (access other)");
    expect((await start(tokens[0]!, other.units[2]!)).statusCode).toBe(404);
    const res = await portal(tokens[0]!);
    expect(res.headers["cache-control"]).toContain("no-store");
    const id = await learnerIdOf(tokens[0]!);
    const yesterday = addDays(ukDate(ctx.clock.now()), -1);
    expect((await api("PUT", `/admin/learners/${id}/portal`, { until: yesterday }, office.headers)).statusCode).toBe(200);
    expect((await portal(tokens[0]!)).statusCode).toBe(410);
    expect((await api("PUT", `/admin/learners/${id}/portal`, { until: null }, office.headers)).json().open_until).toBe(
      res.json().open_until,
    );
    expect((await portal(tokens[0]!)).statusCode).toBe(200);
  });

  it("answers 401 without a session and 403 for the wrong role on every study route (from the contract)", async () => {
    for (const route of Object.values(contract.study) as AppRoute[]) {
      const meta = route.metadata as RouteMeta | undefined;
      if (!meta?.roles) continue;
      const url = route.path.replace(":dateId", "1").replace(":id", "1").replace(":attemptId", "1");
      const payload = route.method === "GET" || route.method === "DELETE" ? undefined : {};
      const anon = await ctx.app.inject({ method: route.method, url, ...(payload ? { payload } : {}) });
      expect(anon.statusCode, `${route.method} ${route.path}`).toBe(401);
      const asTrainer = await ctx.app.inject({
        method: route.method,
        url,
        headers: trainer.headers,
        ...(payload ? { payload } : {}),
      });
      if (meta.roles.includes("trainer")) expect(asTrainer.statusCode, `${route.method} ${route.path}`).not.toBe(403);
      else expect(asTrainer.statusCode, `${route.method} ${route.path}`).toBe(403);
    }
  });
});

describe("certificate clock", () => {
  it("alerts the office when 4 working days (Christmas bank holidays skipped) pass without the certificate sent", async () => {
    ctx.clock.set(new Date("2026-12-24T12:00:00Z"));
    await signIn();
    const { tokens } = await bookPaid("CCTV Operator Course (certificate clock)", { practice: false });
    const token = tokens[0]!;
    const id = await learnerIdOf(token);
    const results = await api(
      "PUT",
      `/admin/learners/${id}/results`,
      // The course is weeks ahead: the office records the result early with a reason (decision 330).
      { results: [{ unit: "Assessment", result: "pass" }], override_reason: "Assessed early at another centre" },
      office.headers,
    );
    expect(results.statusCode, results.body).toBe(200);
    const view = (await portal(token)).json();
    expect(view.results).toMatchObject([{ unit: "Assessment", result: "pass" }]);
    expect(view.certificate).toMatchObject({ results_on: "2026-12-24", due_on: "2027-01-04", overdue: false, sent_on: null });
    const evaluate = () => ctx.app.ops.evaluateAlerts();
    ctx.clock.set(new Date("2027-01-04T17:00:00Z"));
    expect((await evaluate()).opened).not.toContain("certificate");
    ctx.clock.set(new Date("2027-01-05T09:00:00Z"));
    expect((await evaluate()).opened).toContain("certificate");
    const [alert] = await ctx.db.select().from(opsAlerts).where(eq(opsAlerts.kind, "certificate"));
    expect(alert!.message).toContain("1 certificate has not been sent");
    await signIn();
    const list = (await api("GET", "/admin/learners/progress", undefined, office.headers)).json();
    expect(list.find((l: { learner_id: number }) => l.learner_id === id).certificate.overdue).toBe(true);
    const sent = await api(
      "PUT",
      `/admin/learners/${id}/certificate-progress`,
      { claimed_on: "2026-12-24", received_on: "2027-01-04", sent_on: "2027-01-05", sent_how: "post" },
      office.headers,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await evaluate()).recovered).toContain("certificate");
    expect((await portal(token)).json().certificate).toMatchObject({
      claimed_on: "2026-12-24",
      received_on: "2027-01-04",
      sent_on: "2027-01-05",
      sent_how: "post",
      overdue: false,
    });
    // The licence's expiry moves the renewal reminder to 4 months before it (1 Oct 2029, 09:00 BST).
    const granted = { step: "granted", done: true, licence_number: "1111222233334444", licence_expires_on: "2030-02-01" };
    expect((await api("PUT", `/learner-portal/${token}/licence-steps`, granted)).statusCode).toBe(200);
    ctx.clock.set(new Date("2027-02-15T10:00:00Z"));
    await ctx.app.workers.runDue();
    const { rows } = await ctx.pool.query(
      `select s.due_at from scheduled_mails s join learner_records lr on lr.attendee_id = s.attendee_id where lr.id = $1 and s.kind = 'licence_renewal'`,
      [id],
    );
    expect(rows.map((r) => (r.due_at as Date).toISOString())).toEqual(["2029-10-01T08:00:00.000Z"]);
  });
});
