import { inject } from "vitest";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { buildApp } from "../src/app";
import type { WorkerOptions } from "../src/workers";
import { createDb, createPool, withDatabase, type Db } from "../src/db/client";
import { createDatabase, dropDatabase, uniqueName } from "../src/db/testing";
import { createUser } from "../src/db/seed/factories";
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD, parseEnv } from "../src/env";

export const ADMIN = { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD };

/**
 * For tests that play many customers from one address (inject: 127.0.0.1): lifts the per-client
 * and per-e-mail limits on unpaid holds and new orders (their own tests use the defaults).
 */
export const MANY_CUSTOMERS_ENV = {
  HOLD_LIMIT_PER_CLIENT: "100000",
  HOLD_LIMIT_PER_EMAIL: "100000",
  ORDER_RATE_LIMIT: "100000",
  DISCOUNT_CHECK_RATE_LIMIT: "100000",
};

/** Opt out of the console.error check for the current test. */
export function allowConsoleError() {
  (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = true;
}

/** A settable clock for time rules (login lock, holds, months). */
export class TestClock {
  private t: number;
  constructor(start: Date | number = Date.now()) {
    this.t = typeof start === "number" ? start : start.getTime();
  }
  now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
  set(at: Date) {
    this.t = at.getTime();
  }
}

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  pool: pg.Pool;
  clock: TestClock;
  dbName: string;
  close: () => Promise<void>;
};

/**
 * The app on its own database cloned from the run's template (`seeded`: catalogue, samples
 * and the admin of ADMIN; `empty`: migrated only). Call in beforeAll, close in afterAll.
 */
export async function setupApp(
  opts: { seeded?: boolean; env?: Record<string, string>; clock?: TestClock; workers?: WorkerOptions } = {},
): Promise<TestContext> {
  const serverUrl = inject("serverUrl");
  const template = opts.seeded === false ? inject("emptyTemplate") : inject("seededTemplate");
  const dbName = uniqueName("api_test");
  const url = await createDatabase(serverUrl, dbName, template);
  const pool = createPool(url, 5);
  const clock = opts.clock ?? new TestClock();
  const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "error", DATABASE_URL: url, ...opts.env });
  const app = await buildApp({
    env,
    pool,
    now: clock.now,
    logStream: { write: (line) => console.error(line) },
    ...(opts.workers ? { workers: opts.workers } : {}),
  });
  await app.ready();
  return {
    app,
    db: createDb(pool),
    pool,
    clock,
    dbName,
    close: async () => {
      await app.close();
      await pool.end();
      await dropDatabase(serverUrl, dbName);
    },
  };
}

/**
 * A second API instance on `ctx`'s database (its own pool, the same clock), as a second server
 * behind a load balancer would be: for tests of what one instance's write does to another's
 * answers (counters, caches, sessions, notifications). Close it before `ctx`.
 */
export async function secondInstance(
  ctx: TestContext,
  opts: { env?: Record<string, string>; poolSize?: number } = {},
): Promise<{ app: FastifyInstance; pool: pg.Pool; close: () => Promise<void> }> {
  const url = withDatabase(inject("serverUrl"), ctx.dbName);
  const pool = createPool(url, opts.poolSize ?? 5);
  const app = await buildApp({
    env: parseEnv({ NODE_ENV: "test", LOG_LEVEL: "error", DATABASE_URL: url, ...opts.env }),
    pool,
    now: ctx.clock.now,
    logStream: { write: (line) => console.error(line) },
  });
  await app.ready();
  return {
    app,
    pool,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

export type Session = { cookie: string; token: string; headers: { cookie: string } };

export async function login(app: FastifyInstance, email: string, password: string): Promise<Session> {
  const res = await app.inject({ method: "POST", url: "/api/login", payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed (${res.statusCode}): ${res.body}`);
  const set = res.cookies.find((c) => c.name === "session");
  if (!set) throw new Error("login set no session cookie");
  const cookie = `session=${set.value}`;
  return { cookie, token: res.json().access_token, headers: { cookie } };
}

export const loginAdmin = (ctx: TestContext) => login(ctx.app, ADMIN.email, ADMIN.password);

/** A signed-in user without the admin flag. */
export async function loginUser(ctx: TestContext): Promise<Session> {
  const user = await createUser(ctx.db, { isAdmin: false });
  return login(ctx.app, user.email, user.password);
}
