/**
 * A client generated from the served OpenAPI document (decision 291): openapi-typescript turns
 * the document into `test/openapi-client/schema.d.ts` (committed, so a change of the API shows in
 * review; this test fails when it is stale: `pnpm --filter api openapi:client` rewrites it), and
 * `tsc --noEmit` checks the openapi-fetch calls of `test/openapi-client/calls.ts` against it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupApp, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApp({ seeded: false });
});
afterAll(() => ctx.close());

const bin = (name: string) => path.resolve("node_modules/.bin", name);

describe("a client generated from the OpenAPI document", () => {
  it(
    "is current (openapi-typescript over the served document) and its openapi-fetch calls type-check",
    { timeout: 240_000 },
    async () => {
      const served = await ctx.app.inject({ method: "GET", url: "/api/openapi.json" });
      const dir = mkdtempSync(path.join(tmpdir(), "openapi-client-"));
      try {
        const input = path.join(dir, "openapi.json");
        const output = path.join(dir, "schema.d.ts");
        writeFileSync(input, served.body);
        const gen = spawnSync(bin("openapi-typescript"), [input, "-o", output], { encoding: "utf8" });
        expect(gen.status, gen.stderr).toBe(0);
        const generated = readFileSync(output, "utf8");
        expect(generated).toContain('"/api/bookings": {');
        expect(generated, "test/openapi-client/schema.d.ts is stale: run pnpm --filter api openapi:client").toBe(
          readFileSync("test/openapi-client/schema.d.ts", "utf8"),
        );
        const tsc = spawnSync(bin("tsc"), ["--noEmit", "-p", "test/openapi-client/tsconfig.json"], { encoding: "utf8" });
        expect(tsc.stdout + tsc.stderr).toBe("");
        expect(tsc.status).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
