/**
 * Rewrites test/openapi-client/schema.d.ts from the OpenAPI document (decision 291), with the same
 * openapi-typescript command as test/openapi-client.test.ts uses to check it is current.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openApiDocument } from "../src/plugins/docs";

const dir = mkdtempSync(path.join(tmpdir(), "openapi-client-"));
try {
  const input = path.join(dir, "openapi.json");
  writeFileSync(input, JSON.stringify(openApiDocument()));
  const run = spawnSync(path.resolve("node_modules/.bin/openapi-typescript"), [input, "-o", "test/openapi-client/schema.d.ts"], {
    stdio: "inherit",
  });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
