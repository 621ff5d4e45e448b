import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { API_ROOT } from "../../env";

export type BuildInfo = { version: string; commit: string | null; builtAt: string | null };

/** Written next to the bundle by scripts/bundle.mjs (a production build has no .git to ask). */
export const BUILD_INFO_FILE = path.join(API_ROOT, "dist", "build-info.json");

function readJson(file: string): Record<string, unknown> | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * What is running: the release version (RELEASE_VERSION at build, else the commit), the commit and the build time.
 * Read once at start. A development start from source has no build file: the commit comes from
 * git when it is there, the build time is null.
 */
export function loadBuildInfo(): BuildInfo {
  // Only the bundle reads the build file: a start from source after a build is not that build.
  const bundled = path.dirname(fileURLToPath(import.meta.url)) === path.dirname(BUILD_INFO_FILE);
  const built = bundled ? readJson(BUILD_INFO_FILE) : null;
  const version = typeof built?.version === "string" ? built.version : "development";
  let commit = typeof built?.commit === "string" ? built.commit : null;
  if (!commit) {
    try {
      commit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: API_ROOT, timeout: 2000, stdio: ["ignore", "pipe", "ignore"] })
        .toString()
        .trim();
    } catch {
      commit = null;
    }
  }
  return {
    version,
    commit: commit && /^[0-9a-f]{7,40}$/.test(commit) ? commit : null,
    builtAt: typeof built?.builtAt === "string" ? built.builtAt : null,
  };
}
