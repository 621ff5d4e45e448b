import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { buildApp } from "../src/app";
import { createDb, createPool, type Db } from "../src/db/client";
import { courseDates } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { createDatabase, dropDatabase, uniqueName } from "../src/db/testing";
import { API_ROOT, DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD, parseEnv } from "../src/env";
import { unsubscribeKeys, unsubscribeToken } from "../src/modules/scheduled-mail/consent";
import { inDays, orderPayload } from "./fixtures";
import { inheritedEnv } from "./env";

/**
 * Logs without secrets (issue 25, decision 267): a whole booking runs over HTTP against the real
 * API and the real site server (its own process), both logging at debug level — order, payment by
 * the local provider (once failing in the database, so an error line is written), the success
 * page with its `?reference=`, status polling by reference, the confirmation mail, the learner's
 * form by its token (site page and API), an office search by e-mail, and an unsubscribe. Then every
 * log line is read: no reference, booking reference, token, query string, e-mail address or name
 * may appear, every request line has a request id, and no client address is logged (off here).
 */

const SITE_ROOT = path.resolve(API_ROOT, "../site");
const PERSON = {
  first_name: "Ottoline",
  last_name: "Vanderquist",
  guest_name: "Ottoline",
  guest_email: "ottoline.vanderquist@example.com",
  phone_number: "07700 900444",
  street_address: "9 Larkspur Wharf",
  town_city: "Bootle",
  marketing_consent: true,
};
const LEARNER = { full_name: "Ottoline Vanderquist", email: "o.vanderquist.learner@example.org" };

let app: FastifyInstance;
let pool: pg.Pool;
let db: Db;
let dbName: string;
let mailDir: string;
let site: ChildProcess | undefined;
let siteUrl = "";
let apiUrl = "";
const apiLines: string[] = [];
let siteOutput = "";

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      const port = typeof a === "object" && a ? a.port : 0;
      s.close(() => ok(port));
    });
  });
}

/** The site server as `pnpm --filter site dev` runs it (server render through Vite), logging at debug. */
function startSite(port: number): Promise<void> {
  site = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: SITE_ROOT,
    env: {
      ...inheritedEnv((k) => k.startsWith("VITEST") || k === "NODE_ENV" || k.startsWith("LOG_")),
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      API_URL: apiUrl,
      PUBLIC_API_URL: apiUrl,
      PUBLIC_SITE_URL: siteUrl,
      LOG_LEVEL: "debug",
      LOG_CLIENT_ADDRESS: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  site.stdout!.on("data", (c: Buffer) => (siteOutput += c.toString()));
  site.stderr!.on("data", (c: Buffer) => (siteOutput += c.toString()));
  return new Promise((ok, fail) => {
    const timer = setInterval(() => {
      if (siteOutput.includes("READY http://")) {
        clearInterval(timer);
        ok();
      }
    }, 100);
    site!.once("exit", (code) => {
      clearInterval(timer);
      fail(new Error(`site server exited (${code}):\n${siteOutput}`));
    });
  });
}

beforeAll(async () => {
  dbName = uniqueName("api_log_journey");
  const url = await createDatabase(inject("serverUrl"), dbName, inject("seededTemplate"));
  pool = createPool(url, 5);
  db = createDb(pool);
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "log-journey-mail-"));
  const [apiPort, sitePort] = [await freePort(), await freePort()];
  apiUrl = `http://127.0.0.1:${apiPort}`;
  siteUrl = `http://127.0.0.1:${sitePort}`;
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "debug",
    LOG_CLIENT_ADDRESS: "off",
    DATABASE_URL: url,
    MAIL_DIR: mailDir,
    SITE_ORIGIN: siteUrl,
    PUBLIC_SITE_URL: siteUrl,
    PUBLIC_API_URL: apiUrl,
  });
  app = await buildApp({ env, pool, logStream: { write: (line) => apiLines.push(line) } });
  await app.listen({ port: apiPort, host: "127.0.0.1" });
  await startSite(sitePort);
}, 240_000);

afterAll(async () => {
  if (site && site.exitCode === null) {
    const gone = new Promise((ok) => site!.once("exit", ok));
    site.kill("SIGTERM");
    await gone;
  }
  await app?.close();
  await pool?.end();
  if (dbName) await dropDatabase(inject("serverUrl"), dbName);
  if (mailDir) fs.rmSync(mailDir, { recursive: true, force: true });
});

const api = (p: string, init: RequestInit = {}) =>
  fetch(`${apiUrl}${p}`, {
    redirect: "manual",
    ...init,
    headers: { ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers },
  });
const page = async (p: string) => {
  const res = await fetch(`${siteUrl}${p}`, { redirect: "manual" });
  await res.text();
  return res.status;
};

describe("a whole booking leaves no secret in the logs", () => {
  it("API and site log no reference, token, query string, e-mail or name, with a request id on every request line", async () => {
    const start = inDays(30);
    const courseId = await createCourse(db, {
      title: "Door Supervisor Log Check",
      dates: [{ startDate: start, endDate: start }],
    });
    const [date] = await db.select().from(courseDates).where(eq(courseDates.courseId, courseId));
    expect(await page("/")).toBe(200);

    // Order.
    const placed = await api("/api/enroll", {
      method: "POST",
      body: JSON.stringify(orderPayload([{ id: courseId, selectedDate: date!.id }], PERSON)),
    });
    expect(placed.status).toBe(201);
    const { reference } = (await placed.json()) as { reference: string };

    // Payment by the local provider: first refused by the database (an error line with the row), then paid.
    await pool.query(`
      create function refuse_payment() returns trigger language plpgsql as $$
      begin
        raise exception 'new row for relation "orders" violates check constraint'
          using detail = 'Failing row contains (' || new.reference || ', ' || new.guest_email || ', ' || new.first_name || ').';
      end $$;
      create trigger refuse_payment before update on orders for each row execute function refuse_payment();`);
    try {
      expect((await api(`/api/payments/local/${reference}/pay`, { method: "POST" })).status).toBe(500);
    } finally {
      await pool.query("drop trigger refuse_payment on orders; drop function refuse_payment();");
    }
    expect((await api(`/api/payments/local/${reference}`)).status).toBe(200);
    expect((await api(`/api/payments/local/${reference}/pay`, { method: "POST" })).status).toBe(303);

    // The success page (server-rendered, with the reference in its query string) and status polling.
    expect(await page(`/payment/success?reference=${encodeURIComponent(reference)}`)).toBe(200);
    let status: { booking_reference?: string; learner_links?: { url: string }[] } = {};
    for (let i = 0; i < 2; i++) status = (await (await api(`/api/orders/${reference}/status`)).json()) as typeof status;
    const bookingRef = status.booking_reference!;
    expect(bookingRef).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const learnerToken = status.learner_links![0]!.url.split("/learner/")[1]!;
    expect(learnerToken).toMatch(/^[a-f0-9]{64}$/);
    expect((await api(`/api/orders/${reference}x/status`)).status).toBe(404);

    // The confirmation mail.
    expect((await app.workers.sendMail()).sent).toBeGreaterThan(0);

    // The learner's form: the site's page and the API, saved with the learner's own name and address.
    expect(await page(`/learner/${learnerToken}`)).toBe(200);
    expect((await api(`/api/learner-forms/${learnerToken}`)).status).toBe(200);
    const saved = await api(`/api/learner-forms/${learnerToken}`, { method: "PUT", body: JSON.stringify(LEARNER) });
    expect(saved.status).toBe(200);

    // The office looks the booking up by e-mail (a query string with personal data).
    const login = await api("/api/login", {
      method: "POST",
      body: JSON.stringify({ email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const search = await api(`/api/bookings?q=${encodeURIComponent(PERSON.guest_email)}`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(search.status).toBe(200);

    // Unsubscribe from marketing mail (the link's page, then the one-click POST).
    const unsubscribe = unsubscribeToken(PERSON.guest_email, unsubscribeKeys(app.env));
    expect((await api(`/api/unsubscribe/${unsubscribe}`)).status).toBe(200);
    expect(
      (
        await api(`/api/unsubscribe/${unsubscribe}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        })
      ).status,
    ).toBe(200);

    // Let the last lines reach the logs.
    await new Promise((r) => setTimeout(r, 500));
    const siteLines = siteOutput.split("\n").filter(Boolean);
    const all = [...apiLines.flatMap((l) => l.split("\n").filter(Boolean)), ...siteLines];

    // No secret or person in any line ...
    const secrets = {
      reference,
      bookingRef,
      learnerToken,
      unsubscribe,
      unsubscribeSignature: unsubscribe.split(".").at(-1)!,
      "reference query": "reference=",
      "search query": "q=",
      ...Object.fromEntries(
        [PERSON.guest_email, LEARNER.email, PERSON.first_name, PERSON.last_name, PERSON.street_address, "900444"].map((v) => [
          v,
          v,
        ]),
      ),
    };
    const leaks = Object.entries(secrets).flatMap(([what, value]) =>
      all.filter((l) => l.includes(value)).map((l) => `${what}: ${l.slice(0, 400)}`),
    );
    expect(leaks).toEqual([]);

    // ... of a journey that was logged (request lines of both servers, the error, the mail) ...
    expect(apiLines.some((l) => l.includes('"url":"/api/orders/:reference/status"'))).toBe(true);
    expect(apiLines.some((l) => l.includes("request failed") && l.includes("violates check constraint"))).toBe(true);
    expect(apiLines.some((l) => l.includes("mail sent"))).toBe(true);
    expect(siteLines.some((l) => l.includes('"url":"/learner/:redacted"'))).toBe(true);
    expect(siteLines.some((l) => l.includes('"url":"/payment/success?[redacted]"'))).toBe(true);

    // Request ids on every request line, and no client address (LOG_CLIENT_ADDRESS=off).
    const json = all.flatMap((l) => {
      try {
        return [JSON.parse(l) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
    const inRequests = json.filter((l) => l.req || l.res || String(l.msg).includes("request"));
    expect(inRequests.length).toBeGreaterThan(20);
    expect(inRequests.filter((l) => typeof l.reqId !== "string" || !l.reqId)).toEqual([]);
    expect(json.filter((l) => JSON.stringify(l).includes("remoteAddress"))).toEqual([]);
    expect(json.filter((l) => String(l.msg).startsWith("mail sent")).every((l) => String(l.reqId).startsWith("job-mail-"))).toBe(
      true,
    );
  }, 240_000);
});
