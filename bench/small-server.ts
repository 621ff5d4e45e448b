/**
 * A small server (issue 36, decision 561): the whole production set (Postgres, API, site, admin
 * static files, Caddy) on ONE CPU (`taskset -c 0`) with the full years-of-data database, the load
 * generator (this process) on the other CPU. Prints the public mix (catalogue reads while orders
 * flow, against the constant route), the office's screens (p95), the bookings CSV, and the memory
 * of every process of the set (PSS, Postgres backends included), sampled through the run.
 *
 *   BENCH_VOLUME_DB=postgres://postgres@127.0.0.1:5432/<copy of bench_volume_1> pnpm --filter @app/bench small-server
 *
 * Postgres: a second cluster (Debian's initdb/pg_ctl, SMALL_PG_PORT default 5433, data in
 * SMALL_PG_DIR default /tmp/bench-small-server-pg, kept between runs) restored from a dump of
 * BENCH_VOLUME_DB, with SMALL_SERVER_PG's settings. The API and site are the production bundles
 * (`pnpm --filter api build`, `pnpm --filter site build`, `pnpm --filter admin build` first), run as
 * the deploy tests run them; Caddy runs deploy/Caddyfile with one plain-HTTP port per host.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { adminToken, dockerRuntimeEnv, figuresOf, loadAvg, ratio, spreadSourceAddresses, type Figures } from "./lib";
import { get, officeScreens, screen } from "./office-screens";
import { PG_DIR, pgCtl, pssMb, SMALL_SERVER_PG, startPostgres } from "./small-server-pg";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ORDER_RATE = Number(process.env.ORDER_RATE ?? 20);
/** Reads of each office screen (a slow screen answers in 30 s at most, then counts as an error). */
const SCREEN_READS = Number(process.env.BENCH_REQUESTS ?? 4);
const POOL = process.env.SMALL_DB_POOL_SIZE ?? "10";
/** The API's V8 settings: its image's (decision 522), or SMALL_API_NODE_OPTIONS. */
const API_NODE_OPTIONS = process.env.SMALL_API_NODE_OPTIONS ?? dockerRuntimeEnv("api").NODE_OPTIONS ?? "";
const SITE_HEAP = process.env.SMALL_SITE_HEAP ?? "96";
const ADMIN_HEAP = process.env.SMALL_ADMIN_HEAP ?? "32";
const PORTS = { api: 13000, site: 15173, admin: 15174, caddyApi: 18003, caddySite: 18001, caddyAdmin: 18002 };

const children: ChildProcess[] = [];
/** `node <file>` on CPU 0 with only the given environment (as the deploy tests start production). */
async function startOnCpu0(name: string, file: string, env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawn("taskset", ["-c", "0", process.execPath, file], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", MALLOC_ARENA_MAX: "2", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (
      await fetch(readyUrl).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} never answered ${readyUrl}`);
}

async function main() {
  // The load generator on CPU 1, the set on CPU 0.
  execFileSync("taskset", ["-a", "-cp", "1", String(process.pid)], { stdio: "ignore" });
  spreadSourceAddresses(8);
  for (const f of ["apps/api/dist/server.mjs", "apps/site/dist/server.mjs", "apps/admin/dist/index.html"])
    if (!existsSync(path.join(ROOT, f))) throw new Error(`${f} is missing: build the api, site and admin first`);
  const database = startPostgres();
  const caddyHome = `${PG_DIR}/caddy`;
  const apiUrl = `http://127.0.0.1:${PORTS.caddyApi}`;
  const apiEnv = {
    // As the deploy tests run the API bundle: production's shape, with the local payment provider
    // (production refuses it; orders here cannot reach Stripe) and no second factor for the bench's admin.
    NODE_ENV: "development",
    HOST: "127.0.0.1",
    PORT: String(PORTS.api),
    DATABASE_URL: database,
    SEED_ON_START: "false",
    LOG_LEVEL: "warn",
    LOG_CLIENT_ADDRESS: "off",
    API_DOCS_ENABLED: "false",
    TRUST_PROXY: "1",
    PUBLIC_API_URL: apiUrl,
    PUBLIC_SITE_URL: `http://127.0.0.1:${PORTS.caddySite}`,
    SITE_ORIGIN: `http://127.0.0.1:${PORTS.caddySite}`,
    ADMIN_ORIGIN: `http://127.0.0.1:${PORTS.caddyAdmin}`,
    MAIL_DIR: `${PG_DIR}/mail`,
    DB_POOL_SIZE: POOL,
    NODE_OPTIONS: API_NODE_OPTIONS,
    // Every order comes through Caddy from 8 local addresses: the per-client limits would refuse them.
    HOLD_LIMIT_PER_CLIENT: "1000000",
    HOLD_LIMIT_PER_EMAIL: "1000000",
    ORDER_RATE_LIMIT: "1000000",
    DISCOUNT_CHECK_RATE_LIMIT: "1000000",
  };
  const api = await startOnCpu0("API", "apps/api/dist/server.mjs", apiEnv, `http://127.0.0.1:${PORTS.api}/api/ready`);
  const site = await startOnCpu0(
    "site",
    "apps/site/dist/server.mjs",
    {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORTS.site),
      API_URL: `http://127.0.0.1:${PORTS.api}`,
      PUBLIC_API_URL: apiUrl,
      PUBLIC_SITE_URL: `http://127.0.0.1:${PORTS.caddySite}`,
      LOG_LEVEL: "warn",
      SITE_ALLOW_PLACEHOLDER_IDENTITY: "true",
      NODE_OPTIONS: `--max-old-space-size=${SITE_HEAP}`,
    },
    `http://127.0.0.1:${PORTS.site}/robots.txt`,
  );
  const admin = await startOnCpu0(
    "admin",
    "apps/admin/server.mjs",
    {
      HOST: "127.0.0.1",
      PORT: String(PORTS.admin),
      PUBLIC_API_URL: apiUrl,
      PUBLIC_SITE_URL: `http://127.0.0.1:${PORTS.caddySite}`,
      NODE_OPTIONS: `--max-old-space-size=${ADMIN_HEAP}`,
    },
    `http://127.0.0.1:${PORTS.admin}/healthz`,
  );
  const caddy = spawn("taskset", ["-c", "0", "/usr/bin/caddy", "run", "--config", "deploy/Caddyfile", "--adapter", "caddyfile"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: caddyHome,
      XDG_DATA_HOME: `${caddyHome}/data`,
      XDG_CONFIG_HOME: `${caddyHome}/config`,
      SITE_ADDRESS: `http://:${PORTS.caddySite}`,
      ADMIN_ADDRESS: `http://:${PORTS.caddyAdmin}`,
      API_ADDRESS: `http://:${PORTS.caddyApi}`,
      CADDY_ADMIN: "127.0.0.1:12019",
      SITE_UPSTREAM: `127.0.0.1:${PORTS.site}`,
      ADMIN_UPSTREAM: `127.0.0.1:${PORTS.admin}`,
      API_UPSTREAM: `127.0.0.1:${PORTS.api}`,
    },
    stdio: ["ignore", "ignore", "ignore"],
  });
  children.push(caddy);
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(`${apiUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await new Promise((r) => setTimeout(r, 200));

  const postmaster = Number(readFileSync(`${PG_DIR}/data/postmaster.pid`, "utf8").split("\n")[0]);
  // taskset execs node/caddy in place: the pid is the server's own.
  const roots = { postgres: postmaster, api: api.pid!, site: site.pid!, admin: admin.pid!, caddy: caddy.pid! };
  let peak = { total: 0, each: new Map<string, number>() };
  const sampler = setInterval(() => {
    const m = pssMb(roots);
    if (m.total > peak.total) peak = m;
  }, 500);
  const out: string[] = [];
  const say = (line: string) => {
    out.push(line);
    console.info(line);
  };
  say(`\nbench small-server, ${new Date().toISOString()}, load ${loadAvg()} (2 cores; the set on CPU 0, the generator on CPU 1)`);
  say(
    `Postgres ${JSON.stringify(SMALL_SERVER_PG)}; API pool ${POOL}, API NODE_OPTIONS "${API_NODE_OPTIONS}", heaps site ${SITE_HEAP} / admin ${ADMIN_HEAP} MB`,
  );
  try {
    const token = await adminToken(apiUrl);
    const slugs = ((await (await fetch(`${apiUrl}/api/courses`)).json()) as { slug: string }[]).map((c) => c.slug).slice(0, 4);
    const { orderPath, dateIds, courseId } = await benchCourse(apiUrl, token);
    await autocannon({ url: `${apiUrl}/api/courses`, connections: 10, duration: 2 });
    const health = figuresOf(await autocannon({ url: `${apiUrl}/api/health`, connections: 50, duration: DURATION }));
    let n = 0;
    const orders = (rate: number | undefined, connections: number) =>
      autocannon({
        url: `${apiUrl}${orderPath}`,
        method: "POST",
        connections,
        ...(rate ? { overallRate: rate } : {}),
        duration: DURATION,
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              headers: { "content-type": "application/json" },
              body: order(courseId, dateIds[n % dateIds.length]!, n++),
            }),
          },
        ],
      }).then(figuresOf);
    const [reads, placed] = await Promise.all([
      autocannon({
        url: apiUrl,
        connections: 50,
        duration: DURATION,
        requests: slugs.flatMap((slug) => [
          { method: "GET" as const, path: "/api/courses" },
          { method: "GET" as const, path: `/api/courses/slug/${slug}` },
        ]),
      }).then(figuresOf),
      orders(ORDER_RATE, 10),
    ]);
    const pages = figuresOf(
      await autocannon({ url: `http://127.0.0.1:${PORTS.caddySite}/course/${slugs[0]}`, connections: 10, duration: DURATION }),
    );
    const maxOrders = await orders(undefined, 20);
    const at500 = await orders(500, 50);
    const row = (name: string, f: Figures, extra = "") =>
      say(
        `${name.padEnd(36)} ${String(f.rps).padStart(6)}/s  p50 ${String(f.p50).padStart(5)} ms  p99 ${String(f.p99).padStart(5)} ms  errors ${f.errors} non-2xx ${f.non2xx} ${extra}`,
      );
    row("constant route /api/health", health);
    row("catalogue reads (list + detail)", reads, `${ratio(reads.rps, health.rps)}x the constant route (target >= 0.7)`);
    row(`orders at ${ORDER_RATE}/s beside the reads`, placed, `(target p99 < 100 ms)`);
    row("public course page (site SSR)", pages);
    row("orders, max (20 connections)", maxOrders, "(target >= 500/s)");
    row("orders at 500/s (50 connections)", at500, "(target p99 < 100 ms)");
    const { screens } = await officeScreens(apiUrl, token);
    const beside = autocannon({ url: `${apiUrl}/api/courses`, connections: 4, overallRate: 50, duration: 3600 }, () => undefined);
    let missed = 0;
    for (const [name, url] of screens) {
      const r = await screen(apiUrl, token, url, 2, SCREEN_READS);
      if (r.p95 > 100 || r.errors) missed++;
      say(
        `${name.padEnd(36)} p50 ${r.p50.toFixed(0).padStart(5)} ms  p95 ${r.p95.toFixed(0).padStart(5)} ms${r.errors ? ` errors ${r.errors}` : ""}${r.p95 > 100 ? " MISSED" : ""}`,
      );
    }
    beside.stop();
    say(
      `office screens: ${missed} of ${screens.length} over p95 100 ms (2 clients, ${SCREEN_READS} reads each, catalogue reads at 50/s beside)`,
    );
    const csv = await get(`${apiUrl}/api/bookings/export.csv?status=all`, token, "127.0.0.2");
    say(
      `bookings CSV ${(csv.bytes / 1e6).toFixed(1)} MB: first byte ${csv.firstByteMs.toFixed(0)} ms, whole ${csv.ms.toFixed(0)} ms (targets 300 ms, 10 s)`,
    );
  } finally {
    clearInterval(sampler);
    const end = pssMb(roots);
    const parts = (m: typeof end) => [...m.each].map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", ");
    say(
      `memory (PSS) at the end ${end.total.toFixed(0)} MB (${parts(end)}); peak ${peak.total.toFixed(0)} MB (${parts(peak)}); target < 1024 MB`,
    );
    say(`load ${loadAvg()}`);
    for (const c of children) c.kill("SIGTERM");
    pgCtl("stop");
  }
}

/** A course with big dates for the bench's orders (the volume's own dates may be full or past). */
async function benchCourse(apiUrl: string, token: string) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const res = await fetch(`${apiUrl}/api/courses`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      title: `Bench Small Server ${Date.now()}`,
      price: 100,
      capacity: 1000,
      description: "Created by bench/small-server.ts.",
      duration: "1 Day",
      time: "9 am - 6pm",
      courseDates: Array.from({ length: 24 }, (_, i) => ({ startDate: day(30 + i), endDate: day(30 + i), capacity: 1000 })),
    }),
  });
  if (!res.ok) throw new Error(`creating the course failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: number };
  const detail = (await (await fetch(`${apiUrl}/api/courses/${id}`)).json()) as { courseDates: { id: number }[] };
  return { orderPath: "/api/enroll", courseId: id, dateIds: detail.courseDates.map((d) => d.id) };
}

const order = (courseId: number, dateId: number, i: number) =>
  JSON.stringify({
    courses: [{ id: courseId, selectedDate: dateId, selectedAddons: [] }],
    guest_email: `small${i}@example.com`,
    guest_name: "Bench",
    first_name: "Bench",
    last_name: `Small ${i}`,
    phone_number: "07700 900999",
    country: "United Kingdom",
    street_address: "1 Example Street",
    town_city: "Bootle",
    state: "England",
  });

void main().catch((e) => {
  console.error(e);
  for (const c of children) c.kill("SIGTERM");
  try {
    pgCtl("stop");
  } catch {
    /* not running */
  }
  process.exitCode = 1;
});
