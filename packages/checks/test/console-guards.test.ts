/**
 * Every test setup fails on console.error, so a warning cannot scroll past unread: the admin's and
 * the site's unit tests (the shared app config's setup file), the UI kit's, the API's (its own spy,
 * with a per-test opt-out) and the browser tests (the fixtures' page listeners). If a setup file
 * is dropped from a config or stops installing its guard, this fails.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("console.error guards", () => {
  it("the shared app config gives unit tests a setup file, and the admin's and the site's install the guard", () => {
    expect(read("packages/e2e-kit/src/config.mjs")).toMatch(/setupFiles:\s*\["src\/test-setup\.ts"\]/);
    for (const app of ["admin", "site"]) {
      expect(read(`apps/${app}/vitest.config.ts`)).toContain("defineAppTestConfig");
      expect(read(`apps/${app}/src/test-setup.ts`)).toMatch(/^failOnConsoleError\(\);$/m);
    }
  });

  it("the UI kit's unit tests install the same guard", () => {
    expect(read("packages/ui/vitest.config.ts")).toContain('setupFiles: ["./src/__tests__/setup.ts"]');
    expect(read("packages/ui/src/__tests__/setup.ts")).toMatch(/^failOnConsoleError\(\);$/m);
  });

  it("the guard itself fails a test after a console.error", () => {
    const guard = read("packages/e2e-kit/src/console-guard.ts");
    expect(guard).toContain("console.error = ");
    expect(guard).toMatch(/expect\(logged, "unexpected console\.error"\)\.toEqual\(\[\]\)/);
  });

  it("the API's tests throw after an unexpected console.error", () => {
    expect(read("apps/api/vitest.config.ts")).toContain('setupFiles: ["test/setup.ts"]');
    const setup = read("apps/api/test/setup.ts");
    expect(setup).toContain('vi.spyOn(console, "error")');
    expect(setup).toContain("throw new Error(`Unexpected console.error");
  });

  it("the browser tests fail on a page error or a console.error in the page", () => {
    const fixtures = read("packages/e2e-kit/src/fixtures.ts");
    expect(fixtures).toContain('page.on("pageerror"');
    expect(fixtures).toContain('message.type() !== "error"');
    expect(fixtures).toContain('expect(unexpected, "unexpected errors in the browser").toEqual([]);');
  });
});
