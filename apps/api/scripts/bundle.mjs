/**
 * Production build of the API (decision 250): `dist/server.mjs`, `dist/test-server.mjs` and the
 * two CLIs, run with plain node. Paths stay right: the only file anchor, API_ROOT in src/env.ts,
 * is one level above both src/ and dist/.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { bundleNode } from "../../../scripts/bundle-node.mjs";

await bundleNode(build, {
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."),
  entryPoints: {
    server: "src/server.ts",
    "test-server": "src/cli/test-server.ts",
    "admin-create": "src/cli/admin-create.ts",
    seed: "src/cli/seed.ts",
    migrate: "src/cli/migrate.ts",
  },
});
