/**
 * Years of data (decision 460): the office's screens, exports and the public reads on a database
 * of ten years (`BENCH_SCALE`, default 1 = 60,000 orders), built by the generator unless
 * `BENCH_VOLUME_DB=<url>` names one already built. Each screen is read by several clients from
 * different 127.0.0.x addresses while the public catalogue is read beside them; p95 per screen.
 *
 *   pnpm --filter @app/bench office            (BENCH_SCALE=0.1 for a tenth)
 *   BENCH_SCREENS='activity|scheduled' pnpm --filter @app/bench office   (some screens only)
 */
import { execFileSync } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { API_DIR, adminToken, apiEntry, loadAvg, rssMb, startNode } from "./lib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const TARGET_MS = 100;
/** `BENCH_SCREENS=<regex>` reads only the screens (and the CSV export, "CSV export") whose name matches. */
const ONLY = process.env.BENCH_SCREENS ? new RegExp(process.env.BENCH_SCREENS, "i") : null;
const wanted = (name: string) => !ONLY || ONLY.test(name);

function buildVolume(): string {
  if (process.env.BENCH_VOLUME_DB) return process.env.BENCH_VOLUME_DB;
  const started = Date.now();
  const out = execFileSync(
    "pnpm",
    [
      "--filter",
      "api",
      "exec",
      "tsx",
      "src/cli/volume.ts",
      "--scale",
      String(SCALE),
      "--seed",
      "42",
      "--db",
      `bench_volume_${String(SCALE).replace(".", "_")}`,
    ],
    { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 24 },
  );
  console.info(out.trim());
  console.info(`generator: ${((Date.now() - started) / 1000).toFixed(1)} s at scale ${SCALE}`);
  return /VOLUME (\S+)/.exec(out)![1]!;
}

type Timing = { ms: number; firstByteMs: number; bytes: number; status: number };

function get(url: string, token: string, localAddress: string): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = 0;
    let bytes = 0;
    const req = http.get(url, { headers: { authorization: `Bearer ${token}` }, localAddress, agent: false }, (res) => {
      res.on("data", (chunk: Buffer) => {
        if (!firstByteMs) firstByteMs = performance.now() - started;
        bytes += chunk.length;
      });
      res.on("end", () => resolve({ ms: performance.now() - started, firstByteMs, bytes, status: res.statusCode ?? 0 }));
    });
    req.on("error", reject);
    // A screen that does not answer in 30 s counts as an error, so one slow screen cannot stall the run.
    req.setTimeout(30_000, () => {
      req.destroy();
      resolve({ ms: performance.now() - started, firstByteMs, bytes, status: 0 });
    });
  });
}

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)] ?? 0;
};

/** REQUESTS reads of `url` by CLIENTS clients at once, each from its own 127.0.0.x address. */
async function screen(api: string, token: string, url: string): Promise<{ p95: number; p50: number; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = c; i < REQUESTS; i += CLIENTS) {
        const t = await get(`${api}${url}`, token, `127.0.0.${2 + c}`);
        if (t.status !== 200) errors++;
        times.push(t.ms);
      }
    }),
  );
  const sorted = [...times].sort((a, b) => a - b);
  return { p95: p95(times), p50: sorted[Math.floor(sorted.length / 2)] ?? 0, errors };
}

async function json<T>(api: string, token: string, url: string): Promise<T> {
  const res = await fetch(`${api}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

async function main() {
  const dbUrl = buildVolume();
  const apiStarted = Date.now();
  const api = await startNode(
    "API (years of data)",
    API_DIR,
    [apiEntry("test-server"), "--production-like", "--port", "0", "--database", dbUrl],
    {
      LOG_LEVEL: "warn",
    },
  );
  console.info(`API up in ${((Date.now() - apiStarted) / 1000).toFixed(1)} s (migrations and online indexes included)`);
  const token = await adminToken(api.url);
  try {
    type Row = { id: number; booking_reference: string; email: string; phone: string; customer_name: string; courses: string[] };
    const [row] = await json<Row[]>(api.url, token, "/api/bookings?status=confirmed&limit=1");
    const total = Number(
      (await fetch(`${api.url}/api/bookings?status=all&limit=1`, { headers: { authorization: `Bearer ${token}` } })).headers.get(
        "x-total-count",
      ) ?? 0,
    );
    const dates = wanted("register")
      ? await json<{ id: number }[] | { items: { id: number }[] }>(api.url, token, "/api/admin/learners/dates")
      : [];
    const dateList = Array.isArray(dates) ? dates : dates.items;
    const deep = Math.min(500, Math.max(1, Math.floor(total / 25)));
    const q = (s: string) => encodeURIComponent(s);
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.UTC(Number(today.slice(0, 4)) - 1, Number(today.slice(5, 7)), 1)).toISOString().slice(0, 10);
    const all: [string, string][] = [
      ["bookings, first page", "/api/bookings"],
      [`bookings, page ${deep}`, `/api/bookings?status=all&page=${deep}&limit=25`],
      ...(["reference", "learner", "course", "date", "amount", "booked_on", "status"] as const).flatMap(
        (s): [string, string][] => [
          [`bookings by ${s}`, `/api/bookings?status=all&sort=${s}&dir=asc`],
          [`bookings by ${s}, page ${deep}`, `/api/bookings?status=all&sort=${s}&page=${deep}&limit=25`],
        ],
      ),
      ...(["pending", "expired", "cancelled", "refunded"] as const).map((s): [string, string] => [
        `bookings, ${s}`,
        `/api/bookings?status=${s}`,
      ]),
      ["search by reference", `/api/bookings?status=all&q=${q(row!.booking_reference)}`],
      ["search by name", `/api/bookings?status=all&q=${q(row!.customer_name)}`],
      ["search by e-mail", `/api/bookings?status=all&q=${q(row!.email)}`],
      ["search by phone", `/api/bookings?status=all&q=${q(row!.phone)}`],
      ["search by course", `/api/bookings?status=all&q=${q(row!.courses[0] ?? "CCTV")}`],
      ["booking page", `/api/bookings/${row!.id}`],
      ["activity log", "/api/activity-logs"],
      ["activity log, page 500", "/api/activity-logs?page=500&limit=25"],
      ["messages", "/api/messages"],
      ["enrolments", "/api/enrollments"],
      ["waiting list", "/api/admin/waiting-list"],
      ["scheduled mail", "/api/scheduled-mail?view=due"],
      ["scheduled mail, page 500", "/api/scheduled-mail?view=due&page=500&limit=25"],
      ["scheduled mail, sent", "/api/scheduled-mail?view=sent"],
      ["dashboard", "/api/dashboard"],
      // The reports screen opens on a year of months (apps/admin ReportsPage's default period).
      ["reports (a year)", `/api/reports?from=${yearAgo}&to=${today}`],
      ["payouts", "/api/payouts"],
      ["learner dates (readiness)", "/api/admin/learners/dates"],
      ["register", `/api/admin/learners/dates/${dateList[Math.floor(dateList.length / 2)]?.id ?? 1}`],
      ["learner progress", "/api/admin/learners/progress"],
    ];
    const screens = all.filter(([name]) => wanted(name));
    // The public mix beside: catalogue reads at a steady rate from other addresses.
    const publicMix = autocannon(
      { url: `${api.url}/api/courses`, connections: 4, overallRate: 100, duration: 3600 },
      () => undefined,
    );
    console.info(
      `\nYears of data at scale ${SCALE} (${total.toLocaleString("en-GB")} bookings), ${new Date().toISOString()}, load ${loadAvg()}`,
    );
    console.info(
      `${CLIENTS} clients, ${REQUESTS} requests per screen, public catalogue reads at 100/s beside; target p95 ≤ ${TARGET_MS} ms`,
    );
    let missed = 0;
    for (const [name, url] of screens) {
      const r = await screen(api.url, token, url);
      const ok = r.p95 <= TARGET_MS && r.errors === 0;
      if (!ok) missed++;
      console.info(
        `${name.padEnd(34)} p50 ${r.p50.toFixed(0).padStart(5)} ms   p95 ${r.p95.toFixed(0).padStart(5)} ms ${r.errors ? `errors ${r.errors} ` : ""}${ok ? "met" : "MISSED"}`,
      );
    }
    publicMix.stop();
    if (!wanted("CSV export")) {
      console.info(`load ${loadAvg()}; ${missed} target(s) missed`);
      process.exitCode = missed ? 1 : 0;
      return;
    }
    // The export of every booking: first byte, whole file, the API's memory growth.
    const before = rssMb(api.pid) ?? 0;
    let peak = before;
    const poll = setInterval(() => (peak = Math.max(peak, rssMb(api.pid) ?? 0)), 20);
    const csv = await get(`${api.url}/api/bookings/export.csv?status=all`, token, "127.0.0.2");
    clearInterval(poll);
    const csvOk = csv.firstByteMs <= 300 && csv.ms <= 10_000 && peak - before <= 30;
    if (!csvOk) missed++;
    console.info(
      `CSV export (${(csv.bytes / 1e6).toFixed(1)} MB)`.padEnd(34) +
        ` first byte ${csv.firstByteMs.toFixed(0)} ms, whole ${csv.ms.toFixed(0)} ms, API memory +${peak - before} MB ${csvOk ? "met" : "MISSED"} (≤ 300 ms, ≤ 10 s, ≤ 30 MB)`,
    );
    console.info(`load ${loadAvg()}; ${missed} target(s) missed`);
    process.exitCode = missed ? 1 : 0;
  } finally {
    await api.stop();
  }
}

void main();
