/**
 * Production build of the API (decision 250): one ES module per entry point in dist/, our own
 * code and the workspace packages (@app/contract, @app/rules) bundled, every npm dependency left
 * to node_modules. Production and the benchmarks run these with plain `node` instead of tsx:
 * nothing transpiles at start-up and no source text or transpiler stays resident (~30 MB less
 * RSS idle on this machine). Source maps go beside the files for `--enable-source-maps`.
 * Paths stay right: the only file anchor, API_ROOT in src/env.ts, is one level above both src/
 * and dist/.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !name.startsWith("@app/"))
  .concat(["pg-native"]);

await build({
  absWorkingDir: root,
  entryPoints: {
    server: "src/server.ts",
    "test-server": "src/cli/test-server.ts",
    "admin-create": "src/cli/admin-create.ts",
    seed: "src/cli/seed.ts",
  },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external,
  // Bundled CommonJS helpers call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: "warning",
});
console.info(`api: bundled into ${path.join(root, "dist")} (npm packages stay in node_modules)`);
