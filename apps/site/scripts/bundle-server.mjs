/**
 * The site server for production as one module, `dist/server.mjs` (decision 250), run with plain
 * node after `vite build` has written dist/client and dist/server. server.ts finds the site's
 * folder from either place (apps/site or apps/site/dist).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { bundleNode } from "../../../scripts/bundle-node.mjs";

await bundleNode(build, {
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."),
  entryPoints: { server: "server.ts" },
});
