/**
 * The catalogue change stream (`GET /api/catalogue/events`, decision 240), over real HTTP with two
 * API instances on one database: the site server listens to A, edits and bookings are made on B.
 * - an admin edit on B is announced on A's stream (A learns of it through Postgres LISTEN), and
 *   A's next read has it;
 * - a booking on B is announced as 'seats' only once A's seat snapshot holds it, so A's next read
 *   shows it although A's lag (1 s here, on the tests' clock) would allow the old count;
 * - bookings in a burst give at most one 'seats' event per lag;
 * - A losing its LISTEN connection is announced (`pushed: false`), and its return;
 * - a staff write on A is answered only after A has sent its 'catalogue' event.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { courseDates } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { loginAdmin, MANY_CUSTOMERS_ENV, secondInstance, setupApp, type Session, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";
import { enroll, placesLeft } from "./ordering";

const LAG_MS = 1000;
const ENV = { ...MANY_CUSTOMERS_ENV, SEAT_COUNTS_MAX_LAG_MS: String(LAG_MS) };

let ctx: TestContext;
let a: FastifyInstance;
let aUrl = "";
let b: Awaited<ReturnType<typeof secondInstance>>;
let admin: Session;
let course: { id: number; slug: string; dateId: number };

type Received = { event: string; pushed: boolean; at: number };

/** A subscriber like the site server's: every event with the time it arrived. */
class Stream {
  readonly events: Received[] = [];
  private waiters: (() => void)[] = [];
  private request: http.ClientRequest;

  constructor(url: string) {
    this.request = http.get(`${url}/api/catalogue/events`, (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!event || !data) continue;
          this.events.push({ event, pushed: (JSON.parse(data) as { pushed: boolean }).pushed, at: performance.now() });
          this.waiters.splice(0).forEach((w) => w());
        }
      });
    });
    this.request.on("error", () => undefined);
  }

  /** The first event after index `from` matching `match`, within `ms`. */
  async next(match: (e: Received) => boolean, from: number, ms = 3_000): Promise<Received> {
    const deadline = performance.now() + ms;
    for (;;) {
      const found = this.events.slice(from).find(match);
      if (found) return found;
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(this.events.slice(from))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close() {
    this.request.destroy();
  }
}

beforeAll(async () => {
  ctx = await setupApp({ env: ENV });
  a = ctx.app;
  aUrl = await a.listen({ port: 0, host: "127.0.0.1" });
  b = await secondInstance(ctx, { env: ENV });
  admin = await loginAdmin(ctx);
  const id = await createCourse(ctx.db, { title: "Change Stream Course", capacity: 50, feePence: 10000 }, ctx.clock.now());
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  const detail = (await a.inject({ method: "GET", url: `/api/courses/${id}` })).json() as { slug: string };
  course = { id, slug: detail.slug, dateId: date!.id };
});
afterAll(async () => {
  await b.close();
  await ctx.close();
});

type Detail = { fee: number; courseDates: { id: number; placesLeft: number }[] };
const detailOn = async (app: FastifyInstance) =>
  (await app.inject({ method: "GET", url: `/api/courses/slug/${course.slug}` })).json() as Detail;
const editFeeOn = (app: FastifyInstance, fee: number) =>
  app.inject({ method: "PUT", url: `/api/courses/${course.id}`, headers: admin.headers, payload: { fee } });

describe("catalogue change stream", () => {
  it("says hello, then an admin edit on B is announced on A's stream and is on A's next read", async () => {
    const stream = new Stream(aUrl);
    try {
      expect((await stream.next((e) => e.event === "hello", 0)).pushed).toBe(true);
      const before = await detailOn(a);
      const from = stream.events.length;
      const put = await editFeeOn(b.app, before.fee + 5);
      const answered = performance.now();
      expect(put.statusCode).toBe(200);
      const event = await stream.next((e) => e.event === "catalogue", from);
      // Measured, for decision 240: how long after B answered the edit A's subscriber heard of it.
      console.info(`catalogue event on A ${(event.at - answered).toFixed(1)} ms after B answered the edit`);
      expect(event.pushed).toBe(true);
      expect((await detailOn(a)).fee).toBe(before.fee + 5);
    } finally {
      stream.close();
    }
  });

  it("a booking on B is announced as 'seats' once A's snapshot holds it: A's next read shows it within the lag", async () => {
    const stream = new Stream(aUrl);
    try {
      await stream.next((e) => e.event === "hello", 0);
      const before = await placesLeft(a, course.id, course.dateId);
      // Let the subscription's first seat event (it learns when holds run out) go by.
      await new Promise((r) => setTimeout(r, LAG_MS + 100));
      const from = stream.events.length;
      expect((await enroll(b.app, orderPayload([{ id: course.id, selectedDate: course.dateId }]))).statusCode).toBe(201);
      await stream.next((e) => e.event === "seats", from);
      // The tests' clock has not moved: without the snapshot taken for the event, A would still
      // answer the count from before the booking (its lag allows 1 s).
      expect(await placesLeft(a, course.id, course.dateId)).toBe(before - 1);
    } finally {
      stream.close();
    }
  });

  it("a burst of bookings on B gives at most one 'seats' event per lag, and the last one holds them all", async () => {
    const stream = new Stream(aUrl);
    try {
      await stream.next((e) => e.event === "hello", 0);
      await new Promise((r) => setTimeout(r, LAG_MS + 100));
      const before = await placesLeft(a, course.id, course.dateId);
      const from = stream.events.length;
      const started = performance.now();
      for (let i = 0; i < 6; i++)
        expect((await enroll(b.app, orderPayload([{ id: course.id, selectedDate: course.dateId }]))).statusCode).toBe(201);
      const bookedIn = performance.now() - started;
      await new Promise((r) => setTimeout(r, LAG_MS + 300));
      const seats = stream.events.slice(from).filter((e) => e.event === "seats");
      expect(seats.length).toBeGreaterThanOrEqual(1);
      expect(seats.length).toBeLessThanOrEqual(Math.ceil((bookedIn + 300) / LAG_MS) + 1);
      for (let i = 1; i < seats.length; i++) expect(seats[i]!.at - seats[i - 1]!.at).toBeGreaterThanOrEqual(LAG_MS - 20);
      expect(await placesLeft(a, course.id, course.dateId)).toBe(before - 6);
    } finally {
      stream.close();
    }
  });

  it("A losing its LISTEN connection is announced (pushed: false), and so is its return", async () => {
    const stream = new Stream(aUrl);
    try {
      await stream.next((e) => e.event === "hello", 0);
      const from = stream.events.length;
      const pid = a.catalogueListener.pid;
      expect(pid).not.toBeNull();
      await ctx.pool.query("select pg_terminate_backend($1)", [pid]);
      await stream.next((e) => !e.pushed, from);
      // Reconnects within its backoff (100 ms, jittered); heartbeats carry the state too.
      await stream.next((e) => e.pushed && e.event !== "hello", from, 5_000);
    } finally {
      stream.close();
    }
  });

  it("a staff write on A is answered only after A has sent its 'catalogue' event to subscribers", async () => {
    const stream = new Stream(aUrl);
    try {
      await stream.next((e) => e.event === "hello", 0);
      const sent = a.catalogueEvents.stats.catalogue;
      const put = await editFeeOn(a, (await detailOn(a)).fee + 1);
      expect(put.statusCode).toBe(200);
      expect(a.catalogueEvents.stats.catalogue).toBeGreaterThan(sent);
    } finally {
      stream.close();
    }
  });
});
