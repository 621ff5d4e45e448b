/**
 * Production build of the API (decision 250): `dist/server.mjs`, `dist/test-server.mjs` and the
 * CLIs, run with plain node. Paths stay right: the only file anchor, API_ROOT in src/env.ts,
 * is one level above both src/ and dist/.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
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
    // Backups and restores (decisions 301-302): run by the backup units and the restore procedure.
    "backup-record": "src/cli/backup-record.ts",
    outgoing: "src/cli/outgoing.ts",
  },
});

// What the version endpoint and the status page report (src/modules/ops/version.ts): the commit
// and build time, since a production image has no .git to ask. RELEASE_VERSION names a release
// (e.g. a tag); without it the commit's short form stands for the version.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let commit = null;
try {
  commit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, stdio: ["ignore", "pipe", "ignore"] })
    .toString()
    .trim();
} catch {
  commit = process.env.RELEASE_COMMIT ?? null;
}
const version = process.env.RELEASE_VERSION ?? (commit ? commit.slice(0, 12) : "unknown");
writeFileSync(
  path.join(root, "dist", "build-info.json"),
  JSON.stringify({ version, commit, builtAt: new Date().toISOString() }) + "\n",
);
