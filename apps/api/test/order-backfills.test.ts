/**
 * Migrations 0034 and 0038 filled order_charges and order_self_service for the orders before them
 * inside drizzle's transaction; decision 552 moved that to src/db/backfills.ts. A database built up
 * to 0033 with orders of that schema, upgraded by `migrate()` as the API's start does, gets exactly
 * the rows the released migrations wrote (their statement is kept here as the reference), in
 * batches of 500. The charges are there before the API serves, even when another instance holds
 * the online-index lock (it runs the backfills the API can do without); until those run, a booking
 * without its self-service row reads the first policy, whatever policy is in force. The office's
 * booking page shows the payment; a second start writes nothing.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrate as drizzleMigrate } from "drizzle-orm/node-postgres/migrator";
import { buildApp } from "../src/app";
import { createDb, createPool } from "../src/db/client";
import { runBackfills } from "../src/db/backfills";
import { migrate, MIGRATIONS_FOLDER, ONLINE_INDEX_LOCK } from "../src/db/migrate";
import { createDatabase, dropDatabase, uniqueName } from "../src/db/testing";
import { upsertUser } from "../src/modules/auth/service";
import { manageToken } from "../src/modules/customer-links";
import { parseEnv } from "../src/env";
import { login, TestClock, type Session } from "./helpers";

/** The rows the released 0034 inserted into order_charges (its SELECT, unchanged). */
const RELEASED_0034 = `
  SELECT o."id" AS order_id,
    CASE WHEN o."payment_provider" = 'manual' THEN 'office' ELSE 'full' END AS kind,
    o."amount_paid_pence" AS amount_pence,
    coalesce(p."method", 'card_online') AS method,
    o."payment_provider" AS provider,
    CASE WHEN o."payment_provider" = 'manual' THEN NULL ELSE coalesce(p."provider_payment_id", o."provider_session_id") END AS provider_ref,
    o."paid_at" AS received_at,
    o."paid_at" AS created_at
  FROM "orders" o
  LEFT JOIN "order_payments" p ON p."order_id" = o."id"
  WHERE o."amount_paid_pence" > 0 AND o."paid_at" IS NOT NULL
  ORDER BY 1`;

const CHARGES = `select order_id, kind, amount_pence, method, provider, provider_ref, received_at, created_at
  from order_charges order by order_id`;

const serverUrl = () => inject("serverUrl");
let dbName: string;
let pool: pg.Pool;
let app: FastifyInstance;
let office: Session;
let expected: unknown[];
let orderIds: number[];
const ids: Record<string, number> = {};

/** drizzle's migrator over the migrations before 0034 only (a copy of the folder, journal cut). */
async function migrateBefore0034(p: pg.Pool): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "before-0034-"));
  try {
    await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
    const journal = JSON.parse(await readFile(path.join(dir, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < "0034");
    await writeFile(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
    await drizzleMigrate(createDb(p), { migrationsFolder: dir });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** An order as the release before 0034 wrote it (with one line, as every booking has). */
async function oldOrder(
  p: pg.Pool,
  ref: string,
  o: { provider: string; session?: string; status: string; total: number; paid: number | null; paidAt: string | null },
  payment?: { method: string; paymentId: string | null },
): Promise<number> {
  const { rows } = await p.query<{ id: number }>(
    `insert into orders (reference, booking_ref, first_name, last_name, guest_name, guest_email, phone_number, country,
       street_address, town_city, state, subtotal_pence, total_pence, expires_at, payment_provider, provider_session_id,
       status, amount_paid_pence, paid_at, created_at)
     values ($1, $2, 'Ada', $1, 'Ada ' || $1, lower($1) || '@example.com', '07700 900123', 'United Kingdom', '1 Example Street',
       'Bootle', 'England', $3, $3, '2026-01-10T12:00:00Z', $4, $5, $6, $7, $8, '2026-01-10T11:00:00Z')
     returning id`,
    [ref, ref.slice(0, 8).toUpperCase().padEnd(8, "X"), o.total, o.provider, o.session ?? null, o.status, o.paid, o.paidAt],
  );
  const id = rows[0]!.id;
  await p.query(
    `insert into order_items (order_id, title, duration, time, description, date_label, original_price_pence, price_paid_pence)
     values ($1, 'Door Supervisor', '6 days', '9am', 'SIA licence course', '1 Feb 2026', $2, $2)`,
    [id, o.total],
  );
  if (payment)
    await p.query(`insert into order_payments (order_id, method, provider_payment_id) values ($1, $2, $3)`, [
      id,
      payment.method,
      payment.paymentId,
    ]);
  return id;
}

beforeAll(async () => {
  dbName = uniqueName("api_backfill");
  const url = await createDatabase(serverUrl(), dbName);
  pool = createPool(url, 5);
  await migrateBefore0034(pool);
  ids.card = await oldOrder(
    pool,
    "CARDPAID",
    { provider: "stripe", session: "cs_1", status: "paid", total: 12000, paid: 12000, paidAt: "2026-01-10T11:05:00Z" },
    { method: "card_online", paymentId: "pi_1" },
  );
  ids.session = await oldOrder(pool, "SESSIONP", {
    provider: "local",
    session: "sess_2",
    status: "paid",
    total: 9000,
    paid: 9000,
    paidAt: "2026-01-11T09:00:00Z",
  });
  ids.office = await oldOrder(
    pool,
    "OFFICEPT",
    { provider: "manual", status: "paid", total: 20000, paid: 5000, paidAt: "2026-01-12T10:00:00Z" },
    { method: "bank_transfer", paymentId: null },
  );
  ids.cancelled = await oldOrder(pool, "CANCELLD", {
    provider: "local",
    session: "sess_4",
    status: "cancelled",
    total: 9000,
    paid: 9000,
    paidAt: "2026-01-13T09:00:00Z",
  });
  ids.pending = await oldOrder(pool, "PENDINGX", { provider: "local", status: "pending", total: 9000, paid: null, paidAt: null });
  ids.free = await oldOrder(pool, "FREEORDR", {
    provider: "local",
    status: "paid",
    total: 0,
    paid: 0,
    paidAt: "2026-01-14T09:00:00Z",
  });
  // Enough paid orders for three batches of 500.
  await pool.query(`
    insert into orders (reference, booking_ref, first_name, last_name, guest_name, guest_email, phone_number, country,
      street_address, town_city, state, subtotal_pence, total_pence, expires_at, payment_provider, provider_session_id,
      status, amount_paid_pence, paid_at)
    select 'bulk' || g, 'B' || lpad(g::text, 7, '0'), 'Bo', 'Bulk', 'Bo Bulk', 'bulk' || g || '@example.com', '07700 900124',
      'United Kingdom', '1 Example Street', 'Bootle', 'England', 9000, 9000, '2026-01-10T12:00:00Z', 'local', 'bulk_' || g,
      'paid', 9000, timestamptz '2025-06-01T09:00:00Z' + g * interval '1 hour'
    from generate_series(1, 1200) g`);
  expected = (await pool.query(RELEASED_0034)).rows;
  orderIds = (await pool.query<{ id: number }>("select id from orders order by id")).rows.map((r) => r.id);

  // The new release starts while another instance builds the online indexes (it holds their lock).
  const other = await pool.connect();
  await other.query("select pg_advisory_lock($1)", [ONLINE_INDEX_LOCK]);
  try {
    await migrate(pool);
  } finally {
    await other.query("select pg_advisory_unlock($1)", [ONLINE_INDEX_LOCK]);
    other.release();
  }
  const clock = new TestClock();
  app = await buildApp({
    env: parseEnv({ NODE_ENV: "test", LOG_LEVEL: "error", DATABASE_URL: url }),
    pool,
    now: clock.now,
    logStream: { write: (line) => console.error(line) },
  });
  await app.ready();
  await upsertUser(createDb(pool), {
    email: "olivia@example.com",
    name: "Olivia Office",
    password: "Str0ng!Passw0rd-test",
    isAdmin: true,
    role: "office",
  });
  office = await login(app, "olivia@example.com", "Str0ng!Passw0rd-test");
}, 120_000);

afterAll(async () => {
  await app?.close();
  await pool?.end();
  await dropDatabase(serverUrl(), dbName);
});

describe("the backfills of 0034 and 0038", () => {
  it("write the charges the released 0034 wrote, one per paid order, before the API serves", async () => {
    expect(expected).toHaveLength(1 + 1 + 1 + 1 + 1200);
    expect((await pool.query(CHARGES)).rows).toEqual(expected);
    const byOrder = new Map((await pool.query(CHARGES)).rows.map((r: { order_id: number }) => [r.order_id, r]));
    expect(byOrder.get(ids.card!)).toMatchObject({ kind: "full", method: "card_online", provider_ref: "pi_1" });
    expect(byOrder.get(ids.session!)).toMatchObject({ kind: "full", provider_ref: "sess_2" });
    expect(byOrder.get(ids.office!)).toMatchObject({
      kind: "office",
      amount_pence: 5000,
      method: "bank_transfer",
      provider_ref: null,
    });
    expect(byOrder.has(ids.pending!)).toBe(false);
    expect(byOrder.has(ids.free!)).toBe(false);
    // The other instance has not run its part yet.
    expect((await pool.query("select count(*)::int as n from order_self_service")).rows).toEqual([{ n: 0 }]);
  });

  it("show the payment on the office's booking page", async () => {
    const res = await app.inject({ method: "GET", url: `/api/bookings/${ids.office}`, headers: office.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().money.charges).toEqual([
      expect.objectContaining({ kind: "office", amount: 50, method: "bank_transfer", provider: "manual" }),
    ]);
  });

  it("read a booking whose self-service row is not written yet as under the first policy", async () => {
    await pool.query(`insert into booking_policies (version, policy, terms_version)
      select 2, jsonb_set(policy, '{max_changes}', '0'), '2026-12-01' from booking_policies where version = 1`);
    const token = await manageToken(createDb(pool), ids.card!, new Date());
    const res = await app.inject({ method: "GET", url: `/api/my-bookings/booking/${token}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().policy_version).toBe(1);
  });

  it("give every order before 0038 the first policy when the index builder's part runs", async () => {
    await migrate(pool);
    const { rows } = await pool.query(
      "select order_id, policy_version, early_start_requested, date_changes, credit_pence from order_self_service order by order_id",
    );
    expect(rows).toEqual(
      orderIds.map((id) => ({ order_id: id, policy_version: 1, early_start_requested: null, date_changes: 0, credit_pence: 0 })),
    );
  });

  it("write nothing at the next start", async () => {
    const client = await pool.connect();
    try {
      expect(await runBackfills(client)).toEqual({
        "order charges": 0,
        "order self-service rows": 0,
        "order list keys": 0,
        "learner records' paid course date": 0,
        "learner progress keys": 0,
      });
    } finally {
      client.release();
    }
    await migrate(pool);
    expect((await pool.query(CHARGES)).rows).toEqual(expected);
  });
});
