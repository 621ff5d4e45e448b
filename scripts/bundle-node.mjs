/**
 * A Node server bundled for production (decision 250): our code and the workspace packages
 * (@app/*) in one ES module per entry, every npm dependency left to node_modules, a source map
 * beside each file. Production runs the result with plain `node`: nothing transpiles at start-up
 * and no transpiler or TypeScript source stays resident (tens of MB of RSS per process here).
 * Each app passes its own esbuild (`build`), since pnpm gives this folder none.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export async function bundleNode(build, { root, entryPoints, outdir = "dist" }) {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
    .filter((name) => !name.startsWith("@app/"))
    .concat(["pg-native"]);
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    sourcemap: true,
    external,
    // Bundled CommonJS helpers call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: "warning",
  });
  console.info(
    `bundled ${Object.keys(entryPoints).join(", ")} into ${path.join(root, outdir)} (npm packages stay in node_modules)`,
  );
}
