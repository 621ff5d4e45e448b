/**
 * The API for browser tests: a FRESH uniquely named database (on DATABASE_URL's server, or
 * an embedded server on a free port), migrated and seeded, then listening on --port N (or PORT).
 * Besides the seeded administrator it adds one non-administrator (TEST_STAFF_EMAIL in src/env.ts).
 * Prints `READY http://127.0.0.1:<port>` once listening; drops its database on SIGTERM/SIGINT.
 *
 *   pnpm --filter api exec tsx src/cli/test-server.ts --port 3101
 *
 * `--production-like` (benchmarks): what production runs, except the local payment provider
 * (which production refuses): no response validation, background workers on, production's pool size
 * (DB_POOL_SIZE, default 20), logs at warn unless LOG_LEVEL says otherwise, production's per-client
 * limits behind one trusted proxy hop (TRUST_PROXY=1: clients are told apart by X-Forwarded-For).
 *
 * `--database <url>` (the years-of-data bench, decision 460): serve that database as it is (built
 * by src/cli/volume.ts): migrated on start, never seeded again and never dropped.
 *
 * `--workers off` (the nightly bench): no job queue, so the start's catch-up does not run the
 * nightly jobs; the bench runs each one itself (src/cli/run-job.ts) while orders arrive.
 */
import { parseArgs } from "node:util";
import { buildApp } from "../app";
import { createDb, createPool, dbTimeoutsOf } from "../db/client";
import { migrate } from "../db/migrate";
import { seed } from "../db/seed/seed";
import { createDatabase, dropDatabase, freePort, startTestServer, uniqueName } from "../db/testing";
import { DEV_ADMIN_PASSWORD, parseEnv, TEST_ROLE_STAFF, TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD } from "../env";
import { upsertUser } from "../modules/auth";

async function seedScheduledMailSamples(pool: import("pg").Pool) {
  await pool.query(`
    insert into mail_outbox ("to", subject, html, text, kind, status, attempts, last_error, sent_at, next_attempt_at, created_at) values
      ('sam.sent@example.com', 'Booking confirmed: SIA Door Supervisor Course', '<p>x</p>', 'x', 'booking_confirmation', 'sent', 1, null, now() - interval '2 days', now() - interval '2 days', now() - interval '2 days'),
      ('fran.failed@example.com', 'Booking confirmed: CCTV Operator Course', '<p>x</p>', 'x', 'booking_confirmation', 'failed', 12, '550 5.1.1 Mailbox unavailable', null, now() - interval '1 day', now() - interval '1 day'),
      ('phil.failed@example.com', 'Booking confirmed: Door Supervisor Refresher', '<p>x</p>', 'x', 'booking_confirmation', 'failed', 12, '550 5.1.1 Mailbox unavailable', null, now() - interval '1 day', now() - interval '1 day')`);
}

async function seedRegisterDates(pool: import("pg").Pool) {
  // Today's and tomorrow's: a test run that crosses midnight (UK time) still finds a date that is
  // "today" when its test runs, and can still book it.
  await pool.query(`
    insert into course_dates (course_id, start_date, end_date, capacity)
    select c.id, d, d, 40
    from courses c,
      (values ((now() at time zone 'Europe/London')::date), ((now() at time zone 'Europe/London')::date + 1)) as days(d)
    where c.slug = 'sia-door-supervisor-course'`);
  await pool.query(`
    insert into course_date_trainers (course_date_id, user_id, assigned_by)
    select d.id, u.id, 'Test server' from course_dates d cross join users u where u.email = 'trainer@example.com'
    on conflict do nothing`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      "production-like": { type: "boolean" },
      database: { type: "string" },
      workers: { type: "string" },
    },
    strict: false,
  });
  const productionLike = values["production-like"] === true;
  const port = Number(values.port ?? 0) || (await freePort());
  // The environment is parsed once, the test server's own defaults first: payment links point at
  // this very server unless PUBLIC_API_URL says otherwise.
  const base = parseEnv(undefined, {
    defaults: {
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PUBLIC_API_URL: `http://127.0.0.1:${port}`,
      ...(productionLike
        ? {
            // Benchmarks: production's per-client limits (decision 101) and lag of 'places left'
            // (130), behind one proxy hop as in production (Caddy, 134). The benches play many
            // customers by giving each order its own X-Forwarded-For address, as the proxy would.
            TRUST_PROXY: "1",
            SEAT_COUNTS_MAX_LAG_MS: "1000",
          }
        : {
            // Browser tests play every customer from one address: the per-client order and hold
            // limits (decision 101) would stop them; their own API tests check the limits.
            HOLD_LIMIT_PER_CLIENT: "100000",
            HOLD_LIMIT_PER_EMAIL: "100000",
            ORDER_RATE_LIMIT: "100000",
            // Likewise discount-code answers (every browser test that books with a code counts, from /enroll too).
            DISCOUNT_CHECK_RATE_LIMIT: "100000",
          }),
    },
    overrides: { PORT: String(port) },
  });
  const existing = typeof values.database === "string" ? values.database : null;
  const server = existing ? { url: existing, embedded: null } : await startTestServer(base.DATABASE_URL);
  const dbName = uniqueName("api_e2e");
  const url = existing ?? (await createDatabase(server.url, dbName));
  const pool = createPool(url, productionLike ? base.DB_POOL_SIZE : 10, dbTimeoutsOf(base));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;

  let closing = false;
  const cleanup = async () => {
    if (closing) return;
    closing = true;
    await app?.close().catch(() => undefined);
    await pool.end().catch(() => undefined);
    // A throwaway embedded server goes with all its databases; on a shared server, drop ours.
    if (server.embedded) await server.embedded.stop();
    else if (!existing) await dropDatabase(server.url, dbName).catch((e) => console.error(`could not drop ${dbName}: ${e}`));
    process.exit(0);
  };
  process.on("SIGTERM", () => void cleanup());
  process.on("SIGINT", () => void cleanup());

  try {
    await migrate(pool);
    if (!existing)
      await seed(pool, {
        admin: { email: base.SEED_ADMIN_EMAIL, password: base.SEED_ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD },
      });
    // A signed-in user who is not an administrator, for the admin app's guard test; only here,
    // never in the normal seed.
    await upsertUser(createDb(pool), {
      email: TEST_STAFF_EMAIL,
      name: "Nora Staff",
      password: TEST_STAFF_PASSWORD,
      isAdmin: false,
    });
    // Staff of each role for the role and second-factor tests (issue 17).
    for (const s of TEST_ROLE_STAFF) await upsertUser(createDb(pool), { ...s, password: TEST_STAFF_PASSWORD, isAdmin: true });
    // Mail in each state for the admin's Scheduled mail browser test (issue 15): sent, and failed for good.
    if (!productionLike) await seedScheduledMailSamples(pool);
    // The register takes attendance on or after the day and a trainer sees only assigned dates
    // (issue 27): a one-day door supervisor date today, and the test trainer on every date.
    if (!productionLike) await seedRegisterDates(pool);
    const env = {
      ...base,
      DATABASE_URL: url,
      ...(productionLike ? { WORKERS_ENABLED: values.workers !== "off" } : {}),
    } as typeof base;
    app = await buildApp({ env, pool, ...(productionLike ? { responseValidation: false } : {}) });
    // Browser tests follow a link the customer was mailed (My bookings' sign-in link): the workers
    // are off here, so the outbox is read as it stands. Only this test server has the route.
    if (!productionLike)
      app.get("/test-only/outbox", async (request) => {
        const to = String((request.query as { to?: unknown }).to ?? "");
        const { rows } = await pool.query(
          `select kind, subject, text from mail_outbox where lower("to") = lower($1) order by id desc limit 20`,
          [to],
        );
        return rows;
      });
    await app.listen({ port, host: "127.0.0.1" });
    console.info(`READY http://127.0.0.1:${port}`);
  } catch (e) {
    console.error(e);
    await cleanup();
    process.exit(1);
  }
}

void main();
