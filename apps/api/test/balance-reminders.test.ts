/**
 * Balance reminders and the saved card with the local provider, over HTTP on real Postgres: the
 * customer is mailed the balance link 7 days before the due day and on it, each once; none once the
 * balance is paid, none for a booking whose kept card will pay it (the card is charged on the day
 * instead, through the same off-session path as Stripe's), none for a booking made inside the week.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { mailOutbox, orderCharges, orderLinks, orders } from "../src/db/schema";
import { inDays, orderPayload, trainingPayload } from "./fixtures";
import { loginAdmin, MANY_CUSTOMERS_ENV, setupApp, type TestContext } from "./helpers";

let ctx: TestContext;
let course: { id: number; dateId: number };
let start: Date;

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  start = ctx.clock.now();
  const admin = await loginAdmin(ctx);
  const created = await ctx.app.inject({
    method: "POST",
    url: "/api/courses",
    headers: admin.headers,
    payload: trainingPayload({
      title: "Reminder Course",
      price: 250,
      addOns: [],
      courseDates: [{ startDate: inDays(60), endDate: inDays(60) }],
    }),
  });
  course = { id: created.json().id, dateId: created.json().courseDates[0].id };
  const saved = await ctx.app.inject({
    method: "PUT",
    url: "/api/payment-options",
    headers: admin.headers,
    payload: {
      deposit_enabled: true,
      deposit_kind: "fixed",
      deposit_value: 30,
      balance_due_days: 28,
      instalments_enabled: false,
      klarna_enabled: false,
      overdue_action: "keep",
      overdue_release_days: 7,
      hold_results_until_paid: false,
    },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => ctx.close());

const noonOn = (day: string) => new Date(`${day}T12:00:00Z`);
const orderRow = async (id: number) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const mailsTo = (to: string, kind = "balance_reminder") =>
  ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)))
    .orderBy(asc(mailOutbox.id));

async function bookDeposit(email: string, saveCard: boolean, at = start) {
  ctx.clock.set(at);
  const placed = await ctx.app.inject({
    method: "POST",
    url: "/api/enroll",
    payload: orderPayload([{ id: course.id, selectedDate: course.dateId, quantity: 1 }], {
      guest_email: email,
      payment_plan: "deposit",
      save_card: saveCard,
    }),
  });
  expect(placed.statusCode).toBe(201);
  const paid = await ctx.app.inject({ method: "POST", url: `/api/payments/local/${placed.json().reference}/pay` });
  expect(paid.statusCode).toBe(303);
  const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, placed.json().reference));
  const [link] = await ctx.db.select().from(orderLinks).where(eq(orderLinks.orderId, row!.id));
  return { ...row!, token: link!.token };
}

describe("balance reminders", () => {
  it("go 7 days before and on the due day, once each, with the link; none once paid, none while the card will pay", async () => {
    const unpaid = await bookDeposit("rem.inder@example.com", false);
    const carded = await bookDeposit("card.kept@example.com", true);
    const settled = await bookDeposit("paid.early@example.com", false);
    expect(carded.providerPaymentMethodId).toMatch(/^local_pm_/);
    expect(unpaid.providerPaymentMethodId).toBeNull();
    const dueOn = unpaid.balanceDueOn!;
    expect(dueOn).toBe(inDays(32, start));
    // Paid by the link before any reminder.
    ctx.clock.set(noonOn(inDays(-10, noonOn(dueOn))));
    expect((await ctx.app.inject({ method: "POST", url: `/api/balance/${settled.token}/local/pay` })).statusCode).toBe(303);

    await ctx.app.workers.runBalanceDue(noonOn(inDays(-8, noonOn(dueOn))));
    expect(await mailsTo(unpaid.guestEmail)).toHaveLength(0);

    const week = await ctx.app.workers.runBalanceDue(noonOn(inDays(-7, noonOn(dueOn))));
    expect(week.reminded).toEqual([unpaid.id]);
    const [before] = await mailsTo(unpaid.guestEmail);
    expect(before!.subject).toMatch(/^Your balance is due on .+: /);
    expect(before!.text).toContain("The balance of £220.00 for your booking");
    expect(before!.text).toContain(`Pay the balance securely here: http`);
    expect(before!.text).toContain(`/pay/${unpaid.token}`);
    expect(before!.html).toContain(`href="${ctx.app.mail.settings.siteUrl}/pay/${unpaid.token}"`);
    // And the booking's own page, as every customer mail of a booking.
    expect(before!.text).toMatch(/Manage your booking \(change date, cancel, correct names\): http\S+\/my-bookings\//);
    // The same day again, and the days between: nothing more.
    await ctx.app.workers.runBalanceDue(noonOn(inDays(-7, noonOn(dueOn))));
    await ctx.app.workers.runBalanceDue(noonOn(inDays(-3, noonOn(dueOn))));
    expect(await mailsTo(unpaid.guestEmail)).toHaveLength(1);

    const day = await ctx.app.workers.runBalanceDue(noonOn(dueOn));
    expect(day.reminded).toEqual([unpaid.id]);
    const mails = await mailsTo(unpaid.guestEmail);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/^Your balance is due today: /);
    expect(mails[1]!.text).toContain("is due today");

    // The kept card paid on the day, through the off-session path: no reminder ever.
    expect(day.charges.charged).toEqual([carded.id]);
    expect(await orderRow(carded.id)).toMatchObject({ amountPaidPence: 25000 });
    const charges = await ctx.db.select().from(orderCharges).where(eq(orderCharges.orderId, carded.id));
    expect(charges.map((c) => [c.kind, c.amountPence, c.method, c.provider])).toEqual([
      ["deposit", 3000, "card_online", "local"],
      ["balance", 22000, "card_saved", "local"],
    ]);
    expect(await mailsTo(carded.guestEmail)).toHaveLength(0);
    expect(await mailsTo(settled.guestEmail)).toHaveLength(0);

    // Past the due day the overdue job takes over: no more reminders.
    await ctx.app.workers.runBalanceDue(noonOn(inDays(1, noonOn(dueOn))));
    expect(await mailsTo(unpaid.guestEmail)).toHaveLength(2);
  });

  it("skips the week-before reminder for a booking made inside that week, and still sends the due day's", async () => {
    // The course is 60 days from the start; booked 27 days later the balance is due in 5 days.
    const late = await bookDeposit("late.booker@example.com", false, noonOn(inDays(27, start)));
    expect(late.balanceDueOn).toBe(inDays(32, start));
    await ctx.app.workers.runBalanceDue(noonOn(inDays(28, start)));
    expect(await mailsTo(late.guestEmail)).toHaveLength(0);
    await ctx.app.workers.runBalanceDue(noonOn(late.balanceDueOn!));
    expect(await mailsTo(late.guestEmail)).toHaveLength(1);
  });
});
