/**
 * Starts, once for the e2e project: the API test server (fresh seeded database) and the built
 * admin app served by `vite preview` (the same server and security headers as `pnpm start`),
 * both on free ports and both on `localhost` so the API's SameSite=Strict cookie flows.
 *
 * Reuse running servers instead with E2E_ADMIN_URL and E2E_API_URL (both or neither).
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

const ADMIN_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const API_ROOT = resolve(ADMIN_ROOT, "../api");
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

/** Starts the API test server and resolves with its base URL once it prints READY. */
function startApi(port: number, adminOrigin: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((ok, fail) => {
    const child = spawn(join(API_ROOT, "node_modules/.bin/tsx"), ["src/cli/test-server.ts", "--port", String(port)], {
      cwd: API_ROOT,
      env: { ...process.env, ADMIN_ORIGIN: adminOrigin, NODE_ENV: "test" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    const timer = setTimeout(() => {
      stop(child);
      fail(new Error(`API test server not READY within ${READY_TIMEOUT_MS} ms:\n${output}`));
    }, READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/READY http:\/\/\S+/.test(output)) {
        clearTimeout(timer);
        child.stdout?.off("data", onData);
        // Keep draining so a chatty server never blocks on a full pipe.
        child.stdout?.resume();
        child.stderr?.resume();
        // Use localhost, not 127.0.0.1: the admin page is on localhost and the cookie is SameSite=Strict.
        ok({ child, url: `http://localhost:${port}` });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`API test server exited with ${code} before READY:\n${output}`));
    });
  });
}

function stop(child: ChildProcess | undefined): void {
  if (!child?.pid || child.exitCode !== null) return;
  try {
    // The server runs in its own process group (detached): end the group, not just the wrapper.
    process.kill(-child.pid, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
}

export default async function setup(project: TestProject) {
  if (process.env.E2E_ADMIN_URL && process.env.E2E_API_URL) {
    project.provide("adminUrl", process.env.E2E_ADMIN_URL.replace(/\/$/, ""));
    project.provide("apiUrl", process.env.E2E_API_URL.replace(/\/$/, ""));
    return;
  }

  const adminPort = await freePort();
  const apiPort = await freePort();
  const adminUrl = `http://localhost:${adminPort}`;
  const api = await startApi(apiPort, adminUrl);

  const outDir = mkdtempSync(join(tmpdir(), "admin-e2e-"));
  const previous = process.env.VITE_API_URL;
  process.env.VITE_API_URL = api.url;
  const { build, preview } = await import("vite");
  let server: Awaited<ReturnType<typeof preview>> | undefined;
  try {
    await build({ root: ADMIN_ROOT, logLevel: "warn", build: { outDir, emptyOutDir: true } });
    server = await preview({
      root: ADMIN_ROOT,
      logLevel: "warn",
      build: { outDir },
      preview: { port: adminPort, strictPort: true, host: "localhost" },
    });
  } catch (error) {
    stop(api.child);
    throw error;
  } finally {
    if (previous === undefined) delete process.env.VITE_API_URL;
    else process.env.VITE_API_URL = previous;
  }

  project.provide("adminUrl", adminUrl);
  project.provide("apiUrl", api.url);

  return async () => {
    await server?.close();
    stop(api.child);
    rmSync(outDir, { recursive: true, force: true });
  };
}
