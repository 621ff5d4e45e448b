/**
 * No source file over 300 lines: a file that fits in a head is split by use case, not defended by
 * a comment at its top. Source is what the apps and packages run: `apps/* /src`, the site's
 * `server.ts`, `packages/* /src` and `bench`. Generated code (the OpenAPI client, `.d.ts`),
 * migrations, seed data, release notes under `deploy/releases` and tests (`*.test.*`,
 * `__tests__`: a test file grows with the behaviours it pins) are aside.
 *
 * STILL_BEING_SPLIT lists the files other branches are splitting right now; the lead shrinks it
 * when they merge. A file on it that has come under the limit fails too, so the list cannot go stale.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const MAX_LINES = 300;

const SOURCE = ["apps/*/src/**", "apps/site/server.ts", "packages/*/src/**", "bench/**"];
const CODE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
const ASIDE = [
  /\.test\.[cm]?[jt]sx?$/,
  /\/__tests__\//,
  /\.d\.ts$/,
  /\/openapi-client\//,
  /\/drizzle\//,
  /\/db\/seed\//,
  /^deploy\/releases\//,
];

/**
 * Being split on other branches; the lead removes each at merge. Empty since every source file fits
 * (2026-11-27): a branch that needs time to split a file it grew lists it here, and the merge shrinks it.
 */
const STILL_BEING_SPLIT = new Set<string>([]);

/** Every source file git knows (tracked, or new and not ignored), with its number of lines. */
function sourceFiles(): { file: string; lines: number }[] {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", ...SOURCE], {
    cwd: root,
    encoding: "utf8",
  });
  return out
    .split("\n")
    .filter((f) => CODE.test(f) && !ASIDE.some((re) => re.test(f)))
    .flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(path.join(root, file), "utf8");
      } catch {
        return []; // deleted in the working tree, not yet in the index
      }
      return [{ file, lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0) }];
    });
}

describe("source file size", () => {
  const files = sourceFiles();

  it("reads the apps, the packages and the bench", () => {
    expect(files.length).toBeGreaterThan(300);
    for (const prefix of ["apps/api/src/", "apps/site/src/", "apps/admin/src/", "packages/rules/src/", "bench/"])
      expect(files.some((f) => f.file.startsWith(prefix))).toBe(true);
    expect(files.some((f) => f.file === "apps/site/server.ts")).toBe(true);
    expect(files.some((f) => /\.test\.|__tests__|openapi-client|\/seed\//.test(f.file))).toBe(false);
  });

  it(`has no file over ${MAX_LINES} lines outside the list of files still being split`, () => {
    const tooLong = files
      .filter((f) => f.lines > MAX_LINES && !STILL_BEING_SPLIT.has(f.file))
      .map((f) => `${f.file} (${f.lines})`);
    expect(tooLong).toEqual([]);
  });

  it("lists only files that exist and are still too long (the lead shrinks the list at merge)", () => {
    const lines = new Map(files.map((f) => [f.file, f.lines]));
    const stale = [...STILL_BEING_SPLIT].filter((f) => (lines.get(f) ?? 0) <= MAX_LINES);
    expect(stale).toEqual([]);
  });
});
