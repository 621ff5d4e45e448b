/**
 * Shared helpers for the benchmarks: start the API test server (fresh seeded database) unless
 * API_URL points at a running API, run autocannon, print figures.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import net from "node:net";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function startApi(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.API_URL) return { url: process.env.API_URL.replace(/\/$/, ""), stop: async () => {} };
  const port = 3900 + Math.floor(Math.random() * 90);
  const child: ChildProcess = spawn(
    "pnpm",
    ["--filter", "api", "exec", "tsx", "src/cli/test-server.ts", "--port", String(port)],
    {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("API test server did not start in 60 s")), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      const m = /READY (\S+)/.exec(chunk.toString());
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on("exit", (code) => reject(new Error(`API test server exited with ${code}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

export const figuresOf = (r: autocannon.Result): Figures => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors,
  non2xx: r.non2xx,
});

export async function load(opts: autocannon.Options): Promise<Figures> {
  return figuresOf(await autocannon({ connections: 20, duration: 8, ...opts }));
}

export function row(name: string, f: Figures, extra = "") {
  console.info(
    `${name.padEnd(34)} ${String(f.rps).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   errors ${f.errors}   non-2xx ${f.non2xx} ${extra}`,
  );
}

// --- Shared by mixed.ts and ssr.ts (performance) ---

/** A process of ours started for a bench: its URL, its pid (RSS, CPU) and how to stop it. */
export type Started = { url: string; pid: number; stop: () => Promise<void> };

/**
 * Spawns `node <script>` (no pnpm wrapper, so the pid is the server's); resolves on `READY <url>`.
 * TypeScript sources run through tsx (`--import tsx`); built `.mjs` files run as they are.
 */
export function startNode(
  name: string,
  cwd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  opts: { quiet?: boolean } = {},
): Promise<Started> {
  const loader = args[0]?.endsWith(".ts") ? ["--import", "tsx"] : [];
  const child = spawn(process.execPath, [...loader, ...args], {
    cwd,
    env: { ...process.env, ...env },
    // quiet: the server's own error log is left out (an overloaded render logs every timeout).
    stdio: ["ignore", "pipe", opts.quiet ? "ignore" : "inherit"],
  });
  return new Promise<Started>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in 90 s`)), 90_000);
    let out = "";
    let ready = false;
    child.stdout!.on("data", (chunk: Buffer) => {
      // After READY the output is only drained (a full pipe would stall the server), not kept:
      // keeping a busy server's log grew a string in this process, the load generator's.
      if (ready) return;
      out += chunk.toString();
      const m = /READY (\S+)/.exec(out);
      if (m) {
        ready = true;
        out = "";
        clearTimeout(timer);
        resolve({
          url: m[1]!.replace(/\/$/, ""),
          pid: child.pid!,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
      }
    });
    child.on("exit", (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

/** BENCH_API_DIR: another copy of apps/api (e.g. an older commit, to measure "before" in the same tree). */
export const API_DIR = process.env.BENCH_API_DIR ? path.resolve(process.env.BENCH_API_DIR) : path.join(ROOT, "apps/api");
export const SITE_DIR = path.join(ROOT, "apps/site");

/**
 * The API test server, production-like (fresh seeded database; see enroll.ts), run as production
 * runs the API: the bundle of `pnpm --filter api build` (decision 250), built here first. An older
 * copy of apps/api without the bundle script (BENCH_API_DIR) runs from its sources through tsx.
 */
export const startProductionApi = (env: NodeJS.ProcessEnv = {}, database?: string) =>
  startNode(
    "API test server",
    API_DIR,
    [apiEntry("test-server"), "--production-like", "--port", "0", ...(database ? ["--database", database] : [])],
    {
      LOG_LEVEL: "warn",
      ...dockerRuntimeEnv("api"),
      ...(process.env.BENCH_API_NODE_OPTIONS !== undefined ? { NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS } : {}),
      ...env,
    },
  );

/**
 * The memory settings production gives a server (its Dockerfile's `ENV MALLOC_ARENA_MAX=…` and
 * `ENV NODE_OPTIONS="…"` lines), so a bench measures the process as it runs in production.
 * BENCH_API_NODE_OPTIONS / BENCH_SITE_NODE_OPTIONS override the node options for experiments.
 */
export function dockerRuntimeEnv(app: "api" | "site"): Record<string, string> {
  const dockerfile = readFileSync(path.join(ROOT, "apps", app, "Dockerfile"), "utf8");
  const env: Record<string, string> = {};
  for (const m of dockerfile.matchAll(/^ENV (MALLOC_ARENA_MAX|NODE_OPTIONS)=(?:"([^"]*)"|(\S+))\s*$/gm))
    env[m[1]!] = m[2] ?? m[3]!;
  return env;
}

/** The built entry point of the API (bundled now), or its TypeScript source in an older copy. */
export function apiEntry(name: "test-server"): string {
  const bundler = path.join(API_DIR, "scripts/bundle.mjs");
  if (!existsSync(bundler)) return "src/cli/test-server.ts";
  execFileSync(process.execPath, [bundler], { cwd: API_DIR, stdio: ["ignore", "ignore", "inherit"] });
  return `dist/${name}.mjs`;
}

/** The site server in production mode over apps/site/dist (run `pnpm --filter site build` first). */
export const startSite = (apiUrl: string, env: NodeJS.ProcessEnv = {}) =>
  // The bundle `pnpm --filter site build` writes (decision 250), as production runs it.
  startNode("site server", SITE_DIR, [existsSync(path.join(SITE_DIR, "dist/server.mjs")) ? "dist/server.mjs" : "server.ts"], {
    NODE_ENV: "production",
    // The repo's fictional identity (production refuses it otherwise; decision 265).
    SITE_ALLOW_PLACEHOLDER_IDENTITY: "true",
    HOST: "127.0.0.1",
    PORT: "0",
    API_URL: apiUrl,
    PUBLIC_API_URL: apiUrl,
    // As the Dockerfile runs it (decisions 135, 250).
    ...dockerRuntimeEnv("site"),
    ...(process.env.BENCH_SITE_NODE_OPTIONS !== undefined ? { NODE_OPTIONS: process.env.BENCH_SITE_NODE_OPTIONS } : {}),
    ...env,
  });

/** Resident memory of a process in MB (Linux /proc), or null. */
export function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

export const loadAvg = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

/**
 * Spreads the bench's TCP connections to 127.0.0.1 over several local source addresses
 * (127.0.0.1 … 127.0.0.n), as many clients would, so per-client limits see several clients.
 * autocannon connects with `net.connect(port, host)`; this wraps that form only.
 */
export function spreadSourceAddresses(n: number) {
  const original = net.connect;
  let next = 0;
  (net as unknown as { connect: unknown }).connect = (...args: unknown[]) => {
    if (typeof args[0] === "number" && (args[1] === "127.0.0.1" || args[1] === "localhost")) {
      const localAddress = `127.0.0.${1 + (next++ % n)}`;
      return original({ port: args[0], host: "127.0.0.1", localAddress });
    }
    return (original as (...a: unknown[]) => net.Socket)(...args);
  };
}

export async function adminToken(apiUrl: string): Promise<string> {
  const res = await fetch(`${apiUrl}/api/login`, {
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

export const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : "-");

/**
 * The address a customer's order comes from, as the proxy in front of the API (Caddy, decision
 * 134) would pass it on: the production-like API trusts one proxy hop, so each order of a bench can
 * be a different customer (the per-client limits of decision 101 apply as in production).
 */
export function customerAddress(i: number): string {
  return `10.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`;
}

/** Every booking the admin list holds, or those `q` finds (it answers one page at a time, decision 112). */
export async function allEnrollments<T>(apiUrl: string, token: string, q?: string): Promise<T[]> {
  const all: T[] = [];
  // q (a bench course's title): only its bookings, not the 60,000 of a years-of-data database.
  const search = q ? `&q=${encodeURIComponent(q)}` : "";
  for (let page = 1; ; page++) {
    const res = await fetch(`${apiUrl}/api/enrollments?page=${page}&limit=100${search}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`GET /api/enrollments failed: ${res.status} ${await res.text()}`);
    const rows = (await res.json()) as T[];
    all.push(...rows);
    if (rows.length < 100) return all;
  }
}

/** Stops the server `current()` names when this process exits, stopped or failed (our server goes with us). */
export function stopOnExit(current: () => Started | null): void {
  process.on("exit", () => {
    const server = current();
    if (server)
      try {
        process.kill(server.pid, "SIGTERM");
      } catch {
        /* gone */
      }
  });
}
