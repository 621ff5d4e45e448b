/**
 * Booking prerequisites and approval (issue 33), end to end through HTTP on a real database: the
 * office sets a course to ask each attendee for their licence and to need approval; a booking
 * without the answers is refused; with them it holds its places without a payment page (and cannot
 * be paid); the office approves (the customer is mailed the payment link) and the customer pays;
 * another is declined with a reason (mailed, places back); a third runs out of hold unanswered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { APPROVAL_HOLD_HOURS, APPROVED_PAY_HOURS } from "@app/contract";
import { courseDates, mailOutbox, orders } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { expireDueOrders } from "../src/modules/orders";
import { inDays, orderPayload } from "./fixtures";
import { loginAdmin, setupApp, type Session, type TestContext } from "./helpers";

let ctx: TestContext;
let admin: Session;
let course: { id: number; dateId: number };

beforeAll(async () => {
  ctx = await setupApp();
  admin = await loginAdmin(ctx);
  const start = inDays(30, ctx.clock.now());
  const id = await createCourse(
    ctx.db,
    { feePence: 15000, capacity: 4, dates: [{ startDate: start, endDate: start, capacity: 4 }] },
    ctx.clock.now(),
  );
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  course = { id, dateId: date!.id };
});
afterAll(async () => {
  await ctx.close();
});

const ANSWERS = { licence_number: "1234 5678 9012 3456", licence_expiry: inDays(60) };
const FINDER = {
  licence: "door_supervisor",
  expiry: inDays(60),
  trained: "before_2021",
  job: "door_supervisor",
  firstAid: "none",
};

async function placesLeft(): Promise<number> {
  ctx.clock.advance(1);
  const res = await ctx.app.inject({ method: "GET", url: `/api/courses/${course.id}` });
  return res.json().courseDates.find((d: { id: number }) => d.id === course.dateId).placesLeft;
}

const book = (email: string, attendee: object = { first_name: "Dana", last_name: "Reed", answers: ANSWERS }) => {
  ctx.clock.advance(1);
  return ctx.app.inject({
    method: "POST",
    url: "/api/enroll",
    payload: orderPayload([{ id: course.id, selectedDate: course.dateId, attendees: [attendee as never] }], {
      guest_email: email,
      finder_answers: FINDER,
    }),
  });
};

const office = (method: "POST" | "PUT", url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

const enrolment = async (reference: string) =>
  (await ctx.app.inject({ method: "GET", url: "/api/enrollments", headers: admin.headers }))
    .json()
    .find((e: { reference: string }) => e.reference === reference);

const mailsTo = (to: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

const pay = (reference: string) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/payments/local/${reference}/pay`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "",
  });

describe("a course that needs approval and asks for the attendee's licence", () => {
  it("is set by the office only, with known questions", async () => {
    const rules = { needs_approval: true, prerequisites: ["licence_number", "licence_expiry"] };
    const anonymous = await ctx.app.inject({ method: "PUT", url: `/api/courses/${course.id}/booking-rules`, payload: rules });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await office("PUT", `/api/courses/${course.id}/booking-rules`, { ...rules, prerequisites: ["shoe_size"] });
    expect(unknown.statusCode).toBe(400);
    const set = await office("PUT", `/api/courses/${course.id}/booking-rules`, rules);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual(rules);
    // The checkout reads them from the course (public detail).
    ctx.clock.advance(1);
    const detail = (await ctx.app.inject({ method: "GET", url: `/api/courses/${course.id}` })).json();
    expect(detail).toMatchObject({ needs_approval: true, prerequisites: ["licence_number", "licence_expiry"] });
  });

  it("refuses a booking whose attendee left a question unanswered", async () => {
    const none = await book("nobody@example.com", { first_name: "Dana", last_name: "Reed" });
    expect(none.statusCode).toBe(400);
    expect(none.json().issues[0]).toEqual({
      path: "courses.0.attendees.0.answers.licence_number",
      message: "Current SIA licence number is required for this course",
    });
    const bad = await book("nobody@example.com", { first_name: "Dana", last_name: "Reed", answers: { licence_number: "12" } });
    expect(bad.statusCode).toBe(400);
  });

  it("holds the places without payment, is approved, mails the payment link and is paid", async () => {
    const before = await placesLeft();
    const placed = await book("dana.reed@example.com");
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    expect(order).toMatchObject({ awaiting_approval: true, payment_link: "", total: 150 });
    expect(Date.parse(order.expires_at) - ctx.clock.now().getTime()).toBeGreaterThan((APPROVAL_HOLD_HOURS - 1) * 3_600_000);
    expect(await placesLeft()).toBe(before - 1);
    // Nothing can be paid before the office says yes.
    expect((await pay(order.reference)).statusCode).toBe(409);

    // The office sees the answers: the attendee's and the finder's.
    const waiting = await enrolment(order.reference);
    expect(waiting).toMatchObject({ status: "pending", approval: "waiting", finder_answers: FINDER });
    expect(waiting.courses[0].attendees[0].answers).toEqual({
      licence_number: "1234567890123456",
      licence_expiry: ANSWERS.licence_expiry,
    });

    ctx.clock.advance(60_000);
    const approved = await office("POST", `/api/enrollments/${waiting.id}/approve`);
    expect(approved.statusCode).toBe(200);
    const link = `http://localhost:3000/api/payments/local/${order.reference}`;
    expect(approved.json()).toMatchObject({ approval: "approved", status: "pending", payment_link: link });
    expect(Date.parse(approved.json().expires_at)).toBe(ctx.clock.now().getTime() + APPROVED_PAY_HOURS * 3_600_000);
    const [mail] = (await mailsTo("dana.reed@example.com")).filter((m) => m.kind === "booking_approved");
    expect(mail!.text).toContain(link);
    expect(mail!.subject).toContain(order.booking_reference);
    expect((await office("POST", `/api/enrollments/${waiting.id}/approve`)).statusCode).toBe(409);

    const paid = await pay(order.reference);
    expect(paid.statusCode).toBe(303);
    const status = (await ctx.app.inject({ method: "GET", url: `/api/orders/${order.reference}/status` })).json();
    expect(status).toMatchObject({ status: "paid", amount_paid: 150 });
  });

  it("is declined with a reason: mailed, cancelled, places released", async () => {
    const before = await placesLeft();
    const order = (await book("eli.watts@example.com")).json();
    expect(await placesLeft()).toBe(before - 1);
    const { id } = await enrolment(order.reference);
    expect((await office("POST", `/api/enrollments/${id}/decline`, { reason: "  " })).statusCode).toBe(400);
    const reason = "Your licence number does not match a door supervisor licence on the SIA register.";
    const declined = await office("POST", `/api/enrollments/${id}/decline`, { reason });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      approval: "declined",
      status: "cancelled",
      decline_reason: reason,
      payment_link: null,
    });
    expect(await placesLeft()).toBe(before);
    const [mail] = (await mailsTo("eli.watts@example.com")).filter((m) => m.kind === "booking_declined");
    expect(mail!.text).toContain(reason);
    expect((await office("POST", `/api/enrollments/${id}/approve`)).statusCode).toBe(409);
    expect((await enrolment(order.reference)).decline_reason).toBe(reason);
  });

  it("releases the places when nobody answers in time", async () => {
    const before = await placesLeft();
    const order = (await book("fin.ross@example.com")).json();
    const { id } = await enrolment(order.reference);
    ctx.clock.advance((APPROVAL_HOLD_HOURS + 1) * 3_600_000);
    await expireDueOrders(ctx.db, ctx.clock.now());
    const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, order.reference));
    expect(row!.status).toBe("expired");
    expect(await placesLeft()).toBe(before);
    admin = await loginAdmin(ctx); // the office's session ended in those days
    const late = await office("POST", `/api/enrollments/${id}/approve`);
    expect(late.statusCode).toBe(409);
  });
});
