/**
 * Learner records (issue 14) over HTTP on real Postgres: links after payment, the form's rules
 * (12-month first-aid rule at its edges, token expiry, uploads checked by bytes and size), the
 * register (results refused without first aid), evidence downloads logged and never cached,
 * exports, subject access, access checks for every learners route, and retention with a set clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, like } from "drizzle-orm";
import type { AppRoute } from "@ts-rest/core";
import {
  addCalendarMonths,
  contract,
  EVIDENCE_TOO_LARGE_MESSAGE,
  EVIDENCE_TYPE_MESSAGE,
  FIRST_AID_TOO_SHORT_MESSAGE,
  LINK_EXPIRED_MESSAGE,
  type RouteMeta,
} from "@app/contract";
import { activityLog, courseDates, learnerEvidence, learnerRecords, mailOutbox, orderAttendees, orders } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { upsertUser } from "../src/modules/auth/service";
import { addDays, ukDate } from "../src/lib/dates";
import { learnerFormsOfOrder, purgeExpiredLearnerRecords } from "../src/modules/learners/service";
import { login, loginAdmin, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";
import { expectArchivalTaggedPdf } from "./pdf-check";

let ctx: TestContext;
let office: Session;
let trainer: Session;
let trainerId: number;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201b2b1a0f50000000049454e44ae426082",
  "hex",
);
const dataUrl = (bytes: Buffer, type = "application/pdf") => `data:${type};base64,${bytes.toString("base64")}`;

async function signIn() {
  office = await loginAdmin(ctx);
  trainer = await login(ctx.app, "learners-trainer@example.com", "Str0ng!Passw0rd-test");
}

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  ({ id: trainerId } = await upsertUser(ctx.db, {
    email: "learners-trainer@example.com",
    name: "Terry Trainer",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "trainer",
  }));
  await signIn();
});
afterAll(() => ctx.close());

/** A course starting in 30 days (two days long), booked and paid; returns its learner links. */
async function bookPaid(
  title: string,
  opts: { units?: string[]; attendees?: { first_name: string; last_name: string; email?: string }[] } = {},
) {
  const start = addDays(ukDate(ctx.clock.now()), 30);
  const end = addDays(start, 1);
  const id = await createCourse(
    ctx.db,
    { title, units: opts.units?.map((t) => ({ title: t })) ?? [], dates: [{ startDate: start, endDate: end }] } as never,
    ctx.clock.now(),
  );
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  const payload = orderPayload([{ id, selectedDate: date!.id }]);
  if (opts.attendees) (payload.courses[0] as Record<string, unknown>).attendees = opts.attendees;
  if (opts.attendees) (payload.courses[0] as Record<string, unknown>).quantity = opts.attendees.length;
  const res = await ctx.app.inject({ method: "POST", url: "/api/enroll", payload });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json();
  expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${order.reference}/pay` })).statusCode).toBe(303);
  const status = (await ctx.app.inject({ method: "GET", url: `/api/orders/${order.reference}/status` })).json();
  const links: { name: string; url: string }[] = status.learner_links ?? [];
  const tokens = links.map((l) => l.url.split("/learner/")[1]!);
  return { order, start, end, dateId: date!.id, links, tokens };
}

/** The office gives the file's trainer the date (a trainer sees only assigned dates, decision 332). */
async function assignTrainer(dateId: number) {
  const res = await ctx.app.inject({
    method: "PUT",
    url: `/api/admin/course-dates/${dateId}/trainers`,
    headers: office.headers,
    payload: { user_ids: [trainerId] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const form = (token: string) => ctx.app.inject({ method: "GET", url: `/api/learner-forms/${token}` });
const save = (token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: "PUT", url: `/api/learner-forms/${token}`, payload });
const upload = (token: string, data_url: string, file_name = "certificate.pdf") =>
  ctx.app.inject({ method: "PUT", url: `/api/learner-forms/${token}/first-aid-certificate`, payload: { file_name, data_url } });

async function learnerIdOf(token: string) {
  const [row] = await ctx.db.select({ id: learnerRecords.id }).from(learnerRecords).where(eq(learnerRecords.token, token));
  return row!.id;
}

/** Everything a door supervisor learner gives, with a first-aid certificate valid long enough. */
function completeForm(start: string) {
  return {
    full_name: "Jordan Alex Smith",
    date_of_birth: "1990-04-12",
    address: "1 Dock Road, Bootle",
    postcode: "L20 1AA",
    phone: "07700 900123",
    email: "jordan.smith@example.com",
    emergency_name: "Sam Smith",
    emergency_phone: "07700 900456",
    id_document_type: "passport",
    id_document_expiry: addCalendarMonths(start, 24),
    first_aid_title: "Emergency First Aid at Work",
    first_aid_body: "Qualsafe Awards",
    first_aid_achieved_on: "2026-01-10",
    first_aid_expires_on: addCalendarMonths(start, 12),
    english_declared: true,
    fitness_name: "Jordan Alex Smith",
    sia_link_consent: true,
    uln: "1234567890",
  };
}

describe("learner links after payment", () => {
  it("gives each attendee of a licence-linked course an unguessable link, in the status answer and the confirmation mail", async () => {
    const { order, links, tokens } = await bookPaid("SIA Door Supervisor Course (links)");
    expect(links).toHaveLength(1);
    expect(tokens[0]).toMatch(/^[a-f0-9]{64}$/);
    expect(links[0]!.url).toBe(`${ctx.app.env.PUBLIC_SITE_URL}/learner/${tokens[0]}`);
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "booking_confirmation"), like(mailOutbox.text, `%${tokens[0]}%`)));
    expect(mail?.html).toContain(`/learner/${tokens[0]}`);
    expect(mail?.text).toContain("Learner forms:");
    const [o] = await ctx.db.select().from(orders).where(eq(orders.reference, order.reference));
    expect(o?.status).toBe("paid");
    // What reminders (issue 15) read: the link and whether the form is complete, by attendee.
    const forms = [...(await learnerFormsOfOrder(ctx.db, o!.id, ctx.app.env.PUBLIC_SITE_URL)).values()];
    expect(forms).toEqual([{ url: links[0]!.url, complete: false }]);
  });

  it("decides licence-linked courses from the title: CCTV without the first-aid rule, first aid courses get no link", async () => {
    const cctv = await bookPaid("CCTV Operator Course (links)");
    expect(cctv.links).toHaveLength(1);
    expect((await form(cctv.tokens[0]!)).json().first_aid_required).toBe(false);
    const top = await bookPaid("Security Guard Top-Ups (links)");
    expect((await form(top.tokens[0]!)).json()).toMatchObject({ first_aid_required: true, licence_kind: "security_guard" });
    const efaw = await bookPaid("Emergency First Aid at Work (links)");
    expect(efaw.links).toHaveLength(0);
  });

  it("gives each of 3 named attendees of a paid group booking on a door supervisor course their own record and link, in their names", async () => {
    const team = [
      { first_name: "Ann", last_name: "One" },
      { first_name: "Ben", last_name: "Two", email: "ben.two@example.com" },
      { first_name: "Cara", last_name: "Three", email: "cara.three@example.com" },
    ];
    const group = await bookPaid("SIA Door Supervisor Course (group)", { attendees: team });
    const names = team.map((t) => `${t.first_name} ${t.last_name}`);
    expect(group.links.map((l) => l.name).sort()).toEqual([...names].sort());
    expect(new Set(group.tokens).size).toBe(3);
    for (const token of group.tokens) expect(token).toMatch(/^[a-f0-9]{64}$/);

    // One learner record per attendee row of the order, each a door supervisor record with the first-aid rule.
    const [o] = await ctx.db.select().from(orders).where(eq(orders.reference, group.order.reference));
    const records = await ctx.db
      .select({
        token: learnerRecords.token,
        kind: learnerRecords.licenceKind,
        firstAid: learnerRecords.firstAidRequired,
        first: orderAttendees.firstName,
        last: orderAttendees.lastName,
      })
      .from(learnerRecords)
      .innerJoin(orderAttendees, eq(orderAttendees.id, learnerRecords.attendeeId))
      .where(eq(orderAttendees.orderId, o!.id));
    expect(records.map((r) => `${r.first} ${r.last}`).sort()).toEqual([...names].sort());
    expect(records.every((r) => r.kind === "door_supervisor" && r.firstAid)).toBe(true);
    expect(records.map((r) => r.token).sort()).toEqual([...group.tokens].sort());

    // Each form greets its own attendee; the buyer's confirmation mail lists all three links by name.
    for (const link of group.links) {
      const token = link.url.split("/learner/")[1]!;
      expect((await form(token)).json()).toMatchObject({
        attendee_name: link.name,
        licence_kind: "door_supervisor",
        first_aid_required: true,
      });
    }
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "booking_confirmation"), like(mailOutbox.text, `%${group.tokens[0]}%`)));
    for (const link of group.links)
      expect(mail?.text).toContain(`- ${link.name} (SIA Door Supervisor Course (group)): ${link.url}`);
  });
});

describe("the learner's form", () => {
  it("saves part by part, shows what is missing, and is complete when everything is given", async () => {
    const { tokens, start } = await bookPaid("SIA Door Supervisor Course (form)");
    const token = tokens[0]!;
    const first = (await form(token)).json();
    expect(first.complete).toBe(false);
    expect(first.missing.map((m: { field: string }) => m.field)).toEqual(
      expect.arrayContaining(["full_name", "first_aid_certificate", "fitness_name"]),
    );
    const res = await form(token);
    expect(res.headers["cache-control"]).toContain("no-store");
    const partial = await save(token, { full_name: "Jordan Alex Smith", postcode: "l20 1aa" });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().fields).toMatchObject({ full_name: "Jordan Alex Smith", postcode: "L20 1AA" });
    // A later visit carries on where the learner stopped.
    expect((await save(token, completeForm(start))).statusCode).toBe(200);
    expect((await upload(token, dataUrl(PDF))).statusCode).toBe(200);
    const done = (await form(token)).json();
    expect(done.missing).toEqual([]);
    expect(done.complete).toBe(true);
    expect(done.fields.fitness_declared_at).toBeTruthy();
    expect(done.fields.english_declared_at).toBeTruthy();
  });

  it("enforces the 12-month first-aid rule at its edges for door supervisors, with a pointer to the EFAW course", async () => {
    const { tokens, start } = await bookPaid("SIA Door Supervisor Course (rule)");
    const exactly = addCalendarMonths(start, 12);
    const dayLess = addDays(exactly, -1);
    const refused = await save(tokens[0]!, { first_aid_expires_on: dayLess, full_name: "Pat Refused" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(FIRST_AID_TOO_SHORT_MESSAGE);
    expect(refused.json().message).toContain("Emergency First Aid at Work (EFAW)");
    expect(refused.json().issues[0].path).toBe("first_aid_expires_on");
    // Nothing of the refused save was kept.
    expect((await form(tokens[0]!)).json().fields.full_name).toBeNull();
    const ok = await save(tokens[0]!, { first_aid_expires_on: exactly });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().fields.first_aid_expires_on).toBe(exactly);
    expect(ok.json().first_aid_min_expiry).toBe(exactly);
    expect(ok.json().efaw_path).toBe("/course/emergency-first-aid-at-work");
  });

  it("does not apply the first-aid rule to CCTV courses", async () => {
    const { tokens, start } = await bookPaid("CCTV Operator Course (rule)");
    expect((await save(tokens[0]!, { first_aid_expires_on: addDays(start, 10) })).statusCode).toBe(200);
  });

  it("is valid until the course ends, then answers 410 with a clear message; an unknown token answers 404", async () => {
    const { tokens, end } = await bookPaid("SIA Door Supervisor Course (expiry)");
    const saved = ctx.clock.now();
    try {
      ctx.clock.set(new Date(`${end}T21:00:00Z`));
      expect((await form(tokens[0]!)).statusCode).toBe(200);
      ctx.clock.set(new Date(`${addDays(end, 1)}T09:00:00Z`));
      const gone = await form(tokens[0]!);
      expect(gone.statusCode).toBe(410);
      expect(gone.json().message).toBe(LINK_EXPIRED_MESSAGE);
      expect((await save(tokens[0]!, { full_name: "Too Late" })).statusCode).toBe(410);
    } finally {
      ctx.clock.set(saved);
    }
    const unknown = await form("0".repeat(64));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/not valid/);
    expect((await form("short")).statusCode).toBe(404);
  });

  it("accepts PDF, JPEG, PNG and WebP by their bytes and refuses anything else, whatever it claims to be", async () => {
    const { tokens } = await bookPaid("SIA Door Supervisor Course (uploads)");
    const token = tokens[0]!;
    const png = await upload(token, dataUrl(PNG, "application/pdf"), "photo.pdf");
    expect(png.statusCode).toBe(200);
    expect(png.json().evidence).toMatchObject({ content_type: "image/png", file_name: "photo.png" });
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    expect((await upload(token, dataUrl(jpeg, "image/jpeg"), "scan.jpg")).json().evidence.content_type).toBe("image/jpeg");
    const webp = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0, 0, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(20)]);
    expect((await upload(token, dataUrl(webp, "image/webp"), "scan.webp")).json().evidence.content_type).toBe("image/webp");
    for (const bad of [
      Buffer.from("<html><script>alert(1)</script></html>"),
      Buffer.from("GIF89a........"),
      Buffer.from("MZ executable"),
    ]) {
      const res = await upload(token, dataUrl(bad, "application/pdf"), "certificate.pdf");
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(EVIDENCE_TYPE_MESSAGE);
    }
    expect((await upload(token, "not a data url")).statusCode).toBe(400);
  });

  it("refuses files over 10 MB with 413 and a clear message; exactly 10 MB is accepted", async () => {
    const { tokens } = await bookPaid("SIA Door Supervisor Course (size)");
    const tenMb = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 - PDF.length)]);
    expect((await upload(tokens[0]!, dataUrl(tenMb))).statusCode).toBe(200);
    const over = Buffer.concat([tenMb, Buffer.alloc(1)]);
    const res = await upload(tokens[0]!, dataUrl(over));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(EVIDENCE_TOO_LARGE_MESSAGE);
    const huge = await upload(tokens[0]!, dataUrl(Buffer.alloc(20 * 1024 * 1024)));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(EVIDENCE_TOO_LARGE_MESSAGE);
  });
});

describe("the centre's register", () => {
  it("refuses results while first aid evidence is missing or invalid (409 with why), then records them and queues the result mail", async () => {
    const {
      tokens,
      start: booked,
      dateId,
    } = await bookPaid("SIA Door Supervisor Course (register)", {
      units: ["Principles", "Conflict management"],
    });
    let start = booked;
    await assignTrainer(dateId);
    const token = tokens[0]!;
    const id = await learnerIdOf(token);
    const results = (r: string) =>
      ctx.app.inject({
        method: "PUT",
        url: `/api/admin/learners/${id}/results`,
        headers: trainer.headers,
        payload: {
          results: [
            { unit: "Principles", result: r },
            { unit: "Conflict management", result: r },
          ],
        },
      });
    const blocked = await results("pass");
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe("Results cannot be recorded: first aid evidence is missing");
    const board = (
      await ctx.app.inject({ method: "GET", url: `/api/admin/learners/dates/${dateId}`, headers: trainer.headers })
    ).json();
    expect(board.learners[0].readiness).toMatchObject({
      first_aid: "missing",
      ready: false,
      results_blocked: "First aid evidence is missing",
    });
    expect(board.units).toEqual(["Principles", "Conflict management"]);

    await save(token, completeForm(start));
    await upload(token, dataUrl(PDF));
    const notReady = (
      await ctx.app.inject({
        method: "GET",
        url: `/api/admin/learners/dates/${dateId}?filter=not_ready`,
        headers: trainer.headers,
      })
    ).json();
    expect(notReady.learners).toHaveLength(0);

    const idCheck = await ctx.app.inject({
      method: "PUT",
      url: `/api/admin/learners/${id}/id-check`,
      headers: trainer.headers,
      payload: { checked: true, document_type: "passport" },
    });
    expect(idCheck.json()).toMatchObject({ id_checked_document: "passport", id_checked_by: "Terry Trainer" });
    // The course is under way: its first day was yesterday, its last (the assessment) is today (decision 330).
    const today = ukDate(ctx.clock.now());
    await ctx.db
      .update(courseDates)
      .set({ startDate: addDays(today, -1), endDate: today })
      .where(eq(courseDates.id, dateId));
    start = addDays(today, -1);
    const late = await ctx.app.inject({
      method: "PUT",
      url: `/api/admin/learners/${id}/attendance`,
      headers: trainer.headers,
      payload: { day: start, status: "late" },
    });
    expect(late.statusCode).toBe(400);
    const lateOk = await ctx.app.inject({
      method: "PUT",
      url: `/api/admin/learners/${id}/attendance`,
      headers: trainer.headers,
      payload: { day: start, status: "late", arrived_at: "09:40" },
    });
    expect(lateOk.json().attendance).toEqual([{ day: start, status: "late", arrived_at: "09:40" }]);
    expect(
      (
        await ctx.app.inject({
          method: "PUT",
          url: `/api/admin/learners/${id}/attendance`,
          headers: trainer.headers,
          payload: { day: addDays(start, 5), status: "present" },
        })
      ).statusCode,
    ).toBe(400);

    const ok = await results("pass");
    expect(ok.statusCode).toBe(200);
    expect(ok.json().readiness.result).toBe("pass");
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "learner_result"), eq(mailOutbox.to, "jordan.smith@example.com")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("apply-for-an-sia-licence");
    // The same results again send nothing more.
    await results("pass");
    expect(
      await ctx.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, "learner_result"), eq(mailOutbox.to, "jordan.smith@example.com"))),
    ).toHaveLength(1);
    const cert = await ctx.app.inject({
      method: "PUT",
      url: `/api/admin/learners/${id}/certificate`,
      headers: trainer.headers,
      payload: { issued: true },
    });
    expect(cert.json().readiness.certificate_issued).toBe(true);
    const [log] = await ctx.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "Results recorded"))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(log?.userName).toBe("Terry Trainer");
  });

  it("refuses results when the first-aid certificate expires too soon after a date change (invalid)", async () => {
    const { tokens, start, dateId } = await bookPaid("Security Guard Refresher (invalid)");
    const token = tokens[0]!;
    await save(token, completeForm(start));
    await upload(token, dataUrl(PDF));
    // The booking moves to a later date: the stored certificate no longer lasts 12 months after it.
    const later = addDays(start, 20);
    await ctx.db.update(courseDates).set({ startDate: later, endDate: later }).where(eq(courseDates.id, dateId));
    const id = await learnerIdOf(token);
    const res = await ctx.app.inject({
      method: "PUT",
      url: `/api/admin/learners/${id}/results`,
      headers: office.headers,
      payload: { results: [{ unit: "Assessment", result: "pass" }] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("expires less than 12 months after the course start");
  });

  it("exports the awarding-organisation registration CSV, one row per learner", async () => {
    const { tokens, start, dateId } = await bookPaid("SIA Door Supervisor Course (csv)");
    await save(tokens[0]!, completeForm(start));
    const res = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/learners/dates/${dateId}/registration.csv`,
      headers: office.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Surname,Forenames,Date of birth,Email,Postcode,ULN,Qualification,Start date,End date,Booking reference",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      "Smith,Jordan Alex,12/04/1990,jordan.smith@example.com,L20 1AA,1234567890,Level 2 Award for Door Supervisors",
    );
    expect(
      (
        await ctx.app.inject({
          method: "GET",
          url: `/api/admin/learners/dates/${dateId}/registration.csv`,
          headers: trainer.headers,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("personal data", () => {
  it("serves evidence only to the office, never cacheable, and logs every download", async () => {
    const { tokens } = await bookPaid("SIA Door Supervisor Course (evidence)");
    await upload(tokens[0]!, dataUrl(PDF));
    const id = await learnerIdOf(tokens[0]!);
    const url = `/api/admin/learners/${id}/evidence`;
    expect((await ctx.app.inject({ method: "GET", url })).statusCode).toBe(401);
    // A trainer opens evidence only on their own dates (decision 331); this date is not theirs.
    expect((await ctx.app.inject({ method: "GET", url, headers: trainer.headers })).statusCode).toBe(404);
    const before = await ctx.db.select().from(activityLog).where(eq(activityLog.action, "Learner evidence viewed"));
    const res = await ctx.app.inject({ method: "GET", url, headers: office.headers });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers["content-type"]).toContain("application/pdf");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["content-disposition"]).toContain("attachment");
    await ctx.app.inject({ method: "GET", url, headers: office.headers });
    const after = await ctx.db.select().from(activityLog).where(eq(activityLog.action, "Learner evidence viewed"));
    expect(after.length - before.length).toBe(2);
    expect(after.at(-1)!.userName).toBeTruthy();
    expect(after.at(-1)!.details).toContain("SIA Door Supervisor Course (evidence)");
  });

  it("downloads one learner's whole record as JSON and PDF (subject access), logged", async () => {
    const { tokens, start } = await bookPaid("SIA Door Supervisor Course (sar)");
    await save(tokens[0]!, completeForm(start));
    await upload(tokens[0]!, dataUrl(PDF));
    const id = await learnerIdOf(tokens[0]!);
    const json = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/learners/${id}/subject-access.json`,
      headers: office.headers,
    });
    expect(json.statusCode).toBe(200);
    expect(json.headers["cache-control"]).toBe("private, no-store");
    expect(json.json().learner).toMatchObject({
      full_name_as_on_id: "Jordan Alex Smith",
      date_of_birth: "1990-04-12",
      uln: "1234567890",
    });
    expect(json.json().evidence).toHaveLength(1);
    const pdf = await ctx.app.inject({
      method: "GET",
      url: `/api/admin/learners/${id}/subject-access.pdf`,
      headers: office.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    // Tagged, every font embedded with a Unicode map (pdffonts, pdfinfo, qpdf).
    expect(expectArchivalTaggedPdf(pdf.rawPayload, "the subject access PDF").raw).toContain("/S /H2");
    const logs = await ctx.db.select().from(activityLog).where(like(activityLog.action, "Subject access download%"));
    expect(logs.length).toBeGreaterThanOrEqual(2);
  });

  it("answers 401 without a session and 403 for the wrong role on every learners admin route (from the contract)", async () => {
    const routes = Object.values(contract.learners) as AppRoute[];
    for (const route of routes) {
      const meta = route.metadata as RouteMeta | undefined;
      if (!meta?.roles) continue;
      const url = route.path.replace(":dateId", "1").replace(":id", "1");
      const payload = route.method === "GET" ? undefined : {};
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

describe("retention", () => {
  it("deletes the form and the evidence 3 years after the course ends (logged), keeping the booking and its amounts", async () => {
    const { order, tokens, end } = await bookPaid("SIA Door Supervisor Course (retention)");
    await save(tokens[0]!, completeForm(addDays(end, -1)));
    await upload(tokens[0]!, dataUrl(PDF));
    const id = await learnerIdOf(tokens[0]!);
    const threeYears = addCalendarMonths(end, 36);
    // On the day 3 years after the end the record is still kept…
    await purgeExpiredLearnerRecords(ctx.db, new Date(`${threeYears}T12:00:00Z`));
    const [kept] = await ctx.db.select().from(learnerRecords).where(eq(learnerRecords.id, id));
    expect(kept?.fullName).toBe("Jordan Alex Smith");
    // …and deleted the day after.
    const purged = await purgeExpiredLearnerRecords(ctx.db, new Date(`${addDays(threeYears, 1)}T12:00:00Z`));
    expect(purged).toBeGreaterThanOrEqual(1);
    const [gone] = await ctx.db.select().from(learnerRecords).where(eq(learnerRecords.id, id));
    expect(gone).toMatchObject({ fullName: null, dateOfBirth: null, uln: null, firstAidExpiresOn: null });
    expect(gone?.purgedAt).toBeTruthy();
    expect(await ctx.db.select().from(learnerEvidence).where(eq(learnerEvidence.learnerId, id))).toHaveLength(0);
    const [o] = await ctx.db.select().from(orders).where(eq(orders.reference, order.reference));
    expect(o).toMatchObject({ status: "paid" });
    expect(o?.amountPaidPence).toBeGreaterThan(0);
    const logs = await ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, "Learner record deleted (retention)"), like(activityLog.details, "%(retention)%")));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.details).toContain("first aid evidence");
    // A second run finds nothing more to do.
    expect(await purgeExpiredLearnerRecords(ctx.db, new Date(`${addDays(threeYears, 2)}T12:00:00Z`))).toBe(0);
    // The register refuses changes to a deleted record; its subject access still answers (the booking part).
    const res = await ctx.app.inject({
      method: "PUT",
      url: `/api/admin/learners/${id}/certificate`,
      headers: office.headers,
      payload: { issued: true },
    });
    expect(res.statusCode).toBe(409);
  });

  it("runs through the workers' registration with the app's clock", async () => {
    const { tokens, end } = await bookPaid("CCTV Operator Course (retention worker)");
    const id = await learnerIdOf(tokens[0]!);
    const saved = ctx.clock.now();
    ctx.clock.set(new Date(`${addCalendarMonths(addDays(end, 1), 36)}T12:00:00Z`));
    try {
      expect(await ctx.app.workers.purgeLearnerRecords()).toBeGreaterThanOrEqual(1);
    } finally {
      ctx.clock.set(saved);
    }
    const [row] = await ctx.db.select().from(learnerRecords).where(eq(learnerRecords.id, id));
    expect(row?.purgedAt).toBeTruthy();
    await signIn();
  });
});
