/**
 * POST /api/enroll under load (DESIGN.md target: 500 orders/s on 2 cores, p99 < 100 ms, no seat
 * oversold). Creates a training with many big dates through the admin API, then:
 *   0. baseline: the constant JSON route /api/health with the same 20 connections, so the figures
 *      can be read as a ratio on a shared, noisy machine;
 *   1. throughput: as many orders as 20 connections can place in ~10 s, spread over the dates;
 *   2. target rate: 500 orders/s for ~10 s, latency at that rate;
 *   3. contention: one date with 100 seats hammered for 3 s: exactly 100 orders may succeed;
 *   4. code contention: one discount code with 50 uses hammered for 3 s: exactly 50 may get it;
 * Phases 1 and 2 put a discount code on ENROLL_CODE_SHARE of the orders (default 0.3, three codes
 * in turn; 0 = no codes), as a sale would (performance: codes have a uses counter like the seats);
 * and finally counts the seats held per date against its capacity (the oversell check).
 * Each phase also reports the CPU it cost the API process, its Postgres (the embedded server's
 * processes) and this load generator (autocannon runs in this process), in ms per request.
 *
 * The API it starts runs production-like (`test-server.ts --production-like`: no response
 * validation, workers on, production pool size, logs at warn) on a fresh embedded Postgres, or with
 * BENCH_VOLUME_DB=<url> on a throwaway copy of that years-of-data database (decision 460).
 *
 *   pnpm --filter @app/bench enroll            # starts its own API on a fresh database
 *   API_URL=http://localhost:3000 pnpm --filter @app/bench enroll   # CPU figures: generator only
 */
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { allEnrollments, customerAddress, load, row, startProductionApi, type Figures } from "./lib";
import { volumeCopy } from "./databases";

const DATES = 24;
const SEATS = 1000; // the contract's largest capacity per date
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CODE_SHARE = Number(process.env.ENROLL_CODE_SHARE ?? 0.3);
const CODES = ["BENCHA", "BENCHB", "BENCHC"];
const HOT_CODE = "BENCHHOT";
const HOT_CODE_USES = 50;

type Course = { id: number; title: string; courseDates: { id: number; capacity: number; placesLeft: number }[] };
type Enrollment = { status: string; discount_code: string | null; courses: { course_date_id: number | null }[] };

const volume = await volumeCopy();
const api = await startApi();
const loadBefore = loadavg();
try {
  const token = await adminToken();
  const course = await createTraining(token, "Bench Load Course", DATES, SEATS);
  const hot = await createTraining(token, "Bench Contention Course", 1, 100);
  const dateIds = course.courseDates.map((d) => d.id);
  for (const code of CODES) await createCode(token, code, 1_000_000);
  await createCode(token, HOT_CODE, HOT_CODE_USES);

  const order = (courseId: number, dateId: number, n: number, code?: string) =>
    JSON.stringify({
      courses: [{ id: courseId, selectedDate: dateId, selectedAddons: [] }],
      guest_email: `bench${n}@example.com`,
      guest_name: "Bench",
      first_name: "Bench",
      last_name: `Customer ${n}`,
      phone_number: "07700 900999",
      country: "United Kingdom",
      street_address: "1 Example Street",
      town_city: "Bootle",
      state: "England",
      ...(code ? { discount_code: code } : {}),
    });
  let n = 0;
  // Each order from its own customer address (through the trusted proxy hop, see customerAddress).
  const asCustomer = (i: number) => ({ "content-type": "application/json", "x-forwarded-for": customerAddress(i) });
  // Every k-th order carries a code (k from the share: 0.3 -> 3 of every 10).
  const codeFor = (i: number) => (CODE_SHARE > 0 && i % 10 < Math.round(CODE_SHARE * 10) ? CODES[i % CODES.length] : undefined);
  // Each request books the next date in turn, as real traffic spreads over a catalogue.
  const spread: autocannon.Options = {
    url: `${api.url}/api/enroll`,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (req) => {
          const i = n++;
          return { ...req, headers: asCustomer(i), body: order(course.id, dateIds[i % dateIds.length]!, i, codeFor(i)) };
        },
      },
    ],
  };

  await load({ ...spread, duration: 2, connections: 10 }); // warm-up (JIT, pool)
  await load({ url: `${api.url}/api/health`, duration: 1, connections: 10 });
  const health = await measured(() => load({ url: `${api.url}/api/health`, duration: DURATION, connections: 20 }));
  const max = await measured(() => load({ ...spread, duration: DURATION, connections: 20 }));
  const target = await measured(() => load({ ...spread, duration: DURATION, connections: 50, overallRate: 500 }));

  let m = 0;
  const hotDate = hot.courseDates[0]!.id;
  const contention = await autocannon({
    url: `${api.url}/api/enroll`,
    method: "POST",
    headers: { "content-type": "application/json" },
    connections: 20,
    duration: 3,
    requests: [
      {
        setupRequest: (req) => {
          const i = 1_000_000 + m++;
          return { ...req, headers: asCustomer(i), body: order(hot.id, hotDate, i) };
        },
      },
    ],
  });
  const hot201 = contention.statusCodeStats?.["201"]?.count ?? 0;
  const hot409 = contention.statusCodeStats?.["409"]?.count ?? 0;
  let k = 0;
  const codeContention = await autocannon({
    url: `${api.url}/api/enroll`,
    method: "POST",
    headers: { "content-type": "application/json" },
    connections: 20,
    duration: 3,
    requests: [
      {
        setupRequest: (req) => {
          const i = 2_000_000 + k++;
          return { ...req, headers: asCustomer(i), body: order(course.id, dateIds[i % dateIds.length]!, i, HOT_CODE) };
        },
      },
    ],
  });
  const code201 = codeContention.statusCodeStats?.["201"]?.count ?? 0;
  const code409 = codeContention.statusCodeStats?.["409"]?.count ?? 0;

  console.info(
    `\nPOST /api/enroll, ${DATES} dates x ${SEATS} seats, ${DURATION} s per phase, ${Math.round(CODE_SHARE * 100)}% of orders with a discount code (${api.url})`,
  );
  console.info(
    `load average before ${loadBefore.map((l) => l.toFixed(1)).join(" ")}, after ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} (2 cores)`,
  );
  row("GET /api/health (constant JSON)", health.figures);
  row("max throughput (20 connections)", max.figures, `(${pct(max.figures.rps, health.figures.rps)} of constant)`);
  row("at 500 orders/s (50 connections)", target.figures, verdict(target.figures));
  console.info("CPU per request (ms) and share of one core: API process / its Postgres / load generator");
  for (const [name, r] of [
    ["health", health],
    ["max throughput", max],
    ["at 500 orders/s", target],
  ] as const)
    cpuRow(name, r);
  console.info(`contention: one date of 100 seats, 20 connections, 3 s: ${hot201} booked, ${hot409} refused (409)`);
  console.info(
    `code contention: one code of ${HOT_CODE_USES} uses, 20 connections, 3 s: ${code201} booked with it, ${code409} refused (409)`,
  );

  // The oversell check: seats held (paid + pending) per date never exceed its capacity.
  // The bench's own bookings (a years-of-data database holds 60,000 others).
  const enrollments = [
    ...(await allEnrollments<Enrollment>(api.url, token, course.title)),
    ...(await allEnrollments<Enrollment>(api.url, token, hot.title)),
  ];
  const held = new Map<number, number>();
  for (const e of enrollments) {
    if (e.status !== "pending" && e.status !== "paid") continue;
    for (const c of e.courses) if (c.course_date_id) held.set(c.course_date_id, (held.get(c.course_date_id) ?? 0) + 1);
  }
  const capacities = new Map([...course.courseDates, ...hot.courseDates].map((d) => [d.id, d.capacity]));
  const oversold = [...capacities].filter(([id, cap]) => (held.get(id) ?? 0) > cap);
  const total = [...capacities.keys()].reduce((s, id) => s + (held.get(id) ?? 0), 0);
  console.info(`seats held on the bench dates: ${total}; hot date ${held.get(hotDate) ?? 0}/100`);
  const codeUses = enrollments.filter(
    (e) => (e.status === "pending" || e.status === "paid") && e.discount_code === HOT_CODE,
  ).length;
  console.info(`uses of ${HOT_CODE}: ${codeUses}/${HOT_CODE_USES}`);
  const ok =
    oversold.length === 0 &&
    (held.get(hotDate) ?? 0) === hot201 &&
    hot201 <= 100 &&
    codeUses === code201 &&
    codeUses <= HOT_CODE_USES;
  console.info(ok ? "no date oversold: OK" : `OVERSOLD: ${JSON.stringify(oversold)}`);
  if (!ok) process.exitCode = 1;
} finally {
  await api.stop();
  await volume?.drop();
}

function pct(a: number, b: number) {
  return `${Math.round((a / b) * 100)}%`;
}

// --- The API under test, production-like, with its process id for CPU accounting ---

async function startApi(): Promise<{ url: string; pid: number | null; stop: () => Promise<void> }> {
  if (process.env.API_URL) return { url: process.env.API_URL.replace(/\/$/, ""), pid: null, stop: async () => {} };
  // As production runs it (the bundle, plain node), so the pid is the API's for CPU accounting.
  return startProductionApi({ LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" }, volume?.url);
}

// --- CPU accounting from /proc (Linux): clock ticks of a process and of its descendants ---

type Cpu = { api: number; pg: number; gen: number; wall: number };

function procTicks(pid: number): { ppid: number; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) };
  } catch {
    return null; // gone meanwhile
  }
}

function sample(): Cpu {
  const gen = process.cpuUsage();
  const out = { api: 0, pg: 0, gen: (gen.user + gen.system) / 1000, wall: performance.now() };
  if (!api.pid) return out;
  const all = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const t = procTicks(Number(name));
    if (t) all.set(Number(name), t);
  }
  const TICK_MS = 10; // USER_HZ is 100 on Linux
  out.api = (all.get(api.pid)?.ticks ?? 0) * TICK_MS;
  // Postgres: every descendant of the API process (the embedded postmaster and its backends).
  // Backends that ended during the phase are not counted: the pool keeps its connections open.
  const under = (pid: number): boolean => {
    for (let p = all.get(pid)?.ppid; p && p > 1; p = all.get(p)?.ppid) if (p === api.pid) return true;
    return false;
  };
  for (const [pid, t] of all) if (pid !== api.pid && under(pid)) out.pg += t.ticks * TICK_MS;
  return out;
}

async function measured(run: () => Promise<Figures>): Promise<{ figures: Figures; cpu: Cpu }> {
  const a = sample();
  const figures = await run();
  const b = sample();
  return { figures, cpu: { api: b.api - a.api, pg: b.pg - a.pg, gen: b.gen - a.gen, wall: b.wall - a.wall } };
}

function cpuRow(name: string, r: { figures: Figures; cpu: Cpu }) {
  const n = Math.max(1, r.figures.rps * (r.cpu.wall / 1000));
  const part = (ms: number) => `${(ms / n).toFixed(2)} (${Math.round((ms / r.cpu.wall) * 100)}%)`;
  console.info(
    `  ${name.padEnd(32)} ${api.pid ? part(r.cpu.api) : "-"} / ${api.pid ? part(r.cpu.pg) : "-"} / ${part(r.cpu.gen)}`,
  );
}

function verdict(f: Figures) {
  return f.rps >= 490 && f.p99 < 100 && f.non2xx === 0 && f.errors === 0 ? "(target met)" : "(target NOT met)";
}

async function adminToken(): Promise<string> {
  const res = await fetch(`${api.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: process.env.SEED_ADMIN_EMAIL ?? "admin@example.com",
      password: process.env.SEED_ADMIN_PASSWORD ?? "Admin!Passw0rd",
    }),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function createCode(token: string, code: string, maxUses: number) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const res = await fetch(`${api.url}/api/discounts`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ code, percent_off: 10, valid_from: day(0), valid_until: day(60), max_uses: maxUses }),
  });
  if (!res.ok) throw new Error(`creating code ${code} failed: ${res.status} ${await res.text()}`);
}

async function createTraining(token: string, title: string, dates: number, seats: number): Promise<Course> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const res = await fetch(`${api.url}/api/courses`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      title: `${title} ${Date.now()}`,
      price: 100,
      capacity: seats,
      description: "Created by bench/enroll.ts.",
      duration: "1 Day",
      time: "9 am - 6pm",
      courseDates: Array.from({ length: dates }, (_, i) => ({ startDate: day(30 + i), endDate: day(30 + i) })),
    }),
  });
  if (!res.ok) throw new Error(`creating the training failed: ${res.status} ${await res.text()}`);
  const created = (await res.json()) as { id: number };
  return (await (await fetch(`${api.url}/api/courses/${created.id}`)).json()) as Course;
}
