/** The API test server of apps/api: a fresh, migrated and seeded database per start. */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { freePort, startServer } from "./processes";

export const API_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../apps/api");

export interface ApiTestServer {
  /** http://localhost:<port>: localhost, not 127.0.0.1, so SameSite=Strict cookies reach pages on localhost. */
  url: string;
  /** Stops the server; it drops its database on SIGTERM. */
  stop: () => Promise<void>;
}

/**
 * Starts the API test server of apps/api (`src/cli/test-server.ts`) as production runs the API:
 * bundled by `scripts/bundle.mjs` and run with plain node (decision 250), so every browser test
 * also checks the bundle. No pnpm or tsx wrapper process: SIGTERM reaches the server itself and
 * it can drop its database. `env` adds e.g. SITE_ORIGIN or ADMIN_ORIGIN (CORS, cookies).
 */
export async function startApiTestServer(options: { port?: number; env?: NodeJS.ProcessEnv } = {}): Promise<ApiTestServer> {
  const port = options.port ?? (await freePort());
  const server = await startServer({
    name: "API test server",
    command: process.execPath,
    args: [await apiBundle(), "--port", String(port)],
    cwd: API_ROOT,
    env: { NODE_ENV: "test", ...options.env },
  });
  return { url: `http://localhost:${port}`, stop: server.stop };
}

/** Bundles the API once per test process (~0.3 s) and answers the test server's entry file. */
let bundled: Promise<string> | undefined;
function apiBundle(): Promise<string> {
  bundled ??= promisify(execFile)(process.execPath, ["scripts/bundle.mjs"], { cwd: API_ROOT }).then(() => "dist/test-server.mjs");
  return bundled;
}
