/**
 * Starts, once for the e2e project: the API test server (fresh migrated + seeded database) and
 * this site as in production (the two `vite build`s of `pnpm build`, then `server.ts` with
 * NODE_ENV=production: the same server render, assets and security headers as `pnpm start`),
 * both on free localhost ports. Servers end with the run, also when it fails or is interrupted.
 *
 * The build goes to dist-e2e/ (gitignored), never dist/: a `pnpm build` elsewhere must not empty
 * the files this run's server is serving, nor this run the files of a `pnpm start`. The server
 * is told where it is with SITE_DIST_DIR.
 *
 * Reuse running servers with E2E_SITE_URL and E2E_API_URL (both or neither);
 * E2E_SKIP_BUILD=1 reuses the last dist-e2e/ build.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { freePort, requireChromium, startApiTestServer, startServer, Teardown } from "@app/e2e-kit/setup";

const SITE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const STAGE = join(SITE_ROOT, "dist-e2e");

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(command, args, { cwd: SITE_ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.on("error", fail);
    child.on("exit", (code) =>
      code === 0 ? ok() : fail(new Error(`${command} ${args.join(" ")} failed (${code}):\n${output}`)),
    );
  });
}

/** The browser and server builds of `pnpm build`, written to dist-e2e/. */
async function buildSite(): Promise<void> {
  const vite = join(SITE_ROOT, "node_modules/.bin/vite");
  // Vitest sets NODE_ENV=test; the build must be the production one visitors get.
  const env = { NODE_ENV: "production" };
  await run(vite, ["build", "--outDir", join(STAGE, "client")], env);
  await run(vite, ["build", "--ssr", "src/app/entry-server.tsx", "--outDir", join(STAGE, "server")], env);
}

export default async function setup(project: TestProject) {
  requireChromium();
  if (process.env.E2E_SITE_URL && process.env.E2E_API_URL) {
    project.provide("siteUrl", process.env.E2E_SITE_URL.replace(/\/$/, ""));
    project.provide("apiUrl", process.env.E2E_API_URL.replace(/\/$/, ""));
    return;
  }

  const sitePort = await freePort();
  const apiPort = await freePort();
  const siteUrl = `http://localhost:${sitePort}`;
  const teardown = new Teardown();
  try {
    // The build (CPU) and the API's migrations and seed (mostly waiting on Postgres) overlap;
    // both are awaited before anything fails, so a server that started is always stopped.
    const [api, built] = await Promise.allSettled([
      startApiTestServer({ port: apiPort, env: { SITE_ORIGIN: siteUrl, PUBLIC_SITE_URL: siteUrl } }),
      process.env.E2E_SKIP_BUILD ? Promise.resolve() : buildSite(),
    ]);
    if (api.status === "fulfilled") teardown.add(api.value.stop);
    if (api.status === "rejected") throw api.reason;
    if (built.status === "rejected") throw built.reason;
    const apiUrl = api.value.url;
    if (!existsSync(join(STAGE, "server/entry-server.js")))
      throw new Error(`no site build in ${STAGE}: run without E2E_SKIP_BUILD`);
    const site = await startServer({
      name: "site",
      command: process.execPath,
      args: ["--import", "tsx", "server.ts"],
      cwd: SITE_ROOT,
      env: {
        NODE_ENV: "production",
        // The fictional identity the tests read (production refuses it otherwise; decision 265).
        SITE_ALLOW_PLACEHOLDER_IDENTITY: "true",
        SITE_DIST_DIR: STAGE,
        HOST: "127.0.0.1",
        PORT: String(sitePort),
        API_URL: apiUrl,
        PUBLIC_API_URL: apiUrl,
        PUBLIC_SITE_URL: siteUrl,
        ADMIN_URL: "http://localhost:5174/login",
      },
    });
    teardown.add(site.stop);
    project.provide("siteUrl", siteUrl);
    project.provide("apiUrl", apiUrl);
  } catch (error) {
    await teardown.run().catch(() => undefined);
    throw error;
  }
  return () => teardown.run();
}
