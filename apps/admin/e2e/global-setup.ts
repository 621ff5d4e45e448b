/**
 * Starts, once for the e2e project: the API test server (fresh seeded database) and the built
 * admin app served by apps/admin/server.mjs (the production server, its security headers, and
 * the API and site addresses it writes into index.html at start: the build carries none, as in
 * production; decision 275), both on free ports and both on `localhost` so the API's
 * SameSite=Strict cookie flows.
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
import { createAdminServer } from "../server.mjs";
import { E2E_SITE_URL } from "./site-url";

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
    const { build } = await import("vite");
    // No address in the bundle: the app must take the API's from the server, as in production.
    delete process.env.VITE_API_URL;
    const [api, built] = await Promise.allSettled([
      // The messages test sends its own messages (more than a page); the per-client contact limit
      // is for strangers, not for the test run.
      startApiTestServer({ port: apiPort, env: { ADMIN_ORIGIN: adminUrl, CONTACT_RATE_LIMIT: "1000" } }),
      build({ root: ADMIN_ROOT, logLevel: "warn", build: { outDir, emptyOutDir: true } }),
    ]);
    if (api.status === "fulfilled") teardown.add(api.value.stop);
    if (api.status === "rejected") throw api.reason;
    if (built.status === "rejected") throw built.reason;
    const server = await createAdminServer({ distDir: outDir, apiUrl: api.value.url, siteUrl: E2E_SITE_URL });
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(adminPort, "localhost", resolve));
    teardown.add(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );

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
