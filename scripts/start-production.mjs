/**
 * `pnpm start`: the three production processes from the last `pnpm build`, on one machine, for
 * trying the production build locally (decision 275). Production itself starts each process
 * with `node <file>` from systemd or compose (deploy/README.md), not through this.
 *
 * It never builds (the old `start` depended on `build`, and turbo's cache swapped a running admin
 * back to another build), and each process gets its own port: API_PORT (3000), SITE_PORT (5173),
 * ADMIN_PORT (5174). A single PORT would start three servers on one port, so it is refused.
 * SIGTERM/SIGINT go to all three; this exits when they have.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const processes = [
  { name: "api", file: "apps/api/dist/server.mjs", port: process.env.API_PORT || "3000" },
  { name: "site", file: "apps/site/dist/server.mjs", port: process.env.SITE_PORT || "5173" },
  { name: "admin", file: "apps/admin/server.mjs", port: process.env.ADMIN_PORT || "5174", needs: "apps/admin/dist/index.html" },
];

if (process.env.PORT) {
  console.error(
    "PORT is one port for three servers: set API_PORT, SITE_PORT and ADMIN_PORT instead (or none for 3000, 5173, 5174).",
  );
  process.exit(2);
}
const missing = processes.flatMap((p) => [p.file, p.needs].filter(Boolean)).filter((f) => !existsSync(path.join(ROOT, f)));
if (missing.length) {
  console.error(`Not built: ${missing.join(", ")}. Run \`pnpm build\` first.`);
  process.exit(2);
}

const children = processes.map(({ name, file, port }) => {
  const child = spawn(process.execPath, [path.join(ROOT, file)], {
    cwd: ROOT,
    env: { NODE_ENV: "production", ...process.env, PORT: port },
    stdio: "inherit",
  });
  child.on("exit", (code, signal) => {
    console.info(`[start] ${name} exited (${signal ?? code})`);
    // One gone means the set is broken: stop the others rather than run half a product.
    stopAll("SIGTERM");
  });
  return child;
});

let stopping = false;
function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}
process.on("SIGTERM", () => stopAll("SIGTERM"));
process.on("SIGINT", () => stopAll("SIGTERM"));

await Promise.all(children.map((c) => new Promise((resolve) => (c.exitCode !== null ? resolve() : c.on("exit", resolve)))));
process.exit(children.every((c) => c.exitCode === 0) ? 0 : 1);
