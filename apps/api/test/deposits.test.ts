import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { mailOutbox, orderCharges, orderInstalments, orderLinks, orders } from "../src/db/schema";
import { inDays, orderPayload, trainingPayload } from "./fixtures";
import { loginAdmin, loginUser, setupApp, type Session, type TestContext } from "./helpers";

const OPTIONS = {
  deposit_enabled: true,
  deposit_kind: "fixed",
  deposit_value: 30,
  balance_due_days: 28,
  instalments_enabled: true,
  klarna_enabled: false,
  overdue_action: "keep",
  overdue_release_days: 7,
  hold_results_until_paid: false,
};

describe("deposits, balances and instalments (local provider)", () => {
  let ctx: TestContext;
  let admin: Session;
  let far: { id: number; dateId: number };
  let soon: { id: number; dateId: number };

  const put = (url: string, payload: object, headers = admin.headers) => ctx.app.inject({ method: "PUT", url, headers, payload });
  const newCourse = async (title: string, days: number) => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/courses",
      headers: admin.headers,
      payload: trainingPayload({
        title,
        price: 250,
        addOns: [],
        courseDates: [{ startDate: inDays(days), endDate: inDays(days) }],
      }),
    });
    expect(res.statusCode).toBe(201);
    const course = res.json();
    return { id: course.id as number, dateId: course.courseDates[0].id as number };
  };
  const enroll = (course: { id: number; dateId: number }, over: Record<string, unknown> = {}, quantity = 1) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: course.id, selectedDate: course.dateId, quantity }], over),
    });
  const payLocal = (reference: string) => ctx.app.inject({ method: "POST", url: `/api/payments/local/${reference}/pay` });
  const orderRow = async (reference: string) => (await ctx.db.select().from(orders).where(eq(orders.reference, reference)))[0]!;
  const tokenOf = async (orderId: number) =>
    (await ctx.db.select().from(orderLinks).where(eq(orderLinks.orderId, orderId)))[0]?.token;

  beforeAll(async () => {
    ctx = await setupApp();
    admin = await loginAdmin(ctx);
    far = await newCourse("Deposit Close Protection", 70);
    soon = await newCourse("Deposit Door Supervisor", 20);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("lets the office read and set the site-wide options, with clear messages for bad input", async () => {
    const read = await ctx.app.inject({ method: "GET", url: "/api/payment-options", headers: admin.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ deposit_enabled: false, deposit_kind: "fixed", deposit_value: 30, balance_due_days: 28 });

    const bad = await put("/api/payment-options", { ...OPTIONS, deposit_kind: "percent", deposit_value: 120 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toContainEqual({ path: "deposit_value", message: "Use a percentage up to 100" });
    const days = await put("/api/payment-options", { ...OPTIONS, balance_due_days: -1 });
    expect(days.statusCode).toBe(400);
    expect(days.json().issues[0].message).toBe("Use 0 or more days");

    const saved = await put("/api/payment-options", OPTIONS);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(OPTIONS);
  });

  it("refuses the options to anyone but owner and office staff", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/payment-options" })).statusCode).toBe(401);
    const user = await loginUser(ctx);
    const res = await put("/api/payment-options", OPTIONS, user.headers);
    expect([401, 403]).toContain(res.statusCode);
  });

  it("gives a course its own options and takes them back to the site-wide ones", async () => {
    const own = await put(`/api/courses/${far.id}/payment-options`, {
      use_site_wide: false,
      options: { ...OPTIONS, deposit_kind: "percent", deposit_value: 25 },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ use_site_wide: false, options: { deposit_kind: "percent", deposit_value: 25 } });
    const offers = await ctx.app.inject({
      method: "POST",
      url: "/api/payment-offers",
      payload: { courses: [{ id: far.id, selectedDate: far.dateId, quantity: 2 }] },
    });
    expect(offers.json().offers[1]).toMatchObject({
      plan: "deposit",
      label: "Deposit (Pay 25% per item)",
      pay_today: 125,
      due_later: 375,
    });

    const back = await put(`/api/courses/${far.id}/payment-options`, { use_site_wide: true });
    expect(back.json()).toMatchObject({ use_site_wide: true, options: OPTIONS });
    expect((await put("/api/courses/999999/payment-options", { use_site_wide: true })).statusCode).toBe(404);
  });

  it("shows the offers of a cart: full payment, a deposit per place with its due date, the instalment plan", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/payment-offers",
      payload: { courses: [{ id: far.id, selectedDate: far.dateId, quantity: 2 }] },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(500);
    expect(body.deposit_terms).toContain("deposit is not refunded");
    expect(body.offers.map((o: { label: string }) => o.label)).toEqual([
      "Full Payment",
      "Deposit (Pay £30.00 per item)",
      "Installment Plan",
    ]);
    expect(body.offers[1]).toMatchObject({ pay_today: 60, due_later: 440, due_on: inDays(70 - 28) });
    // Inside the balance window: full payment only.
    const inside = await ctx.app.inject({
      method: "POST",
      url: "/api/payment-offers",
      payload: { courses: [{ id: soon.id, selectedDate: soon.dateId }] },
    });
    expect(inside.json().offers.map((o: { plan: string }) => o.plan)).toEqual(["full"]);
  });

  it("refuses a deposit when booking inside the balance window", async () => {
    const res = await enroll(soon, { payment_plan: "deposit" });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: "payment_plan", message: expect.stringContaining("not available") }]);
    const unknown = await enroll(far, { payment_plan: "later" });
    expect(unknown.statusCode).toBe(400);
  });

  it("takes a deposit per place, then the balance by the link, exactly once", async () => {
    const placed = await enroll(far, { payment_plan: "deposit", save_card: true, guest_email: "dana.deposit@example.com" }, 2);
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ total: 500, pay_today: 60 });
    const { reference } = placed.json();
    const pending = await orderRow(reference);
    expect(pending).toMatchObject({ paymentPlan: "deposit", depositPence: 6000, balanceDueOn: inDays(42) });
    expect(pending.paymentTerms).toMatchObject({ deposit_value: 3000, balance_due_days: 28 });
    expect(pending.cardSavedAt).not.toBeNull();

    expect((await payLocal(reference)).statusCode).toBe(303);
    const paid = await orderRow(reference);
    expect(paid).toMatchObject({ status: "paid", amountPaidPence: 6000 });
    const deposit = await ctx.db.select().from(orderCharges).where(eq(orderCharges.orderId, paid.id));
    expect(deposit.map((c) => [c.kind, c.amountPence])).toEqual([["deposit", 6000]]);

    const token = (await tokenOf(paid.id))!;
    expect(token.length).toBeGreaterThanOrEqual(32);
    // The confirmation carries the balance link, the amount due and its due date.
    const [confirmation] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, "dana.deposit@example.com"), eq(mailOutbox.kind, "booking_confirmation")));
    expect(confirmation?.text).toContain(`/pay/${token}`);
    expect(confirmation?.text).toContain("Still to pay: £440.00, due by");
    expect(confirmation?.html).toContain(`/pay/${token}`);
    // The success page after the deposit links the balance page too.
    const status = (await ctx.app.inject({ method: "GET", url: `/api/orders/${reference}/status` })).json();
    expect(status).toMatchObject({ amount_paid: 60, amount_due: 440, balance_due_on: inDays(42) });
    expect(status.balance_link).toMatch(new RegExp(`/pay/${token}$`));
    const view = await ctx.app.inject({ method: "GET", url: `/api/balance/${token}` });
    expect(view.json()).toMatchObject({ total: 500, amount_paid: 60, amount_due: 440, due_on: inDays(42), paid_in_full: false });
    expect((await ctx.app.inject({ method: "GET", url: "/api/balance/not-a-real-token-at-all" })).statusCode).toBe(404);

    const open = await ctx.app.inject({ method: "POST", url: `/api/balance/${token}/checkout` });
    expect(open.statusCode).toBe(201);
    expect(open.json().amount).toBe(440);
    const page = await ctx.app.inject({ method: "GET", url: new URL(open.json().payment_link).pathname });
    expect(page.body).toContain("£440.00");

    // Two presses at once: exactly one is taken.
    const [a, b] = await Promise.all([
      ctx.app.inject({ method: "POST", url: `/api/balance/${token}/local/pay` }),
      // The local page's HTML form posts an (empty) form body.
      ctx.app.inject({
        method: "POST",
        url: `/api/balance/${token}/local/pay`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "",
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([303, 409]);
    const full = await orderRow(reference);
    expect(full.amountPaidPence).toBe(50000);
    const charges = await ctx.db.select().from(orderCharges).where(eq(orderCharges.orderId, full.id));
    expect(charges.map((c) => [c.kind, c.amountPence]).sort()).toEqual([
      ["balance", 44000],
      ["deposit", 6000],
    ]);
    expect((await ctx.app.inject({ method: "GET", url: `/api/balance/${token}` })).json()).toMatchObject({
      amount_due: 0,
      paid_in_full: true,
    });
    expect((await ctx.app.inject({ method: "POST", url: `/api/balance/${token}/checkout` })).statusCode).toBe(409);
    // A form body anywhere else is still refused.
    const form = await ctx.app.inject({
      method: "POST",
      url: `/api/balance/${token}/checkout`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(form.statusCode).toBe(415);
    const settled = (await ctx.app.inject({ method: "GET", url: `/api/orders/${reference}/status` })).json();
    expect(settled.balance_link).toBeUndefined();
    expect(settled.amount_due).toBeUndefined();
  });

  it("schedules our own instalments at placement, and keeps the terms it was placed under", async () => {
    const placed = await enroll(far, { payment_plan: "instalments", guest_email: "ivy.instalments@example.com" });
    expect(placed.json().pay_today).toBe(30);
    const row = await orderRow(placed.json().reference);
    const rows = await ctx.db.select().from(orderInstalments).where(eq(orderInstalments.orderId, row.id));
    // 42 days to the due day: two charges (three need 43 or more).
    expect(rows).toHaveLength(2);
    expect(rows.reduce((n, r) => n + r.amountPence, 0)).toBe(22000);
    expect(rows.every((r) => r.dueOn < row.balanceDueOn! && r.status === "scheduled")).toBe(true);
    expect(row.cardSavedAt).not.toBeNull();

    await put("/api/payment-options", { ...OPTIONS, deposit_value: 50 });
    expect((await orderRow(placed.json().reference)).paymentTerms).toMatchObject({ deposit_value: 3000 });
    const later = await enroll(far, { payment_plan: "deposit", guest_email: "lee.later@example.com" });
    expect(later.json().pay_today).toBe(50);
  });
});
