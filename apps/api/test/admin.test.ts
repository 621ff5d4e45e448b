import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { courseDates, orderCharges, refunds } from "../src/db/schema";
import { createCourse, createMessage, createOrder, createUser } from "../src/db/seed/factories";
import { ukMonthStart } from "../src/lib/dates";
import { login, setupApp, TestClock, type Session, type TestContext } from "./helpers";

// A fixed "now" in the middle of a month, on an empty database.
const NOW = new Date("2030-06-15T12:00:00Z");
let ctx: TestContext;
let admin: Session;
let adminName: string;

beforeAll(async () => {
  ctx = await setupApp({ seeded: false, clock: new TestClock(NOW) });
  const user = await createUser(ctx.db, { isAdmin: true, name: "Pat Admin" });
  adminName = user.name;
  admin = await login(ctx.app, user.email, user.password);
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: "GET", url, headers: admin.headers });

describe("dashboard", () => {
  it("computes enrolments, revenue and messages this month against last month", async () => {
    const lastMonth = new Date(ukMonthStart(NOW, -1).getTime() + 3 * 86_400_000);
    const thisMonth = new Date(ukMonthStart(NOW).getTime() + 2 * 86_400_000);
    const courseId = await createCourse(ctx.db, { feePence: 10000 }, lastMonth);
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, courseId));
    const line = [{ id: courseId, selectedDate: date!.id, selectedAddons: [] }];
    // Last month: 2 paid (£200), 1 message. This month: 3 paid (£300), 1 pending, 1 cancelled, 3 messages.
    for (let i = 0; i < 2; i++) await createOrder(ctx.db, { courses: line, status: "paid", at: lastMonth });
    for (let i = 0; i < 3; i++) await createOrder(ctx.db, { courses: line, status: "paid", at: thisMonth });
    await createOrder(ctx.db, { courses: line, status: "pending", at: thisMonth });
    await createOrder(ctx.db, { courses: line, status: "cancelled", at: thisMonth });
    await createMessage(ctx.db, { createdAt: lastMonth });
    for (let i = 0; i < 3; i++) await createMessage(ctx.db, { createdAt: thisMonth });

    const res = await get("/api/dashboard");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { title: "Enrollments", value: 3, percentage: 50, isPositive: true },
      { title: "Revenue", value: 300, percentage: 50, isPositive: true },
      { title: "Messages", value: 3, percentage: 200, isPositive: true },
      { title: "Outstanding balances", value: 0, percentage: 0, isPositive: true, caption: "Nothing overdue" },
    ]);
  });
});

describe("dashboard counts places and net revenue (issue 27)", () => {
  it("a group of three counts three enrolments; refunds come off the revenue, a cancelled booking counts what was kept", async () => {
    const before = (await get("/api/dashboard")).json() as { title: string; value: number }[];
    const thisMonth = new Date(ukMonthStart(NOW).getTime() + 4 * 86_400_000);
    const courseId = await createCourse(ctx.db, { feePence: 10000 }, thisMonth);
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, courseId));
    const line = [{ id: courseId, selectedDate: date!.id, selectedAddons: [] }];
    // A group booking of three places, paid £300, £100 refunded; a £100 booking cancelled with £60 back.
    const group = await createOrder(ctx.db, { courses: line, status: "paid", at: thisMonth });
    await ctx.pool.query(`update order_items set seats = 3 where order_id = $1`, [group.id]);
    await ctx.pool.query(`update orders set amount_paid_pence = 30000, total_pence = 30000 where id = $1`, [group.id]);
    // Revenue is money received less money refunded in the month (decision 491): the two extra places' £200 arrived too.
    await ctx.db.insert(orderCharges).values({
      orderId: group.id,
      kind: "office",
      amountPence: 20000,
      method: "cash",
      provider: "manual",
      receivedAt: thisMonth,
    });
    await ctx.db.insert(refunds).values({ orderId: group.id, amountPence: 10000, adminName: "Pat Admin", createdAt: thisMonth });
    const gone = await createOrder(ctx.db, { courses: line, status: "paid", at: thisMonth });
    await ctx.db.insert(refunds).values({ orderId: gone.id, amountPence: 6000, adminName: "Pat Admin", createdAt: thisMonth });
    await ctx.pool.query(`update orders set status = 'cancelled', cancelled_at = paid_at where id = $1`, [gone.id]);

    const after = (await get("/api/dashboard")).json() as { title: string; value: number }[];
    const value = (cards: typeof after, title: string) => cards.find((c) => c.title === title)!.value;
    expect(value(after, "Enrollments") - value(before, "Enrollments")).toBe(3);
    expect(value(after, "Revenue") - value(before, "Revenue")).toBe(300 - 100 + 100 - 60);
  });
});

describe("activity log", () => {
  it("lists entries newest first, with amounts in pounds, honouring limit", async () => {
    const all = (await get("/api/activity-logs")).json();
    expect(all.length).toBeGreaterThan(5);
    const times = all.map((e: { timestamp: string }) => e.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    const payment = all.find((e: { type: string }) => e.type === "payment");
    expect(payment).toMatchObject({ action: "Payment received", amount: 100, items: 1 });
    expect(all.find((e: { type: string }) => e.type === "enrollment")).toMatchObject({ action: "New enrollment", amount: 100 });
    expect((await get("/api/activity-logs?limit=2")).json()).toHaveLength(2);
    expect((await get("/api/activity-logs?limit=0")).statusCode).toBe(400);
  });
});

describe("activity types", () => {
  // The spec's list (spec §5): a client built to it must be able to show every entry.
  const SPEC_TYPES = ["enrollment", "payment", "course_addition", "training_deletion", "course_completion", "other"];

  it("answers only the spec's types: a sign-in is 'other' with the category 'security'", async () => {
    // beforeAll signed in, which the log records as a security event.
    const all = (await get("/api/activity-logs?limit=100")).json() as { type: string; category?: string; action: string }[];
    expect(all.length).toBeGreaterThan(0);
    for (const entry of all) expect(SPEC_TYPES, `${entry.action} has type ${entry.type}`).toContain(entry.type);
    const signIn = all.find((e) => e.action === "Signed in");
    expect(signIn).toMatchObject({ type: "other", category: "security" });
    // The spec's own types carry no category.
    const payment = all.find((e) => e.type === "payment");
    expect(payment).toBeDefined();
    expect(payment).not.toHaveProperty("category");
  });
});

describe("notifications", () => {
  it("shows new messages and paid bookings, then marks them seen", async () => {
    const before = (await get("/api/notifications")).json();
    expect(before.unread).toBe(before.items.length);
    expect(before.items.some((n: { kind: string }) => n.kind === "message")).toBe(true);
    expect(before.items.some((n: { kind: string }) => n.kind === "booking")).toBe(true);
    expect(before.items.every((n: { read: boolean }) => !n.read)).toBe(true);

    const seen = await ctx.app.inject({ method: "POST", url: "/api/notifications/seen", headers: admin.headers });
    expect(seen.statusCode).toBe(200);
    const after = (await get("/api/notifications")).json();
    expect(after.unread).toBe(0);
    expect(after.items.every((n: { read: boolean }) => n.read)).toBe(true);

    ctx.clock.advance(60_000);
    await createMessage(ctx.db, { firstName: "Newest", createdAt: ctx.clock.now() });
    const fresh = (await get("/api/notifications")).json();
    expect(fresh.unread).toBe(1);
    expect(fresh.items[0]).toMatchObject({ kind: "message", read: false, title: "New message from Newest Taylor" });
    expect(adminName).toBe("Pat Admin");
  });
});

// Last: its part-paid booking would change the activity and notification figures above.
describe("dashboard outstanding balances", () => {
  it("Outstanding balances counts what part-paid bookings owe and says how much of it is overdue", async () => {
    type Card = { title: string; value: number; isPositive: boolean; caption?: string };
    const outstanding = async () =>
      ((await get("/api/dashboard")).json() as Card[]).find((c) => c.title === "Outstanding balances")!;
    const before = await outstanding();
    const courseId = await createCourse(ctx.db, { feePence: 25000 }, NOW);
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, courseId));
    const line = [{ id: courseId, selectedDate: date!.id, selectedAddons: [] }];
    // A deposit of £50 paid on a £250 booking whose balance is due in ten days: owed, not overdue.
    const due = await createOrder(ctx.db, { courses: line, status: "paid", at: NOW });
    await ctx.pool.query(`update orders set total_pence = 25000, amount_paid_pence = 5000, balance_due_on = $2 where id = $1`, [
      due.id,
      "2030-06-25",
    ]);
    const owed = await outstanding();
    expect(owed.value - before.value).toBe(200);
    expect(owed).toMatchObject({ isPositive: true, caption: "Nothing overdue" });
    // Its due date passes: the same £200 is now overdue, and the card says so.
    await ctx.pool.query(`update orders set balance_due_on = $2 where id = $1`, [due.id, "2030-06-10"]);
    const late = await outstanding();
    expect(late.value).toBe(owed.value);
    expect(late).toMatchObject({ isPositive: false, caption: "£200.00 overdue" });
  });
});
