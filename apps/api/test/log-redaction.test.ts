import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { buildApp } from "../src/app";
import { createDb, createPool, type Db } from "../src/db/client";
import { courseDates } from "../src/db/schema";
import { createCourse, createDiscount } from "../src/db/seed/factories";
import { createDatabase, dropDatabase, uniqueName } from "../src/db/testing";
import { parseEnv } from "../src/env";
import { scrubText } from "../src/lib/log-redact";
import { inDays, orderPayload } from "./fixtures";

/** No personal data in logs, failed queries included (issue 11, decision 106): every line the API writes is captured. */

const PERSON = {
  first_name: "Perpetua",
  last_name: "Quillfeather",
  guest_name: "Perpetua",
  guest_email: "perpetua.quillfeather@example.com",
  phone_number: "07700 900987",
  street_address: "17 Imaginary Quay",
  town_city: "Fictionton",
  company_name: "Quillfeather Doors Ltd",
  order_notes: "Wheelchair access for Perpetua please",
};
const PERSONAL = [
  PERSON.first_name,
  PERSON.last_name,
  PERSON.guest_email,
  PERSON.phone_number,
  "900987",
  PERSON.street_address,
  PERSON.town_city,
  "Quillfeather Doors",
];

let app: FastifyInstance;
let pool: pg.Pool;
let db: Db;
let dbName: string;
let mailDir: string;
const lines: string[] = [];

beforeAll(async () => {
  dbName = uniqueName("api_logs");
  const url = await createDatabase(inject("serverUrl"), dbName, inject("seededTemplate"));
  pool = createPool(url, 4);
  db = createDb(pool);
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "h11a-mail-"));
  const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "trace", DATABASE_URL: url, MAIL_DIR: mailDir });
  app = await buildApp({ env, pool, logStream: { write: (line) => lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await pool.end();
  await dropDatabase(inject("serverUrl"), dbName);
  fs.rmSync(mailDir, { recursive: true, force: true });
});

const leaked = () => PERSONAL.filter((p) => lines.some((l) => l.includes(p)));

async function course() {
  const start = inDays(30);
  const id = await createCourse(db, { capacity: 10, dates: [{ startDate: start, endDate: start, capacity: 10 }] });
  const [date] = await db.select().from(courseDates).where(eq(courseDates.courseId, id));
  return { id, selectedDate: date!.id };
}

describe("logs carry no personal data", () => {
  it("a failed query (with the row's values in its error) is logged without names, e-mails, addresses or phones", async () => {
    const c = await course();
    await createDiscount(db, { code: "LOGS10", percentOff: 10 });
    // The database refuses the order and, like Postgres' own constraint errors, echoes the row.
    await pool.query(`
      create function refuse_order() returns trigger language plpgsql as $$
      begin
        raise exception 'new row for relation "orders" violates check constraint'
          using detail = 'Failing row contains (' || new.first_name || ', ' || new.guest_email || ', ' || new.phone_number || ').';
      end $$;
      create trigger refuse_order before insert on orders for each row execute function refuse_order();`);
    try {
      lines.length = 0;
      // Without a code: the one-statement fast path (pg error); with a code: a Drizzle query error carrying its parameters.
      const plain = await app.inject({ method: "POST", url: "/api/enroll", payload: orderPayload([c], PERSON) });
      const coded = await app.inject({
        method: "POST",
        url: "/api/enroll",
        payload: orderPayload([c], { ...PERSON, discount_code: "LOGS10" }),
      });
      expect(plain.statusCode).toBe(500);
      expect(coded.statusCode).toBe(500);
      const failures = lines.filter((l) => l.includes("request failed"));
      expect(failures.length).toBe(2);
      // What helps an operator is still there: the statement, the error, the request id.
      expect(failures.join("\n")).toMatch(/violates check constraint/);
      expect(failures.join("\n")).toMatch(/insert into orders/);
      expect(leaked()).toEqual([]);
    } finally {
      await pool.query("drop trigger refuse_order on orders; drop function refuse_order();");
    }
  });

  it("request lines, payments and the mail sender log no personal data either", async () => {
    const c = await course();
    lines.length = 0;
    await app.inject({
      method: "GET",
      url: `/api/health?email=${encodeURIComponent(PERSON.guest_email)}&name=${PERSON.last_name}`,
    });
    const order = await app.inject({ method: "POST", url: "/api/enroll", payload: orderPayload([c], PERSON) });
    expect(order.statusCode).toBe(201);
    const pay = await app.inject({ method: "POST", url: `/api/payments/local/${order.json().reference}/pay` });
    expect(pay.statusCode).toBe(303);
    const sent = await app.workers.sendMail();
    expect(sent.sent).toBeGreaterThan(0);
    expect(lines.some((l) => l.includes("mail sent"))).toBe(true);
    expect(lines.some((l) => l.includes("incoming request"))).toBe(true);
    expect(leaked()).toEqual([]);
  });

  it("masks e-mail addresses and phone numbers in free text, not dates or ids", () => {
    expect(scrubText("Invalid email: a.b+c@example.co.uk, call +44 7700 900123")).toBe("Invalid email: [email], call [phone]");
    expect(scrubText("hold ends 2026-11-22 10:00, order 42, 2026-11-22T10:00:00.000Z")).toBe(
      "hold ends 2026-11-22 10:00, order 42, 2026-11-22T10:00:00.000Z",
    );
    expect(scrubText("Failed query: insert into x values ($1)\nparams: Casey,casey@example.com\n    at f (a.js:1:2)")).toBe(
      "Failed query: insert into x values ($1)\nparams: [redacted]\n    at f (a.js:1:2)",
    );
    expect(scrubText("Key (email)=(casey@example.com) already exists.")).toBe("Key (email)=([redacted]) already exists.");
  });

  it("keeps stack paths readable: a package path with its version is not an e-mail address (issue 25)", () => {
    const stack = [
      "Error: boom",
      "    at Object.handler (/app/node_modules/.pnpm/fastify@5.12.8/node_modules/fastify/lib/route.js:12:3)",
      "    at /app/node_modules/.pnpm/@ts-rest+fastify@3.52.1_zod@3.25.76/node_modules/@ts-rest/fastify/index.js:1:2",
      "    at next (/app/apps/api/src/modules/orders/service.ts:40:7)",
    ].join("\n");
    expect(scrubText(stack)).toBe(stack);
    expect(scrubText("to casey@example.co.uk at /app/x@1.2.3/y.js")).toBe("to [email] at /app/x@1.2.3/y.js");
  });

  it("masks references and tokens of links in texts, and logs request lines by route pattern without client addresses", async () => {
    expect(scrubText("GET /api/orders/Qx3_k9Lm-P2vR7sT1uW4yZ/status?x=1 for ACDE-FG23")).toBe(
      "GET /api/orders/:redacted/status?[redacted] for [booking-ref]",
    );
    lines.length = 0;
    await app.inject({ method: "GET", url: "/api/orders/Qx3_k9Lm-P2vR7sT1uW4yZ/status?reference=Qx3_k9Lm-P2vR7sT1uW4yZ" });
    await app.inject({ method: "GET", url: "/api/no-such-route/learner/abc?email=a%40b.co" });
    const requestLines = lines.filter((l) => l.includes("incoming request"));
    expect(requestLines.some((l) => l.includes('"url":"/api/orders/:reference/status?[redacted]"'))).toBe(true);
    expect(lines.filter((l) => l.includes("Qx3_k9Lm") || l.includes("a%40b.co"))).toEqual([]);
    // The test environment logs client addresses (LOG_CLIENT_ADDRESS defaults on outside production).
    expect(requestLines.every((l) => l.includes("remoteAddress"))).toBe(true);
  });
});
