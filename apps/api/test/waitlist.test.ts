// One file for the waiting list's API (over 300 lines): its rules share one app, two API
// instances on one database and one controlled clock, and the later cases build on the earlier.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { activityLog, courseDates, mailOutbox, orders, waitlistEntries } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { loginAdmin, MANY_CUSTOMERS_ENV, secondInstance, setupApp, type Session, type TestContext } from "./helpers";
import { inDays, orderPayload } from "./fixtures";
import { enroll, placesLeft } from "./ordering";

// Waiting lists (issue 15): joining, offers when places free up (cancel, hold expiry, capacity
// raised), offers running out and passing on, taking an offer through its token, offers racing
// public orders on two API instances, and the office's actions. The clock is the test's.
let ctx: TestContext;
let admin: Session;
/** The clock jumps hours ahead in these tests: sign in again past the idle limit. */
let adminAt = 0;
async function adminNow(): Promise<Session> {
  if (ctx.clock.now().getTime() - adminAt > 20 * 60_000) {
    admin = await loginAdmin(ctx);
    adminAt = ctx.clock.now().getTime();
  }
  return admin;
}
let other: Awaited<ReturnType<typeof secondInstance>>;

beforeAll(async () => {
  ctx = await setupApp({ env: MANY_CUSTOMERS_ENV });
  admin = await loginAdmin(ctx);
  adminAt = ctx.clock.now().getTime();
  other = await secondInstance(ctx, { env: MANY_CUSTOMERS_ENV, poolSize: 20 });
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

type Course = { id: number; dateId: number };
let n = 0;
async function courseWithCapacity(capacity: number): Promise<Course> {
  n++;
  const start = inDays(30 + n, ctx.clock.now());
  const id = await createCourse(
    ctx.db,
    { title: `Door Supervisor ${n}`, capacity, dates: [{ startDate: start, endDate: start }] },
    ctx.clock.now(),
  );
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  return { id, dateId: date!.id };
}

const inject_ = (app: FastifyInstance, opts: InjectOptions) => app.inject(opts);
// Joins are limited per client address: each join here comes from its own address.
let client = 0;
const join = (body: Record<string, unknown>, app = ctx.app, remoteAddress = `198.51.100.${(client++ % 250) + 1}`) =>
  inject_(app, { method: "POST", url: "/api/waiting-list", payload: body, remoteAddress });
const person = (c: Course, name: string, places = 1) => ({
  course_date_id: c.dateId,
  name,
  email: `${name.toLowerCase().replace(/\s+/g, ".")}@example.com`,
  phone: "07700 900123",
  places,
});
const entriesOf = (c: Course) =>
  ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.courseDateId, c.dateId)).orderBy(waitlistEntries.position);
const entryOf = async (c: Course, name: string) => (await entriesOf(c)).find((e) => e.name === name)!;
const offerMailsTo = (email: string) =>
  ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "waitlist_offer"), eq(mailOutbox.to, email)));
const tokenFromMail = (text: string) => decodeURIComponent(/\/waiting-list\/offer\/([^\s]+)/.exec(text)![1]!);
const cancel = (reference: string) => ctx.app.inject({ method: "POST", url: `/api/orders/${reference}/cancel` });
/** The counter the bookings check equals a recount of paid + pending seats + held offers. */
async function counterMatchesRecount(c: Course) {
  const { rows } = await ctx.pool.query(
    `select d.seats_held,
       coalesce((select sum(i.seats) from order_items i join orders o on o.id = i.order_id where i.course_date_id = d.id and o.status in ('pending','paid')), 0)
       + coalesce((select sum(offer_places) from waitlist_entries w where w.course_date_id = d.id and w.status = 'offered'), 0) as recount
     from course_dates d where d.id = $1`,
    [c.dateId],
  );
  expect(Number(rows[0].seats_held)).toBe(Number(rows[0].recount));
}

describe("joining the waiting list", () => {
  it("refuses missing and wrong fields with the form's messages", async () => {
    const c = await courseWithCapacity(1);
    const empty = await join({ course_date_id: c.dateId });
    expect(empty.statusCode).toBe(400);
    const messages = (empty.json().issues as { path: string; message: string }[]).map((i) => `${i.path}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        "name: Name is required",
        "email: Email address is required",
        "phone: Phone number is required",
        "places: Places wanted is required",
      ]),
    );
    const wrong = await join({ course_date_id: c.dateId, name: "  ", email: "not-an-email", phone: "12", places: 0 });
    expect(wrong.statusCode).toBe(400);
    const wrongMessages = (wrong.json().issues as { path: string; message: string }[]).map((i) => i.message);
    expect(wrongMessages).toEqual(
      expect.arrayContaining([
        "Name is required",
        "Please enter a valid email address",
        "Please enter a valid phone number",
        "Places wanted must be at least 1",
      ]),
    );
    expect((await join({ ...person(c, "Too Many"), places: 11 })).json().issues[0].message).toBe(
      "Places wanted must be at most 10",
    );
    expect((await join({ ...person(c, "Nobody"), course_date_id: 999999 })).statusCode).toBe(404);
  });

  it("is limited per client address", async () => {
    const c = await courseWithCapacity(1);
    expect((await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId }]))).statusCode).toBe(201);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await join(person(c, `Flood ${i}`), ctx.app, "203.0.113.77")).statusCode);
    expect(codes.slice(0, 10).every((code) => code === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it("answers a date that still has places with 409: it can simply be booked", async () => {
    const c = await courseWithCapacity(2);
    const res = await join(person(c, "Early Bird"));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This date still has places: you can book it now.");
    expect(await entriesOf(c)).toHaveLength(0);
  });

  it("joins a fully booked date once per e-mail: a second join updates the details and keeps the place in line", async () => {
    const c = await courseWithCapacity(1);
    expect((await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId }]))).statusCode).toBe(201);
    const first = await join(person(c, "Alex Reed", 2));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      message: "You are on the waiting list. We will e-mail you as soon as a place frees up.",
      already: false,
      position: 1,
    });
    const sam = await join(person(c, "Sam Lee"));
    expect(sam.statusCode).toBe(201);
    expect(sam.json().position).toBe(2);
    const again = await join({ ...person(c, "Alex Reed", 1), email: "ALEX.REED@example.com", phone: "07700 900999" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ already: true, position: 1 });
    // Each join is confirmed once by mail with the place in the queue; the update sends none.
    const joined = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "waitlist_joined"));
    expect(
      joined.filter((m) => m.to === "alex.reed@example.com").map((m) => m.text.includes("You are number 1 in the queue")),
    ).toEqual([true]);
    expect(joined.find((m) => m.to === "sam.lee@example.com")?.text).toContain("You are number 2 in the queue");
    expect(again.json().message).toMatch(/already on the waiting list/);
    const entries = await entriesOf(c);
    expect(entries.map((e) => [e.name, e.places, e.phone])).toEqual([
      ["Alex Reed", 1, "07700 900999"],
      ["Sam Lee", 1, "07700 900123"],
    ]);
    // Two joins at once with the same e-mail make one entry (unique index), both answered.
    const [a, b] = await Promise.all([join(person(c, "Kim Tao")), join(person(c, "Kim Tao"), other.app)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect((await entriesOf(c)).filter((e) => e.name === "Kim Tao")).toHaveLength(1);
    expect(await ctx.db.select().from(activityLog).where(eq(activityLog.action, "Joined the waiting list"))).not.toHaveLength(0);
  });
});

describe("offers when places free up", () => {
  it("a cancelled booking's place is offered to the first in line, held for 12 hours, never shown as free; the offer mail links to the checkout", async () => {
    const c = await courseWithCapacity(1);
    const order = (await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId }]))).json();
    await join(person(c, "Jo First"));
    await join(person(c, "Lee Second"));
    expect((await cancel(order.reference)).statusCode).toBe(200);

    const first = await entryOf(c, "Jo First");
    expect(first.status).toBe("offered");
    expect(first.offerExpiresAt!.getTime() - ctx.clock.now().getTime()).toBe(12 * 3_600_000);
    expect((await entryOf(c, "Lee Second")).status).toBe("waiting");
    // Held for Jo: not free to anyone else.
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
    const publicOrder = await enroll(
      ctx.app,
      orderPayload([{ id: c.id, selectedDate: c.dateId }], { guest_email: "someone.else@example.com" }),
    );
    expect(publicOrder.statusCode).toBe(409);
    await counterMatchesRecount(c);

    const [mail] = await offerMailsTo("jo.first@example.com");
    expect(mail).toBeDefined();
    expect(mail!.subject).toMatch(new RegExp(`^A place has come up: Door Supervisor \\d+, `));
    expect(mail!.text).toContain("Hello Jo First,");
    expect(mail!.text).toMatch(/We are holding it for you until \w+day \d+ \w+ \d{4} at \d\d:\d\d/);
    expect(mail!.text).toContain("After that it passes to the next person on the waiting list.");
    const token = tokenFromMail(mail!.text);
    expect(token).toBe(first.offerToken);
    expect(mail!.text).toContain(`http://localhost:5173/waiting-list/offer/${token}`);
    expect(mail!.html).toContain(`href="http://localhost:5173/waiting-list/offer/${token}"`);

    // The link's answer: the date for the cart and the details for the checkout.
    const offer = await ctx.app.inject({ method: "GET", url: `/api/waiting-list/offers/${token}` });
    expect(offer.statusCode).toBe(200);
    expect(offer.json()).toMatchObject({
      status: "offered",
      course_id: c.id,
      course_date_id: c.dateId,
      places: 1,
      name: "Jo First",
      email: "jo.first@example.com",
      phone: "07700 900123",
    });
    expect((await ctx.app.inject({ method: "GET", url: "/api/waiting-list/offers/nope" })).statusCode).toBe(404);
  });

  it("an offer not taken in time passes to the next person; the place is never free in between", async () => {
    const c = await courseWithCapacity(1);
    const order = (await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId }]))).json();
    expect((await join(person(c, "Ann Slow"))).statusCode).toBe(201);
    expect((await join(person(c, "Ben Next"))).statusCode).toBe(201);
    await cancel(order.reference);
    const token = (await entryOf(c, "Ann Slow")).offerToken!;

    ctx.clock.advance(12 * 3_600_000 - 60_000);
    expect(await ctx.app.waitlist.offerFreedPlaces([c.dateId])).toBe(0);
    expect((await entryOf(c, "Ann Slow")).status).toBe("offered");
    ctx.clock.advance(61_000);
    // Ran out but not yet passed on: still held (the next person comes first, not the public).
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
    expect(await ctx.app.waitlist.offerFreedPlaces([c.dateId])).toBe(1);
    expect((await entryOf(c, "Ann Slow")).status).toBe("expired");
    expect((await entryOf(c, "Ben Next")).status).toBe("offered");
    expect(await offerMailsTo("ben.next@example.com")).toHaveLength(1);
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
    await counterMatchesRecount(c);
    // Ann's link no longer books the place.
    expect((await ctx.app.inject({ method: "GET", url: `/api/waiting-list/offers/${token}` })).json().status).toBe("expired");
    const late = await enroll(
      ctx.app,
      orderPayload([{ id: c.id, selectedDate: c.dateId }], { waitlist_offer: token, guest_email: "ann.slow@example.com" }),
    );
    expect(late.statusCode).toBe(409);
    const entries = await ctx.db.select().from(activityLog).where(eq(activityLog.action, "Waiting-list offer expired"));
    expect(entries.some((e) => e.details.startsWith("Ann Slow's offer"))).toBe(true);
  });

  it("an order with the offer's token takes the held place; the link then reads as booked", async () => {
    const c = await courseWithCapacity(1);
    const order = (await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId }]))).json();
    await join(person(c, "Cat Taker"));
    await cancel(order.reference);
    const token = tokenFromMail((await offerMailsTo("cat.taker@example.com"))[0]!.text);
    const booked = await enroll(
      ctx.app,
      orderPayload([{ id: c.id, selectedDate: c.dateId }], {
        waitlist_offer: token,
        guest_email: "cat.taker@example.com",
        first_name: "Cat",
        last_name: "Taker",
      }),
    );
    expect(booked.statusCode).toBe(201);
    const entry = await entryOf(c, "Cat Taker");
    expect(entry.status).toBe("booked");
    const [placed] = await ctx.db.select().from(orders).where(eq(orders.reference, booked.json().reference));
    expect(entry.orderId).toBe(placed!.id);
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
    await counterMatchesRecount(c);
    expect((await ctx.app.inject({ method: "GET", url: `/api/waiting-list/offers/${token}` })).json().status).toBe("booked");
    // The token works once.
    expect(
      (
        await enroll(
          ctx.app,
          orderPayload([{ id: c.id, selectedDate: c.dateId }], { waitlist_offer: token, guest_email: "cat.again@example.com" }),
        )
      ).statusCode,
    ).toBe(409);
    // Paying it works as any order.
    const pay = await ctx.app.inject({ method: "POST", url: `/api/payments/local/${booked.json().reference}/pay` });
    expect(pay.statusCode).toBe(303);
    await counterMatchesRecount(c);
  });

  it("a group's offer books all its places in one order, priced per place with named attendees; fewer places pass the rest on", async () => {
    // Fee £100 and a £20 add-on, 3 places, all booked by one group.
    const start = inDays(60, ctx.clock.now());
    const id = await createCourse(
      ctx.db,
      {
        title: "Door Supervisor group",
        feePence: 10000,
        capacity: 3,
        dates: [{ startDate: start, endDate: start, capacity: 3 }],
        addOns: [{ name: "First aid", pricePence: 2000, description: "Emergency first aid at work" }],
      },
      ctx.clock.now(),
    );
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
    const c: Course = { id, dateId: date!.id };
    const addOnId = (await ctx.app.inject({ method: "GET", url: `/api/courses/${id}` })).json().addOns[0].id as number;
    const line = (quantity: number, extra: Record<string, unknown> = {}) => [
      { id: c.id, selectedDate: c.dateId, selectedAddons: [addOnId], quantity, ...extra },
    ];
    const groupOrder = (quantity: number, over: Record<string, unknown>) =>
      inject_(ctx.app, { method: "POST", url: "/api/enroll", payload: orderPayload(line(quantity), over) });
    const first = await groupOrder(3, {});
    expect(first.statusCode).toBe(201);
    await join(person(c, "Gia Team", 3));
    await join(person(c, "Hugo Solo", 1));
    await cancel(first.json().reference);
    expect((await entryOf(c, "Gia Team")).offerPlaces).toBe(3);
    expect((await entryOf(c, "Hugo Solo")).status).toBe("waiting");

    const token = (await entryOf(c, "Gia Team")).offerToken!;
    const link = (await ctx.app.inject({ method: "GET", url: `/api/waiting-list/offers/${token}` })).json();
    expect(link.places).toBe(3);
    const team = [
      { first_name: "Ali", last_name: "One" },
      { first_name: "Bex", last_name: "Two", email: "bex@employer.example" },
      { first_name: "Cy", last_name: "Three" },
    ];
    const booked = await groupOrder(link.places, {
      courses: line(link.places, { attendees: team }),
      waitlist_offer: token,
      guest_email: "gia.team@example.com",
      first_name: "Gia",
      last_name: "Team",
    });
    expect(booked.statusCode).toBe(201);
    // (£100 + £20) × 3 places.
    expect(booked.json().total).toBe(360);
    const [placed] = await ctx.db.select().from(orders).where(eq(orders.reference, booked.json().reference));
    expect(placed!.subtotalPence).toBe(36_000);
    const { rows: seats } = await ctx.pool.query(`select seats from order_items where order_id = $1`, [placed!.id]);
    expect(seats.map((r) => Number(r.seats))).toEqual([3]);
    const { rows: people } = await ctx.pool.query(
      `select first_name, last_name, email from order_attendees where order_id = $1 order by position`,
      [placed!.id],
    );
    expect(people.map((p) => [p.first_name, p.last_name, p.email])).toEqual([
      ["Ali", "One", null],
      ["Bex", "Two", "bex@employer.example"],
      ["Cy", "Three", null],
    ]);
    const entry = await entryOf(c, "Gia Team");
    expect(entry.status).toBe("booked");
    expect(entry.orderId).toBe(placed!.id);
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
    expect((await entryOf(c, "Hugo Solo")).status).toBe("waiting");
    await counterMatchesRecount(c);

    // Two more join; the group cancels: Hugo gets 1 place, Ivy 2, Jack waits. Ivy books only 1 of
    // hers: the other goes to Jack at once, not to the public.
    await join(person(c, "Ivy Pair", 2));
    await join(person(c, "Jack Last", 1));
    await cancel(booked.json().reference);
    expect((await entryOf(c, "Hugo Solo")).status).toBe("offered");
    const ivy = await entryOf(c, "Ivy Pair");
    expect([ivy.status, ivy.offerPlaces]).toEqual(["offered", 2]);
    expect((await entryOf(c, "Jack Last")).status).toBe("waiting");
    const one = await groupOrder(1, { waitlist_offer: ivy.offerToken, guest_email: "ivy.pair@example.com" });
    expect(one.statusCode).toBe(201);
    expect(one.json().total).toBe(120);
    expect((await entryOf(c, "Jack Last")).status).toBe("offered");
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
    await counterMatchesRecount(c);
  });

  it("a hold that runs out unpaid frees its place for the list (order expiry)", async () => {
    const c = await courseWithCapacity(1);
    expect((await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId }]))).statusCode).toBe(201);
    await join(person(c, "Dee Waiting"));
    ctx.clock.advance(31 * 60_000);
    await ctx.app.workers.expireOrders();
    expect((await entryOf(c, "Dee Waiting")).status).toBe("offered");
    expect(await offerMailsTo("dee.waiting@example.com")).toHaveLength(1);
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
    await counterMatchesRecount(c);
  });

  it("a raised capacity is offered to the first in line whose places fit", async () => {
    const c = await courseWithCapacity(1);
    expect((await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId }]))).statusCode).toBe(201);
    await join(person(c, "Eve Group", 3));
    await join(person(c, "Finn Single", 1));
    const setCapacity = async (capacity: number) => {
      const [d] = await ctx.db.select().from(courseDates).where(eq(courseDates.id, c.dateId));
      const res = await ctx.app.inject({
        method: "PUT",
        url: `/api/courses/${c.id}`,
        headers: (await adminNow()).headers,
        payload: { courseDates: [{ id: c.dateId, startDate: d!.startDate, endDate: d!.endDate, capacity }] },
      });
      expect(res.statusCode).toBe(200);
    };
    await setCapacity(2);
    // One place: Eve (3) does not fit, Finn (1) does.
    expect((await entryOf(c, "Eve Group")).status).toBe("waiting");
    expect((await entryOf(c, "Finn Single")).status).toBe("offered");
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
    await setCapacity(5);
    expect((await entryOf(c, "Eve Group")).status).toBe("offered");
    expect((await entryOf(c, "Eve Group")).offerPlaces).toBe(3);
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
    await counterMatchesRecount(c);
  });
});

describe("places freed on paths this module does not call (the periodic job finds them)", () => {
  it("a paid booking cancelled or transferred elsewhere (office actions, psql) is offered on the job's next run", async () => {
    const c = await courseWithCapacity(1);
    const target = await courseWithCapacity(5);
    const paid = (await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId }]))).json();
    expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${paid.reference}/pay` })).statusCode).toBe(303);
    const second = await courseWithCapacity(1);
    const paid2 = (await enroll(ctx.app, orderPayload([{ id: second.id, selectedDate: second.dateId }]))).json();
    expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${paid2.reference}/pay` })).statusCode).toBe(303);
    await join(person(c, "Moe Cancelled"));
    await join(person(second, "Nia Transferred"));
    expect(await ctx.app.waitlist.offerFreedPlaces()).toBe(0);

    // Cancelled by another module (a refund of issue 13), and moved to another date (a transfer).
    await ctx.db
      .update(orders)
      .set({ status: "cancelled", cancelledAt: ctx.clock.now() })
      .where(eq(orders.reference, paid.reference));
    const [o2] = await ctx.db.select().from(orders).where(eq(orders.reference, paid2.reference));
    await ctx.pool.query(`update order_items set course_date_id = $1, course_id = $2 where order_id = $3`, [
      target.dateId,
      target.id,
      o2!.id,
    ]);
    expect(await placesLeft(ctx.app, second.id, second.dateId, { clock: ctx.clock })).toBe(1);

    expect(await ctx.app.waitlist.offerFreedPlaces()).toBe(2);
    expect((await entryOf(c, "Moe Cancelled")).status).toBe("offered");
    expect((await entryOf(second, "Nia Transferred")).status).toBe("offered");
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
    expect(await placesLeft(ctx.app, second.id, second.dateId, { clock: ctx.clock })).toBe(0);
    await counterMatchesRecount(c);
    await counterMatchesRecount(second);
  });
});

describe("places freed by the office's booking actions (issue 13) are offered at once", () => {
  const pay = async (reference: string) =>
    expect((await ctx.app.inject({ method: "POST", url: `/api/payments/local/${reference}/pay` })).statusCode).toBe(303);
  const bookingIdOf = async (reference: string) =>
    (await ctx.db.select().from(orders).where(eq(orders.reference, reference)))[0]!.id;
  const office = async (url: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: "POST", url, payload, headers: (await adminNow()).headers });

  it("the office cancels and refunds a paid booking of a full date: the first in line gets the offer, no job run", async () => {
    const c = await courseWithCapacity(1);
    const paid = (
      await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId }], { guest_email: "office.cancels@example.com" }))
    ).json();
    await pay(paid.reference);
    expect((await join(person(c, "Ola Waiting"))).statusCode).toBe(201);
    expect((await entryOf(c, "Ola Waiting")).status).toBe("waiting");

    const res = await office(`/api/bookings/${await bookingIdOf(paid.reference)}/cancel`, {
      refund: "full",
      reason: "Cannot attend",
      idempotency_key: `wl-cancel-${c.dateId}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("refunded");
    const entry = await entryOf(c, "Ola Waiting");
    expect(entry.status).toBe("offered");
    expect(entry.offerPlaces).toBe(1);
    expect(await offerMailsTo("ola.waiting@example.com")).toHaveLength(1);
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
    await counterMatchesRecount(c);
  });

  it("the office moves a paid booking to another date: the date it left offers the place at once", async () => {
    n++;
    const first = inDays(30 + n, ctx.clock.now());
    const later = inDays(40 + n, ctx.clock.now());
    const id = await createCourse(
      ctx.db,
      {
        title: `Door Supervisor ${n}`,
        capacity: 1,
        dates: [
          { startDate: first, endDate: first },
          { startDate: later, endDate: later },
        ],
      },
      ctx.clock.now(),
    );
    const dates = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id)).orderBy(courseDates.startDate);
    const c: Course = { id, dateId: dates[0]!.id };
    const paid = (
      await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId }], { guest_email: "office.moves@example.com" }))
    ).json();
    await pay(paid.reference);
    expect((await join(person(c, "Pip Waiting"))).statusCode).toBe(201);

    const bookingId = await bookingIdOf(paid.reference);
    const detail = (
      await ctx.app.inject({ method: "GET", url: `/api/bookings/${bookingId}`, headers: (await adminNow()).headers })
    ).json();
    const res = await office(`/api/bookings/${bookingId}/transfer`, {
      item_id: detail.items[0].id,
      course_date_id: dates[1]!.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await entryOf(c, "Pip Waiting")).status).toBe("offered");
    expect(await offerMailsTo("pip.waiting@example.com")).toHaveLength(1);
    await counterMatchesRecount(c);
  });
});

describe("never oversold", () => {
  it("a freed place raced by public orders and the offer job on two API instances goes to exactly one", async () => {
    for (let round = 0; round < 3; round++) {
      const c = await courseWithCapacity(1);
      const held = (await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId }]))).json();
      await join(person(c, `Gil Racer${round}`));
      const apps = [ctx.app, other.app];
      const results = await Promise.all([
        cancel(held.reference),
        ...Array.from({ length: 6 }, (_, i) =>
          enroll(
            apps[i % 2]!,
            orderPayload([{ id: c.id, selectedDate: c.dateId }], { guest_email: `public${round}.${i}@example.com` }),
          ),
        ),
        other.app.waitlist.offerFreedPlaces(),
        ctx.app.waitlist.offerFreedPlaces(),
      ]);
      const publicWins = results
        .slice(1, 7)
        .filter((r) => typeof r === "object" && "statusCode" in r && r.statusCode === 201).length;
      const offered = (await entriesOf(c)).filter((e) => e.status === "offered").length;
      expect(publicWins + offered).toBe(1);
      expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
      await counterMatchesRecount(c);
      // Whatever happened, the person in line gets the next freed place.
      const { rows } = await ctx.pool.query(
        `select count(*)::int as n from orders o join order_items i on i.order_id = o.id where i.course_date_id = $1 and o.status in ('pending','paid')`,
        [c.dateId],
      );
      expect(rows[0].n + offered).toBe(1);
    }
  });

  it("an offer's token racing public orders for the held place: the token wins, nobody else gets it", async () => {
    const c = await courseWithCapacity(1);
    const held = (await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId }]))).json();
    await join(person(c, "Hal Holder"));
    await cancel(held.reference);
    const token = (await entryOf(c, "Hal Holder")).offerToken!;
    const [mine, twice, ...publics] = await Promise.all([
      enroll(
        other.app,
        orderPayload([{ id: c.id, selectedDate: c.dateId }], { waitlist_offer: token, guest_email: "hal.holder@example.com" }),
      ),
      // The same token twice at once (on the other instance): only one of the two gets the place,
      // whichever takes the offer first.
      enroll(
        ctx.app,
        orderPayload([{ id: c.id, selectedDate: c.dateId }], { waitlist_offer: token, guest_email: "hal.twice@example.com" }),
      ),
      ...Array.from({ length: 6 }, (_, i) =>
        enroll(
          i % 2 ? other.app : ctx.app,
          orderPayload([{ id: c.id, selectedDate: c.dateId }], { guest_email: `rival${i}@example.com` }),
        ),
      ),
    ]);
    expect([mine!.statusCode, twice!.statusCode].sort()).toEqual([201, 409]);
    expect(publics.map((r) => r.statusCode)).toEqual(Array(6).fill(409));
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
    await counterMatchesRecount(c);
  });
});

describe("the office's list", () => {
  it("lists each date's line, moves someone up, offers by hand only free places, removes (an offer passes on)", async () => {
    const c = await courseWithCapacity(1);
    const order = (await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId }]))).json();
    await join(person(c, "Ivy One"));
    await join(person(c, "Jay Two"));
    await join(person(c, "Kay Three"));
    const list = async () => {
      const res = await ctx.app.inject({
        method: "GET",
        url: `/api/admin/waiting-list?course_id=${c.id}`,
        headers: (await adminNow()).headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json()[0];
    };
    const before = await list();
    expect(before).toMatchObject({ course_date_id: c.dateId, capacity: 1, places_left: 0, places_offered: 0 });
    expect(before.entries.map((e: { name: string; line: number }) => [e.name, e.line])).toEqual([
      ["Ivy One", 1],
      ["Jay Two", 2],
      ["Kay Three", 3],
    ]);
    // The public cannot see it.
    expect((await ctx.app.inject({ method: "GET", url: "/api/admin/waiting-list" })).statusCode).toBe(401);

    const kay = (await entryOf(c, "Kay Three")).id;
    const moved = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/waiting-list/${kay}/move-up`,
      headers: (await adminNow()).headers,
    });
    expect(moved.statusCode).toBe(200);
    expect(
      moved
        .json()
        .entries.map((e: { name: string }) => e.name)
        .slice(0, 3),
    ).toEqual(["Ivy One", "Kay Three", "Jay Two"]);

    // By hand: no place is free, so nothing can be offered.
    const refused = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/waiting-list/${kay}/offer`,
      headers: (await adminNow()).headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Not enough free places: Kay Three wants 1 place and none is free/);

    // A place frees up: Ivy (first) gets it; the office removes Ivy: it passes to Kay (now second).
    await cancel(order.reference);
    expect((await entryOf(c, "Ivy One")).status).toBe("offered");
    const ivy = (await entryOf(c, "Ivy One")).id;
    const removed = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/waiting-list/${ivy}/remove`,
      headers: (await adminNow()).headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await entryOf(c, "Ivy One")).status).toBe("removed");
    expect((await entryOf(c, "Kay Three")).status).toBe("offered");
    expect(removed.json()).toMatchObject({ places_left: 0, places_offered: 1 });
    const kayRow = removed.json().entries.find((e: { name: string }) => e.name === "Kay Three");
    expect(kayRow).toMatchObject({
      status: "offered",
      line: 1,
      offer_link: `http://localhost:5173/waiting-list/offer/${(await entryOf(c, "Kay Three")).offerToken}`,
    });
    expect(removed.json().entries.find((e: { name: string }) => e.name === "Jay Two").offer_link).toBeNull();
    await counterMatchesRecount(c);

    // Capacity raised behind the job's back (psql): the office offers Jay the free place by hand.
    await ctx.db.update(courseDates).set({ capacity: 2 }).where(eq(courseDates.id, c.dateId));
    const jay = (await entryOf(c, "Jay Two")).id;
    const byHand = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/waiting-list/${jay}/offer`,
      headers: (await adminNow()).headers,
    });
    expect(byHand.statusCode).toBe(200);
    expect((await entryOf(c, "Jay Two")).offeredBy).toBe("Site Administrator");
    expect(await offerMailsTo("jay.two@example.com")).toHaveLength(1);
    expect(await placesLeft(ctx.app, c.id, c.dateId, { clock: ctx.clock })).toBe(0);
    await counterMatchesRecount(c);
    const log = await ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, "Waiting-list offer"), eq(activityLog.userName, "Site Administrator")));
    expect(log).toHaveLength(1);
    expect(
      (
        await ctx.app.inject({
          method: "POST",
          url: "/api/admin/waiting-list/999999/remove",
          headers: (await adminNow()).headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("deleting a date with an open offer keeps the counters right", async () => {
    const c = await courseWithCapacity(1);
    const order = (await enroll(ctx.app, orderPayload([{ id: c.id, selectedDate: c.dateId }]))).json();
    await join(person(c, "Lou Gone"));
    await cancel(order.reference);
    expect((await entryOf(c, "Lou Gone")).status).toBe("offered");
    await ctx.db.execute(sql`delete from course_dates where id = ${c.dateId}`);
    expect(await entriesOf(c)).toHaveLength(0);
  });
});
