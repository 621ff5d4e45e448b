/** Shared steps of the self-service tests: a course with dates, and a booking paid on the local page with its page's token. */
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { courseDates, mailOutbox, orders } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { addDays, ukDate } from "../src/lib/dates";
import { orderPayload } from "./fixtures";
import type { TestContext } from "./helpers";

export function selfServiceKit(ctx: () => TestContext, start: Date, prefix = "self") {
  const day = (n: number) => addDays(ukDate(start), n);
  async function course(dates: [number, number][], capacity = 10, feePence = 20000) {
    const c = ctx();
    const id = await createCourse(
      c.db,
      { feePence, capacity, dates: dates.map(([s, e]) => ({ startDate: day(s), endDate: day(e) })) },
      c.clock.now(),
    );
    const rows = await c.db.select().from(courseDates).where(eq(courseDates.courseId, id)).orderBy(courseDates.startDate);
    return { id, dates: rows.map((d) => d.id) };
  }

  let emailN = 0;
  /** A public order paid on the local page; answers the order and its booking page's token (from the confirmation). */
  async function booked(courseId: number, dateId: number, over: Record<string, unknown> = {}) {
    const c = ctx();
    const email = `${prefix}.${++emailN}@example.com`;
    const res = await c.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: courseId, selectedDate: dateId }], { guest_email: email, accept_terms: true, ...over }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = res.json();
    const pay = await c.app.inject({
      method: "POST",
      url: `/api/payments/local/${reference}/pay`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(pay.statusCode).toBe(303);
    const [order] = await c.db.select().from(orders).where(eq(orders.reference, reference));
    const [mail] = await c.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "booking_confirmation")));
    const token = /\/my-bookings\/([\w-]{20,})/.exec(mail!.text)![1]!;
    return { order: order!, token, email, confirmation: mail! };
  }
  return { day, course, booked };
}
