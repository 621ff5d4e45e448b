import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { at, built, freePort, NodeProcess } from "./helpers";

/**
 * The rolling upgrade and the rollback of deploy/README.md (decision 308), with real processes on
 * one database: the previous release serves; the new release's migrations run while it serves;
 * the new API starts beside it and both serve; the old one stops; then the rollback starts the
 * previous release again on the migrated schema (there are no down-migrations). At each stage the
 * smoke journey runs through HTTP on each API that is up: catalogue, a booking, payment on the
 * local payment page, the confirmation (status and mail), the office's sign-in and bookings list.
 *
 * The previous release is deploy/releases/<version>/, committed (CI's checkout may have no git
 * history to build it from): run from a copy whose node_modules is apps/api's, where it finds
 * the npm packages it leaves outside its bundle.
 */

const serverUrl = process.env.DATABASE_URL;
const RELEASE = "2026-11-23-5424483";
const ADMIN = { email: "admin@example.com", password: "Admin!Passw0rd" };
const ADMIN_ORIGIN = "http://admin.rollback.test";

type Release = { commit: string; runtime: Record<string, string>; bundled: Record<string, string | null> };

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

// Skipped only off CI: .ci/run always sets DATABASE_URL, so there a missing one fails instead.
describe.skipIf(!serverUrl && process.env.CI !== "true")("rolling upgrade from the previous release, and rollback", () => {
  const dbName = `deploy_rollback_${randomBytes(4).toString("hex")}`;
  const runDir = mkdtempSync(path.join(tmpdir(), "rollback-"));
  const releaseDir = path.join(runDir, RELEASE);
  const mailDir = path.join(runDir, "mail");
  const release = JSON.parse(readFileSync(at("deploy/releases", RELEASE, "release.json"), "utf8")) as Release;
  let databaseUrl = "";
  let db: pg.Client;
  const processes: NodeProcess[] = [];
  let customers = 0;
  /** The new API started by the upgrade step (still serving during the rollback). */
  let nextUrl = "";

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    databaseUrl = withDatabase(serverUrl!, dbName);
    cpSync(at("deploy/releases", RELEASE), releaseDir, { recursive: true });
    symlinkSync(at("apps/api/node_modules"), path.join(releaseDir, "node_modules"), "dir");
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await db?.end().catch(() => undefined);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(runDir, { recursive: true, force: true });
  });

  /** An API as the systemd unit starts one: `node <server.mjs>`, workers on, mail to files. */
  async function startApi(file: string): Promise<{ api: NodeProcess; url: string }> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const api = new NodeProcess(file, {
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      SEED_ON_START: "true",
      WORKERS_ENABLED: "true",
      MAIL_DIR: mailDir,
      PUBLIC_API_URL: url,
      ADMIN_ORIGIN,
      // Every customer of the journeys comes from 127.0.0.1.
      HOLD_LIMIT_PER_CLIENT: "1000",
      ORDER_RATE_LIMIT: "1000",
    });
    processes.push(api);
    await api.ready(`${url}/api/ready`, 90_000);
    return { api, url };
  }

  const startOld = () => startApi(path.join(releaseDir, "server", "server.mjs"));
  const startNew = () => startApi(built("apps/api/dist/server.mjs"));

  async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
    const res = await fetch(url, { headers });
    expect(res.status, `GET ${url}`).toBe(200);
    return (await res.json()) as T;
  }

  /** The smoke journey on one API; answers the booking reference it made. */
  async function journey(api: string): Promise<string> {
    // Catalogue: a course with a date that has places.
    const courses = await getJson<{ id: number; slug: string }[]>(`${api}/api/courses`);
    expect(courses.length).toBeGreaterThan(0);
    let line: { id: number; selectedDate: number } | null = null;
    for (const c of courses) {
      const detail = await getJson<{ courseDates: { id: number; placesLeft: number }[] }>(`${api}/api/courses/${c.id}`);
      const date = detail.courseDates.find((d) => d.placesLeft > 0);
      if (date) {
        line = { id: c.id, selectedDate: date.id };
        break;
      }
    }
    expect(line, "a course date with places").not.toBeNull();

    // The order, and the local payment page's Pay.
    const email = `rolling.${++customers}@example.com`;
    const placed = await fetch(`${api}/api/enroll`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        courses: [{ ...line, selectedAddons: [] }],
        guest_email: email,
        guest_name: "Robin",
        first_name: "Robin",
        last_name: `Upgrade${customers}`,
        phone_number: "07700 900555",
        country: "United Kingdom",
        street_address: "5 Example Row",
        town_city: "Bootle",
        state: "England",
        accept_terms: true,
      }),
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { reference, payment_link } = (await placed.json()) as { reference: string; payment_link: string };
    expect(payment_link).toBe(`${api}/api/payments/local/${encodeURIComponent(reference)}`);
    expect((await fetch(payment_link)).status).toBe(200);
    const paid = await fetch(`${payment_link}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);

    // The confirmation: the success page's status, and the mail sent by the workers.
    const status = await getJson<{ status: string; booking_reference: string }>(
      `${api}/api/orders/${encodeURIComponent(reference)}/status`,
    );
    expect(status.status).toBe("paid");
    await expect
      .poll(
        async () =>
          (
            await db.query<{ status: string }>(
              "select status from mail_outbox where \"to\" = $1 and kind = 'booking_confirmation'",
              [email],
            )
          ).rows.map((r) => r.status),
        { timeout: 30_000, interval: 500 },
      )
      .toEqual(["sent"]);
    expect(readdirSync(mailDir).some((f) => readFileSync(path.join(mailDir, f), "utf8").includes(email))).toBe(true);

    // The office signs in and finds the booking in the bookings list.
    const login = await fetch(`${api}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ADMIN_ORIGIN },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(cookie).toMatch(/^session=/);
    const rows = await getJson<{ booking_reference: string; email: string }[]>(
      `${api}/api/bookings?q=${encodeURIComponent(email)}`,
      { cookie, origin: ADMIN_ORIGIN },
    );
    expect(rows.map((r) => r.booking_reference)).toEqual([status.booking_reference]);
    return status.booking_reference;
  }

  it("the previous release is committed whole: its bundle, its migrations, and every package it leaves to node_modules installed here", () => {
    expect(existsSync(path.join(releaseDir, "server", "server.mjs"))).toBe(true);
    expect(existsSync(path.join(releaseDir, "drizzle", "meta", "_journal.json"))).toBe(true);
    expect(release.commit).toMatch(/^5424483/);
    const missing = Object.keys(release.runtime).filter((name) => !existsSync(at("apps/api/node_modules", name, "package.json")));
    expect(missing, "packages the previous release needs from apps/api/node_modules").toEqual([]);
    // Another version still runs it (the journeys below say whether it works); worth a rebuild.
    for (const [name, version] of Object.entries(release.runtime)) {
      const here = (JSON.parse(readFileSync(at("apps/api/node_modules", name, "package.json"), "utf8")) as { version: string })
        .version;
      if (here !== version) console.warn(`previous release built against ${name} ${version}; ${here} is installed`);
    }
  });

  it("upgrade: the old release serves; migrations run beside it; old and new serve together; the old one stops", async () => {
    const old = await startOld();
    // It is the previous release: the version endpoint came after it.
    expect((await fetch(`${old.url}/api/version`)).status).toBe(404);
    await journey(old.url);

    // Migrate first, while the old release serves (the README's step 1).
    const migrate = new NodeProcess(built("apps/api/dist/migrate.mjs"), { DATABASE_URL: databaseUrl, NODE_ENV: "development" });
    processes.push(migrate);
    expect((await migrate.exited).code, migrate.log).toBe(0);
    const applied = await db.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
    const journal = JSON.parse(readFileSync(at("apps/api/drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] };
    expect(applied.rows[0]!.n).toBe(journal.entries.length);

    // The old release on the new schema, then the new API beside it: both serve, either order.
    await journey(old.url);
    const next = await startNew();
    nextUrl = next.url;
    await journey(next.url);
    await journey(old.url);
    const version = await getJson<{ version: string }>(`${next.url}/api/version`);
    expect(version.version).toBeTruthy();

    old.api.child.kill("SIGTERM");
    expect((await old.api.exited).code).toBe(0);
    await journey(next.url);
  }, 300_000);

  it("rollback: the previous release starts on the migrated schema and serves the journey; the new API beside it still does", async () => {
    const rolledBack = await startOld();
    await journey(rolledBack.url);
    // Its start-up migrator found nothing to apply: the schema is still the new one.
    const journal = JSON.parse(readFileSync(at("apps/api/drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] };
    const applied = await db.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
    expect(nextUrl, "the new API from the upgrade step").not.toBe("");
    await journey(nextUrl);
  }, 180_000);
});
