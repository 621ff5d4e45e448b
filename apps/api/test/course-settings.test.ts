/**
 * Course settings instead of guesses from the title (decision 369): the licence, learner form and
 * first aid rule, and the course page's texts, per course; renaming a course changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { courseDates, courses, learnerRecords, orderAttendees, orders } from "../src/db/schema";
import { upsertUser } from "../src/modules/auth/service";
import { createCourse } from "../src/db/seed/factories";
import { addDays, ukDate } from "../src/lib/dates";
import { login, loginAdmin, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";

let ctx: TestContext;
let office: Session;
let trainer: Session;

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  await upsertUser(ctx.db, {
    email: "settings-trainer@example.com",
    name: "Tess Trainer",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "trainer",
  });
  office = await loginAdmin(ctx);
  trainer = await login(ctx.app, "settings-trainer@example.com", "Str0ng!Passw0rd-test");
});
afterAll(() => ctx.close());

const courseId = async (slug: string) => (await ctx.db.select().from(courses).where(eq(courses.slug, slug)))[0]!.id;
const getSettings = (id: number, session: Session | null = office) =>
  ctx.app.inject({ method: "GET", url: `/api/courses/${id}/settings`, headers: session ? session.headers : {} });
const putSettings = (id: number, payload: object, session: Session | null = office) =>
  ctx.app.inject({ method: "PUT", url: `/api/courses/${id}/settings`, payload, headers: session ? session.headers : {} });

/** Books one place on the course's first date from 7 days on and pays it; the learner records it made. */
async function bookAndPay(id: number) {
  const from = addDays(ukDate(ctx.clock.now()), 7);
  const dates = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  const date = dates.filter((d) => d.startDate >= from).sort((a, b) => a.startDate.localeCompare(b.startDate))[0]!;
  const placed = await ctx.app.inject({
    method: "POST",
    url: "/api/enroll",
    payload: orderPayload([{ id, selectedDate: date.id }]),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { reference } = placed.json();
  expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${reference}/pay` })).statusCode).toBe(303);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.reference, reference));
  const attendees = await ctx.db.select().from(orderAttendees).where(eq(orderAttendees.orderId, order!.id));
  return ctx.db
    .select()
    .from(learnerRecords)
    .where(
      inArray(
        learnerRecords.attendeeId,
        attendees.map((a) => a.id),
      ),
    );
}

describe("course settings", () => {
  it("are seeded to match today's courses: close protection is licence-linked with first aid; first aid and the personal licence have their own texts", async () => {
    const cp = (await getSettings(await courseId("close-protection-course"))).json();
    expect(cp).toMatchObject({
      licence: "close_protection",
      learner_form: true,
      first_aid_required: true,
      licence_renewal: false,
    });
    expect((await getSettings(await courseId("door-supervisor-refresher"))).json()).toMatchObject({
      licence: "door_supervisor",
      licence_renewal: true,
    });
    expect((await getSettings(await courseId("cctv-operator-course"))).json()).toMatchObject({
      licence: "cctv",
      learner_form: true,
      first_aid_required: false,
    });

    const pfa = (await ctx.app.inject({ method: "GET", url: "/api/courses/slug/paediatric-first-aid" })).json();
    expect(pfa.licence).toBeNull();
    expect(pfa.assessment_text).toContain("CPR");
    expect(pfa.assessment_text).not.toContain("physical intervention");
    expect(pfa.side_box_benefits).not.toContain("Free help setting up your SIA account and licence application");
    const pl = (await ctx.app.inject({ method: "GET", url: "/api/courses/slug/personal-licence-aplh" })).json();
    expect(pl.assessment_text).toContain("multiple-choice exam");
    expect(pl.side_box_benefits).toContain("Help applying for your personal licence to the local council");
    const ds = (await ctx.app.inject({ method: "GET", url: "/api/courses/slug/sia-door-supervisor-course" })).json();
    expect(ds.licence).toBe("door_supervisor");
    expect(ds.assessment_text).toContain("physical intervention");
    expect(ds.side_box_benefits).toHaveLength(4);
  });

  it("a close protection booking gets a learner form that asks for first aid", async () => {
    const records = await bookAndPay(await courseId("close-protection-course"));
    expect(records.map((r) => [r.licenceKind, r.firstAidRequired])).toEqual([["close_protection", true]]);
  });

  it("renaming a course keeps its learner form; turning the form off stops new learner records", async () => {
    const id = await courseId("sia-door-supervisor-course");
    const renamed = await ctx.app.inject({
      method: "PUT",
      url: `/api/courses/${id}`,
      headers: office.headers,
      payload: { title: "Evening Bouncer Training" },
    });
    expect(renamed.statusCode, renamed.body).toBeLessThan(300);
    expect((await bookAndPay(id)).map((r) => r.licenceKind)).toEqual(["door_supervisor"]);

    const cctv = await courseId("cctv-operator-course");
    const off = await putSettings(cctv, {
      licence: "cctv",
      licence_renewal: false,
      first_aid_required: false,
      learner_form: false,
      side_box_benefits: ["Live control-room practice", "Results on the day"],
      assessment_text: "Multiple-choice exams and a practical camera assessment.",
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await bookAndPay(cctv)).toEqual([]);
    const page = (await ctx.app.inject({ method: "GET", url: "/api/courses/slug/cctv-operator-course" })).json();
    expect(page.side_box_benefits).toEqual(["Live control-room practice", "Results on the day"]);
    expect(page.assessment_text).toBe("Multiple-choice exams and a practical camera assessment.");
  });

  it("refuses contradictory or malformed settings with the field's message, and anyone but the office", async () => {
    const id = await courseId("emergency-first-aid-at-work");
    const base = {
      licence: null,
      licence_renewal: false,
      first_aid_required: false,
      learner_form: false,
      side_box_benefits: null,
      assessment_text: null,
    };
    const formWithoutLicence = await putSettings(id, { ...base, learner_form: true });
    expect(formWithoutLicence.statusCode).toBe(400);
    expect(formWithoutLicence.body).toContain("The learner form is for licence-linked courses: choose the licence first");
    const firstAidWithoutForm = await putSettings(id, { ...base, licence: "door_supervisor", first_aid_required: true });
    expect(firstAidWithoutForm.statusCode).toBe(400);
    expect(firstAidWithoutForm.body).toContain("First aid is checked on the learner form: turn the learner form on");
    expect((await putSettings(id, { ...base, licence: "pilot" })).statusCode).toBe(400);
    expect((await putSettings(id, { ...base, side_box_benefits: Array(7).fill("Line") })).statusCode).toBe(400);
    expect((await putSettings(id, { ...base, assessment_text: "" })).statusCode).toBe(400);
    expect((await putSettings(999_999, base)).statusCode).toBe(404);

    expect((await putSettings(id, base, null)).statusCode).toBe(401);
    expect((await putSettings(id, base, trainer)).statusCode).toBe(403);
    expect((await getSettings(id, trainer)).statusCode).toBe(403);
    // Nothing changed by the refused calls.
    expect((await getSettings(id)).json().assessment_text).toContain("CPR");
  });

  it("a withdrawn course's page stays for the people who booked it (no dates, no booking); a draft nobody booked stays not found", async () => {
    const booked = await createCourse(
      ctx.db,
      {
        title: "Withdrawn Course With Bookings",
        dates: [{ startDate: addDays(ukDate(ctx.clock.now()), 20), endDate: addDays(ukDate(ctx.clock.now()), 21) }],
      } as never,
      ctx.clock.now(),
    );
    await bookAndPay(booked);
    const unpublish = (id: number) =>
      ctx.app.inject({
        method: "PUT",
        url: `/api/courses/${id}/status`,
        headers: office.headers,
        payload: { status: "draft", confirm: true },
      });
    expect((await unpublish(booked)).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(courses).where(eq(courses.id, booked));
    const page = await ctx.app.inject({ method: "GET", url: `/api/courses/slug/${row!.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ title: "Withdrawn Course With Bookings", withdrawn: true, courseDates: [], addOns: [] });
    // It takes no booking.
    const list = (await ctx.app.inject({ method: "GET", url: "/api/courses" })).json();
    expect(list.map((c: { id: number }) => c.id)).not.toContain(booked);

    const nobody = await createCourse(
      ctx.db,
      {
        title: "Withdrawn Course Nobody Booked",
        dates: [{ startDate: addDays(ukDate(ctx.clock.now()), 20), endDate: addDays(ukDate(ctx.clock.now()), 21) }],
      } as never,
      ctx.clock.now(),
    );
    expect((await unpublish(nobody)).statusCode).toBe(200);
    const [other] = await ctx.db.select().from(courses).where(eq(courses.id, nobody));
    expect((await ctx.app.inject({ method: "GET", url: `/api/courses/slug/${other!.slug}` })).statusCode).toBe(404);
  });
});
