import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { courseDates, orderCharges, orders } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { parseEnv } from "../src/env";
import { loginAdmin, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";
import { PRODUCTION_ENV } from "./production-env";

describe("book, pay on the local page, see it everywhere (embedded default)", () => {
  let ctx: TestContext;
  let admin: Session;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "api-mail-"));
    ctx = await setupApp({ env: { MAIL_DIR: dir } });
    admin = await loginAdmin(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("pending → paid: enrolments, places left, confirmation file and activity log agree", async () => {
    const course = (await ctx.app.inject({ method: "GET", url: "/api/courses/slug/cctv-operator-course" })).json();
    const date = course.courseDates[0];
    const placesBefore = date.placesLeft;

    ctx.clock.advance(1);
    const placed = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: course.id, selectedDate: date.id }], {
        first_name: "Morgan",
        guest_email: "morgan.jones@example.com",
      }),
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    expect(order.payment_link).toBe(`http://localhost:3000/api/payments/local/${order.reference}`);

    // The page the customer sees: heading, lines, total, and the two buttons.
    const page = await ctx.app.inject({ method: "GET", url: `/api/payments/local/${order.reference}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["content-security-policy"]).toContain("form-action 'self' http://localhost:5173");
    expect(page.body).toContain("<h1>Pay for your booking</h1>");
    expect(page.body).toContain(course.title);
    expect(page.body).toContain(date.label);
    expect(page.body).toMatch(/<th scope="row">Total<\/th><td class="amount">£250\.00<\/td>/);
    expect(page.body).toMatch(/<button class="pay" type="submit">Pay<\/button>/);
    expect(page.body).toMatch(/<button class="cancel" type="submit">Cancel<\/button>/);
    expect(page.body).not.toMatch(/<script/);

    ctx.clock.advance(1);
    const pay = await ctx.app.inject({
      method: "POST",
      url: `/api/payments/local/${order.reference}/pay`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`http://localhost:5173/payment/success?order=${order.reference}`);

    const status = (await ctx.app.inject({ method: "GET", url: `/api/orders/${order.reference}/status` })).json();
    expect(status).toMatchObject({ status: "paid", total: 250, amount_paid: 250 });
    // The payment is one payment event (invoices and payouts refer to it).
    const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, order.reference));
    const charges = await ctx.db.select().from(orderCharges).where(eq(orderCharges.orderId, row!.id));
    expect(charges.map((c) => [c.kind, c.amountPence, c.method, c.provider])).toEqual([["full", 25_000, "card_online", "local"]]);
    const list = (await ctx.app.inject({ method: "GET", url: "/api/enrollments", headers: admin.headers })).json();
    expect(list.find((e: { reference: string }) => e.reference === order.reference)).toMatchObject({
      status: "paid",
      amount_paid: 250,
      paid_at: ctx.clock.now().toISOString(),
    });
    const after = (await ctx.app.inject({ method: "GET", url: "/api/courses/slug/cctv-operator-course" })).json();
    expect(after.courseDates.find((d: { id: number }) => d.id === date.id).placesLeft).toBe(placesBefore - 1);

    const page2 = await ctx.app.inject({ method: "GET", url: `/api/payments/local/${order.reference}` });
    expect(page2.body).toContain("This order has been paid. Thank you!");
    expect(page2.body).not.toContain(">Pay</button>");

    await ctx.app.workers.sendMail();
    const files = await readdir(dir);
    const mails = await Promise.all(files.map((f) => readFile(path.join(dir, f), "utf8")));
    expect(mails.some((m) => /^To: .*<morgan\.jones@example\.com>$/m.test(m) && m.includes("Booking confirmed"))).toBe(true);

    const logs = (await ctx.app.inject({ method: "GET", url: "/api/activity-logs?limit=5", headers: admin.headers })).json();
    const mine = logs.filter((l: { user: string }) => l.user === "Morgan Jones");
    expect(mine.map((l: { type: string }) => l.type)).toEqual(["payment", "enrollment"]);
    expect(mine[0]).toMatchObject({ action: "Payment received", amount: 250, items: 1 });
  });

  it("Cancel on the local page returns to the site's cart with the reference", async () => {
    const course = (await ctx.app.inject({ method: "GET", url: "/api/courses/slug/cctv-operator-course" })).json();
    const order = (
      await ctx.app.inject({
        method: "POST",
        url: "/api/enroll",
        payload: orderPayload([{ id: course.id, selectedDate: course.courseDates[0].id }]),
      })
    ).json();
    const cancel = await ctx.app.inject({ method: "POST", url: `/api/payments/local/${order.reference}/cancel` });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`http://localhost:5173/cart?cancelled=${order.reference}`);
    // Pressing Cancel again (back button) still lands on the cart.
    expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${order.reference}/cancel` })).statusCode).toBe(303);
    const page = await ctx.app.inject({ method: "GET", url: `/api/payments/local/${order.reference}` });
    expect(page.body).toContain("This order was cancelled");
  });

  it("admin cancel: pending → cancelled with the admin named in the log; paid orders answer 409", async () => {
    const course = (await ctx.app.inject({ method: "GET", url: "/api/courses/slug/cctv-operator-course" })).json();
    const order = (
      await ctx.app.inject({
        method: "POST",
        url: "/api/enroll",
        payload: orderPayload([{ id: course.id, selectedDate: course.courseDates[0].id }]),
      })
    ).json();
    const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, order.reference));
    const res = await ctx.app.inject({ method: "POST", url: `/api/enrollments/${row!.id}/cancel`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ reference: order.reference, status: "cancelled" });
    const logs = (await ctx.app.inject({ method: "GET", url: "/api/activity-logs?limit=1", headers: admin.headers })).json();
    expect(logs[0]).toMatchObject({ action: "Enrollment cancelled" });
    expect(logs[0].user).not.toBe("Casey Jones");
  });
});

describe("background workers", () => {
  it("expire unpaid orders through the job queue and stop when the app closes", async () => {
    const ctx = await setupApp({ env: { WORKERS_ENABLED: "true" }, workers: { pollingIntervalSeconds: 0.5 } });
    try {
      const id = await createCourse(ctx.db, { capacity: 3 }, ctx.clock.now());
      const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
      const order = (
        await ctx.app.inject({ method: "POST", url: "/api/enroll", payload: orderPayload([{ id, selectedDate: date!.id }]) })
      ).json();
      ctx.clock.advance(31 * 60_000);
      // The job queue (pg-boss) runs the expiry each minute; ask for a run now instead of waiting.
      await ctx.app.workers.queue!.send("order-expiry", {});
      const deadline = Date.now() + 10_000;
      let status = "pending";
      while (status === "pending" && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await ctx.db.select().from(orders).where(eq(orders.reference, order.reference)))[0]!.status;
      }
      expect(status).toBe("expired");
    } finally {
      // Closing waits for a run in progress; the pool is ended after it without errors.
      await ctx.close();
    }
  });

  it("production refuses the local provider and a Stripe setup without its secrets", () => {
    const { PAYMENT_PROVIDER: _p, STRIPE_SECRET_KEY: _k, STRIPE_WEBHOOK_SECRET: _w, ...base } = PRODUCTION_ENV;
    expect(() => parseEnv(base)).toThrow(/PAYMENT_PROVIDER/);
    expect(() => parseEnv({ ...base, PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_live_x" })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(
      parseEnv({ ...base, PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" })
        .PAYMENT_PROVIDER,
    ).toBe("stripe");
  });
});
