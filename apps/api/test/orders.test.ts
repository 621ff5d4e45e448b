import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAdmin, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";
import { createCourse } from "../src/db/seed/factories";
import { courseDates } from "../src/db/schema";
import { eq } from "drizzle-orm";
import { enroll } from "./ordering";

let ctx: TestContext;
let admin: Session;
let ds: { id: number; courseDates: { id: number; label: string; placesLeft: number }[]; addOns: { id: number; price: number }[] };
beforeAll(async () => {
  ctx = await setupApp();
  admin = await loginAdmin(ctx);
  ds = (await ctx.app.inject({ method: "GET", url: "/api/courses/slug/sia-door-supervisor-course" })).json();
});
afterAll(() => ctx.close());

describe("enroll", () => {
  it("prices from the database (fee + add-ons − discount) and answers a payment link", async () => {
    const efaw = ds.addOns[0]!;
    const res = await enroll(
      ctx.app,
      orderPayload([{ id: ds.id, selectedDate: ds.courseDates[2]!.id, selectedAddons: [efaw.id] }], {
        discount_code: "welcome10",
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // (£250 + £60) − 10% = £279
    expect(body.total).toBe(279);
    expect(body.payment_link).toMatch(new RegExp(`/api/payments/local/${body.reference}$`));
    expect(body.reference).toMatch(/^[\w-]{20,}$/);
    const status = (await ctx.app.inject({ method: "GET", url: `/api/orders/${body.reference}/status` })).json();
    expect(status).toMatchObject({
      reference: body.reference,
      booking_reference: body.booking_reference,
      status: "pending",
      total: 279,
      amount_paid: null,
      paid_at: null,
    });
    expect(body.booking_reference).toMatch(/^[ACDEFGHJKMNPQRTUVWXYZ234679]{4}-[ACDEFGHJKMNPQRTUVWXYZ234679]{4}$/);
  });

  it("accepts the date's text label instead of its id", async () => {
    const date = ds.courseDates[3]!;
    const res = await enroll(ctx.app, orderPayload([{ id: ds.id, selectedDate: date.label }]));
    expect(res.statusCode).toBe(201);
    expect(res.json().total).toBe(250);
  });

  it.each([
    [{ first_name: "" }, "First name is required"],
    [{ phone_number: "0151 496 012" }, "Please enter a valid phone number"],
    [{ guest_email: "" }, "Email address is required"],
    [{ town_city: " " }, "Town/City is required"],
    [{ courses: [] }, "Your cart is empty"],
  ])("refuses %j with '%s'", async (over, message) => {
    const res = await enroll(ctx.app, orderPayload([{ id: ds.id, selectedDate: ds.courseDates[0]!.id }], over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses unknown courses (404), unknown dates and add-ons (400), spent codes and full dates (409)", async () => {
    expect((await enroll(ctx.app, orderPayload([{ id: 999999, selectedDate: 1 }]))).statusCode).toBe(404);
    const badDate = await enroll(ctx.app, orderPayload([{ id: ds.id, selectedDate: "1st Jan 1999" }]));
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().issues[0].path).toBe("courses.0.selectedDate");
    expect(
      (await enroll(ctx.app, orderPayload([{ id: ds.id, selectedDate: ds.courseDates[0]!.id, selectedAddons: [999999] }])))
        .statusCode,
    ).toBe(400);
    const spent = await enroll(
      ctx.app,
      orderPayload([{ id: ds.id, selectedDate: ds.courseDates[0]!.id }], { discount_code: "FIRST50" }),
    );
    expect(spent.statusCode).toBe(409);
    expect(spent.json().message).toBe("This discount code has reached its usage limit");

    const courseId = await createCourse(ctx.db, { capacity: 1 }, ctx.clock.now());
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, courseId));
    expect((await enroll(ctx.app, orderPayload([{ id: courseId, selectedDate: date!.id }]))).statusCode).toBe(201);
    const full = await enroll(ctx.app, orderPayload([{ id: courseId, selectedDate: date!.id }]));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/fully booked/);
  });
});

describe("local payment page", () => {
  it("shows the order, Pay marks it paid (with a payment activity entry) and redirects to the site", async () => {
    const order = (
      await enroll(ctx.app, orderPayload([{ id: ds.id, selectedDate: ds.courseDates[1]!.id }], { first_name: "Payton" }))
    ).json();
    const page = await ctx.app.inject({ method: "GET", url: `/api/payments/local/${order.reference}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("SIA Door Supervisor Course");
    expect(page.body).toContain("£250.00");

    const pay = await ctx.app.inject({
      method: "POST",
      url: `/api/payments/local/${order.reference}/pay`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`http://localhost:5173/payment/success?order=${order.reference}`);
    const status = (await ctx.app.inject({ method: "GET", url: `/api/orders/${order.reference}/status` })).json();
    expect(status).toMatchObject({ status: "paid", amount_paid: 250 });
    // Paying twice changes nothing.
    expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${order.reference}/pay` })).statusCode).toBe(303);
    const logs = (await ctx.app.inject({ method: "GET", url: "/api/activity-logs?limit=1", headers: admin.headers })).json();
    expect(logs[0]).toMatchObject({ type: "payment", amount: 250, items: 1, user: "Payton Jones" });
  });

  it("Cancel cancels a pending order and frees its seat", async () => {
    const date = ds.courseDates[4]!;
    const before = (await ctx.app.inject({ method: "GET", url: `/api/courses/${ds.id}` })).json().courseDates[4].placesLeft;
    const order = (await enroll(ctx.app, orderPayload([{ id: ds.id, selectedDate: date.id }]))).json();
    const cancel = await ctx.app.inject({ method: "POST", url: `/api/payments/local/${order.reference}/cancel` });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`http://localhost:5173/cart?cancelled=${order.reference}`);
    expect((await ctx.app.inject({ method: "GET", url: `/api/orders/${order.reference}/status` })).json().status).toBe(
      "cancelled",
    );
    expect((await ctx.app.inject({ method: "GET", url: `/api/courses/${ds.id}` })).json().courseDates[4].placesLeft).toBe(before);
    expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${order.reference}/pay` })).statusCode).toBe(409);
  });

  it("answers 404 for unknown references", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/payments/local/nope" })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: "/api/orders/nope/status" })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "POST", url: "/api/payments/local/nope/pay" })).statusCode).toBe(404);
  });
});

describe("enrollments", () => {
  it("lists orders in the Enrollment shape with snapshots and statuses", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/enrollments", headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { status: string; courses: { pivot: { price_paid: number; original_price: number } }[] }[];
    expect(new Set(list.map((e) => e.status))).toEqual(new Set(["pending", "paid", "expired", "cancelled"]));
    const discounted = list.find((e) => (e as unknown as { discount_code: string | null }).discount_code === "WELCOME10")!;
    expect(discounted.courses[0]!.pivot.price_paid).toBeLessThan(discounted.courses[0]!.pivot.original_price);
  });

  it("admin cancel of a pending order answers the enrollment; 409 for a paid one, 404 unknown", async () => {
    const order = (await enroll(ctx.app, orderPayload([{ id: ds.id, selectedDate: ds.courseDates[5]!.id }]))).json();
    const list = (await ctx.app.inject({ method: "GET", url: "/api/enrollments", headers: admin.headers })).json();
    const mine = list.find((e: { reference: string }) => e.reference === order.reference);
    const res = await ctx.app.inject({ method: "POST", url: `/api/enrollments/${mine.id}/cancel`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("cancelled");
    const paid = list.find((e: { status: string }) => e.status === "paid");
    expect(
      (await ctx.app.inject({ method: "POST", url: `/api/enrollments/${paid.id}/cancel`, headers: admin.headers })).statusCode,
    ).toBe(409);
    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/enrollments/999999/cancel", headers: admin.headers })).statusCode,
    ).toBe(404);
  });
});
