/**
 * When the payment page cannot be opened (decisions 271, 272): the customer hears so within 10 s
 * with Retry-After, the order's places and code use are free at once and the activity log says
 * why; repeated failures raise one alert (decision 313: the ops alert, one owner): the dashboard's
 * card, one bell entry and one mail, and the next payment page that opens ends it with one
 * recovery entry and one recovery mail. Stripe is the local stand-in of ./stripe-fake.ts:
 * answering, failing with 500, or silent.
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { activityLog, courseDates, mailOutbox, opsAlerts, orders } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { allowConsoleError, loginAdmin, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";
import { fakeStripe, stripeStandInEnv } from "./stripe-fake";

let ctx: TestContext;
let stripe: ReturnType<typeof fakeStripe>;
let admin: Session;
let apiUrl: string;
const HOUR = 3_600_000;
const ALERT_EMAIL = "alerts@example.com";
const TITLE = "Customers cannot pay";

beforeAll(async () => {
  stripe = fakeStripe();
  const port = await stripe.listen();
  ctx = await setupApp({
    env: {
      ...MANY_CUSTOMERS_ENV,
      ...stripeStandInEnv(port),
      PUBLIC_SITE_URL: "https://site.example.com",
      ALERT_EMAIL,
    },
  });
  // A real socket: the customer's wait is measured as a browser would see it.
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  apiUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  admin = await loginAdmin(ctx);
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

/** Moves the clock; a session idle that long has ended, so the office signs in again. */
async function advance(ms: number) {
  ctx.clock.advance(ms);
  admin = await loginAdmin(ctx);
}

/** A one-place course: whether its place is free again shows whether the hold was released. */
async function onePlaceCourse() {
  const id = await createCourse(ctx.db, { feePence: 1000, capacity: 1 }, ctx.clock.now());
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  return [{ id, selectedDate: date!.id }];
}

const enrollOverHttp = (courses: { id: number; selectedDate: number }[], email = "casey.jones@example.com") =>
  fetch(`${apiUrl}/api/enroll`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(orderPayload(courses, { guest_email: email })),
  });

const adminGet = async <T>(path: string): Promise<T> => {
  const res = await ctx.app.inject({ method: "GET", url: path, headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json<T>();
};
type Warning = { id: string; kind: string; title: string; message: string; count: number; since: string | null };
type Note = { id: string; kind: string; title: string; message: string; time: string; read: boolean };
const warnings = async () => (await adminGet<{ items: Warning[] }>("/api/dashboard/warnings")).items;
const alerts = async () => (await adminGet<{ items: Note[] }>("/api/notifications")).items.filter((n) => n.kind === "alert");
/** The alert mails in the outbox, by subject. */
const alertMails = async () =>
  (
    await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "ops_alert"), eq(mailOutbox.to, ALERT_EMAIL)))
  ).map((m) => m.subject);

/** Opens (or fails) `n` payment pages, each on its own course. */
async function attempts(n: number, mode: "ok" | "error") {
  stripe.setCheckoutMode(mode);
  for (let i = 0; i < n; i++) {
    const res = await enrollOverHttp(await onePlaceCourse());
    expect(res.status).toBe(mode === "ok" ? 201 : 503);
  }
  stripe.setCheckoutMode("ok");
}

describe("a payment provider that does not answer", () => {
  it("answers 503 with Retry-After within 10 s, frees the place at once and logs why the booking was cancelled", async () => {
    allowConsoleError();
    const course = await onePlaceCourse();
    const sessionCalls = () => stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").length;
    const callsBefore = sessionCalls();
    stripe.setCheckoutMode("hang");
    const started = performance.now();
    let res: Response;
    try {
      res = await enrollOverHttp(course);
    } finally {
      stripe.setCheckoutMode("ok");
    }
    const answered = performance.now();
    const seconds = (answered - started) / 1000;
    expect(res.status).toBe(503);
    // The whole answer within ~11 s on a loaded machine; from the first call to Stripe to the
    // customer's answer within 10 s (the budget is 9 s).
    expect(seconds).toBeLessThanOrEqual(11);
    const firstCall = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(callsBefore)!;
    expect((answered - firstCall.at) / 1000).toBeLessThanOrEqual(10);
    // It did wait for Stripe (two tries of about 4 s): not a refusal before asking.
    expect(seconds).toBeGreaterThan(8);
    expect(sessionCalls() - callsBefore).toBe(2);
    expect(res.headers.get("retry-after")).toBe("120");
    const body = (await res.json()) as { message: string; retry_after: number };
    expect(body).toEqual({
      message: "We could not open the payment page. Please try again in a few minutes.",
      retry_after: 120,
    });

    // The order is cancelled with the reason, and its one place is free for the next customer.
    const [order] = await ctx.db
      .select()
      .from(orders)
      .orderBy(sql`${orders.id} desc`)
      .limit(1);
    expect(order!.status).toBe("cancelled");
    const [entry] = await ctx.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.action, "Enrollment cancelled"),
          sql`${activityLog.details} like '%payment page could not be opened%'`,
        ),
      );
    expect(entry!.details).toContain(
      `${order!.firstName} ${order!.lastName} was cancelled because the payment page could not be opened`,
    );
    expect((await enrollOverHttp(course, "next.customer@example.com")).status).toBe(201);
  }, 30_000);
});

describe("repeated payment-page failures reach the office", () => {
  it("3 in a row raise one alert (dashboard and bell), the next payment page that opens ends it", async () => {
    allowConsoleError();
    await advance(2 * HOUR); // clear of the earlier test's failure
    await attempts(2, "error");
    // Two failures: the dashboard shows them, but nothing repeats yet.
    let [card] = await warnings();
    expect(card).toMatchObject({ kind: "payment_page", title: "Payment page failures", count: 2, since: null });
    expect(card!.message).toMatch(/^Payment page failures: 2 in the last hour; customers could not pay\./);
    expect(await alerts()).toEqual([]);

    await attempts(1, "error");
    [card] = await warnings();
    expect(card).toMatchObject({ title: "Payment page failing", count: 3, since: ctx.clock.now().toISOString() });
    expect(card!.message).toMatch(
      /^Payment page failures: 3 in the last hour; customers could not pay\. Failing since \d\d:\d\d/,
    );
    let bell = await alerts();
    expect(bell.map((n) => n.title)).toEqual([`Alert: ${TITLE}`]);
    expect(bell[0]!.message).toMatch(/3 of 3 payment pages failed to open in the last 15 minutes/);
    expect(bell[0]!.read).toBe(false);
    expect(await alertMails()).toEqual([`Alert: ${TITLE}`]);

    // Once per episode: more failures raise nothing new, in the bell or the outbox.
    await attempts(2, "error");
    expect((await alerts()).map((n) => n.title)).toEqual([`Alert: ${TITLE}`]);
    expect((await warnings())[0]!.count).toBe(5);
    expect(await alertMails()).toEqual([`Alert: ${TITLE}`]);

    // Payments open again: the bell and the outbox say so once, the card no longer says "failing".
    await advance(60_000);
    await attempts(2, "ok");
    bell = await alerts();
    expect(bell.map((n) => n.title)).toEqual([`Recovered: ${TITLE}`, `Alert: ${TITLE}`]);
    expect(bell[0]!.time).toBe(ctx.clock.now().toISOString());
    expect((await alertMails()).sort()).toEqual([`Alert: ${TITLE}`, `Recovered: ${TITLE}`]);
    [card] = await warnings();
    expect(card).toMatchObject({ title: "Payment page failures", count: 5, since: null });
    // The minute's job finds nothing new: the failures still in the 15 minutes do not reopen it.
    await advance(60_000);
    expect(await ctx.app.ops.evaluateAlerts()).toEqual({ opened: [], recovered: [] });
    const episodes = await ctx.db.select().from(opsAlerts).where(eq(opsAlerts.kind, "payment_page"));
    expect(episodes).toHaveLength(1);
    expect(await alertMails()).toHaveLength(2);

    // An hour without failures: no card.
    await advance(HOUR + 60_000);
    expect(await warnings()).toEqual([]);
  }, 60_000);

  it("failures above 20 % of at least 5 orders in 15 minutes raise it too, though never 3 in a row; at 20 % or below they do not", async () => {
    allowConsoleError();
    await advance(2 * HOUR);
    // 3 failures in 15 orders (20 %), each after pages that opened: no alert.
    for (let i = 0; i < 3; i++) {
      await attempts(4, "ok");
      await attempts(1, "error");
    }
    expect((await warnings())[0]).toMatchObject({ count: 3, since: null });
    const before = (await alerts()).length;
    await advance(2 * HOUR);
    // 2 failures in 5 orders (40 %), never 2 in a row: alert.
    await attempts(2, "ok");
    await attempts(1, "error");
    await attempts(1, "ok");
    expect((await alerts()).length).toBe(before);
    await attempts(1, "error");
    expect((await warnings())[0]).toMatchObject({ title: "Payment page failing", count: 2 });
    const bell = await alerts();
    expect(bell.length).toBe(before + 1);
    expect(bell[0]!.title).toBe(`Alert: ${TITLE}`);
    await advance(60_000);
    await attempts(1, "ok");
    expect((await alerts())[0]!.title).toBe(`Recovered: ${TITLE}`);
  }, 60_000);
});
