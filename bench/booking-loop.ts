/**
 * Shared by nightly.ts and migrations.ts: a steady booking loop (open loop: one POST /api/enroll
 * every 1/rate s whatever the answers, so a stall shows as the full wait of every order caught in
 * it) from several 127.0.0.x source addresses, each order its own customer (X-Forwarded-For), and
 * a sampler of the lock waits the API's backends meet (pg_locks.waitstart, Postgres 14+).
 */
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { customerAddress } from "./lib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The part of node-postgres used here. */
type PgClient = {
  connect(): Promise<void>;
  query<R>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
  end(): Promise<void>;
};
/** pg from the API's dependencies (the bench package keeps its own list to the load tools). */
export const Pg = createRequire(path.join(ROOT, "apps/api/package.json"))("pg") as {
  Client: new (config: { connectionString: string; application_name?: string }) => PgClient;
};

export type Sample = { at: number; ms: number; status: number };

function order(courseId: number, dateId: number, i: number) {
  return JSON.stringify({
    courses: [{ id: courseId, selectedDate: dateId, selectedAddons: [] }],
    guest_email: `nightly${i}@example.com`,
    guest_name: "Bench",
    first_name: "Bench",
    last_name: `Nightly ${i}`,
    phone_number: "07700 900999",
    country: "United Kingdom",
    street_address: "1 Example Street",
    town_city: "Bootle",
    state: "England",
  });
}

function post(url: string, body: string, localAddress: string, forwardedFor: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: "POST",
        localAddress,
        agent: false,
        headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", () => resolve(0));
    req.setTimeout(30_000, () => {
      req.destroy();
      resolve(0);
    });
    req.end(body);
  });
}

/**
 * Starts the loop: `rate` orders a second on the given dates in turn (`targetUrl()` read for each
 * order, so the loop can move to another API). Returns the samples (start time, latency, status)
 * and stop(), which resolves when the orders in flight have answered.
 */
export function bookingLoop(targetUrl: () => string, course: { id: number; dateIds: number[] }, rate: number, addresses = 6) {
  const samples: Sample[] = [];
  const inFlight = new Set<Promise<void>>();
  let i = 0;
  const tick = setInterval(() => {
    const n = i++;
    const at = performance.now();
    const p = post(
      `${targetUrl()}/api/enroll`,
      order(course.id, course.dateIds[n % course.dateIds.length]!, n),
      `127.0.0.${1 + (n % addresses)}`,
      customerAddress(500_000 + n),
    ).then((status) => {
      samples.push({ at, ms: performance.now() - at, status });
      inFlight.delete(p);
    });
    inFlight.add(p);
  }, 1000 / rate);
  return {
    samples,
    stop: async () => {
      clearInterval(tick);
      await Promise.all([...inFlight]);
    },
  };
}

export type Window = { orders: number; p50: number; p99: number; max: number; failed: number; statuses: string };

/**
 * The orders sent in [from, to) (performance.now() times), or with `overlapping` every order that
 * was waiting at some time in it (sent before and answered after `from` included: a stall).
 */
export function windowOf(samples: Sample[], from: number, to: number, overlapping = false): Window {
  const w = samples.filter((s) => (overlapping ? s.at + s.ms >= from : s.at >= from) && s.at < to);
  const ms = w.map((s) => s.ms).sort((a, b) => a - b);
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.max(0, Math.ceil(ms.length * p) - 1))] ?? 0;
  const failed = w.filter((s) => s.status !== 201);
  const counts = new Map<number, number>();
  for (const s of failed) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  // Status 0: no answer (connection error, or none within 30 s).
  const statuses = [...counts].map(([status, n]) => `${n}× ${status}`).join(", ");
  return { orders: w.length, p50: q(0.5), p99: q(0.99), max: ms.at(-1) ?? 0, failed: failed.length, statuses };
}

export const fmtWindow = (w: Window) =>
  `${String(w.orders).padStart(5)} orders  p50 ${w.p50.toFixed(0).padStart(5)}  p99 ${w.p99.toFixed(0).padStart(5)}  max ${w.max
    .toFixed(0)
    .padStart(5)} ms${w.failed ? `  NOT 201: ${w.statuses}` : ""}`;

export type LockWait = { at: number; ms: number; query: string; blockedBy: string };

/**
 * Every `everyMs`, the lock waits of the backends of `database` other than those named
 * `exceptApp` (application_name: the job or migration under test): how long each has waited
 * (now() - pg_locks.waitstart), what it runs and what the backend it waits for runs.
 */
export function lockSampler(url: string, database: string, exceptApp: string, everyMs = 100) {
  const waits: LockWait[] = [];
  const client = new Pg.Client({ connectionString: url, application_name: "bench-lock-sampler" });
  let timer: NodeJS.Timeout | null = null;
  let busy = false;
  const ready = client.connect().then(() => {
    timer = setInterval(() => {
      if (busy) return;
      busy = true;
      client
        .query<{ ms: number; query: string; blocker: string | null }>(
          `select extract(epoch from clock_timestamp() - l.waitstart) * 1000 as ms, left(a.query, 120) as query,
                  (select left(b.query, 120) from pg_stat_activity b where b.pid = any(pg_blocking_pids(a.pid)) limit 1) as blocker
           from pg_locks l join pg_stat_activity a on a.pid = l.pid
           where not l.granted and l.waitstart is not null and a.datname = $1
             and a.application_name not in ($2, 'bench-lock-sampler')`,
          [database, exceptApp],
        )
        .then((r) => {
          const at = performance.now();
          for (const row of r.rows) waits.push({ at, ms: Number(row.ms), query: row.query, blockedBy: row.blocker ?? "?" });
        })
        .catch(() => undefined)
        .finally(() => (busy = false));
    }, everyMs);
  });
  return {
    waits,
    ready,
    /** The longest wait seen in [from, to). */
    longest(from: number, to: number): LockWait | null {
      let best: LockWait | null = null;
      for (const w of waits) if (w.at >= from && w.at < to && (!best || w.ms > best.ms)) best = w;
      return best;
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      await client.end().catch(() => undefined);
    },
  };
}

export const fmtWait = (w: LockWait | null) =>
  w ? `longest lock wait ${w.ms.toFixed(0)} ms (${oneLine(w.query)} ← ${oneLine(w.blockedBy)})` : "no lock wait seen";

const oneLine = (s: string) => s.replace(/\s+/g, " ").slice(0, 70);

/** A training with `dates` dates of 1000 seats, through the admin API (as bench/mixed.ts). */
export async function createTraining(apiUrl: string, token: string, dates = 12) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const res = await fetch(`${apiUrl}/api/courses`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      title: `Bench Nightly Course ${Date.now()}`,
      price: 100,
      capacity: 1000,
      description: "Created by bench/nightly.ts.",
      duration: "1 Day",
      time: "9 am - 6pm",
      courseDates: Array.from({ length: dates }, (_, i) => ({ startDate: day(40 + i), endDate: day(40 + i), capacity: 1000 })),
    }),
  });
  if (!res.ok) throw new Error(`creating the training failed: ${res.status} ${await res.text()}`);
  const created = (await res.json()) as { id: number };
  const detail = (await (await fetch(`${apiUrl}/api/courses/${created.id}`)).json()) as { courseDates: { id: number }[] };
  return { id: created.id, dateIds: detail.courseDates.map((d) => d.id) };
}
