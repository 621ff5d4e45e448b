/**
 * The restore drill's steps against the API's own code (decision 303): an in-process API on a
 * cluster, bookings paid and with learner evidence, a fingerprint of every table, the mails
 * written to MAIL_DIR, and the CLIs the backup units and the restore procedure run.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../../src/app";
import { openDatabase } from "../../src/db/bootstrap";
import { createDb, type Db } from "../../src/db/client";
import { courseDates } from "../../src/db/schema";
import { createCourse } from "../../src/db/seed/factories";
import { seedIfEmpty } from "../../src/db/seed/seed";
import { parseEnv } from "../../src/env";
import { addDays, ukDate } from "../../src/lib/dates";
import { orderPayload } from "../fixtures";
import { inheritedEnv } from "../env";
import { MANY_CUSTOMERS_ENV, type TestClock } from "../helpers";

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export type Running = { app: FastifyInstance; db: Db; close: () => Promise<void> };

/** The API on `url` as production starts it: migrations first, then the app (jobs on when asked). */
export async function startApi(
  url: string,
  opts: { clock: TestClock; mailDir: string; sentLog: string; workers: boolean; seed?: boolean },
): Promise<Running> {
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "error",
    DATABASE_URL: url,
    MAIL_DIR: opts.mailDir,
    MAIL_SENT_LOG: opts.sentLog,
    WORKERS_ENABLED: String(opts.workers),
    ...MANY_CUSTOMERS_ENV,
  });
  const database = await openDatabase(env, () => undefined);
  if (opts.seed) await seedIfEmpty(database.pool, env, () => undefined);
  const app = await buildApp({
    env,
    pool: database.pool,
    ownsPool: false,
    now: opts.clock.now,
    logStream: { write: (line) => console.error(line) },
    workers: { pollingIntervalSeconds: 0.5 },
  });
  await app.ready();
  return {
    app,
    db: createDb(database.pool),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A first-aid certificate of its own (a PDF with random bytes in a comment), as a learner uploads it. */
export const certificate = () =>
  Buffer.concat([
    Buffer.from("%PDF-1.4\n% "),
    Buffer.from(randomBytes(600).toString("base64")),
    Buffer.from("\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
  ]);

/**
 * A door supervisor course booked and paid (local provider) by `email`, with each learner's
 * first-aid certificate uploaded. Returns the order's reference and the learners' tokens.
 */
export async function bookWithEvidence(
  api: Running,
  email: string,
  clock: TestClock,
): Promise<{ reference: string; files: Map<string, Buffer> }> {
  const start = addDays(ukDate(clock.now()), 30);
  const id = await createCourse(
    api.db,
    {
      title: `SIA Door Supervisor Course (drill ${randomBytes(3).toString("hex")})`,
      dates: [{ startDate: start, endDate: addDays(start, 1) }],
    } as never,
    clock.now(),
  );
  const [date] = await api.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  // A name of its own per booking, so each office notice's subject differs from the others.
  const surname = email.split("@")[0]!.split(".").pop()!;
  const payload = orderPayload([{ id, selectedDate: date!.id }], {
    guest_email: email,
    last_name: surname[0]!.toUpperCase() + surname.slice(1),
  });
  const res = await api.app.inject({ method: "POST", url: "/api/enroll", payload });
  if (res.statusCode !== 201) throw new Error(`enroll: ${res.statusCode} ${res.body}`);
  const { reference } = res.json() as { reference: string };
  const paid = await api.app.inject({ method: "POST", url: `/api/payments/local/${reference}/pay` });
  if (paid.statusCode !== 303) throw new Error(`pay: ${paid.statusCode} ${paid.body}`);
  const status = (await api.app.inject({ method: "GET", url: `/api/orders/${reference}/status` })).json() as {
    learner_links?: { url: string }[];
  };
  const files = new Map<string, Buffer>();
  for (const link of status.learner_links ?? []) {
    const token = link.url.split("/learner/")[1]!;
    const file = certificate();
    const up = await api.app.inject({
      method: "PUT",
      url: `/api/learner-forms/${token}/first-aid-certificate`,
      payload: { file_name: "certificate.pdf", data_url: `data:application/pdf;base64,${file.toString("base64")}` },
    });
    if (up.statusCode !== 200) throw new Error(`upload: ${up.statusCode} ${up.body}`);
    files.set(token, file);
  }
  if (files.size === 0) throw new Error("the booking gave no learner links");
  return { reference, files };
}

/** Every table of the public schema: its row count and a digest of its rows in order. */
export async function fingerprint(url: string, skip: string[] = []): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by 1",
    );
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      if (skip.includes(name)) continue;
      const { rows } = await client.query<{ n: string; digest: string }>(
        `select count(*)::text as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest from public."${name}" t`,
      );
      out[name] = `${rows[0]!.n} rows ${rows[0]!.digest}`;
    }
    return out;
  } finally {
    await client.end();
  }
}

/** The mails written to MAIL_DIR, as "To | Subject" lines (one per mail handed over). */
export async function mailsSent(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: string[] = [];
  for (const name of names.filter((n) => n.endsWith(".eml"))) {
    const head = (await readFile(path.join(dir, name), "utf8")).split("\n\n")[0]!.replace(/\n[ \t]+/g, " ");
    const to = /^To: (.*)$/m.exec(head)?.[1] ?? "?";
    const subject = /^Subject: (.*)$/m.exec(head)?.[1] ?? "?";
    out.push(`${to} | ${subject}`);
  }
  return out.sort();
}

/** Runs one of the API's CLIs from source (as `node dist/<name>.mjs` runs it in production). */
export function runCli(name: string, args: string[], env: Record<string, string>, input = ""): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(API_ROOT, "src", "cli", `${name}.ts`), ...args], {
      cwd: API_ROOT,
      env: { ...inheritedEnv(() => false), NODE_ENV: "test", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += String(d)));
    child.stderr.on("data", (d) => (out += String(d)));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${name} ${args.join(" ")} exited ${code}: ${out}`)),
    );
    child.stdin.end(input);
  });
}
