import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { BOOKING_TERMS_VERSION, normalizeBookingRef } from "@app/contract";
import { activityLog, mailOutbox, orders } from "../src/db/schema";
import { newBookingRef, withUniqueBookingRef } from "../src/modules/orders/booking-reference";
import { dailyTimes } from "../src/modules/orders/calendar";
import { createCourse, createDiscount } from "../src/db/seed/factories";
import { courseDates } from "../src/db/schema";
import { loginAdmin, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { inDays, orderPayload } from "./fixtures";
import { enroll } from "./ordering";

const REF = /^[ACDEFGHJKMNPQRTUVWXYZ234679]{4}-[ACDEFGHJKMNPQRTUVWXYZ234679]{4}$/;

let ctx: TestContext;
let admin: Session;
let course: { id: number; dateId: number; start: string; end: string };
beforeAll(async () => {
  // Forty orders from one test client: lift the per-client hold limits (checked in abuse.test.ts).
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  admin = await loginAdmin(ctx);
  const id = await createCourse(
    ctx.db,
    {
      title: "Reference Test Door Supervisor",
      feePence: 10000,
      capacity: 200,
      dates: [{ startDate: inDays(30, ctx.clock.now()), endDate: inDays(35, ctx.clock.now()) }],
    },
    ctx.clock.now(),
  );
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  course = { id, dateId: date!.id, start: date!.startDate, end: date!.endDate };
});
afterAll(() => ctx.close());

const one = () => [{ id: course.id, selectedDate: course.dateId }];
const search = async (q: string) =>
  (
    await ctx.app.inject({ method: "GET", url: `/api/enrollments?q=${encodeURIComponent(q)}`, headers: admin.headers })
  ).json() as {
    id: number;
    reference: string;
    booking_reference: string;
  }[];

describe("booking reference", () => {
  it("draws 8 characters from the alphabet without look-alikes", () => {
    for (let i = 0; i < 2000; i++) {
      const r = newBookingRef();
      expect(r).toMatch(/^[ACDEFGHJKMNPQRTUVWXYZ234679]{8}$/);
      // No look-alikes: 0/O, 1/I/L, 5/S and 8/B (issue 12, decision 120).
      expect(r).not.toMatch(/[0O1IL5S8B]/);
    }
    expect(normalizeBookingRef(" abcd-2346 ".replace("b", "c"))).toBe("ACCD2346");
    expect(normalizeBookingRef("ACCD-2345")).toBeNull();
    expect(normalizeBookingRef("AB0D-2345")).toBeNull();
  });

  it("is shown as XXXX-XXXX in the enroll answer, the status, the admin list and the activity log; the payment token stays apart", async () => {
    const res = await enroll(ctx.app, orderPayload(one(), { accept_terms: true }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.booking_reference).toMatch(REF);
    // The long token the payment return needs is not what people read.
    expect(body.reference).not.toContain(body.booking_reference.replace("-", ""));
    const status = (await ctx.app.inject({ method: "GET", url: `/api/orders/${body.reference}/status` })).json();
    expect(status.booking_reference).toBe(body.booking_reference);
    const list = (await ctx.app.inject({ method: "GET", url: "/api/enrollments", headers: admin.headers })).json();
    const mine = list.find((e: { booking_reference: string }) => e.booking_reference === body.booking_reference);
    expect(mine.terms_version).toBe(BOOKING_TERMS_VERSION);
    expect(mine.terms_accepted_at).toBe(ctx.clock.now().toISOString());
    const logs = await ctx.db.select().from(activityLog).where(eq(activityLog.action, "New enrollment"));
    expect(logs.some((l) => l.details.startsWith(`${body.booking_reference}: `))).toBe(true);
  });

  it("stays unique when many orders are placed at once", async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => enroll(ctx.app, orderPayload(one()))));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const refs = results.map((r) => r.json().booking_reference as string);
    refs.forEach((r) => expect(r).toMatch(REF));
    expect(new Set(refs).size).toBe(refs.length);
    const rows = await ctx.db.select({ ref: orders.bookingRef }).from(orders);
    expect(new Set(rows.map((r) => r.ref)).size).toBe(rows.length);
  });

  it("a clash with an existing reference is retried with a new one, never shown as an error", async () => {
    const [existing] = await ctx.db.select().from(orders).limit(1);
    let calls = 0;
    const placed = await withUniqueBookingRef(async () => {
      calls++;
      return ctx.db
        .insert(orders)
        .values({
          ...existing!,
          id: undefined,
          reference: `clash-test-${calls}`,
          bookingRef: calls === 1 ? existing!.bookingRef : newBookingRef(),
        })
        .returning();
    });
    expect(calls).toBe(2);
    expect(placed[0]!.bookingRef).not.toBe(existing!.bookingRef);
  });

  it("admin search finds a booking by reference (with or without the dash, any case), course title and discount code", async () => {
    await createDiscount(ctx.db, { code: "FINDME15", percentOff: 15, maxUses: 5 }, ctx.clock.now());
    const placed = (
      await enroll(ctx.app, orderPayload(one(), { discount_code: "findme15", first_name: "Robin", last_name: "Searchable" }))
    ).json();
    const ref: string = placed.booking_reference;
    for (const q of [
      ref,
      ref.replace("-", ""),
      ref.toLowerCase(),
      ref.replace("-", "").toLowerCase(),
      ` ${ref.slice(0, 4)} ${ref.slice(5)} `,
    ]) {
      const found = await search(q);
      expect(found.map((e) => e.booking_reference)).toEqual([ref]);
    }
    expect((await search("FINDME15")).map((e) => e.booking_reference)).toEqual([ref]);
    expect((await search("findme")).map((e) => e.booking_reference)).toEqual([ref]);
    const byTitle = await search("reference test door");
    expect(byTitle.length).toBeGreaterThan(40);
    expect(byTitle.some((e) => e.booking_reference === ref)).toBe(true);
    expect(await search("ZZZZ-ZZZZ")).toEqual([]);
    // Without q: everything, as before.
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/enrollments", headers: admin.headers })).json().length,
    ).toBeGreaterThan(40);
  });
});

describe("confirmation mail and calendar file", () => {
  it("the mail names the reference, dates with weekday and a map link, and carries a valid RFC 5545 .ics in Europe/London", async () => {
    const placed = (await enroll(ctx.app, orderPayload(one(), { guest_email: "ics-check@example.com" }))).json();
    const paid = await ctx.app.inject({ method: "POST", url: `/api/payments/local/${placed.reference}/pay` });
    expect(paid.statusCode).toBe(303);
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, "ics-check@example.com"));
    expect(mail!.text).toContain(`Booking reference: ${placed.booking_reference}`);
    expect(mail!.text).toMatch(/Dates: (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d+/);
    expect(mail!.text).toContain("https://www.google.com/maps/search/");
    expect(mail!.attachments).toHaveLength(1);
    const att = mail!.attachments[0]!;
    expect(att.filename).toBe(`booking-${placed.booking_reference}.ics`);
    expect(att.contentType).toMatch(/^text\/calendar/);

    const checkIcs = (text: string) => {
      expect(text.split("\r\n")[0]).toBe("BEGIN:VCALENDAR");
      const comp = new ICAL.Component(ICAL.parse(text));
      expect(comp.getFirstPropertyValue("version")).toBe("2.0");
      expect(comp.getFirstPropertyValue("prodid")).toBeTruthy();
      const tz = comp.getFirstSubcomponent("vtimezone");
      expect(tz?.getFirstPropertyValue("tzid")).toBe("Europe/London");
      ICAL.TimezoneService.register(tz!);
      const events = comp.getAllSubcomponents("vevent");
      expect(events).toHaveLength(1);
      const ev = new ICAL.Event(events[0]!);
      expect(ev.summary).toBe("Reference Test Door Supervisor");
      expect(ev.uid).toBeTruthy();
      expect(events[0]!.getFirstPropertyValue("dtstamp")).toBeTruthy();
      expect(ev.startDate.zone?.tzid).toBe("Europe/London");
      const { start, end } = dailyTimes("9 am - 6pm");
      expect(ev.startDate.hour * 60 + ev.startDate.minute).toBe(start);
      expect(ev.endDate.hour * 60 + ev.endDate.minute).toBe(end);
      expect(ev.startDate.toString().slice(0, 10)).toBe(course.start);
      // One occurrence per course day, the last on the course's end date.
      const it = ev.iterator();
      let last: ICAL.Time | null = null;
      let n = 0;
      for (let next = it.next(); next && n < 100; next = it.next()) {
        last = next;
        n++;
      }
      const days = Math.round((Date.parse(course.end) - Date.parse(course.start)) / 86_400_000) + 1;
      expect(n).toBe(days);
      expect(last!.toString().slice(0, 10)).toBe(course.end);
      expect(ev.location).toBeTruthy();
      expect(ev.description).toContain(placed.booking_reference);
    };
    checkIcs(att.content);

    const download = await ctx.app.inject({ method: "GET", url: `/api/orders/${placed.reference}/calendar.ics` });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(download.headers["content-disposition"]).toContain(`booking-${placed.booking_reference}.ics`);
    checkIcs(download.body);

    // The office sees the same reference in its notifications and activity log.
    const notes = (await ctx.app.inject({ method: "GET", url: "/api/notifications", headers: admin.headers })).json() as {
      items: { message: string }[];
    };
    expect(notes.items.some((n) => n.message.startsWith(`${placed.booking_reference} · `))).toBe(true);
    const paidLogs = await ctx.db.select().from(activityLog).where(eq(activityLog.action, "Payment received"));
    expect(paidLogs.some((l) => l.details.startsWith(`${placed.booking_reference}: `))).toBe(true);

    // The status answer lists what was booked for the confirmation page.
    const status = (await ctx.app.inject({ method: "GET", url: `/api/orders/${placed.reference}/status` })).json();
    expect(status.courses[0]).toMatchObject({
      title: "Reference Test Door Supervisor",
      start_date: course.start,
      end_date: course.end,
    });
  });

  it("no calendar for an unpaid or unknown booking", async () => {
    const placed = (await enroll(ctx.app, orderPayload(one()))).json();
    expect((await ctx.app.inject({ method: "GET", url: `/api/orders/${placed.reference}/calendar.ics` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: `/api/orders/nope/calendar.ics` })).statusCode).toBe(404);
  });

  it("reads the course's daily times", () => {
    expect(dailyTimes("9 am - 6pm")).toEqual({ start: 540, end: 1080 });
    expect(dailyTimes("10 am - 5pm")).toEqual({ start: 600, end: 1020 });
    expect(dailyTimes("8 am - 4pm")).toEqual({ start: 480, end: 960 });
  });
});
