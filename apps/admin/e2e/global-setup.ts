/**
 * Starts, once for the e2e project: the API test server (fresh seeded database) and the built
 * admin app served by `vite preview` (the same server and security headers as `pnpm start`),
 * both on free ports and both on `localhost` so the API's SameSite=Strict cookie flows.
 *
 * Servers end with the run, also when it fails or is interrupted (@app/e2e-kit/setup).
 *
 * Reuse running servers instead with E2E_ADMIN_URL and E2E_API_URL (both or neither).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { freePort, requireChromium, startApiTestServer, Teardown } from "@app/e2e-kit/setup";

const ADMIN_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export default async function setup(project: TestProject) {
  requireChromium();
  project.provide("adminCredentials", {
    email: process.env.SEED_ADMIN_EMAIL ?? "admin@example.com",
    password: process.env.SEED_ADMIN_PASSWORD ?? "Admin!Passw0rd",
  });
  if (process.env.E2E_ADMIN_URL && process.env.E2E_API_URL) {
    project.provide("adminUrl", process.env.E2E_ADMIN_URL.replace(/\/$/, ""));
    project.provide("apiUrl", process.env.E2E_API_URL.replace(/\/$/, ""));
    return;
  }

  const adminPort = await freePort();
  const apiPort = await freePort();
  const adminUrl = `http://localhost:${adminPort}`;
  const teardown = new Teardown();
  // A fresh folder per run: a concurrent run or `pnpm build` never touches what this one serves.
  const outDir = mkdtempSync(join(tmpdir(), "admin-e2e-"));
  teardown.add(() => rmSync(outDir, { recursive: true, force: true }));
  const previous = process.env.VITE_API_URL;
  try {
    // The build (CPU, in this process) and the API's migrations and seed overlap; both are
    // awaited before anything fails, so a server that started is always stopped.
    const { build, preview } = await import("vite");
    process.env.VITE_API_URL = `http://localhost:${apiPort}`;
    const [api, built] = await Promise.allSettled([
      // The messages test sends its own messages (more than a page); the per-client contact limit
      // is for strangers, not for the test run.
      startApiTestServer({ port: apiPort, env: { ADMIN_ORIGIN: adminUrl, CONTACT_RATE_LIMIT: "1000" } }),
      build({ root: ADMIN_ROOT, logLevel: "warn", build: { outDir, emptyOutDir: true } }),
    ]);
    if (api.status === "fulfilled") teardown.add(api.value.stop);
    if (api.status === "rejected") throw api.reason;
    if (built.status === "rejected") throw built.reason;
    const server = await preview({
      root: ADMIN_ROOT,
      logLevel: "warn",
      build: { outDir },
      preview: { port: adminPort, strictPort: true, host: "localhost" },
    });
    teardown.add(() => server.close());

    project.provide("adminUrl", adminUrl);
    project.provide("apiUrl", api.value.url);
  } catch (error) {
    await teardown.run().catch(() => undefined);
    throw error;
  } finally {
    if (previous === undefined) delete process.env.VITE_API_URL;
    else process.env.VITE_API_URL = previous;
  }
  return () => teardown.run();
}
