/** The API test server of apps/api: a fresh, migrated and seeded database per start. */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startServer } from "./processes";

export const API_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../apps/api");

export interface ApiTestServer {
  /** http://localhost:<port>: localhost, not 127.0.0.1, so SameSite=Strict cookies reach pages on localhost. */
  url: string;
  /** Stops the server; it drops its database on SIGTERM. */
  stop: () => Promise<void>;
}

/**
 * Starts `src/cli/test-server.ts` of apps/api (what `pnpm --filter api exec tsx src/cli/test-server.ts
 * --port N` runs, without the pnpm and tsx wrapper processes, so SIGTERM reaches the server itself
 * and it can drop its database). `env` adds e.g. SITE_ORIGIN or ADMIN_ORIGIN (CORS, cookies).
 */
export async function startApiTestServer(options: { port?: number; env?: NodeJS.ProcessEnv } = {}): Promise<ApiTestServer> {
  const port = options.port ?? (await freePort());
  const server = await startServer({
    name: "API test server",
    command: process.execPath,
    args: ["--import", "tsx", "src/cli/test-server.ts", "--port", String(port)],
    cwd: API_ROOT,
    env: { NODE_ENV: "test", ...options.env },
  });
  return { url: `http://localhost:${port}`, stop: server.stop };
}
