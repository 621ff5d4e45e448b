/**
 * The calendar files we send and serve (decision 285), read by ical.js and a strict RFC 5545 /
 * RFC 5546 validator (Python's icalendar): one event per attendee and course date with a UID kept
 * for life, SEQUENCE raised on every change, REQUEST for new and moved places, CANCEL for
 * cancelled ones, DTSTAMP in UTC, no non-standard properties, a final CRLF. The course runs in
 * summer and moves to winter, so a wall-clock time written in the server's zone would show.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { formatBookingRef } from "@app/contract";
import { courseDates, mailOutbox, orders } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { upsertUser } from "../src/modules/auth/service";
import { login, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";
import { readCalendar, type CalendarEvent } from "./ics/check";

let ctx: TestContext;
let office: Session;
let course: { id: number; summer: number; winter: number };
const SUMMER = { startDate: "2031-07-07", endDate: "2031-07-09" };
const WINTER = { startDate: "2031-12-01", endDate: "2031-12-02" };

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  await upsertUser(ctx.db, {
    email: "cal.office@example.com",
    name: "Cal Office",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "office",
  });
  office = await login(ctx.app, "cal.office@example.com", "Str0ng!Passw0rd-test");
  const id = await createCourse(
    ctx.db,
    { title: "Calendar Door Supervisor", feePence: 25000, capacity: 10, time: "9 am - 6pm", dates: [SUMMER, WINTER] },
    ctx.clock.now(),
  );
  const dates = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id)).orderBy(courseDates.startDate);
  course = { id, summer: dates[0]!.id, winter: dates[1]!.id };
});
afterAll(() => ctx.close());

const TEAM = [
  { first_name: "Alex", last_name: "Stone", email: "alex@employer.example" },
  { first_name: "Bea", last_name: "Hart" },
];

async function paidGroupOrder(email: string) {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/enroll",
    payload: orderPayload([{ id: course.id, selectedDate: course.summer, quantity: 2, attendees: TEAM }], { guest_email: email }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const { reference } = res.json();
  const pay = await ctx.app.inject({
    method: "POST",
    url: `/api/payments/local/${reference}/pay`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "",
  });
  expect(pay.statusCode).toBe(303);
  return (await ctx.db.select().from(orders).where(eq(orders.reference, reference)))[0]!;
}

/** The calendar attachment of the one mail of `kind` to `to`. */
async function mailedCalendar(to: string, kind: string) {
  const rows = await ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)));
  expect(rows, `one ${kind} mail`).toHaveLength(1);
  const ics = rows[0]!.attachments.filter((a) => a.contentType.startsWith("text/calendar"));
  expect(ics, `${kind} carries one calendar file`).toHaveLength(1);
  return { attachment: ics[0]!, ...readCalendar(ics[0]!.content) };
}

/** Each file is also read by a Python process; on a loaded 2-core machine that takes seconds a file. */
const CHECK_TIMEOUT = 120_000;

const byUid = (events: CalendarEvent[]) => [...events].sort((a, b) => a.uid.localeCompare(b.uid));

describe("calendar files", () => {
  it(
    "confirmation: REQUEST, one event per attendee with its own UID, 9:00 London in summer, DTSTAMP in UTC",
    async () => {
      const order = await paidGroupOrder("cal.confirm@example.com");
      const cal = await mailedCalendar("cal.confirm@example.com", "booking_confirmation");
      expect(cal.attachment.contentType).toBe("text/calendar; charset=utf-8; method=REQUEST");
      expect(cal.method).toBe("REQUEST");
      expect(cal.events).toHaveLength(2);
      expect(new Set(cal.events.map((e) => e.uid)).size).toBe(2);
      for (const e of cal.events) {
        expect(e.sequence).toBe(0);
        expect(e.status).toBe("CONFIRMED");
        expect(e.start).toBe("2031-07-07T09:00:00");
        expect(e.end).toBe("2031-07-07T18:00:00");
        // 9:00 BST is 08:00 UTC: the wall-clock time is London's, not the server's zone.
        expect(e.startUtc).toBe("2031-07-07T08:00:00.000Z");
        expect(e.days).toBe(3);
        expect(e.dtstamp).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
      }
      expect(cal.events.map((e) => e.summary).sort()).toEqual([
        "Calendar Door Supervisor (Alex Stone)",
        "Calendar Door Supervisor (Bea Hart)",
      ]);
      // An attendee with an e-mail is named by it; one without by the buyer's.
      expect(cal.events.map((e) => e.attendee).sort()).toEqual([
        "mailto:alex@employer.example",
        "mailto:cal.confirm@example.com",
      ]);
      // The raw file: no TIMEZONE-ID or X-WR-TIMEZONE, VTIMEZONE before the events, a final CRLF.
      const raw = cal.attachment.content;
      expect(raw).not.toMatch(/TIMEZONE-ID|X-WR-TIMEZONE/);
      expect(raw.indexOf("END:VTIMEZONE")).toBeLessThan(raw.indexOf("BEGIN:VEVENT"));
      expect(raw.endsWith("END:VCALENDAR\r\n")).toBe(true);

      // The success page's download: PUBLISH of the same events (same UIDs and SEQUENCE).
      const download = await ctx.app.inject({ method: "GET", url: `/api/orders/${order.reference}/calendar.ics` });
      expect(download.statusCode).toBe(200);
      const published = readCalendar(download.body);
      expect(published.method).toBe("PUBLISH");
      expect(byUid(published.events).map((e) => [e.uid, e.sequence, e.start])).toEqual(
        byUid(cal.events).map((e) => [e.uid, e.sequence, e.start]),
      );
    },
    CHECK_TIMEOUT,
  );

  it(
    "a move: REQUEST with the same UIDs, a higher SEQUENCE and the new dates; a resend keeps both; a cancel: CANCEL, same UIDs, higher again",
    async () => {
      const order = await paidGroupOrder("cal.move@example.com");
      const first = await mailedCalendar("cal.move@example.com", "booking_confirmation");
      const uids = first.events.map((e) => e.uid).sort();

      const detail = (await ctx.app.inject({ method: "GET", url: `/api/bookings/${order.id}`, headers: office.headers })).json();
      const moved = await ctx.app.inject({
        method: "POST",
        url: `/api/bookings/${order.id}/transfer`,
        headers: office.headers,
        payload: { item_id: detail.items[0].id, course_date_id: course.winter },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const update = await mailedCalendar("cal.move@example.com", "booking_transferred");
      expect(update.attachment.contentType).toBe("text/calendar; charset=utf-8; method=REQUEST");
      expect(update.method).toBe("REQUEST");
      expect(update.events.map((e) => e.uid).sort()).toEqual(uids);
      for (const e of update.events) {
        expect(e.sequence).toBe(1);
        expect(e.start).toBe("2031-12-01T09:00:00");
        // GMT in December: 9:00 London is 09:00 UTC.
        expect(e.startUtc).toBe("2031-12-01T09:00:00.000Z");
        expect(e.days).toBe(2);
      }
      // The mail no longer asks the customer to remove the old dates by hand.
      const [transferMail] = await ctx.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, "cal.move@example.com"), eq(mailOutbox.kind, "booking_transferred")));
      expect(transferMail!.text).not.toContain("remove the old dates");

      // A resend of the confirmation is the same events as they are now: same UIDs, same SEQUENCE.
      const resend = await ctx.app.inject({
        method: "POST",
        url: `/api/bookings/${order.id}/resend-confirmation`,
        headers: office.headers,
        payload: { idempotency_key: `cal-resend-${order.id}` },
      });
      expect(resend.statusCode).toBe(200);
      const resent = await ctx.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, "cal.move@example.com"), eq(mailOutbox.kind, "booking_confirmation")));
      expect(resent).toHaveLength(2);
      const again = readCalendar(resent.sort((a, b) => a.id - b.id)[1]!.attachments[0]!.content);
      expect(again.events.map((e) => [e.uid, e.sequence, e.start]).sort()).toEqual(
        uids.map((u) => [u, 1, "2031-12-01T09:00:00"]),
      );

      const cancelled = await ctx.app.inject({
        method: "POST",
        url: `/api/bookings/${order.id}/cancel`,
        headers: office.headers,
        payload: { refund: "none", idempotency_key: `cal-cancel-${order.id}` },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const cancel = await mailedCalendar("cal.move@example.com", "booking_cancelled");
      expect(cancel.attachment.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
      expect(cancel.attachment.filename).toBe(`cancelled-${formatBookingRef(order.bookingRef)}.ics`);
      expect(cancel.method).toBe("CANCEL");
      expect(cancel.events.map((e) => e.uid).sort()).toEqual(uids);
      for (const e of cancel.events) {
        expect(e.sequence).toBe(2);
        expect(e.status).toBe("CANCELLED");
      }
    },
    CHECK_TIMEOUT,
  );

  it(
    "every calendar file in the outbox passes both readers",
    async () => {
      const rows = await ctx.db.select().from(mailOutbox).where(like(mailOutbox.to, "cal.%"));
      const files = rows.flatMap((r) => r.attachments.filter((a) => a.contentType.startsWith("text/calendar")));
      expect(files.length).toBeGreaterThanOrEqual(5);
      for (const f of files) expect(() => readCalendar(f.content)).not.toThrow();
    },
    CHECK_TIMEOUT,
  );
});
