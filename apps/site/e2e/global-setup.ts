/**
 * Starts, once for the e2e project: the API test server (fresh migrated + seeded database) and
 * this site as in production (`vite build`, then `server.ts` with NODE_ENV=production: the same
 * server render, assets and security headers as `pnpm start`), both on free localhost ports.
 *
 * Reuse running servers with E2E_SITE_URL and E2E_API_URL (both or neither);
 * E2E_SKIP_BUILD=1 reuses an existing dist/.
 */
import { spawn, spawnSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

const SITE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const API_ROOT = resolve(SITE_ROOT, "../api");
const READY_TIMEOUT_MS = 120_000;

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

/** Spawns a server in its own process group and resolves once it prints `READY http://…`. */
function startServer(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  return new Promise((ok, fail) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    const timer = setTimeout(() => {
      stop(child);
      fail(new Error(`${name} not READY within ${READY_TIMEOUT_MS} ms:\n${output}`));
    }, READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/READY http:\/\/\S+/.test(output)) {
        clearTimeout(timer);
        child.stdout?.off("data", onData);
        // Keep draining so a chatty server never blocks on a full pipe.
        if (process.env.E2E_VERBOSE) child.stdout?.on("data", (c: Buffer) => process.stderr.write(`[${name}] ${c}`));
        child.stdout?.resume();
        ok(child);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.E2E_VERBOSE) process.stderr.write(`[${name}] ${chunk}`);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`${name} exited with ${code} before READY:\n${output}`));
    });
  });
}

function stop(child: ChildProcess | undefined): void {
  if (!child?.pid || child.exitCode !== null) return;
  try {
    // Detached: end the whole group (tsx wraps node).
    process.kill(-child.pid, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
}

export default async function setup(project: TestProject) {
  if (process.env.E2E_SITE_URL && process.env.E2E_API_URL) {
    project.provide("siteUrl", process.env.E2E_SITE_URL.replace(/\/$/, ""));
    project.provide("apiUrl", process.env.E2E_API_URL.replace(/\/$/, ""));
    return;
  }

  const sitePort = await freePort();
  const apiPort = await freePort();
  const siteUrl = `http://localhost:${sitePort}`;
  const apiUrl = `http://localhost:${apiPort}`;

  if (!process.env.E2E_SKIP_BUILD) {
    // Vitest sets NODE_ENV=test; the build must be the production one visitors get.
    const built = spawnSync("pnpm", ["run", "build"], {
      cwd: SITE_ROOT,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
    });
    if (built.status !== 0) throw new Error(`site build failed:\n${built.stdout}\n${built.stderr}`);
  }

  const api = await startServer("API test server", join(API_ROOT, "node_modules/.bin/tsx"), ["src/cli/test-server.ts", "--port", String(apiPort)], API_ROOT, {
    NODE_ENV: "test",
    SITE_ORIGIN: siteUrl,
    PUBLIC_SITE_URL: siteUrl,
  });

  let site: ChildProcess;
  try {
    site = await startServer("site", join(SITE_ROOT, "node_modules/.bin/tsx"), ["server.ts"], SITE_ROOT, {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(sitePort),
      API_URL: apiUrl,
      PUBLIC_API_URL: apiUrl,
      PUBLIC_SITE_URL: siteUrl,
      ADMIN_URL: "http://localhost:5174/login",
    });
  } catch (error) {
    stop(api);
    throw error;
  }

  project.provide("siteUrl", siteUrl);
  project.provide("apiUrl", apiUrl);

  return async () => {
    stop(site);
    stop(api);
  };
}
