/**
 * Production does not serve source maps publicly unless SOURCEMAPS_PUBLIC=true (hardening,
 * decision 107): the production server is started on a build that contains maps.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSiteServer } from "../server";
import { loadEnv } from "../src/config/server/env";

let dist: string;

beforeAll(() => {
  // A minimal production build: the client files (one script with its map) and a server entry.
  dist = mkdtempSync(path.join(os.tmpdir(), "site-dist-"));
  mkdirSync(path.join(dist, "client", "assets"), { recursive: true });
  mkdirSync(path.join(dist, "client", ".vite"), { recursive: true });
  mkdirSync(path.join(dist, "server"), { recursive: true });
  writeFileSync(
    path.join(dist, "client", "index.html"),
    "<!doctype html><html><head><!--app-head--><!--app-preload--></head><body><!--app-html--><!--app-data--></body></html>",
  );
  writeFileSync(path.join(dist, "client", ".vite", "manifest.json"), "{}");
  writeFileSync(
    path.join(dist, "client", "assets", "app-abc123.js"),
    "console.log(1);\n//# sourceMappingURL=app-abc123.js.map\n",
  );
  writeFileSync(
    path.join(dist, "client", "assets", "app-abc123.js.map"),
    JSON.stringify({ version: 3, sources: ["../src/secret.ts"], mappings: "" }),
  );
  writeFileSync(
    path.join(dist, "server", "entry-server.js"),
    `export function configure() {}
export const ROUTE_MODULES = {};
export async function fetchCourses() { return []; }
export async function render() { return { kind: "page", status: 404, head: "", html: "<h1>Page not found</h1>", data: "", routeIds: [] }; }\n`,
  );
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function serve(extra: Record<string, string> = {}) {
  // The fictional identity is fine here: these tests are about source maps (decision 265).
  return createSiteServer(
    loadEnv({ NODE_ENV: "production", SITE_ALLOW_PLACEHOLDER_IDENTITY: "true", SITE_DIST_DIR: dist, ...extra }),
  );
}

describe("source maps in production", () => {
  it("are not served by default; the scripts are", async () => {
    const app = await serve();
    try {
      expect((await app.inject({ method: "GET", url: "/assets/app-abc123.js" })).statusCode).toBe(200);
      const map = await app.inject({ method: "GET", url: "/assets/app-abc123.js.map" });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain("secret.ts");
      expect((await app.inject({ method: "GET", url: "/assets/app-abc123.js.map?x=1" })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it("are served when SOURCEMAPS_PUBLIC=true", async () => {
    const app = await serve({ SOURCEMAPS_PUBLIC: "true" });
    try {
      const map = await app.inject({ method: "GET", url: "/assets/app-abc123.js.map" });
      expect(map.statusCode).toBe(200);
      expect(map.body).toContain("secret.ts");
    } finally {
      await app.close();
    }
  });
});
