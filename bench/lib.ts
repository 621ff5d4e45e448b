/**
 * Shared helpers for the benchmarks: start the API test server (fresh seeded database) unless
 * API_URL points at a running API, run autocannon, print figures.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function startApi(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.API_URL) return { url: process.env.API_URL.replace(/\/$/, ""), stop: async () => {} };
  const port = 3900 + Math.floor(Math.random() * 90);
  const child: ChildProcess = spawn("pnpm", ["--filter", "api", "exec", "tsx", "src/cli/test-server.ts", "--port", String(port)], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
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

export async function load(opts: autocannon.Options): Promise<Figures> {
  const r = await autocannon({ connections: 20, duration: 8, ...opts });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

export function row(name: string, f: Figures, extra = "") {
  console.info(
    `${name.padEnd(34)} ${String(f.rps).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   errors ${f.errors}   non-2xx ${f.non2xx} ${extra}`,
  );
}
