/**
 * Server rendering against serving a static file (performance): the site server's `/`, `/all-courses`
 * and a course page, against the built static `index.html` served by the very same server (same
 * process, hooks, security headers and compression), measured in one run; then freshness: right
 * after an admin edit the course page shows the new fee, and right after a booking its places left.
 *
 * The site server runs in production mode over apps/site/dist (run `pnpm --filter site build`
 * first) through apps/site/scripts/bench-server.ts, which adds one route, `/__bench/index.html`, answering the
 * built index.html bytes as a static file. Modes (`SSR_MODES`, default `off,unpushed,on`):
 * `off` = no HTML cache (SSR_HTML_CACHE=off); `unpushed` = the HTML cache checking the API per read
 * (decision 133, the server's change stream stopped); `on` = the cache as it runs, served from
 * memory while the API's change stream is live (decision 240).
 *
 * Freshness, per mode: right after an admin edit, is the edit on the course page's next read (and
 * if not, after how long)? After a booking, how long until the page shows its places left (the
 * benchmark API allows 1 s of lag, decision 130)?
 *
 *   pnpm --filter @app/bench ssr        # BENCH_SECONDS per route (default 6, in 3 interleaved rounds), 20 connections
 *
 * Target: each page at >= 0.7x the static index.html, with the same freshness after an edit.
 */
import { spawn, spawnSync } from "node:child_process";
import autocannon from "autocannon";
import {
  adminToken,
  dockerRuntimeEnv,
  loadAvg,
  ratio,
  rssMb,
  startNode,
  startProductionApi,
  SITE_DIR,
  type Started,
} from "./lib";

const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = 20;
const ROUNDS = 3;
const MODES = (process.env.SSR_MODES ?? "off,unpushed,on").split(",").map((m) => m.trim()) as ("on" | "off" | "unpushed")[];

/** Places left of a date as the page's hydration data carries it. */
function placesLeftIn(html: string, dateId: number): number | null {
  const m = new RegExp(
    `"id":${dateId},"startDate":"[^"]*","endDate":"[^"]*","label":"[^"]*","capacity":\\d+,"placesLeft":(\\d+)`,
  ).exec(html);
  return m ? Number(m[1]) : null;
}

/** Reads `url` until `shown(html)` or 5 s pass: ms after `since`, or null. */
async function shownAfter(url: string, shown: (html: string) => boolean, since: number): Promise<number | null> {
  while (performance.now() - since < 5_000) {
    if (shown(await (await fetch(url)).text())) return Math.round(performance.now() - since);
    await new Promise((r) => setTimeout(r, 5));
  }
  return null;
}

/**
 * The load generator. `wrk` (Debian's package; C) when it is on PATH: it reads a 20 KB page as
 * cheaply as a 1.6 KB one, so the figures are the site server's. autocannon otherwise (or with
 * BENCH_LOADGEN=autocannon): it parses answers in JavaScript on the same 2 cores and was the
 * bottleneck of the page routes (decision 259), so its ratios understate the server.
 */
const WRK = process.env.BENCH_LOADGEN !== "autocannon" && spawnSync("wrk", ["--version"]).error === undefined;
const LOADGEN = WRK ? "wrk, 1 thread" : "autocannon";

interface LoadResult {
  requests: number;
  bytes: number;
  seconds: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** wrk's sizes ("205.41MB") and times ("817.00us", "2.77ms", "1.01s") in bytes and ms. */
const wrkBytes = (v: string) => {
  const m = /([\d.]+)([KMGT]?B)/.exec(v)!;
  return Number(m[1]) * 1024 ** ["B", "KB", "MB", "GB", "TB"].indexOf(m[2]!);
};
const wrkMs = (v: string) => {
  const m = /([\d.]+)(us|ms|s|m)/.exec(v)!;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as "us" | "ms" | "s" | "m"];
};

async function load(url: string, duration: number): Promise<LoadResult> {
  if (!WRK) {
    const r = await autocannon({ url, connections: CONNECTIONS, duration, headers: { "accept-encoding": "gzip, br" } });
    return {
      requests: r.requests.total,
      bytes: r.throughput.total,
      seconds: r.duration,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
    };
  }
  const out = await new Promise<string>((ok, fail) => {
    const args = [
      "-t1",
      `-c${CONNECTIONS}`,
      `-d${Math.max(1, Math.round(duration))}s`,
      "--latency",
      "-H",
      "accept-encoding: gzip, br",
      url,
    ];
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    child.stdout.on("data", (c: Buffer) => (text += c.toString()));
    child.on("error", fail);
    child.on("exit", (code) => (code === 0 ? ok(text) : fail(new Error(`wrk exited with ${code}`))));
  });
  const total = /(\d+) requests in ([\d.]+\w+), ([\d.]+\w?B) read/.exec(out);
  if (!total) throw new Error(`wrk's output not understood:\n${out}`);
  return {
    requests: Number(total[1]),
    seconds: wrkMs(total[2]!) / 1000,
    bytes: wrkBytes(total[3]!),
    p50: wrkMs(/^\s+50%\s+(\S+)/m.exec(out)![1]!),
    p99: wrkMs(/^\s+99%\s+(\S+)/m.exec(out)![1]!),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

let api: Started | null = null;
let site: Started | null = null;
process.on("exit", () => {
  for (const p of [api, site])
    if (p)
      try {
        process.kill(p.pid, "SIGTERM");
      } catch {
        /* gone */
      }
});

const loadBefore = loadAvg();
try {
  api = await startProductionApi();
  const token = await adminToken(api.url);
  const courses = (await (await fetch(`${api.url}/api/courses`)).json()) as { id: number; slug: string; fee: number }[];
  const course = courses[0]!;
  const detail = (await (await fetch(`${api.url}/api/courses/slug/${course.slug}`)).json()) as { courseDates: { id: number }[] };
  const dateId = detail.courseDates[0]!.id;
  const pages = ["/", "/all-courses", `/course/${course.slug}`];
  let fee = course.fee;

  for (const mode of MODES) {
    site = await startNode(
      "site server",
      SITE_DIR,
      ["scripts/bench-server.ts", ...(mode === "unpushed" ? ["--no-stream"] : [])],
      {
        NODE_ENV: "production",
        // The repo's fictional identity (production refuses it otherwise; decision 265).
        SITE_ALLOW_PLACEHOLDER_IDENTITY: "true",
        HOST: "127.0.0.1",
        PORT: "0",
        API_URL: api.url,
        PUBLIC_API_URL: api.url,
        SSR_HTML_CACHE: mode === "off" ? "off" : "on",
        // As the Dockerfile runs it (decisions 135, 250), like bench mixed's site server.
        ...dockerRuntimeEnv("site"),
      },
      { quiet: true },
    );
    const run = (path: string, duration: number) => load(`${site!.url}${path}`, duration);
    const routes = ["/__bench/index.html", ...pages];
    for (const p of routes) await run(p, 1); // warm-up
    // Interleaved: ROUNDS rounds of every route for DURATION / ROUNDS seconds each, so a burst of
    // other load on the shared machine falls on all routes alike instead of on one.
    const totals = new Map(routes.map((p) => [p, { requests: 0, bytes: 0, seconds: 0, p50: [] as number[], p99: 0, non2xx: 0 }]));
    for (let round = 0; round < ROUNDS; round++)
      for (const p of routes) {
        const r = await run(p, DURATION / ROUNDS);
        const t = totals.get(p)!;
        t.requests += r.requests;
        t.bytes += r.bytes;
        t.seconds += r.seconds;
        t.p50.push(r.p50);
        t.p99 = Math.max(t.p99, r.p99);
        t.non2xx += r.non2xx;
      }
    const rps = (p: string) => totals.get(p)!.requests / totals.get(p)!.seconds;
    const base = rps("/__bench/index.html");
    console.info(
      `\nbench ssr, HTML cache ${mode === "on" ? "on (pushed)" : mode}, ${CONNECTIONS} connections (${LOADGEN}), ${DURATION} s per route in ${ROUNDS} interleaved rounds (site ${site.url}), load average ${loadAvg()}`,
    );
    for (const p of routes) {
      const t = totals.get(p)!;
      const name = p === "/__bench/index.html" ? "static index.html" : p;
      const r = Math.round(rps(p));
      const verdict =
        name === "static index.html"
          ? ""
          : `  ${ratio(r, base)}x of static (target >= 0.7: ${base > 0 && r >= 0.7 * base ? "met" : "NOT met"})`;
      const p50 = t.p50.sort((a, b) => a - b)[Math.floor(t.p50.length / 2)];
      console.info(
        `${name.padEnd(44)} ${String(r).padStart(6)} req/s  p50 ${+p50!.toFixed(2)} ms  p99 ${+t.p99.toFixed(2)} ms (worst round)  non-2xx ${t.non2xx}  ${(t.bytes / Math.max(1, t.requests) / 1024).toFixed(1)} KB/answer${verdict}`,
      );
    }

    // Freshness: an admin edit, then the page at once; a booking, then the page until it shows.
    const page = `${site.url}/course/${course.slug}`;
    fee += 1;
    const put = await fetch(`${api.url}/api/courses/${course.id}`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ fee }),
    });
    const edited = performance.now();
    const shown = (await (await fetch(page)).text()).includes(`"fee":${fee},`);
    const editLag = shown ? 0 : await shownAfter(page, (html) => html.includes(`"fee":${fee},`), edited);
    console.info(
      `freshness after an admin edit: PUT ${put.status}; the course page's next read shows fee ${fee}: ${shown ? "OK" : `STALE (shown after ${editLag ?? "> 5000"} ms)`}`,
    );
    const left = placesLeftIn(await (await fetch(page)).text(), dateId);
    const order = await fetch(`${api.url}/api/enroll`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        courses: [{ id: course.id, selectedDate: dateId, selectedAddons: [] }],
        guest_email: `bench.ssr.${mode}@example.com`,
        guest_name: "Bench",
        first_name: "Bench",
        last_name: "Ssr",
        phone_number: "07700 900123",
        country: "United Kingdom",
        street_address: "1 Example Street",
        town_city: "Bootle",
        state: "England",
      }),
    });
    const booked = performance.now();
    const seatLag =
      order.status === 201 && left !== null
        ? await shownAfter(page, (html) => placesLeftIn(html, dateId) !== left, booked)
        : null;
    console.info(
      `freshness after a booking: order ${order.status}; places left (${left}) moved on the course page after ${seatLag ?? "-"} ms (API lag allowed: 1000 ms)`,
    );
    console.info(`site server RSS ${rssMb(site.pid)} MB; HTML cache ${await (await fetch(`${site.url}/__bench/stats`)).text()}`);
    if (!shown) process.exitCode = 1;
    await site.stop();
    site = null;
  }
  console.info(`\nload average before ${loadBefore}, after ${loadAvg()} (2 cores)`);
} finally {
  await site?.stop();
  await api?.stop();
}
