/**
 * The office's bookings over HTTP on real Postgres (issue 13): list and detail, cancel and refund,
 * refund, transfer, resend, notes, manual booking, receipts and the CSV, with the races that
 * matter (transfer vs a public order for the last place, two refunds at once, retries). One file
 * on purpose: the actions share one app, one course and one office session, and each test reads
 * the booking page the others write to.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { formatBookingRef, TOTAL_COUNT_HEADER } from "@app/contract";
import { activityLog, courseAddOns, courseDates, mailOutbox, orderCharges, orders, refunds } from "../src/db/schema";
import { createCourse, createDiscount } from "../src/db/seed/factories";
import { upsertUser } from "../src/modules/auth/service";
import { addDays, ukDate } from "../src/lib/dates";
import { login, MANY_CUSTOMERS_ENV, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";
import { expectArchivalTaggedPdf } from "./pdf-check";

let ctx: TestContext;
let office: Session;
let trainer: Session;
const OFFICE_NAME = "Olivia Office";
let course: { id: number; dates: number[]; addOnId: number };

const inDays = (n: number) => addDays(ukDate(ctx.clock.now()), n);

beforeAll(async () => {
  ctx = await setupApp({ env: { ...MANY_CUSTOMERS_ENV, PUBLIC_API_URL: "https://api.example.com" } });
  await upsertUser(ctx.db, {
    email: "olivia@example.com",
    name: OFFICE_NAME,
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "office",
  });
  await upsertUser(ctx.db, {
    email: "trent@example.com",
    name: "Trent Trainer",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "trainer",
  });
  office = await login(ctx.app, "olivia@example.com", "Str0ng!Passw0rd-test");
  trainer = await login(ctx.app, "trent@example.com", "Str0ng!Passw0rd-test");
  const id = await createCourse(
    ctx.db,
    {
      title: "Door Supervisor Zeta",
      feePence: 25000,
      capacity: 10,
      dates: [
        { startDate: inDays(20), endDate: inDays(25) },
        { startDate: inDays(40), endDate: inDays(45) },
        { startDate: inDays(60), endDate: inDays(60) },
      ],
      addOns: [{ name: "First aid top-up", pricePence: 6000, description: "" }],
    },
    ctx.clock.now(),
  );
  const dates = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id)).orderBy(courseDates.startDate);
  const [addOn] = await ctx.db.select().from(courseAddOns).where(eq(courseAddOns.courseId, id));
  course = { id, dates: dates.map((d) => d.id), addOnId: addOn!.id };
});
afterAll(async () => ctx.close());

const api = (method: "GET" | "POST", url: string, payload?: object, session: Session | null = office) =>
  ctx.app.inject({ method, url, ...(payload ? { payload } : {}), headers: session ? session.headers : {} });

let keyN = 0;
const key = () => `key-${Date.now()}-${++keyN}`;

/** A public order on the site, paid on the local page: answers the booking's id. */
async function paidOrder(
  over: Record<string, unknown> = {},
  dateId = course.dates[0]!,
  addOns = [course.addOnId],
  courseId = course.id,
) {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/enroll",
    payload: orderPayload([{ id: courseId, selectedDate: dateId, selectedAddons: addOns }], over),
  });
  expect(res.statusCode, res.body).toBe(201);
  const { reference } = res.json();
  const pay = await ctx.app.inject({
    method: "POST",
    url: `/api/payments/local/${reference}/pay`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "",
  });
  expect(pay.statusCode).toBe(303);
  const [row] = await ctx.db.select().from(orders).where(eq(orders.reference, reference));
  return row!;
}

const seatsHeld = async (dateId: number) =>
  (await ctx.db.select().from(courseDates).where(eq(courseDates.id, dateId)))[0]!.seatsHeld;
const detail = async (id: number) => (await api("GET", `/api/bookings/${id}`)).json();

describe("access", () => {
  it("needs a session (401) and the office role (trainer 403) on every bookings route", async () => {
    const order = await paidOrder();
    for (const [method, url, body] of [
      ["GET", "/api/bookings"],
      ["GET", `/api/bookings/${order.id}`],
      ["GET", `/api/bookings/${order.id}/receipt.pdf`],
      ["POST", `/api/bookings/${order.id}/refund`, { amount: 1, idempotency_key: key() }],
      ["POST", `/api/bookings/${order.id}/notes`, { text: "hello" }],
    ] as const) {
      expect((await api(method, url, body, null)).statusCode, url).toBe(401);
      const asTrainer = await api(method, url, body, trainer);
      expect(asTrainer.statusCode, url).toBe(403);
    }
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0);
    // The export is a trainer's too, limited to their own dates (decision 333): none assigned, header only.
    expect((await api("GET", "/api/bookings/export.csv", undefined, null)).statusCode).toBe(401);
    const csv = await api("GET", "/api/bookings/export.csv", undefined, trainer);
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n"),
    ).toHaveLength(1);
  });
});

describe("list and detail", () => {
  it("opens on confirmed bookings; filters, searches (reference, attendee name, e-mail, phone, course, code), sorts and pages on the server", async () => {
    const code = await createDiscount(ctx.db, { code: "LISTTEN", percentOff: 10, maxUses: 50 }, ctx.clock.now());
    const a = await paidOrder({
      first_name: "Quincy",
      last_name: "Listable",
      guest_email: "quincy.list@example.com",
      phone_number: "07700 911222",
      discount_code: code.code,
    });
    const pending = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: course.id, selectedDate: course.dates[1]! }], { first_name: "Penny", last_name: "Pending" }),
    });
    expect(pending.statusCode).toBe(201);

    const confirmed = await api("GET", "/api/bookings?limit=200");
    expect(confirmed.statusCode).toBe(200);
    const rows = confirmed.json() as { id: number; status: string }[];
    expect(rows.every((r) => r.status === "confirmed")).toBe(true);
    expect(rows.some((r) => r.id === a.id)).toBe(true);
    expect(Number(confirmed.headers[TOTAL_COUNT_HEADER])).toBe(rows.length);

    const pend = (await api("GET", "/api/bookings?status=pending")).json();
    expect(pend.map((r: { customer_name: string }) => r.customer_name)).toContain("Penny Pending");
    const all = await api("GET", "/api/bookings?status=all&limit=1&page=2");
    expect(all.json()).toHaveLength(1);
    expect(Number(all.headers[TOTAL_COUNT_HEADER])).toBeGreaterThanOrEqual(rows.length + 1);

    const ref = formatBookingRef(a.bookingRef);
    for (const q of [
      ref,
      ref.replace("-", "").toLowerCase(),
      "quincy listable",
      "QUINCY.LIST@",
      "07700911222",
      "0770 091 1222",
      "listten",
    ]) {
      const found = (await api("GET", `/api/bookings?status=all&q=${encodeURIComponent(q)}`)).json();
      expect(
        found.map((r: { id: number }) => r.id),
        q,
      ).toContain(a.id);
    }
    const byCourse = (await api("GET", `/api/bookings?q=${encodeURIComponent("supervisor zeta")}`)).json();
    expect(byCourse.length).toBeGreaterThan(0);
    // A search's total is the same on every page, past its last page too (counted with the page).
    const matches = (await api("GET", `/api/bookings?status=all&q=zeta&limit=200`)).json().length;
    expect(matches).toBeGreaterThan(1);
    for (const page of [1, 2, matches + 1]) {
      const res = await api("GET", `/api/bookings?status=all&q=zeta&limit=1&page=${page}`);
      expect(Number(res.headers[TOTAL_COUNT_HEADER]), `page ${page}`).toBe(matches);
      expect(res.json()).toHaveLength(page > matches ? 0 : 1);
    }
    expect((await api("GET", "/api/bookings?q=nobody-at-all-matches")).json()).toEqual([]);

    const row = (await api("GET", `/api/bookings?q=${ref}`)).json()[0];
    expect(row).toMatchObject({
      id: a.id,
      booking_reference: ref,
      learners: ["Quincy Listable"],
      courses: ["Door Supervisor Zeta"],
      first_date: inDays(20),
      amount: 279,
      amount_paid: 279,
      refunded: 0,
      refund_state: "none",
      status: "confirmed",
      payment_method: "card_online",
      discount_code: "LISTTEN",
    });

    const asc = (await api("GET", "/api/bookings?status=all&sort=amount&dir=asc&limit=200"))
      .json()
      .map((r: { amount: number }) => r.amount);
    expect(asc).toEqual([...asc].sort((x: number, y: number) => x - y));
    const byRef = (await api("GET", "/api/bookings?status=all&sort=reference&dir=desc&limit=200"))
      .json()
      .map((r: { booking_reference: string }) => r.booking_reference);
    expect(byRef).toEqual([...byRef].sort().reverse());
    const learners = (await api("GET", "/api/bookings?status=all&sort=learner&dir=asc&limit=200"))
      .json()
      .map((r: { learners: string[] }) => r.learners[0]!.toLowerCase());
    expect(learners).toEqual([...learners].sort());
    const dates = (await api("GET", "/api/bookings?status=all&sort=date&dir=desc&limit=200"))
      .json()
      .map((r: { first_date: string }) => r.first_date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const sort of ["course", "booked_on", "status"]) {
      expect((await api("GET", `/api/bookings?status=all&sort=${sort}&dir=asc`)).statusCode).toBe(200);
    }
    expect((await api("GET", "/api/bookings?status=nonsense")).statusCode).toBe(400);
  });

  it("a booking's page has attendees, items and add-ons, amounts, discount, payment, mails sent and its history", async () => {
    const a = await paidOrder({ first_name: "Dora", last_name: "Detail" });
    const d = await detail(a.id);
    expect(d).toMatchObject({
      booking_reference: formatBookingRef(a.bookingRef),
      status: "confirmed",
      subtotal: 310,
      total: 310,
      discount: null,
      items: [
        {
          title: "Door Supervisor Zeta",
          seats: 1,
          add_ons: [{ name: "First aid top-up", price: 60 }],
          attendees: [{ first_name: "Dora", last_name: "Detail" }],
        },
      ],
      payment: { provider: "local", method: "card_online", amount_paid: 310, refundable: 310, refunds: [] },
      receipt_path: `/api/bookings/${a.id}/receipt.pdf`,
      public_receipt_url: `https://api.example.com/api/orders/${a.reference}/receipt.pdf`,
    });
    expect(d.mails.map((m: { kind: string }) => m.kind).sort()).toEqual(["booking_confirmation", "new_booking"]);
    expect(d.history.map((h: { action: string }) => h.action)).toEqual(["New enrollment", "Payment received"]);
    // The confirmation links the receipt.
    const [confirmation] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(
        sql`${mailOutbox.kind} = 'booking_confirmation' and ${mailOutbox.text} like ${`%${formatBookingRef(a.bookingRef)}%`}`,
      );
    expect(confirmation!.text).toContain(`Your receipt (PDF): https://api.example.com/api/orders/${a.reference}/receipt.pdf`);
    expect((await api("GET", "/api/bookings/999999")).statusCode).toBe(404);
  });
});

describe("cancel and refund", () => {
  it("cancels with a full refund: refund id stored, places freed at once, customer mailed, logged with the administrator; a retry changes nothing", async () => {
    const a = await paidOrder({ first_name: "Carla", last_name: "Cancel" });
    const before = await seatsHeld(course.dates[0]!);
    const k = key();
    const res = await api("POST", `/api/bookings/${a.id}/cancel`, {
      refund: "full",
      reason: "Cannot attend",
      idempotency_key: k,
    });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({ status: "refunded", refund_state: "refunded", refunded: 310, payment: { refundable: 0 } });
    expect(d.payment.refunds).toHaveLength(1);
    expect(d.payment.refunds[0]).toMatchObject({ amount: 310, admin_name: OFFICE_NAME, reason: "Cannot attend" });
    expect(d.payment.refunds[0].provider_refund_id).toMatch(/^local_re_/);
    expect(await seatsHeld(course.dates[0]!)).toBe(before - 1);
    expect(d.mails.map((m: { kind: string }) => m.kind)).toContain("booking_cancelled");
    const last = d.history.at(-1);
    expect(last).toMatchObject({ action: "Booking cancelled and refunded", user_name: OFFICE_NAME });

    const again = await api("POST", `/api/bookings/${a.id}/cancel`, { refund: "full", idempotency_key: k });
    expect(again.statusCode).toBe(200);
    expect(again.json().payment.refunds).toHaveLength(1);
    expect(again.json().mails.filter((m: { kind: string }) => m.kind === "booking_cancelled")).toHaveLength(1);
    // A new click on a cancelled booking is refused.
    expect((await api("POST", `/api/bookings/${a.id}/cancel`, { refund: "none", idempotency_key: key() })).statusCode).toBe(409);
    expect((await api("GET", `/api/bookings?status=refunded&q=${formatBookingRef(a.bookingRef)}`)).json()).toHaveLength(1);
  });

  it("cancels with a chosen amount (partly refunded) or none; a pending booking is cancelled without refund", async () => {
    const a = await paidOrder({ first_name: "Parti", last_name: "Al" });
    const res = await api("POST", `/api/bookings/${a.id}/cancel`, { refund: "amount", amount: 100, idempotency_key: key() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "refunded",
      refund_state: "partly_refunded",
      refunded: 100,
      payment: { refundable: 210 },
    });

    const b = await paidOrder({ first_name: "Nora", last_name: "None" });
    const none = await api("POST", `/api/bookings/${b.id}/cancel`, { refund: "none", idempotency_key: key() });
    expect(none.json()).toMatchObject({ status: "cancelled", refunded: 0 });

    const placed = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: course.id, selectedDate: course.dates[1]! }]),
    });
    const [p] = await ctx.db.select().from(orders).where(eq(orders.reference, placed.json().reference));
    expect((await api("POST", `/api/bookings/${p!.id}/cancel`, { refund: "full", idempotency_key: key() })).statusCode).toBe(409);
    const ok = await api("POST", `/api/bookings/${p!.id}/cancel`, { refund: "none", idempotency_key: key() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe("cancelled");
  });

  it("refunds never exceed what was paid: repeated key, more than left, and two refunds at once", async () => {
    const a = await paidOrder({ first_name: "Rhea", last_name: "Refund" }); // £310
    const k = key();
    const first = await api("POST", `/api/bookings/${a.id}/refund`, { amount: 100, idempotency_key: k });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: "confirmed", refund_state: "partly_refunded", refunded: 100 });
    expect(first.json().mails.map((m: { kind: string }) => m.kind)).toContain("booking_refunded");
    const repeat = await api("POST", `/api/bookings/${a.id}/refund`, { amount: 100, idempotency_key: k });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().refunded).toBe(100);

    const tooMuch = await api("POST", `/api/bookings/${a.id}/refund`, { amount: 210.01, idempotency_key: key() });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toContain("210.00");

    // Two different clicks for £150 each at once: £210 is left, so exactly one goes through.
    const both = await Promise.all(
      [1, 2].map(() => api("POST", `/api/bookings/${a.id}/refund`, { amount: 150, idempotency_key: key() })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // The same click sent twice at once: one refund.
    const same = key();
    const twice = await Promise.all(
      [1, 2].map(() => api("POST", `/api/bookings/${a.id}/refund`, { amount: 10, idempotency_key: same })),
    );
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.orderId, a.id));
    expect(rows.map((r) => r.amountPence).sort((x, y) => x - y)).toEqual([1000, 10000, 15000]);
    expect(rows.reduce((s, r) => s + r.amountPence, 0)).toBeLessThanOrEqual(31000);
    const logged = await ctx.db
      .select()
      .from(activityLog)
      .where(sql`${activityLog.action} = 'Refund' and ${activityLog.details} like ${`%${formatBookingRef(a.bookingRef)}%`}`);
    expect(logged).toHaveLength(3);
    expect(logged.every((l) => l.userName === OFFICE_NAME)).toBe(true);
  });

  it("the database refuses a refund row beyond what was paid, whoever writes it", async () => {
    const a = await paidOrder();
    await expect(ctx.db.insert(refunds).values({ orderId: a.id, amountPence: 31001, adminName: "x" })).rejects.toThrow();
  });
});

describe("transfer", () => {
  it("moves a course to another date of the same course: places move, customer mailed the new dates with a new .ics", async () => {
    const a = await paidOrder({ first_name: "Tara", last_name: "Transfer" });
    const [from, to] = [course.dates[0]!, course.dates[1]!];
    const [heldFrom, heldTo] = [await seatsHeld(from), await seatsHeld(to)];
    const d0 = await detail(a.id);
    const options = (await api("GET", `/api/bookings/${a.id}/transfer-options`)).json();
    expect(options.map((o: { course_date_id: number }) => o.course_date_id)).toEqual(course.dates);
    expect(options.find((o: { current: boolean }) => o.current).course_date_id).toBe(from);

    const res = await api("POST", `/api/bookings/${a.id}/transfer`, { item_id: d0.items[0].id, course_date_id: to });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.items[0]).toMatchObject({ course_date_id: to, start_date: inDays(40), end_date: inDays(45) });
    expect([await seatsHeld(from), await seatsHeld(to)]).toEqual([heldFrom - 1, heldTo + 1]);
    expect(d.history.at(-1)).toMatchObject({ action: "Booking transferred", user_name: OFFICE_NAME });
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(
        sql`${mailOutbox.kind} = 'booking_transferred' and ${mailOutbox.text} like ${`%${formatBookingRef(a.bookingRef)}%`}`,
      );
    expect(mail!.subject).toBe("Your new course dates: Door Supervisor Zeta");
    expect(mail!.attachments[0]!.filename).toBe(`booking-${formatBookingRef(a.bookingRef)}.ics`);
    const start = inDays(40).replace(/-/g, "");
    expect(mail!.attachments[0]!.content).toContain(`DTSTART;TZID=Europe/London:${start}`);

    // A retry of the same move changes nothing.
    const again = await api("POST", `/api/bookings/${a.id}/transfer`, { item_id: d0.items[0].id, course_date_id: to });
    expect(again.statusCode).toBe(200);
    expect(await seatsHeld(to)).toBe(heldTo + 1);
  });

  it("refuses a full date, another course's date and an unknown item", async () => {
    const small = await createCourse(
      ctx.db,
      {
        title: "Tiny Course",
        feePence: 5000,
        capacity: 1,
        dates: [
          { startDate: inDays(30), endDate: inDays(30) },
          { startDate: inDays(31), endDate: inDays(31) },
        ],
      },
      ctx.clock.now(),
    );
    const dates = (
      await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, small)).orderBy(courseDates.startDate)
    ).map((d) => d.id);
    const a = await paidOrder({ first_name: "Full" }, dates[0]!, [], small);
    await paidOrder({ first_name: "Other" }, dates[1]!, [], small);
    const item = (await detail(a.id)).items[0].id;
    const full = await api("POST", `/api/bookings/${a.id}/transfer`, { item_id: item, course_date_id: dates[1] });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toContain("fully booked");
    expect(await seatsHeld(dates[1]!)).toBe(1);
    expect(
      (await api("POST", `/api/bookings/${a.id}/transfer`, { item_id: item, course_date_id: course.dates[1] })).statusCode,
    ).toBe(404);
    expect((await api("POST", `/api/bookings/${a.id}/transfer`, { item_id: 999999, course_date_id: dates[1] })).statusCode).toBe(
      404,
    );
  });

  it("never oversells: a transfer racing a public order for the last place leaves exactly one of them holding it", async () => {
    for (let round = 0; round < 4; round++) {
      const c = await createCourse(
        ctx.db,
        {
          title: `Race Course ${round}`,
          feePence: 5000,
          capacity: 1,
          dates: [
            { startDate: inDays(30), endDate: inDays(30) },
            { startDate: inDays(32), endDate: inDays(32) },
          ],
        },
        ctx.clock.now(),
      );
      const [d1, d2] = (
        await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, c)).orderBy(courseDates.startDate)
      ).map((d) => d.id);
      const moving = await paidOrder({ first_name: "Mover" }, d1!, [], c);
      const item = (await detail(moving.id)).items[0].id;
      const [transfer, publicOrder] = await Promise.all([
        api("POST", `/api/bookings/${moving.id}/transfer`, { item_id: item, course_date_id: d2 }),
        ctx.app.inject({
          method: "POST",
          url: "/api/enroll",
          payload: orderPayload([{ id: c, selectedDate: d2! }], { first_name: "Racer" }),
        }),
      ]);
      const outcome = [transfer.statusCode, publicOrder.statusCode];
      expect([
        [200, 409],
        [409, 201],
      ]).toContainEqual(outcome);
      expect(await seatsHeld(d2!)).toBe(1);
      const { rows } = await ctx.db.execute<{ n: number }>(
        sql`select seats_taken(d, now())::int as n from course_dates d where d.id = ${d2}`,
      );
      expect(Number(rows[0]!.n)).toBeLessThanOrEqual(1);
    }
  });
});

describe("resend, notes", () => {
  it("resends the confirmation (once per key), refuses an unpaid booking", async () => {
    const a = await paidOrder({ first_name: "Rene", last_name: "Send" });
    const k = key();
    const res = await api("POST", `/api/bookings/${a.id}/resend-confirmation`, { idempotency_key: k });
    expect(res.statusCode).toBe(200);
    await api("POST", `/api/bookings/${a.id}/resend-confirmation`, { idempotency_key: k });
    const confirmations = res.json().mails.filter((m: { kind: string }) => m.kind === "booking_confirmation");
    expect(confirmations).toHaveLength(2);
    expect((await detail(a.id)).mails.filter((m: { kind: string }) => m.kind === "booking_confirmation")).toHaveLength(2);
    expect(res.json().history.at(-1)).toMatchObject({ action: "Confirmation resent", user_name: OFFICE_NAME });
    const placed = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: course.id, selectedDate: course.dates[2]! }]),
    });
    const [p] = await ctx.db.select().from(orders).where(eq(orders.reference, placed.json().reference));
    expect((await api("POST", `/api/bookings/${p!.id}/resend-confirmation`, {})).statusCode).toBe(409);
  });

  it("adds notes with author and time; the same key twice is one note", async () => {
    const a = await paidOrder();
    const k = key();
    const first = await api("POST", `/api/bookings/${a.id}/notes`, { text: "Called about parking", idempotency_key: k });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ text: "Called about parking", author_name: OFFICE_NAME });
    const again = await api("POST", `/api/bookings/${a.id}/notes`, { text: "Called about parking", idempotency_key: k });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect((await detail(a.id)).notes).toHaveLength(1);
    expect((await api("POST", `/api/bookings/${a.id}/notes`, { text: "   " })).statusCode).toBe(400);
  });
});

describe("manual booking", () => {
  const manual = (over: Record<string, unknown> = {}) => ({
    course_id: course.id,
    course_date_id: course.dates[2],
    add_on_ids: [course.addOnId],
    attendees: [
      { first_name: "Ann", last_name: "Employee" },
      { first_name: "Bob", last_name: "Employee", email: "bob@example.com" },
    ],
    first_name: "Mia",
    last_name: "Manager",
    email: "mia.manager@example.com",
    phone: "0151 496 0000",
    company_name: "Example Security Ltd",
    purchase_order: "PO-7781",
    payment_method: "cash",
    amount_received: 620,
    idempotency_key: key(),
    ...over,
  });

  it("books places like any order (priced per place, seats counted, same mails), once per key", async () => {
    const before = await seatsHeld(course.dates[2]!);
    const body = manual();
    const res = await api("POST", "/api/bookings", body);
    expect(res.statusCode).toBe(201);
    const d = res.json();
    expect(d).toMatchObject({
      status: "confirmed",
      places: 2,
      total: 620,
      amount_paid: 620,
      payment_method: "cash",
      invoice_unpaid: false,
      company_name: "Example Security Ltd",
      purchase_order: "PO-7781",
      learners: ["Ann Employee", "Bob Employee"],
      payment: { provider: "manual", method: "cash" },
    });
    expect(d.items[0].attendees.map((x: { email: string | null }) => x.email)).toEqual([null, "bob@example.com"]);
    expect(await seatsHeld(course.dates[2]!)).toBe(before + 2);
    // Bob, the attendee with an address, gets his own mail at booking time (issue 27).
    expect(d.mails.map((m: { kind: string }) => m.kind).sort()).toEqual([
      "attendee_place",
      "booking_confirmation",
      "new_booking",
    ]);
    expect(d.mails.find((m: { kind: string }) => m.kind === "attendee_place").to).toBe("bob@example.com");
    expect(d.history[0]).toMatchObject({ action: "Manual booking", user_name: OFFICE_NAME });

    const retry = await Promise.all([api("POST", "/api/bookings", body), api("POST", "/api/bookings", body)]);
    expect(retry.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(retry.map((r) => r.json().id)).toEqual([d.id, d.id]);
    expect(await seatsHeld(course.dates[2]!)).toBe(before + 2);

    // Money back on a cash booking is recorded as given back by the office.
    const refund = await api("POST", `/api/bookings/${d.id}/refund`, { amount: 20, idempotency_key: key() });
    expect(refund.json().payment.refunds[0].provider_refund_id).toMatch(/^manual_/);
  });

  it("'unpaid, invoice sent': confirmed, the mail asks for the amount due; refused for cash; full date refused", async () => {
    const res = await api(
      "POST",
      "/api/bookings",
      manual({ payment_method: "invoice", amount_received: null, attendees: [{ first_name: "Ivy", last_name: "Invoice" }] }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ invoice_unpaid: true, amount_paid: 0, total: 310, status: "confirmed" });
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.kind} = 'booking_confirmation' and ${mailOutbox.text} like ${`%${res.json().booking_reference}%`}`);
    expect(mail!.text).toContain("We have sent you an invoice for £310.00");
    expect(mail!.text).toContain("Amount due: £310.00");
    // Its PDF is an invoice with the amount due.
    const id = res.json().id;
    const invoice = await pdfText((await api("GET", `/api/bookings/${id}/receipt.pdf`)).rawPayload);
    expect(invoice).toContain("Invoice");
    expect(invoice).toContain("Amount due");
    // The invoice is paid later, in two parts; never more than the total.
    const part = await api("POST", `/api/bookings/${id}/payments`, {
      amount: 100,
      payment_method: "bank_transfer",
      idempotency_key: key(),
    });
    expect(part.json()).toMatchObject({ amount_paid: 100, invoice_unpaid: true });
    expect((await api("POST", `/api/bookings/${id}/payments`, { amount: 210.01, idempotency_key: key() })).statusCode).toBe(409);
    const k = key();
    const rest = await api("POST", `/api/bookings/${id}/payments`, { amount: 210, idempotency_key: k });
    expect(rest.json()).toMatchObject({ amount_paid: 310, invoice_unpaid: false, payment_method: "bank_transfer" });
    expect((await api("POST", `/api/bookings/${id}/payments`, { amount: 210, idempotency_key: k })).json().amount_paid).toBe(310);
    expect(rest.json().history.at(-1)).toMatchObject({ action: "Payment recorded", user_name: OFFICE_NAME });
    // Each amount received is its own payment event (what invoices and payouts refer to).
    const charges = await ctx.db.select().from(orderCharges).where(eq(orderCharges.orderId, id)).orderBy(orderCharges.id);
    expect(charges.map((c) => [c.kind, c.amountPence, c.method, c.provider])).toEqual([
      ["office", 10_000, "bank_transfer", "manual"],
      ["office", 21_000, "bank_transfer", "manual"],
    ]);
    expect((await api("POST", "/api/bookings", manual({ amount_received: null }))).statusCode).toBe(400);
    expect((await api("POST", "/api/bookings", manual({ amount_received: 10_000 }))).statusCode).toBe(400);

    const tiny = await createCourse(
      ctx.db,
      { title: "Two Places", feePence: 1000, capacity: 2, dates: [{ startDate: inDays(30), endDate: inDays(30) }] },
      ctx.clock.now(),
    );
    const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, tiny));
    const three = manual({
      course_id: tiny,
      course_date_id: date!.id,
      add_on_ids: [],
      attendees: [1, 2, 3].map((n) => ({ first_name: `P${n}`, last_name: "X" })),
      amount_received: 30,
    });
    const refused = await api("POST", "/api/bookings", three);
    expect(refused.statusCode).toBe(409);
    expect(await seatsHeld(date!.id)).toBe(0);
  });
});

describe("manual booking priced as a public order", () => {
  const phoneBooking = (over: Record<string, unknown> = {}) => ({
    course_id: course.id,
    course_date_id: course.dates[1],
    add_on_ids: [course.addOnId],
    attendees: [
      { first_name: "Gail", last_name: "Group" },
      { first_name: "Gus", last_name: "Group" },
    ],
    first_name: "Gail",
    last_name: "Group",
    email: "gail.group@example.com",
    phone: "0151 496 0111",
    payment_method: "card_phone",
    amount_received: 570,
    idempotency_key: key(),
    ...over,
  });

  it("a fixed-amount code limited to the course: the same subtotal, discount, total and line price as the site; the receipt shows places × price", async () => {
    const created = await api("POST", "/api/discounts", {
      code: "FIFTYOFF",
      amount_off: 50,
      course_ids: [course.id],
      valid_from: inDays(0),
      valid_until: inDays(30),
      max_uses: 5,
    });
    expect(created.statusCode, created.body).toBe(201);

    const placed = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload(
        [
          {
            id: course.id,
            selectedDate: course.dates[1]!,
            selectedAddons: [course.addOnId],
            quantity: 2,
            attendees: [
              { first_name: "Web", last_name: "One" },
              { first_name: "Web", last_name: "Two" },
            ],
          },
        ],
        { discount_code: "FIFTYOFF" },
      ),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [webRow] = await ctx.db.select().from(orders).where(eq(orders.reference, placed.json().reference));
    const web = await detail(webRow!.id);

    const res = await api("POST", "/api/bookings", phoneBooking({ discount_code: "fiftyoff" }));
    expect(res.statusCode, res.body).toBe(201);
    const phone = res.json();
    const money = (d: {
      subtotal: number;
      discount: unknown;
      total: number;
      items: { seats: number; original_price: number; price_paid: number }[];
    }) => ({
      subtotal: d.subtotal,
      discount: d.discount,
      total: d.total,
      items: d.items.map((i) => ({ seats: i.seats, original_price: i.original_price, price_paid: i.price_paid })),
    });
    expect(money(phone)).toEqual(money(web));
    expect(money(phone)).toEqual({
      subtotal: 620,
      discount: { code: "FIFTYOFF", percent_off: null, amount_off: 50, amount: 50 },
      total: 570,
      items: [{ seats: 2, original_price: 620, price_paid: 570 }],
    });

    const text = await pdfText((await api("GET", `/api/bookings/${phone.id}/receipt.pdf`)).rawPayload);
    for (const expected of [
      "2 places × £310.00",
      "£620.00",
      "Each place: course fee £250.00",
      "Add-on: First aid top-up £60.00",
      "Discount (FIFTYOFF, £50 off)",
      "-£50.00",
      "£570.00",
      "Card (by phone)",
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("refuses a code limited to other courses, and a date the public site would not sell", async () => {
    const other = await createCourse(ctx.db, { title: "Other Course", feePence: 1000 }, ctx.clock.now());
    await api("POST", "/api/discounts", {
      code: "OTHERONLY",
      percent_off: 20,
      course_ids: [other],
      valid_from: inDays(0),
      valid_until: inDays(30),
      max_uses: 5,
    });
    const refused = await api("POST", "/api/bookings", phoneBooking({ discount_code: "OTHERONLY" }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This discount code does not apply to the courses in your cart");
    const unknown = await api("POST", "/api/bookings", phoneBooking({ discount_code: "NOSUCHCODE" }));
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toBe("Invalid discount code");
    const [otherDate] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, other));
    const wrongDate = await api("POST", "/api/bookings", phoneBooking({ course_date_id: otherDate!.id }));
    expect(wrongDate.statusCode).toBe(400);
    expect(wrongDate.json().message).toBe("Please choose an available course date");
  });
});

describe("manual booking races", () => {
  it("a manual booking racing a public order for the last place: exactly one gets it", async () => {
    for (let round = 0; round < 3; round++) {
      const c = await createCourse(
        ctx.db,
        { title: `Last Place ${round}`, feePence: 5000, capacity: 1, dates: [{ startDate: inDays(30), endDate: inDays(30) }] },
        ctx.clock.now(),
      );
      const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, c));
      const [manualRes, publicRes] = await Promise.all([
        api("POST", "/api/bookings", {
          course_id: c,
          course_date_id: date!.id,
          attendees: [{ first_name: "Phone", last_name: "Caller" }],
          first_name: "Phone",
          last_name: "Caller",
          email: "phone.caller@example.com",
          phone: "07700 900111",
          payment_method: "card_phone",
          amount_received: 50,
          idempotency_key: key(),
        }),
        ctx.app.inject({
          method: "POST",
          url: "/api/enroll",
          payload: orderPayload([{ id: c, selectedDate: date!.id }], { first_name: "Web" }),
        }),
      ]);
      expect([
        [201, 409],
        [409, 201],
      ]).toContainEqual([manualRes.statusCode, publicRes.statusCode]);
      expect(await seatsHeld(date!.id)).toBe(1);
    }
  });
});

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text as unknown as string;
}

describe("receipt PDF", () => {
  it("is made for a paid order: reference, date, lines, discount, total, amount paid, method, business details; no VAT lines unless configured", async () => {
    const code = await createDiscount(ctx.db, { code: "PDFTEN", percentOff: 10, maxUses: 5 }, ctx.clock.now());
    const a = await paidOrder({
      first_name: "Reese",
      last_name: "Receipt",
      company_name: "Acme Guards Ltd",
      purchase_order: "PO-55",
      discount_code: code.code,
    });
    const res = await ctx.app.inject({ method: "GET", url: `/api/orders/${a.reference}/receipt.pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      "Merseyside Door & Guard Training",
      "Unit 4, 12 Example Dock Road, Bootle, Merseyside L20 0XX",
      "0151 496 0321",
      "Receipt",
      `Booking reference: ${formatBookingRef(a.bookingRef)}`,
      "Reese Receipt",
      "Acme Guards Ltd",
      "Purchase order: PO-55",
      "Door Supervisor Zeta",
      "Add-on: First aid top-up",
      "£250.00",
      "£60.00",
      "Subtotal",
      "£310.00",
      "Discount (PDFTEN, 10% off)",
      "-£31.00",
      "Total",
      "£279.00",
      "Amount paid",
      "Card (online)",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("VAT");

    const admin = await api("GET", `/api/bookings/${a.id}/receipt.pdf`);
    expect(admin.statusCode).toBe(200);
    expect(await pdfText(admin.rawPayload)).toContain(formatBookingRef(a.bookingRef));

    // No receipt for an unpaid order or an unknown reference.
    const placed = await ctx.app.inject({
      method: "POST",
      url: "/api/enroll",
      payload: orderPayload([{ id: course.id, selectedDate: course.dates[2]! }]),
    });
    expect((await ctx.app.inject({ method: "GET", url: `/api/orders/${placed.json().reference}/receipt.pdf` })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: "GET", url: "/api/orders/not-a-real-reference/receipt.pdf" })).statusCode).toBe(404);
  });

  it("shows the VAT number and VAT lines when VAT_NUMBER is configured", async () => {
    const vatCtx = await setupApp({ env: { ...MANY_CUSTOMERS_ENV, VAT_NUMBER: "GB 123 4567 89", VAT_RATE: "20" } });
    try {
      const c = await createCourse(vatCtx.db, { title: "VAT Course", feePence: 12000 }, vatCtx.clock.now());
      const [date] = await vatCtx.db.select().from(courseDates).where(eq(courseDates.courseId, c));
      const placed = await vatCtx.app.inject({
        method: "POST",
        url: "/api/enroll",
        payload: orderPayload([{ id: c, selectedDate: date!.id }]),
      });
      const reference = placed.json().reference;
      await vatCtx.app.inject({
        method: "POST",
        url: `/api/payments/local/${reference}/pay`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "",
      });
      const text = await pdfText(
        (await vatCtx.app.inject({ method: "GET", url: `/api/orders/${reference}/receipt.pdf` })).rawPayload,
      );
      expect(text).toContain("VAT number: GB 123 4567 89");
      expect(text).toContain("of which VAT at 20%");
      expect(text).toContain("£20.00");
      expect(text).toContain("Total excluding VAT");
      expect(text).toContain("£100.00");
    } finally {
      await vatCtx.close();
    }
  });

  it("is a tagged PDF 1.7 in en-GB whose fonts are all embedded with a Unicode map (pdffonts, pdfinfo, qpdf), public and staff copies alike", async () => {
    const a = await paidOrder({ first_name: "Siobhán", last_name: "Ó Dálaigh" });
    const copies = [
      ["the customer's receipt", await ctx.app.inject({ method: "GET", url: `/api/orders/${a.reference}/receipt.pdf` })],
      ["the office's copy", await api("GET", `/api/bookings/${a.id}/receipt.pdf`)],
    ] as const;
    for (const [what, res] of copies) {
      expect(res.statusCode).toBe(200);
      const { fonts, raw, info } = expectArchivalTaggedPdf(res.rawPayload, what);
      // Two faces of DejaVu Sans, subset (pdfkit's standard Helvetica would be neither embedded nor mapped).
      expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, "")).sort()).toEqual(["DejaVuSans", "DejaVuSans-Bold"]);
      expect(info).toMatch(/^Title:\s+Receipt [A-Z0-9]{4}-[A-Z0-9]{4}$/m);
      // The lines and totals are a table with a header row.
      for (const role of ["/S /H2", "/S /Table", "/S /TR", "/S /TH", "/S /TD"]) expect(raw, role).toContain(role);
      // Text copies out as written, accents and £ and × included.
      const text = await pdfText(res.rawPayload);
      expect(text).toContain("Siobhán Ó Dálaigh");
      expect(text).toMatch(/1 place × £\d/);
    }
  });
});

/** RFC 4180 reader for the test: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") endCell();
    else if (ch === "\r" && text[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += ch;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

describe("CSV export", () => {
  it("one row per attendee per course, UK times, separate columns; phone kept as text; formulas neutralised", async () => {
    const booked = await api("POST", "/api/bookings", {
      course_id: course.id,
      course_date_id: course.dates[1],
      add_on_ids: [course.addOnId],
      attendees: [
        { first_name: '=HYPERLINK("http://evil")', last_name: "Csv" },
        { first_name: "Second", last_name: "Csv" },
      ],
      first_name: "Casey",
      last_name: "Csvbuyer",
      email: "csv.buyer@example.com",
      phone: "+44 7700 900999",
      payment_method: "bank_transfer",
      amount_received: 620,
      idempotency_key: key(),
    });
    expect(booked.statusCode).toBe(201);
    const ref = booked.json().booking_reference;
    const res = await api("GET", `/api/bookings/export.csv?q=${ref}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ""));
    const header = rows[0]!;
    expect(header).toEqual(
      expect.arrayContaining([
        "Booking reference",
        "Course",
        "Start date",
        "End date",
        "Add-ons",
        "Amount paid (GBP)",
        "Status",
        "Booked on (UK time)",
      ]),
    );
    const data = rows.slice(1).map((r) => Object.fromEntries(header.map((h, n) => [h, r[n]])));
    expect(data).toHaveLength(2);
    expect(data.map((r) => r["Attendee first name"])).toEqual(['\'=HYPERLINK("http://evil")', "Second"]);
    expect(data[0]).toMatchObject({
      "Booking reference": ref,
      Course: "Door Supervisor Zeta",
      "Start date": inDays(40),
      "End date": inDays(45),
      "Add-ons": "First aid top-up",
      "Amount paid (GBP)": "620.00",
      Status: "Confirmed",
      "Payment method": "Bank transfer",
      "Buyer phone": '="+44 7700 900999"',
    });
    const booked_on = new Date(booked.json().booked_on);
    const london = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(booked_on);
    expect(data[0]!["Booked on (UK time)"]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} ${london}$`));
  });
});
