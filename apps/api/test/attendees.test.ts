/**
 * Issue 27 part A over HTTP: every attendee gets their own mail at booking time (public and office
 * bookings), and the office cancels, swaps and renames one attendee of a group; seats, register,
 * reminders, CSV, waiting list and mails follow. Mails are read from the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { courseDates, learnerRecords, mailOutbox, orderAttendees, scheduledMails } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { upsertUser } from "../src/modules/auth/service";
import { inDays, orderPayload } from "./fixtures";
import { login, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { placesLeft } from "./ordering";

let ctx: TestContext;
let office: Session;
let trainer: Session;

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  await upsertUser(ctx.db, {
    email: "olivia@example.com",
    name: "Olivia Office",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "office",
  });
  await upsertUser(ctx.db, {
    email: "trent@example.com",
    name: "Trent Trainer",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "trainer",
  });
  office = await login(ctx.app, "olivia@example.com", "Str0ng!Passw0rd-test");
  trainer = await login(ctx.app, "trent@example.com", "Str0ng!Passw0rd-test");
});
afterAll(async () => ctx.close());

const api = (method: "GET" | "POST", url: string, payload?: object, session: Session | null = office) =>
  ctx.app.inject({ method, url, ...(payload ? { payload } : {}), headers: session ? session.headers : {} });
let keyN = 0;
const key = () => `key-${Date.now()}-${++keyN}`;

/** A licence-linked course (learner forms) of one date with `capacity` places, £100 a place. */
async function doorCourse(capacity: number) {
  const start = inDays(45, ctx.clock.now());
  const id = await createCourse(
    ctx.db,
    {
      title: `Door Supervisor Group ${++keyN}`,
      feePence: 10000,
      capacity,
      dates: [{ startDate: start, endDate: start, capacity }],
    },
    ctx.clock.now(),
  );
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  return { id, dateId: date!.id };
}

const mailsTo = (to: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
const icsOf = (m: { attachments: unknown }) => ((m.attachments ?? []) as { contentType: string; content: string }[])[0]!;

describe("every attendee counts", () => {
  it("a group of three: each attendee's own mail, then one cancelled (refund, waitlist offer) and one swapped, one renamed; resend shows net", async () => {
    const c = await doorCourse(3);
    const team = [
      { first_name: "Alex", last_name: "Stone", email: "alex.stone@example.com" },
      { first_name: "Bea", last_name: "Hart", email: "bea.hart@example.com" },
      { first_name: "Cal", last_name: "Moss" },
    ];
    ctx.clock.advance(1);
    const placed = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: c.id, selectedDate: c.dateId, quantity: 3, attendees: team }], {
        guest_email: "buyer.one@example.com",
      }),
    });
    expect(placed.statusCode).toBe(201);
    ctx.clock.advance(1);
    expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${placed.json().reference}/pay` })).statusCode).toBe(
      303,
    );
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);

    // Alex and Bea each get their own mail: course, venue, what to bring, their learner link, their event.
    for (const [to, name] of [
      ["alex.stone@example.com", "Alex Stone"],
      ["bea.hart@example.com", "Bea Hart"],
    ] as const) {
      const [own] = (await mailsTo(to)).filter((m) => m.kind === "attendee_place");
      expect(own, to).toBeDefined();
      expect(own!.text).toContain("has booked you a place on Door Supervisor Group");
      expect(own!.text).toContain("What to bring:");
      expect(own!.text).toMatch(/\/learner\/[0-9a-f]{64}/);
      const ics = icsOf(own!);
      expect(ics.contentType).toContain("method=REQUEST");
      expect(ics.content).toContain(`ATTENDEE;CN=${name}`);
      expect(ics.content.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    }
    // The buyer's confirmation lists all three with their form state.
    const confirmation = (await mailsTo("buyer.one@example.com")).find((m) => m.kind === "booking_confirmation")!;
    for (const n of ["Alex Stone", "Bea Hart", "Cal Moss"]) expect(confirmation.text).toContain(`- ${n} (Door Supervisor Group`);
    expect(confirmation.text).toContain("learner form to fill in");

    // The date is full: a waiting-list join is confirmed with the place in the queue.
    const joined = await ctx.app.inject({
      method: "POST",
      url: "/api/waiting-list",
      payload: {
        course_date_id: c.dateId,
        name: "Wendy Wait",
        email: "wendy.wait@example.com",
        phone: "07700 900123",
        places: 1,
      },
    });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().position).toBe(1);
    const joinedMail = (await mailsTo("wendy.wait@example.com")).find((m) => m.kind === "waitlist_joined")!;
    expect(joinedMail.text).toContain("You are number 1 in the queue");

    // Reminders are planned for the three.
    await ctx.app.workers.runDue();
    const booking = (await api("GET", `/api/enrollments?q=${encodeURIComponent(placed.json().booking_reference)}`)).json()[0];
    const id = booking.id as number;
    const detail = (await api("GET", `/api/bookings/${id}`)).json();
    const people = detail.items[0].attendees as { id: number; first_name: string; learner_form: string }[];
    // The office sees where each attendee's learner form stands.
    expect(people.map((p) => p.learner_form)).toEqual(["to_fill_in", "to_fill_in", "to_fill_in"]);
    const bea = people.find((p) => p.first_name === "Bea")!.id;
    const cal = people.find((p) => p.first_name === "Cal")!.id;
    const alex = people.find((p) => p.first_name === "Alex")!.id;
    expect(await ctx.db.select().from(scheduledMails).where(eq(scheduledMails.attendeeId, bea))).not.toHaveLength(0);

    // One of Bea's reminders is already in the outbox, not yet sent: it must not go either.
    const [queued] = await ctx.db
      .insert(mailOutbox)
      .values({
        to: "bea.hart@example.com",
        subject: "Reminder",
        html: "x",
        text: "x",
        kind: "course_reminder",
        nextAttemptAt: new Date(ctx.clock.now().getTime() + 3_600_000),
      })
      .returning();
    const [beaFirst] = await ctx.db.select().from(scheduledMails).where(eq(scheduledMails.attendeeId, bea));
    await ctx.db
      .update(scheduledMails)
      .set({ status: "queued", outboxId: queued!.id })
      .where(eq(scheduledMails.id, beaFirst!.id));

    // Cancel Bea with her share refunded: the seat is freed and offered to the waiting list.
    const k = key();
    const cancelled = await api("POST", `/api/bookings/${id}/attendees/${bea}/cancel`, { refund: "full", idempotency_key: k });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().items[0].seats).toBe(2);
    expect(cancelled.json().items[0].attendees.map((a: { first_name: string }) => a.first_name)).toEqual(["Alex", "Cal"]);
    expect(cancelled.json().payment.refunded).toBe(100);
    expect(cancelled.json().history.at(-1)).toMatchObject({
      action: "Attendee cancelled and refunded",
      user_name: "Olivia Office",
    });
    // The same click again changes nothing.
    const again = await api("POST", `/api/bookings/${id}/attendees/${bea}/cancel`, { refund: "full", idempotency_key: k });
    expect(again.statusCode).toBe(200);
    expect(again.json().payment.refunds).toHaveLength(1);
    // The freed place went to the first in line (held for her, so none is left to the public).
    const offer = (await mailsTo("wendy.wait@example.com")).find((m) => m.kind === "waitlist_offer");
    expect(offer?.subject).toContain("A place has come up");
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
    // Bea's calendar event is cancelled; the buyer hears of the change and the refund.
    const beaGone = (await mailsTo("bea.hart@example.com")).find((m) => m.kind === "attendee_cancelled")!;
    expect(icsOf(beaGone).content).toContain("METHOD:CANCEL");
    expect(icsOf(beaGone).content).toContain("SEQUENCE:1");
    const changed = (await mailsTo("buyer.one@example.com")).filter((m) => m.kind === "booking_changed");
    expect(changed[0]!.text).toContain("Bea Hart's place");
    expect(changed[0]!.text).toContain("£100.00");
    // Register, learner records, reminders and the CSV no longer hold her.
    expect(await ctx.db.select().from(orderAttendees).where(eq(orderAttendees.id, bea))).toHaveLength(0);
    expect(await ctx.db.select().from(scheduledMails).where(eq(scheduledMails.attendeeId, bea))).toHaveLength(0);
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued!.id))).toHaveLength(0);
    const due = (await api("GET", "/api/scheduled-mail?view=due")).json().items as { to: string; source: string }[];
    expect(due.some((d) => d.source === "schedule" && d.to === "alex.stone@example.com")).toBe(true);
    expect(due.some((d) => d.source === "schedule" && d.to === "bea.hart@example.com")).toBe(false);
    let csv = (await api("GET", `/api/bookings/export.csv?q=${placed.json().booking_reference}`)).body;
    expect(csv).not.toContain("Hart");
    expect(csv).toContain("Moss");

    // Swap Cal for Dan: the seat is kept, Dan gets his own mail and a new learner form.
    const oldRecord = (await ctx.db.select().from(learnerRecords).where(eq(learnerRecords.attendeeId, cal)))[0]!;
    const swapped = await api("POST", `/api/bookings/${id}/attendees/${cal}/swap`, {
      first_name: "Dan",
      last_name: "Reed",
      email: "dan.reed@example.com",
      idempotency_key: key(),
    });
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json().items[0].seats).toBe(2);
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
    const newRecord = (await ctx.db.select().from(learnerRecords).where(eq(learnerRecords.attendeeId, cal)))[0]!;
    expect(newRecord.token).not.toBe(oldRecord.token);
    const danMail = (await mailsTo("dan.reed@example.com")).find((m) => m.kind === "attendee_place")!;
    expect(danMail.text).toContain("has passed a place on Door Supervisor Group");
    expect(danMail.text).toContain(`/learner/${newRecord.token}`);
    expect(icsOf(danMail).content).toContain("SEQUENCE:1");
    expect(icsOf(danMail).content).toContain("ATTENDEE;CN=Dan Reed");
    // Cal had no address: the buyer's calendar (which holds his event) gets its CANCEL.
    const swapNotice = (await mailsTo("buyer.one@example.com")).filter((m) => m.kind === "booking_changed")[1]!;
    expect(swapNotice.text).toContain("The place of Cal Moss");
    expect(icsOf(swapNotice).content).toContain("METHOD:CANCEL");
    csv = (await api("GET", `/api/bookings/export.csv?q=${placed.json().booking_reference}`)).body;
    expect(csv).toContain("Reed");
    expect(csv).not.toContain("Moss");

    // Rename Alex: same learner record, the updated event goes to her.
    const renamed = await api("POST", `/api/bookings/${id}/attendees/${alex}/rename`, {
      first_name: "Alexandra",
      last_name: "Stone",
      email: "alex.stone@example.com",
      idempotency_key: key(),
    });
    expect(renamed.statusCode).toBe(200);
    const alexMail = (await mailsTo("alex.stone@example.com")).find((m) => m.kind === "attendee_changed")!;
    expect(icsOf(alexMail).content).toContain("METHOD:REQUEST");
    expect(icsOf(alexMail).content).toContain("ATTENDEE;CN=Alexandra Stone");

    // A trainer cannot do any of it; a course's only place is refused.
    expect(
      (
        await api(
          "POST",
          `/api/bookings/${id}/attendees/${alex}/rename`,
          { first_name: "X", last_name: "Y", idempotency_key: key() },
          trainer,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await api("POST", `/api/bookings/${id}/attendees/999999/cancel`, { refund: "none", idempotency_key: key() })).statusCode,
    ).toBe(404);

    // The resent confirmation tells the booking as it is now: paid, refunded, net; today's names.
    const resent = await api("POST", `/api/bookings/${id}/resend-confirmation`, { idempotency_key: key() });
    expect(resent.statusCode).toBe(200);
    const last = (await mailsTo("buyer.one@example.com")).filter((m) => m.kind === "booking_confirmation").at(-1)!;
    expect(last.text).not.toContain("Total paid: £300.00");
    expect(last.text).toContain("Paid: £300.00");
    expect(last.text).toContain("Refunded: -£100.00");
    expect(last.text).toContain("Net paid: £200.00");
    expect(last.text).toContain("Alexandra Stone");
    expect(last.text).toContain("Dan Reed");
    expect(last.text).not.toContain("Bea Hart");
  });

  it("a phone employer booking: its attendees get their mails with learner links at booking time", async () => {
    const c = await doorCourse(6);
    const res = await api("POST", "/api/bookings", {
      course_id: c.id,
      course_date_id: c.dateId,
      attendees: [
        { first_name: "Erin", last_name: "Guard", email: "erin.guard@example.com" },
        { first_name: "Finn", last_name: "Guard", email: "finn.guard@example.com" },
      ],
      first_name: "Mia",
      last_name: "Manager",
      email: "mia.employer@example.com",
      phone: "0151 496 0000",
      company_name: "Example Security Ltd",
      payment_method: "invoice",
      amount_received: null,
      idempotency_key: key(),
    });
    expect(res.statusCode).toBe(201);
    for (const to of ["erin.guard@example.com", "finn.guard@example.com"]) {
      const own = (await mailsTo(to)).find((m) => m.kind === "attendee_place")!;
      expect(own.text).toContain("Mia Manager (Example Security Ltd) has booked you a place");
      expect(own.text).toMatch(/\/learner\/[0-9a-f]{64}/);
      expect(icsOf(own).contentType).toContain("method=REQUEST");
    }
    const confirmation = (await mailsTo("mia.employer@example.com")).find((m) => m.kind === "booking_confirmation")!;
    expect(confirmation.text).toContain("- Erin Guard (Door Supervisor Group");
    expect(confirmation.text).toContain("Learner forms:");
    const records = await ctx.db
      .select()
      .from(learnerRecords)
      .innerJoin(
        orderAttendees,
        and(eq(orderAttendees.id, learnerRecords.attendeeId), eq(orderAttendees.orderId, res.json().id)),
      );
    expect(records).toHaveLength(2);
  });

  it("a moved or cancelled booking: its reminders leave the schedule at once and each attendee hears with their own event", async () => {
    const start = inDays(40, ctx.clock.now());
    const later = inDays(60, ctx.clock.now());
    const courseId = await createCourse(
      ctx.db,
      {
        title: `Door Supervisor Moves ${++keyN}`,
        feePence: 10000,
        capacity: 6,
        dates: [
          { startDate: start, endDate: start, capacity: 6 },
          { startDate: later, endDate: later, capacity: 6 },
        ],
      },
      ctx.clock.now(),
    );
    const dates = await ctx.db
      .select()
      .from(courseDates)
      .where(eq(courseDates.courseId, courseId))
      .orderBy(courseDates.startDate);
    const res = await api("POST", "/api/bookings", {
      course_id: courseId,
      course_date_id: dates[0]!.id,
      attendees: [
        { first_name: "Gus", last_name: "Post", email: "gus.post@example.com" },
        { first_name: "Hal", last_name: "Post" },
      ],
      first_name: "Ola",
      last_name: "Owner",
      email: "ola.owner@example.com",
      phone: "0151 496 0001",
      payment_method: "cash",
      amount_received: 200,
      idempotency_key: key(),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    await ctx.app.workers.runDue();
    const planned = async (status: string) =>
      (await ctx.db.select().from(scheduledMails).where(eq(scheduledMails.orderId, id))).filter((r) => r.status === status);
    expect((await planned("scheduled")).length).toBeGreaterThan(0);

    const moved = await api("POST", `/api/bookings/${id}/transfer`, {
      item_id: res.json().items[0].id,
      course_date_id: dates[1]!.id,
    });
    expect(moved.statusCode).toBe(200);
    // The old date's reminders are skipped now, not at their due time.
    const skipped = await planned("skipped");
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.every((r) => r.courseDateId === dates[0]!.id && r.reason === "booking moved to another date")).toBe(true);
    expect((await planned("scheduled")).some((r) => r.courseDateId === dates[0]!.id)).toBe(false);
    const gusMoved = (await mailsTo("gus.post@example.com")).find((m) => m.kind === "attendee_changed")!;
    expect(gusMoved.subject).toContain("Your new course dates");
    expect(icsOf(gusMoved).content).toContain("SEQUENCE:1");
    expect(icsOf(gusMoved).content).toContain(`DTSTART;TZID=Europe/London:${later.replace(/-/g, "")}`);

    await ctx.app.workers.runDue();
    const cancelled = await api("POST", `/api/bookings/${id}/cancel`, { refund: "none", idempotency_key: key() });
    expect(cancelled.statusCode).toBe(200);
    expect(await planned("scheduled")).toHaveLength(0);
    const due = (await api("GET", "/api/scheduled-mail?view=due")).json().items as { source: string; booking_ref: string }[];
    expect(due.some((d) => d.source === "schedule" && d.booking_ref === res.json().booking_reference.replace("-", ""))).toBe(
      false,
    );
    const gusGone = (await mailsTo("gus.post@example.com")).find((m) => m.kind === "attendee_cancelled")!;
    expect(icsOf(gusGone).content).toContain("METHOD:CANCEL");
    expect(icsOf(gusGone).content).toContain("SEQUENCE:2");
  });
});
