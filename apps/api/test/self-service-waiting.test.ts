/**
 * "Leave the list" on the customer's booking page (issue 30): the booking's link takes its own
 * address off a waiting list, with the customer as the actor and a notice in the office's bell; it
 * never reaches another address's entry, and a retry changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { formatDateRange } from "@app/rules";
import { activityLog, waitlistEntries } from "../src/db/schema";
import { loginAdmin, MANY_CUSTOMERS_ENV, setupApp, TestClock, type Session, type TestContext } from "./helpers";
import { selfServiceKit } from "./self-service-kit";

const START = new Date("2027-01-05T12:00:00Z");
let ctx: TestContext;
let office: Session;
beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV, clock: new TestClock(START) });
  office = await loginAdmin(ctx);
});
afterAll(() => ctx.close());

const { day, course, booked } = selfServiceKit(() => ctx, START, "waiting");
let client = 0;
const join = (dateId: number, email: string, name: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/waiting-list",
    payload: { course_date_id: dateId, name, email, phone: "07700 900123", places: 1 },
    remoteAddress: `198.51.100.${++client}`,
  });
const leave = (token: string, entryId: number, key: string) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/my-bookings/booking/${token}/waiting-list/${entryId}`,
    payload: { idempotency_key: key },
  });

describe("leave the list", () => {
  it("takes the booking's own address off a waiting list once, as the customer, and tells the office", async () => {
    const open = await course([[40, 40]]);
    const full = await course([[45, 45]], 1);
    const mine = await booked(open.id, open.dates[0]!);
    await booked(full.id, full.dates[0]!);
    expect((await join(full.dates[0]!, mine.email, "Sam Carter")).statusCode).toBeLessThan(300);
    expect((await join(full.dates[0]!, "someone.else@example.com", "Ali Khan")).statusCode).toBeLessThan(300);
    const entries = await ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.courseDateId, full.dates[0]!));
    const own = entries.find((e) => e.email === mine.email)!;
    const other = entries.find((e) => e.email !== mine.email)!;

    const page = await ctx.app.inject({ method: "GET", url: `/api/my-bookings/booking/${mine.token}` });
    // The date as people read it, not an ISO date.
    expect(page.json().waiting_list).toEqual([
      expect.objectContaining({ id: own.id, date_label: formatDateRange(day(45), day(45)) }),
    ]);

    // Another address's entry is out of this link's reach.
    const foreign = await leave(mine.token, other.id, "leave-key-foreign");
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("You are not on this waiting list any more");

    const left = await leave(mine.token, own.id, "leave-key-1");
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().waiting_list).toEqual([]);
    const retry = await leave(mine.token, own.id, "leave-key-1");
    expect(retry.statusCode).toBe(200);
    const after = await ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.courseDateId, full.dates[0]!));
    expect(after.find((e) => e.id === own.id)!.status).toBe("removed");
    expect(after.find((e) => e.id === other.id)!.status).toBe("waiting");

    const entriesLogged = await ctx.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "Waiting list changed"))
      .orderBy(desc(activityLog.id));
    expect(entriesLogged.filter((a) => a.details.startsWith("Sam Carter was removed"))).toHaveLength(1);
    expect(entriesLogged[0]!.userName).toBe(`${mine.order.firstName} ${mine.order.lastName} (customer)`);

    const bell = await ctx.app.inject({ method: "GET", url: "/api/notifications", headers: office.headers });
    expect(bell.statusCode, bell.body).toBe(200);
    expect(bell.json().items.some((n: { message: string }) => n.message.includes(`left the waiting list for`))).toBe(true);
  });

  it("answers a malformed entry id as no such entry, and a missing retry key with a clear 400", async () => {
    const c = await course([[40, 40]]);
    const b = await booked(c.id, c.dates[0]!);
    expect((await leave(b.token, 0, "leave-key-bad")).statusCode).toBe(404);
    const noKey = await ctx.app.inject({
      method: "POST",
      url: `/api/my-bookings/booking/${b.token}/waiting-list/1`,
      payload: {},
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.body).toContain("Send an idempotency key");
  });
});
