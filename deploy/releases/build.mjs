/**
 * Builds the API of an earlier release into deploy/releases/<version>/ (decision 308), for the
 * rolling-upgrade and rollback test (deploy/test/rollback.test.ts): that release's own source,
 * bundled by its own esbuild from a git worktree of its commit, with its migrations beside it
 * (API_ROOT is one level above server/; the API migrates on start and, on a newer schema, finds
 * nothing to apply).
 *
 * As the release's own build does (decision 250), npm packages stay outside the bundle and are
 * found at run time in apps/api/node_modules, this repo's install: each one the release used at
 * exactly the version installed here (native addons, and files read beside the package such as
 * swagger-ui's pages and pino's worker, could not be bundled anyway). The release's packages
 * that this repo no longer installs, or installs at another version, go inside the bundle, so it
 * needs nothing that is not here. release.json lists both; the test checks the first list.
 *
 *   git worktree add --detach /tmp/rel 5424483 && (cd /tmp/rel && pnpm install --frozen-lockfile)
 *   node deploy/releases/build.mjs /tmp/rel 2026-11-23-5424483 && git worktree remove /tmp/rel
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [worktree, version] = process.argv.slice(2);
if (!worktree || !version) {
  console.error("usage: node deploy/releases/build.mjs <worktree of the release> <version>");
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const api = path.resolve(worktree, "apps/api");
const ours = path.resolve(here, "../../apps/api");
const out = path.join(here, version);

const installed = (root, name) => {
  const file = path.join(root, "node_modules", name, "package.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")).version : null;
};
const pkg = JSON.parse(readFileSync(path.join(api, "package.json"), "utf8"));
const packages = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((n) => !n.startsWith("@app/"));
/** name → version: the same in the release's install and in ours, so left to node_modules. */
const runtime = {};
const bundled = {};
for (const name of packages) {
  const v = installed(api, name);
  if (v !== null && v === installed(ours, name)) runtime[name] = v;
  else bundled[name] = v;
}

// The release's own bundler, from its own install.
const { build } = createRequire(path.join(api, "package.json"))("esbuild");
rmSync(out, { recursive: true, force: true });
mkdirSync(path.join(out, "server"), { recursive: true });
await build({
  absWorkingDir: api,
  entryPoints: { server: "src/server.ts" },
  outdir: path.join(out, "server"),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: false,
  // pg-native: pg's optional native driver, required only when asked for.
  external: [...Object.keys(runtime), "pg-native"],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: "warning",
});
cpSync(path.join(api, "drizzle"), path.join(out, "drizzle"), { recursive: true, filter: (f) => !f.endsWith("_snapshot.json") });
const commit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: worktree }).toString().trim();
const date = execFileSync("git", ["show", "-s", "--format=%cI", "HEAD"], { cwd: worktree }).toString().trim();
writeFileSync(path.join(out, "release.json"), JSON.stringify({ version, commit, date, runtime, bundled }, null, 2) + "\n");
console.info(`built ${version} (${commit.slice(0, 7)}) into ${path.relative(process.cwd(), out)}`);
