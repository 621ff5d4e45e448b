import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";

// The suite must run on the Node of the repo's version file (decision 260): the root
// devDependency puts Node 24 at node_modules/.bin/node, first on PATH for every pnpm script.
// These checks fail when a test process, or a child started the ways our tests start them,
// runs on the machine's older Node instead.
const VERSION_FILE = fileURLToPath(new URL("../../../.node-version", import.meta.url));
const wanted = readFileSync(VERSION_FILE, "utf8").trim();
const major = (version: string) => Number(version.replace(/^v/, "").split(".")[0]);
const hint = "run the tests through pnpm (its scripts put node_modules/.bin/node first on PATH) or use the Node of .node-version";

const dir = mkdtempSync(join(tmpdir(), "e2e-kit-runtime-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the Node the tests run on", () => {
  test("the version file names Node 24 or later", () => {
    expect(wanted).toMatch(/^\d+\.\d+\.\d+$/);
    expect(major(wanted)).toBeGreaterThanOrEqual(24);
  });

  test("this vitest worker runs the version file's Node major", () => {
    expect(major(process.versions.node), hint).toBe(major(wanted));
  });

  test("`node` on PATH (what scripts and servers start) is the same Node", () => {
    const version = execFileSync("node", ["-p", "process.versions.node"], { encoding: "utf8" }).trim();
    expect(major(version), hint).toBe(major(wanted));
  });

  test("a `#!/usr/bin/env node` program (every package bin: vitest, tsx, tsc, pnpm) runs on it", () => {
    const script = join(dir, "which-node");
    writeFileSync(script, "#!/usr/bin/env node\nprocess.stdout.write(process.versions.node);\n");
    chmodSync(script, 0o755);
    const version = execFileSync(script, { encoding: "utf8" });
    expect(major(version), hint).toBe(major(wanted));
  });
});
