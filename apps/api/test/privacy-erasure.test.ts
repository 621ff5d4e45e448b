/**
 * Erasure on request (decision 309) over HTTP on real Postgres: owner only, a preview that changes
 * nothing, then the erasure, which keeps the financial records (buyer's name and amounts) and the
 * qualification evidence to its keep date, erases everything else held for the e-mail address
 * (contact details, messages, learner form answers, mails in the outbox, waiting-list entries,
 * the form's link) and logs it without the erased data; another customer's data is untouched;
 * past the keep dates (clock moved 7 years) the name and the evidence go too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { addCalendarMonths } from "@app/contract";
import {
  activityLog,
  contactMessages,
  courseDates,
  learnerEvidence,
  learnerRecords,
  mailOutbox,
  marketingUnsubscribes,
  orderAttendees,
  orders,
  scheduledMails,
  waitlistEntries,
} from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { upsertUser } from "../src/modules/auth/service";
import { addDays, ukDate } from "../src/lib/dates";
import { login, loginAdmin, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";

let ctx: TestContext;
let owner: Session;
let office: Session;
const ERIN = "erin.erase@example.com";
const OTHER = "olly.other@example.com";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  await upsertUser(ctx.db, {
    email: "privacy-office@example.com",
    name: "Olive Office",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "office",
  });
  owner = await loginAdmin(ctx);
  office = await login(ctx.app, "privacy-office@example.com", "Str0ng!Passw0rd-test");
});
afterAll(() => ctx.close());

/** A door supervisor course in 30 days, booked and paid by `email` for themselves; its learner token. */
async function bookPaid(email: string, first: string, last: string) {
  const start = addDays(ukDate(ctx.clock.now()), 30);
  const id = await createCourse(
    ctx.db,
    { title: `SIA Door Supervisor Course (${first})`, dates: [{ startDate: start, endDate: addDays(start, 1) }] } as never,
    ctx.clock.now(),
  );
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  const payload = orderPayload([{ id, selectedDate: date!.id }], { guest_email: email, first_name: first, last_name: last });
  const res = await ctx.app.inject({ method: "POST", url: "/api/enroll", payload });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json() as { reference: string };
  expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${order.reference}/pay` })).statusCode).toBe(303);
  const status = (await ctx.app.inject({ method: "GET", url: `/api/orders/${order.reference}/status` })).json();
  const token = (status.learner_links as { url: string }[])[0]!.url.split("/learner/")[1]!;
  const form = await ctx.app.inject({
    method: "PUT",
    url: `/api/learner-forms/${token}`,
    payload: {
      full_name: `${first} ${last}`,
      date_of_birth: "1990-04-12",
      address: "1 Dock Road, Bootle",
      postcode: "L20 1AA",
      phone: "07700 900123",
      email,
      emergency_name: "Sam Contact",
      emergency_phone: "07700 900456",
      adjustments: "Needs a ground-floor room",
      id_document_type: "passport",
      id_document_expiry: addCalendarMonths(start, 24),
      first_aid_title: "Emergency First Aid at Work",
      first_aid_body: "Qualsafe Awards",
      first_aid_achieved_on: ukDate(ctx.clock.now()),
      first_aid_expires_on: addCalendarMonths(start, 12),
      english_declared: true,
      fitness_name: `${first} ${last}`,
      sia_link_consent: true,
    },
  });
  expect(form.statusCode, form.body).toBe(200);
  const upload = await ctx.app.inject({
    method: "PUT",
    url: `/api/learner-forms/${token}/first-aid-certificate`,
    payload: { file_name: "certificate.pdf", data_url: `data:application/pdf;base64,${PDF.toString("base64")}` },
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const [o] = await ctx.db.select().from(orders).where(eq(orders.reference, order.reference));
  const [learner] = await ctx.db.select().from(learnerRecords).where(eq(learnerRecords.token, token));
  return { order: o!, token, learnerId: learner!.id, dateId: date!.id };
}

/** The other things held for a person: a contact message and a waiting-list entry. */
async function messageAndWaitlist(email: string, first: string, dateId: number) {
  const msg = await ctx.app.inject({
    method: "POST",
    url: "/api/messages",
    payload: {
      firstName: first,
      lastName: "Person",
      phoneNumber: "07700 900789",
      emailAddress: email,
      message: "Please call me back",
    },
  });
  expect(msg.statusCode, msg.body).toBe(201);
  await ctx.db
    .insert(waitlistEntries)
    .values({ courseDateId: dateId, name: `${first} Person`, email, phone: "07700 900789", places: 1 });
}

const preview = (s: Session, body: unknown) =>
  ctx.app.inject({ method: "POST", url: "/api/privacy/erasure/preview", headers: s.headers, payload: body as object });
const erase = (s: Session, body: unknown) =>
  ctx.app.inject({ method: "POST", url: "/api/privacy/erasure", headers: s.headers, payload: body as object });

describe("erasure on request", () => {
  it("is the owner's alone, checks its input, and needs the confirmation", async () => {
    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/privacy/erasure/preview", payload: { email: ERIN } })).statusCode,
    ).toBe(401);
    expect((await preview(office, { email: ERIN })).statusCode).toBe(403);
    expect((await erase(office, { email: ERIN, confirm: true })).statusCode).toBe(403);
    const bad = await preview(owner, { email: "not an address" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Please enter a valid email address");
    const unconfirmed = await erase(owner, { email: ERIN });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.body).toContain("Please confirm the erasure");
    expect((await erase(owner, { email: "nobody.here@example.com", confirm: true })).statusCode).toBe(404);
  });

  it("erases what is held, keeps names and amounts and the evidence to its keep date, and logs it without the data", async () => {
    const erin = await bookPaid(ERIN, "Erin", "Erasmus");
    const other = await bookPaid(OTHER, "Olly", "Other");
    await messageAndWaitlist(ERIN, "Erin", erin.dateId);
    await messageAndWaitlist(OTHER, "Olly", other.dateId);
    await ctx.db.insert(marketingUnsubscribes).values([
      { email: ERIN, via: "page" },
      { email: OTHER, via: "page" },
    ]);
    const mailsTo = async (email: string) =>
      (
        await ctx.db
          .select()
          .from(mailOutbox)
          .where(sql`lower(${mailOutbox.to}) = ${email} or lower(${mailOutbox.replyTo}) = ${email}`)
      ).length;
    expect(await mailsTo(ERIN)).toBeGreaterThan(0);
    const mailsBefore = await mailsTo(ERIN);
    const reminders = await ctx.db.select().from(scheduledMails).where(eq(scheduledMails.orderId, erin.order.id));
    const keptUntil = addCalendarMonths(addDays(addDays(ukDate(ctx.clock.now()), 30), 1), 36);

    // The preview (upper case too) changes nothing.
    const seen = await preview(owner, { email: ERIN.toUpperCase() });
    expect(seen.statusCode, seen.body).toBe(200);
    const expected = {
      email: ERIN,
      orders: 1,
      orders_anonymised: 0,
      booking_references: [`${erin.order.bookingRef.slice(0, 4)}-${erin.order.bookingRef.slice(4)}`],
      learner_records: 1,
      learner_records_deleted: 0,
      evidence_files_deleted: 0,
      evidence_kept_until: keptUntil,
      messages: 1,
      mails: mailsBefore,
      reminders: reminders.filter((r) => r.status === "scheduled").length,
      waiting_list_entries: 1,
    };
    expect(seen.json()).toEqual({ ...expected, erased_at: null });
    expect((await ctx.db.select().from(orders).where(eq(orders.id, erin.order.id)))[0]!.guestEmail).toBe(ERIN);

    const done = await erase(owner, { email: ERIN, confirm: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ...expected, erased_at: ctx.clock.now().toISOString() });

    // Financial record: name and amounts kept, contact details gone.
    const [o] = await ctx.db.select().from(orders).where(eq(orders.id, erin.order.id));
    expect(o).toMatchObject({ firstName: "Erin", lastName: "Erasmus", totalPence: erin.order.totalPence, status: "paid" });
    expect(o!.amountPaidPence).toBe(erin.order.amountPaidPence);
    expect(o).toMatchObject({
      guestEmail: "",
      phoneNumber: "",
      streetAddress: "",
      townCity: "",
      companyName: null,
      orderNotes: null,
    });
    const attendees = await ctx.db.select().from(orderAttendees).where(eq(orderAttendees.orderId, erin.order.id));
    expect(attendees.map((a) => [a.firstName, a.email])).toEqual([["Erin", null]]);

    // Learner record: qualification evidence kept, form answers erased, the link dead.
    const [lr] = await ctx.db.select().from(learnerRecords).where(eq(learnerRecords.id, erin.learnerId));
    expect(lr).toMatchObject({ fullName: "Erin Erasmus", dateOfBirth: "1990-04-12", idDocumentType: "passport" });
    expect(lr).toMatchObject({ address: null, postcode: null, phone: null, email: null, emergencyName: null, adjustments: null });
    expect(lr!.purgedAt).toBeNull();
    expect(await ctx.db.select().from(learnerEvidence).where(eq(learnerEvidence.learnerId, erin.learnerId))).toHaveLength(1);
    expect((await ctx.app.inject({ method: "GET", url: `/api/learner-forms/${erin.token}` })).statusCode).toBe(404);

    // Messages, mails, waiting list, reminders.
    expect(
      await ctx.db
        .select()
        .from(contactMessages)
        .where(sql`lower(${contactMessages.emailAddress}) = ${ERIN}`),
    ).toEqual([]);
    expect(await mailsTo(ERIN)).toBe(0);
    expect(await ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, ERIN))).toEqual([]);
    expect(await ctx.db.select().from(marketingUnsubscribes).where(eq(marketingUnsubscribes.email, ERIN))).toEqual([]);
    const after = await ctx.db.select().from(scheduledMails).where(eq(scheduledMails.orderId, erin.order.id));
    expect(after.filter((r) => r.status === "scheduled")).toEqual([]);

    // Logged, without the address or the form's answers; no older entry names the address.
    const [entry] = await ctx.db.select().from(activityLog).where(eq(activityLog.action, "Personal data erased (request)"));
    expect(entry!.userName).not.toBe("System");
    expect(entry!.details).toContain(expected.booking_references[0]!);
    expect(entry!.details).toContain(`qualification evidence kept until ${keptUntil}`);
    expect(entry!.details).not.toMatch(/erin|erasmus|dock road|07700/i);
    expect(
      await ctx.db
        .select()
        .from(activityLog)
        .where(sql`${activityLog.details} ilike ${`%${ERIN}%`}`),
    ).toEqual([]);

    // The other customer is untouched; asking again finds nothing.
    const [oo] = await ctx.db.select().from(orders).where(eq(orders.id, other.order.id));
    expect(oo!.guestEmail).toBe(OTHER);
    expect(await mailsTo(OTHER)).toBeGreaterThan(0);
    expect(await ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, OTHER))).toHaveLength(1);
    expect(await ctx.db.select().from(marketingUnsubscribes).where(eq(marketingUnsubscribes.email, OTHER))).toHaveLength(1);
    expect((await ctx.app.inject({ method: "GET", url: `/api/learner-forms/${other.token}` })).statusCode).toBe(200);
    expect((await erase(owner, { email: ERIN, confirm: true })).statusCode).toBe(404);
  });

  it("past the keep dates (7 years on) the buyer's name and the evidence go too", async () => {
    ctx.clock.advance(7 * 366 * 86_400_000);
    owner = await loginAdmin(ctx);
    const other = await ctx.db.select().from(orders).where(eq(orders.guestEmail, OTHER));
    const res = await erase(owner, { email: OTHER, confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ orders: 1, orders_anonymised: 1, learner_records: 0, learner_records_deleted: 1 });
    expect(res.json().evidence_files_deleted).toBe(1);
    const [o] = await ctx.db.select().from(orders).where(eq(orders.id, other[0]!.id));
    expect(o).toMatchObject({ firstName: "Erased", lastName: "Erased", totalPence: other[0]!.totalPence });
    const [lr] = await ctx.db
      .select()
      .from(learnerRecords)
      .innerJoin(orderAttendees, eq(orderAttendees.id, learnerRecords.attendeeId))
      .where(eq(orderAttendees.orderId, o!.id));
    expect(lr!.learner_records.purgedAt).not.toBeNull();
    expect(lr!.learner_records.fullName).toBeNull();
  });
});
