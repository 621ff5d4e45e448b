import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MAX_PLACES_PER_ORDER } from "@app/contract";
import { courseDates, mailOutbox, orderAttendees, orders } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { inDays, orderPayload } from "./fixtures";
import { loginAdmin, MANY_CUSTOMERS_ENV, secondInstance, setupApp, type Session, type TestContext } from "./helpers";
import { enroll, placesLeft } from "./ordering";

let ctx: TestContext;
let admin: Session;
// A second API instance on the same database: the race runs across instances.
let other: Awaited<ReturnType<typeof secondInstance>>;

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  admin = await loginAdmin(ctx);
  other = await secondInstance(ctx, { env: MANY_CUSTOMERS_ENV, poolSize: 20 });
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

/** A course (fee £100, one £20 add-on) with one date of `capacity` places. */
async function groupCourse(capacity: number) {
  const start = inDays(45, ctx.clock.now());
  const id = await createCourse(
    ctx.db,
    {
      feePence: 10000,
      capacity,
      dates: [{ startDate: start, endDate: start, capacity }],
      addOns: [{ name: "First aid", pricePence: 2000, description: "Emergency first aid at work" }],
    },
    ctx.clock.now(),
  );
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  const detail = (await ctx.app.inject({ method: "GET", url: `/api/courses/${id}` })).json();
  return { id, dateId: date!.id, addOnId: detail.addOns[0].id as number };
}

/** The admin's view of a booking, found by the booking reference people read out. */
async function enrolment(placed: { reference: string; booking_reference: string }) {
  const list = await ctx.app.inject({
    method: "GET",
    url: `/api/enrollments?q=${encodeURIComponent(placed.booking_reference)}`,
    headers: admin.headers,
  });
  return list.json().find((e: { reference: string }) => e.reference === placed.reference);
}

const TEAM = [
  { first_name: "Alex", last_name: "Stone", email: "alex@employer.example" },
  { first_name: "Bea", last_name: "Hart" },
  { first_name: "Cal", last_name: "Moss", email: "" },
];

describe("group and employer bookings", () => {
  it("books several named places on one date: priced per place (fee + add-ons, then the discount), holding that many seats", async () => {
    const c = await groupCourse(8);
    const res = await enroll(
      ctx.app,
      orderPayload([{ id: c.id, selectedDate: c.dateId, selectedAddons: [c.addOnId], quantity: 3, attendees: TEAM }], {
        discount_code: "WELCOME10",
        company_name: "Acme Security Ltd",
        purchase_order: "PO-7731",
        marketing_opt_in: true,
      }),
      { clock: ctx.clock },
    );
    expect(res.statusCode).toBe(201);
    const placedAt = ctx.clock.now().toISOString();
    // (£100 + £20) × 3 = £360, − 10% = £324.
    expect(res.json().total).toBe(324);
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(5);

    const e = await enrolment(res.json());
    expect(e).toMatchObject({
      company_name: "Acme Security Ltd",
      purchase_order: "PO-7731",
      subtotal: 360,
      total: 324,
      discount: 36,
    });
    expect(e.marketing_consent_at).toBe(placedAt);
    expect(e.courses).toHaveLength(1);
    expect(e.courses[0]).toMatchObject({ seats: 3, pivot: { original_price: 360, price_paid: 324 } });
    expect(
      e.courses[0].attendees.map((a: { first_name: string; last_name: string; email: string | null }) => [
        a.first_name,
        a.last_name,
        a.email,
      ]),
    ).toEqual([
      ["Alex", "Stone", "alex@employer.example"],
      ["Bea", "Hart", null],
      ["Cal", "Moss", null],
    ]);

    const status = (await ctx.app.inject({ method: "GET", url: `/api/orders/${res.json().reference}/status` })).json();
    expect(status.courses[0].seats).toBe(3);

    // Paying keeps the three seats; the paid booking still reads the same.
    ctx.clock.advance(1);
    expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${res.json().reference}/pay` })).statusCode).toBe(
      303,
    );
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(5);
    // The confirmation and the office's notice name every attendee and the places.
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, "casey.jones@example.com"));
    const confirmation = mails.filter((m) => m.kind === "booking_confirmation").at(-1)!;
    expect(confirmation.text).toContain("Attendees: Alex Stone, Bea Hart, Cal Moss");
    expect(confirmation.text).toContain("Price: £360.00 for 3 places");
    expect(confirmation.html).toContain("Attendees: Alex Stone, Bea Hart, Cal Moss");
  });

  it("gives every place to the buyer when no attendees are named, and a cancel frees them all at once", async () => {
    const c = await groupCourse(4);
    const res = await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId, quantity: 2 }]), { clock: ctx.clock });
    expect(res.statusCode).toBe(201);
    expect(res.json().total).toBe(200);
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(2);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.reference, res.json().reference));
    const people = await ctx.db
      .select()
      .from(orderAttendees)
      .where(eq(orderAttendees.orderId, order!.id))
      .orderBy(orderAttendees.position);
    expect(people.map((p) => [p.position, p.firstName, p.lastName, p.email])).toEqual([
      [1, "Casey", "Jones", "casey.jones@example.com"],
      [2, "Casey", "Jones", "casey.jones@example.com"],
    ]);
    expect(order!.purchaseOrder).toBeNull();
    expect(order!.marketingConsentAt).toBeNull();

    ctx.clock.advance(1);
    expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${res.json().reference}/cancel` })).statusCode).toBe(
      303,
    );
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(4);
  });

  it("refuses names that do not match the places with a clear 400", async () => {
    const c = await groupCourse(8);
    const res = await enroll(
      ctx.app,
      orderPayload([{ id: c.id, selectedDate: c.dateId, quantity: 3, attendees: TEAM.slice(0, 2) }]),
      { clock: ctx.clock },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please name all 3 attendees: one name for each place booked");
    expect(res.json().issues).toContainEqual({
      path: "courses.0.attendees",
      message: "Please name all 3 attendees: one name for each place booked",
    });
    // Names without a quantity are one place.
    const one = await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId, attendees: TEAM.slice(0, 2) }]), {
      clock: ctx.clock,
    });
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe("Please name the attendee: one name for each place booked");
    const nameless = await enroll(
      ctx.app,
      orderPayload([{ id: c.id, selectedDate: c.dateId, quantity: 1, attendees: [{ first_name: "", last_name: "X" }] }]),
      { clock: ctx.clock },
    );
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe("Attendee first name is required");
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(8);
  });

  it(`allows 1 to ${MAX_PLACES_PER_ORDER} places per order and refuses a group larger than the places left with the fully-booked 409`, async () => {
    const c = await groupCourse(12);
    expect(
      (await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId, quantity: 0 }]), { clock: ctx.clock })).json()
        .message,
    ).toBe("Choose at least 1 place");
    const eleven = await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId, quantity: 11 }]), {
      clock: ctx.clock,
    });
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().message).toBe(`At most ${MAX_PLACES_PER_ORDER} places per order`);

    expect(
      (await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId, quantity: 9 }]), { clock: ctx.clock })).statusCode,
    ).toBe(201);
    const tooMany = await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId, quantity: 4 }]), {
      clock: ctx.clock,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(/^Sorry, Test Course \d+ on .+ is fully booked\. Please choose another date\.$/);
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(3);
    expect(
      (await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId, quantity: 3 }]), { clock: ctx.clock })).statusCode,
    ).toBe(201);
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
  });

  it("a group booking for more places than left, racing single orders on two instances, is never oversold", async () => {
    const c = await groupCourse(10);
    // Six taken first: four places are left.
    expect(
      (await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId, quantity: 6 }]), { clock: ctx.clock })).statusCode,
    ).toBe(201);
    ctx.clock.advance(1);
    const groups = [5, 3, 2].map((quantity, n) => ({ quantity, n }));
    const results = await Promise.all([
      ...groups.map((g) =>
        enroll(
          g.n % 2 ? other.app : ctx.app,
          orderPayload([{ id: c.id, selectedDate: c.dateId, quantity: g.quantity }], { first_name: `Group${g.quantity}` }),
        ),
      ),
      ...Array.from({ length: 12 }, (_, i) =>
        enroll(i % 2 ? other.app : ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId }], { first_name: `Single${i}` })),
      ),
    ]);
    ctx.clock.advance(1);
    const wanted = [5, 3, 2, ...Array.from({ length: 12 }, () => 1)];
    const won = results.reduce((sum, r, i) => (r.statusCode === 201 ? sum + wanted[i]! : sum), 0);
    for (const r of results) expect([201, 409]).toContain(r.statusCode);
    // The group of five can never fit in four places.
    expect(results[0]!.statusCode).toBe(409);
    expect(won).toBeLessThanOrEqual(4);
    const { rows } = await ctx.pool.query(
      `select coalesce(sum(oi.seats), 0)::int as n, (select seats_held from course_dates where id = $1) as counter,
         (select count(*)::int from order_attendees oa join order_items oi2 on oi2.id = oa.order_item_id
           join orders o2 on o2.id = oi2.order_id where oi2.course_date_id = $1 and o2.status = 'pending') as people
       from order_items oi join orders o on o.id = oi.order_id where oi.course_date_id = $1 and o.status = 'pending'`,
      [c.dateId],
    );
    expect(rows[0].n).toBe(6 + won);
    expect(rows[0].n).toBeLessThanOrEqual(10);
    expect(rows[0].counter).toBe(rows[0].n);
    expect(rows[0].people).toBe(rows[0].n);
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(4 - won);
  });
});
