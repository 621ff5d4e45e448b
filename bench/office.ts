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
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { API_DIR, adminToken, apiEntry, dockerRuntimeEnv, loadAvg, rssMb, startNode } from "./lib";
import { get, officeScreens, screen } from "./office-screens";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const TARGET_MS = 100;
/** `BENCH_SCREENS=<regex>` measures only the screens whose name matches (and no export unless it matches "CSV"). */
const ONLY = process.env.BENCH_SCREENS ? new RegExp(process.env.BENCH_SCREENS, "i") : null;

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

async function main() {
  const dbUrl = buildVolume();
  const apiStarted = Date.now();
  const api = await startNode(
    "API (years of data)",
    API_DIR,
    [apiEntry("test-server"), "--production-like", "--port", "0", "--database", dbUrl],
    {
      LOG_LEVEL: "warn",
      // The API's production heap and allocator settings (read from its image, as its unit has them):
      // the screens and the export's memory growth are measured as production runs them.
      // BENCH_API_NODE_OPTIONS overrides them ("" runs it without a limit).
      ...dockerRuntimeEnv("api"),
      ...(process.env.BENCH_API_NODE_OPTIONS !== undefined ? { NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS } : {}),
    },
  );
  console.info(`API up in ${((Date.now() - apiStarted) / 1000).toFixed(1)} s (migrations and online indexes included)`);
  const token = await adminToken(api.url);
  try {
    const { screens, total } = await officeScreens(api.url, token);
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
      if (ONLY && !ONLY.test(name)) continue;
      const r = await screen(api.url, token, url, CLIENTS, REQUESTS);
      const ok = r.p95 <= TARGET_MS && r.errors === 0;
      if (!ok) missed++;
      console.info(
        `${name.padEnd(34)} p50 ${r.p50.toFixed(0).padStart(5)} ms   p95 ${r.p95.toFixed(0).padStart(5)} ms ${r.errors ? `errors ${r.errors} ` : ""}${ok ? "met" : "MISSED"}`,
      );
    }
    publicMix.stop();
    if (ONLY && !ONLY.test("CSV export")) {
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
