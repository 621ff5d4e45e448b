import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { courseDates, orders } from "../src/db/schema";
import { createCourse, createDiscount } from "../src/db/seed/factories";
import { parseEnv } from "../src/env";
import { holdLimitMessage, ORDER_RATE_MESSAGE } from "../src/modules/orders/abuse";
import { setupApp, type TestContext } from "./helpers";
import { inDays, orderPayload } from "./fixtures";
import { enroll, placesLeft } from "./ordering";

/** Abuse of business actions (issue 11, decisions 100, 101, 104): holds, code guessing, content types, proxies. */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await setupApp();
});
afterAll(async () => {
  await ctx.close();
});

async function courseWithDate(capacity = 40) {
  const start = inDays(40, ctx.clock.now());
  const id = await createCourse(ctx.db, { capacity, dates: [{ startDate: start, endDate: start, capacity }] }, ctx.clock.now());
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  return { id, dateId: date!.id };
}

describe("holding seats without paying", () => {
  it("a client holds at most 10 places in unpaid orders; the 11th gets 429 and nothing held is lost", async () => {
    const { id, dateId } = await courseWithDate(40);
    const refs: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await enroll(ctx.app, orderPayload([{ id, selectedDate: dateId }], { guest_email: `hold${i}@example.com` }), {
        clock: ctx.clock,
        remoteAddress: "203.0.113.10",
      });
      expect(res.statusCode).toBe(201);
      refs.push(res.json().reference);
    }
    const refused = await enroll(ctx.app, orderPayload([{ id, selectedDate: dateId }], { guest_email: "hold-x@example.com" }), {
      clock: ctx.clock,
      remoteAddress: "203.0.113.10",
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(holdLimitMessage(10));
    expect(refused.json().retry_after).toBeGreaterThan(0);
    expect(refused.headers["retry-after"]).toBe(String(refused.json().retry_after));
    // Nothing already held was lost, and the refused order holds nothing.
    expect(await placesLeft(ctx.app, id, dateId)).toBe(30);
    const pending = await ctx.db.select().from(orders).where(eq(orders.status, "pending"));
    for (const ref of refs) expect(pending.some((o) => o.reference === ref)).toBe(true);
    // Another client still books.
    expect(
      (
        await enroll(ctx.app, orderPayload([{ id, selectedDate: dateId }], { guest_email: "other@example.com" }), {
          clock: ctx.clock,
          remoteAddress: "203.0.113.11",
        })
      ).statusCode,
    ).toBe(201);
    // Cancelling one frees room for that client again.
    await ctx.app.inject({ method: "POST", url: `/api/orders/${refs[0]}/cancel`, remoteAddress: "203.0.113.10" });
    expect(
      (
        await enroll(ctx.app, orderPayload([{ id, selectedDate: dateId }], { guest_email: "hold-y@example.com" }), {
          clock: ctx.clock,
          remoteAddress: "203.0.113.10",
        })
      ).statusCode,
    ).toBe(201);
    // Holds that ran out no longer count.
    ctx.clock.advance(31 * 60_000);
    expect(
      (
        await enroll(ctx.app, orderPayload([{ id, selectedDate: dateId }], { guest_email: "hold-z@example.com" }), {
          clock: ctx.clock,
          remoteAddress: "203.0.113.10",
        })
      ).statusCode,
    ).toBe(201);
  });

  it("one e-mail address holds at most 10 places, from any number of addresses", async () => {
    const { id, dateId } = await courseWithDate(40);
    for (let i = 0; i < 10; i++) {
      const res = await enroll(
        ctx.app,
        orderPayload([{ id, selectedDate: dateId }], { guest_email: "Same.Person@example.com" }),
        { clock: ctx.clock, remoteAddress: `198.51.100.${i + 1}` },
      );
      expect(res.statusCode).toBe(201);
    }
    const refused = await enroll(
      ctx.app,
      orderPayload([{ id, selectedDate: dateId }], { guest_email: "same.person@EXAMPLE.com" }),
      { clock: ctx.clock, remoteAddress: "198.51.100.99" },
    );
    expect(refused.statusCode).toBe(429);
    expect(await placesLeft(ctx.app, id, dateId)).toBe(30);
  });

  it("a group order counts each of its places against the limit", async () => {
    const { id, dateId } = await courseWithDate(40);
    for (let i = 0; i < 8; i++) {
      const res = await enroll(ctx.app, orderPayload([{ id, selectedDate: dateId }], { guest_email: `group${i}@example.com` }), {
        clock: ctx.clock,
        remoteAddress: "203.0.113.40",
      });
      expect(res.statusCode).toBe(201);
    }
    // 8 held + 3 places > 10: refused, and nothing more is held.
    const refused = await enroll(
      ctx.app,
      orderPayload([{ id, selectedDate: dateId, quantity: 3 }], { guest_email: "group-x@example.com" }),
      { clock: ctx.clock, remoteAddress: "203.0.113.40" },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(holdLimitMessage(10));
    expect(await placesLeft(ctx.app, id, dateId)).toBe(32);
    // 8 + 2 = 10: allowed.
    const fits = await enroll(
      ctx.app,
      orderPayload([{ id, selectedDate: dateId, quantity: 2 }], { guest_email: "group-y@example.com" }),
      { clock: ctx.clock, remoteAddress: "203.0.113.40" },
    );
    expect(fits.statusCode).toBe(201);
    expect(await placesLeft(ctx.app, id, dateId)).toBe(30);
  });

  it("concurrent orders from one client cannot slip past the limit", async () => {
    const { id, dateId } = await courseWithDate(40);
    const payload = (i: number) => orderPayload([{ id, selectedDate: dateId }], { guest_email: `race${i}@example.com` });
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        ctx.app.inject({ method: "POST", url: "/api/enroll", payload: payload(i), remoteAddress: "192.0.2.77" }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 201).length;
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 201 || s === 429),
      statuses.join(","),
    ).toBe(true);
    // Orders of one client queue on its lock in the booking statement (decision 253): exactly the
    // limit gets in, never more, and the refused ones held nothing.
    expect(ok).toBe(10);
    expect(await placesLeft(ctx.app, id, dateId)).toBe(40 - ok);
  });

  it("the limit also holds on the locked path (a date that only looks full because a hold ran out)", async () => {
    const busy = await courseWithDate(40);
    const { id, dateId } = await courseWithDate(1);
    // Someone else's hold on the one place runs out, unmarked: the seat counter still says full,
    // so the next order of that date takes the locked path, which applies the whole rule.
    const other = await enroll(ctx.app, orderPayload([{ id, selectedDate: dateId }], { guest_email: "gone@example.com" }), {
      clock: ctx.clock,
      remoteAddress: "192.0.2.90",
    });
    expect(other.statusCode).toBe(201);
    ctx.clock.advance(31 * 60_000);
    for (let i = 0; i < 10; i++) {
      const res = await enroll(
        ctx.app,
        orderPayload([{ id: busy.id, selectedDate: busy.dateId }], { guest_email: `locked${i}@example.com` }),
        { clock: ctx.clock, remoteAddress: "192.0.2.91" },
      );
      expect(res.statusCode).toBe(201);
    }
    const refused = await enroll(ctx.app, orderPayload([{ id, selectedDate: dateId }], { guest_email: "locked-x@example.com" }), {
      clock: ctx.clock,
      remoteAddress: "192.0.2.91",
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(holdLimitMessage(10));
    expect(refused.json().retry_after).toBeGreaterThan(0);
    // Nothing was written for it: another client takes the place.
    expect(await placesLeft(ctx.app, id, dateId)).toBe(1);
    const taken = await enroll(ctx.app, orderPayload([{ id, selectedDate: dateId }], { guest_email: "next@example.com" }), {
      clock: ctx.clock,
      remoteAddress: "192.0.2.92",
    });
    expect(taken.statusCode).toBe(201);
    expect(await placesLeft(ctx.app, id, dateId)).toBe(0);
  });

  it("new orders per client are rate limited, even when each is cancelled at once", async () => {
    const local = await setupApp({ env: { ORDER_RATE_LIMIT: "3" } });
    try {
      const { id, dateId } = await (async () => {
        const start = inDays(40, local.clock.now());
        const id = await createCourse(
          local.db,
          { capacity: 10, dates: [{ startDate: start, endDate: start, capacity: 10 }] },
          local.clock.now(),
        );
        const [date] = await local.db.select().from(courseDates).where(eq(courseDates.courseId, id));
        return { id, dateId: date!.id };
      })();
      for (let i = 0; i < 3; i++) {
        const res = await enroll(local.app, orderPayload([{ id, selectedDate: dateId }]), { clock: local.clock });
        expect(res.statusCode).toBe(201);
        await local.app.inject({ method: "POST", url: `/api/orders/${res.json().reference}/cancel` });
      }
      const refused = await enroll(local.app, orderPayload([{ id, selectedDate: dateId }]), { clock: local.clock });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(ORDER_RATE_MESSAGE);
    } finally {
      await local.close();
    }
  });
});

describe("discount-code guessing", () => {
  it("hits taken at the same moment are each counted: of 30 concurrent checks from one client, exactly the limit are answered", async () => {
    // Hits of one event-loop turn go to Postgres as one upsert (decision 254); none may be lost.
    const local = await setupApp({ env: { DISCOUNT_CHECK_RATE_LIMIT: "10" } });
    try {
      const ask = (address: string) =>
        local.app.inject({ method: "GET", url: "/api/discounts/validate/ANYCODE", remoteAddress: address });
      const [one, other] = await Promise.all([
        Promise.all(Array.from({ length: 30 }, () => ask("203.0.113.50"))),
        Promise.all(Array.from({ length: 4 }, () => ask("203.0.113.51"))),
      ]);
      expect(one.filter((r) => r.statusCode === 200)).toHaveLength(10);
      expect(one.filter((r) => r.statusCode === 429)).toHaveLength(20);
      expect(other.every((r) => r.statusCode === 200)).toBe(true);
    } finally {
      await local.close();
    }
  });

  it("code answers from /api/enroll and /api/discounts/validate count against one per-client limit", async () => {
    const local = await setupApp({ env: { DISCOUNT_CHECK_RATE_LIMIT: "4" } });
    try {
      const start = inDays(40, local.clock.now());
      const id = await createCourse(
        local.db,
        { capacity: 10, dates: [{ startDate: start, endDate: start, capacity: 10 }] },
        local.clock.now(),
      );
      const [date] = await local.db.select().from(courseDates).where(eq(courseDates.courseId, id));
      await createDiscount(local.db, { code: "REALCODE", percentOff: 10 });
      for (let i = 0; i < 3; i++) {
        const res = await enroll(local.app, orderPayload([{ id, selectedDate: date!.id }], { discount_code: `GUESS${i}` }), {
          clock: local.clock,
        });
        expect(res.statusCode).toBe(409);
      }
      expect((await local.app.inject({ method: "GET", url: "/api/discounts/validate/GUESS9" })).statusCode).toBe(200);
      // The limit is used up: enroll no longer tells whether a code exists, nor does validate.
      const guessed = await enroll(local.app, orderPayload([{ id, selectedDate: date!.id }], { discount_code: "REALCODE" }), {
        clock: local.clock,
      });
      expect(guessed.statusCode).toBe(429);
      expect(guessed.json().message).toMatch(/discount code/i);
      expect((await local.app.inject({ method: "GET", url: "/api/discounts/validate/REALCODE" })).statusCode).toBe(429);
      // Orders without a code are not affected.
      expect((await enroll(local.app, orderPayload([{ id, selectedDate: date!.id }]), { clock: local.clock })).statusCode).toBe(
        201,
      );
      // Another client has its own allowance.
      expect(
        (
          await enroll(
            local.app,
            orderPayload([{ id, selectedDate: date!.id }], { discount_code: "REALCODE", guest_email: "b@example.com" }),
            { clock: local.clock, remoteAddress: "203.0.113.50" },
          )
        ).statusCode,
      ).toBe(201);
    } finally {
      await local.close();
    }
  });
});

describe("cross-site form posts", () => {
  const json = JSON.stringify({ email: "someone@example.com", password: "whatever-it-is" });
  it.each([
    ["POST", "/api/login", "application/x-www-form-urlencoded", "email=someone%40example.com&password=x"],
    ["POST", "/api/login", "text/plain", json],
    ["POST", "/api/login", "multipart/form-data; boundary=x", "--x--"],
    ["POST", "/api/enroll", "application/x-www-form-urlencoded", "guest_email=a%40example.com"],
    ["POST", "/api/enroll", "text/plain;charset=UTF-8", "{}"],
    ["POST", "/api/messages", "application/x-www-form-urlencoded", "message=hello"],
    ["POST", "/api/payments/stripe/webhook", "application/x-www-form-urlencoded", "id=evt_1"],
  ])("%s %s with %s answers 415 in the error shape", async (method, url, type, payload) => {
    const res = await ctx.app.inject({ method: method as "POST", url, headers: { "content-type": type }, payload });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: "Unsupported content type" });
  });

  it("JSON still works, and the local payment page's own form posts still work", async () => {
    const { id, dateId } = await courseWithDate(5);
    const res = await enroll(ctx.app, orderPayload([{ id, selectedDate: dateId }], { guest_email: "form@example.com" }), {
      clock: ctx.clock,
      remoteAddress: "203.0.113.200",
    });
    expect(res.statusCode).toBe(201);
    const cancel = await ctx.app.inject({
      method: "POST",
      url: `/api/payments/local/${res.json().reference}/cancel`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(cancel.statusCode).toBe(303);
  });
});

describe("client addresses behind a proxy", () => {
  it("TRUST_PROXY takes a hop count or a list of proxies, and refuses 'true'", () => {
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: 'true' would trust any client/);
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.5,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.168.1.5",
      "loopback",
    ]);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/99" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "not-an-address" })).toThrow(/TRUST_PROXY/);
  });

  async function clientAddressesSeen(trust: string, requests: { remote: string; xff?: string }[]) {
    const local = await setupApp({ env: { TRUST_PROXY: trust, DISCOUNT_CHECK_RATE_LIMIT: "1" } });
    try {
      const codes: number[] = [];
      for (const r of requests) {
        const res = await local.app.inject({
          method: "GET",
          url: "/api/discounts/validate/NOPE",
          remoteAddress: r.remote,
          headers: r.xff ? { "x-forwarded-for": r.xff } : {},
        });
        codes.push(res.statusCode);
      }
      return codes;
    } finally {
      await local.close();
    }
  }

  it("with one trusted hop, a client cannot dodge a limit by inventing X-Forwarded-For entries", async () => {
    const codes = await clientAddressesSeen("1", [
      { remote: "10.0.0.2", xff: "1.1.1.1, 203.0.113.9" },
      { remote: "10.0.0.2", xff: "2.2.2.2, 203.0.113.9" },
      { remote: "10.0.0.2", xff: "203.0.113.10" },
    ]);
    expect(codes).toEqual([200, 429, 200]);
  });

  it("with a list of proxies, only their X-Forwarded-For is believed", async () => {
    const codes = await clientAddressesSeen("10.0.0.0/8", [
      { remote: "10.1.2.3", xff: "203.0.113.9" },
      { remote: "10.9.9.9", xff: "5.5.5.5, 203.0.113.9" },
      // Not a trusted proxy: its header is ignored, the peer address counts.
      { remote: "198.51.100.7", xff: "203.0.113.77" },
      { remote: "198.51.100.7", xff: "203.0.113.78" },
    ]);
    expect(codes).toEqual([200, 429, 200, 429]);
  });

  it("without TRUST_PROXY the header is ignored", async () => {
    const codes = await clientAddressesSeen("false", [
      { remote: "10.0.0.2", xff: "203.0.113.1" },
      { remote: "10.0.0.2", xff: "203.0.113.2" },
    ]);
    expect(codes).toEqual([200, 429]);
  });
});
